"""A My Little Scythe run's Parquet is the same whatever the workers and the shard size
(docs/ARCHITECTURE.md, "The runner and the game registry"): game i is a pure function of (root seed, i) and the config."""
import polars as pl
import pytest
from click.testing import CliRunner

from cli.main import main


def _tables(folder):
    return {name: pl.read_parquet(folder / name / "*.parquet").sort("game", *(("seat",) if name == "seats" else ()))
            for name in ("games", "seats")}


@pytest.mark.slow
def test_one_worker_and_two_workers_with_other_shards_write_the_same_tables(tmp_path):
    runner = CliRunner()
    for name, workers, shard in (("one", "1", "23"), ("two", "2", "7")):
        out = runner.invoke(main, ["run", "configs/my_little_scythe.toml", "--games", "46", "--seed", "5",
                                   "--name", name, "--out", str(tmp_path), "--workers", workers,
                                   "--shard-size", shard, "--quiet"])
        assert out.exit_code == 0, out.output
    one, two = _tables(tmp_path / "one"), _tables(tmp_path / "two")
    assert len(list((tmp_path / "two" / "games").glob("*.parquet"))) == 7
    for name in ("games", "seats"):
        assert one[name].height > 0 and one[name].equals(two[name]), name
    assert set(one["seats"]["strategy"].cast(pl.String)) > {"planner"}
