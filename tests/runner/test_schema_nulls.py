"""docs/schema.md names every integer column that may be null (pandas reads those as
float): a real run's integer columns holding nulls are all in that list."""
import re
from pathlib import Path

import polars as pl

from scythe_sim.runner.config import parse_config
from scythe_sim.runner.run import execute

DOC = Path(__file__).resolve().parents[2] / "docs" / "schema.md"


def _documented():
    part = DOC.read_text().split("## Integer columns that may be null")[1].split("\n## ")[0]
    names = re.findall(r"`([a-z_<>*]+)`", part)
    return [re.compile(n.replace("<kind>", "[a-z_]+").replace("*", ".*") + "$") for n in names]


def test_every_integer_column_with_nulls_is_documented(tmp_path):
    patterns, seen = _documented(), 0
    for variant in ("base", "all_out_war", "wind_gambit"):
        cfg = parse_config({"name": variant, "games": 12, "seed": 2, "players": [2, 4], "shard_size": 12,
                            "output": str(tmp_path), "log_turns": True, "variant": variant})
        run_dir = execute(cfg, workers=1).run_dir
        for table in ("games", "seats", "turns"):
            frame = pl.read_parquet(Path(run_dir) / table)
            nullable = [c for c, t in frame.schema.items() if t.is_integer() and frame[c].null_count()]
            seen += len(nullable)
            for column in nullable:
                assert any(p.match(column) for p in patterns), \
                    f"{table}.{column} holds nulls, not in docs/schema.md"
    assert seen > 20          # star turns, the Factory card and the war's columns at least
