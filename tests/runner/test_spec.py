"""The runner is game-agnostic: games register a GameSpec; configs name the game and
its variant; every result table carries ruleset and variant; the manifest records
the game, variant, ruleset, the data checksum and the flagged assumptions played."""
import dataclasses
import json
import os
import pathlib
import re
import tomllib

import polars as pl
import pytest

from scythe_sim.errors import ConfigError
from scythe_sim.runner.batch import play_range
from scythe_sim.runner.config import config_from_snapshot, parse_config
from scythe_sim.runner.run import execute
from scythe_sim.runner.spec import BUILTIN, GAMES, MAX_MEMBERS, GameSpec, GameTools, spec_for, tools_for
from scythe_sim.games.scythe.spec.deals import plan_games
from scythe_sim.games.scythe.spec.answers import all_assumptions, data_sha256
from scythe_sim.games.scythe.strategies import STRATEGIES

HERE = pathlib.Path(__file__).resolve().parents[2]


def config(tmp_path=None, **fields):
    data = {"name": "s", "games": 12, "seed": 4, "players": 3, "shard_size": 5,
            "strategies": {"seats": ["random"]}}
    if tmp_path is not None:
        data["output"] = str(tmp_path)
    data.update(fields)
    return parse_config(data)


def test_scythe_is_registered_and_unknown_games_and_variants_are_refused():
    spec = spec_for("scythe")
    assert GAMES["scythe"] is spec and spec.setup.variants == ("base", "all_out_war", "wind_gambit")
    with pytest.raises(ConfigError, match="config 'game' is 'chess': choose one of my_little_scythe, scythe"):
        config(game="chess")
    with pytest.raises(ConfigError, match="config 'variant' is 'resolution': choose one of base"):
        config(variant="resolution")
    cfg = config()
    assert (cfg.game, cfg.variant) == ("scythe", "base")
    assert cfg.snapshot()["game"] == "scythe" and cfg.snapshot()["variant"] == "base"


def test_the_game_contract_stays_narrow_and_every_game_keeps_it():
    """docs/ARCHITECTURE.md, "The runner and the game registry": the runner plays a game
    through GameSpec's twelve members at most; the command line's parts are a GameTools
    record beside it, which the runner never reads."""
    members = [f.name for f in dataclasses.fields(GameSpec)]
    assert MAX_MEMBERS == 12 and len(members) <= MAX_MEMBERS, members
    for name in BUILTIN:
        spec = spec_for(name)
        assert type(spec) is GameSpec and spec.name == name
        assert all(getattr(spec, member) is not None for member in members), name
        assert isinstance(tools_for(name), GameTools) and tools_for(name).commands, name
    for path in (HERE / "scythe_sim" / "runner").glob("*.py"):
        if path.name != "spec.py":
            assert not re.search(r"\b(tools_for|TOOLS|GameTools)\b", path.read_text()), path.name
    page = (HERE / "docs" / "ARCHITECTURE.md").read_text()
    registry = page[page.index("## The runner and the game registry"):]
    registry = registry[:registry.index("\n## ")]
    assert all(f"`{member}`" in registry for member in members)


def test_the_runner_names_nothing_of_scythe():
    pattern = re.compile(r"play\.|SR_|FACTIONS|MATS|faction|STRATEGIES|\.\.(play|tables|enums|strategies|bench)\b")
    for path in (HERE / "scythe_sim" / "runner").glob("*.py"):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            assert not pattern.search(line), f"{path.name}:{number}: {line.strip()}"


def test_every_table_ends_with_ruleset_and_variant():
    batch = play_range(config(log_turns=True, rules={"stars_to_end": 5, "turn_cap": 80}), 0, 4)
    assert set(batch.tables) == {"games", "seats", "turns"} and batch.bad == ()
    for table in batch.tables.values():
        assert table.column_names[-2:] == ["ruleset", "variant"]
        assert str(table.schema.field("ruleset").type).startswith("dictionary")
        assert set(table["ruleset"].to_pylist()) == {"scythe-2022+stars_to_end=5"}   # 80 is the default
        assert set(table["variant"].to_pylist()) == {"base"}
    assert set(play_range(config(), 0, 2).tables["games"]["ruleset"].to_pylist()) == {"scythe-2022"}


def test_the_manifest_records_game_variant_ruleset_data_and_assumptions(tmp_path):
    result = execute(config(tmp_path, rules={"ban_pairs": 0}), workers=1)
    manifest = json.loads((pathlib.Path(result.run_dir) / "manifest.json").read_text())
    assert (manifest["game"], manifest["variant"]) == ("scythe", "base")
    assert manifest["ruleset"] == "scythe-2022+ban_pairs=0"
    assert manifest["data_sha256"] == data_sha256() and len(manifest["data_sha256"]) == 64
    ids = [a["id"] for a in manifest["assumptions"]]
    assert "turn-cap" in ids and "banned-pair-redeal" not in ids       # the ban is off
    assert all(a["text"] for a in manifest["assumptions"])
    seats = pl.read_parquet(os.path.join(result.run_dir, "seats", "*.parquet"))
    assert seats["ruleset"].unique().to_list() == ["scythe-2022+ban_pairs=0"]


def test_the_assumptions_file_is_complete_and_its_ids_unique():
    entries = all_assumptions()
    assert len({a["id"] for a in entries}) == len(entries) >= 15
    for a in entries:
        assert a["kind"] in ("simplified", "reading", "house") and a["confidence"] in ("high", "medium", "low")
        assert a["text"] and a["source"].startswith("docs/RULES.md")
        assert a["variants"] and set(a["variants"]) <= set(spec_for("scythe").setup.variants)
    spec = spec_for("scythe")
    played = {a["id"] for a in spec.provenance(config())["assumptions"]}
    assert "banned-pair-redeal" in played
    assert played == {a["id"] for a in entries
                      if "base" in a["variants"] and "resolution" not in a.get("when", {})}
    tile = {a["id"] for a in spec.provenance(config(rules={"resolution": "doomsday_clock"}))["assumptions"]}
    assert tile - played == {"resolution-doomsday-clock-rounds"}


def test_the_data_checksum_covers_every_data_file():
    import hashlib

    folder = HERE / "scythe_sim" / "games" / "scythe" / "data"
    digest = hashlib.sha256()
    for f in sorted(folder.glob("*.toml")):
        tomllib.loads(f.read_text())
        digest.update(f.name.encode() + b"\0" + f.read_bytes() + b"\0")
    assert data_sha256() == digest.hexdigest()
    assert (folder / "assumptions.toml").exists()


def test_lineups_cycle_game_by_game_and_survive_the_snapshot():
    lines = [["greedy", "random", "random"], ["random", "automa", "random"]]
    cfg = config(strategies={"lineups": lines})
    plan = plan_games(cfg, 0, 4)
    ids = [[STRATEGIES.index(s) for s in line] for line in lines]
    assert [list(row[:3]) for row in plan.strategies] == [ids[0], ids[1], ids[0], ids[1]]
    again = config_from_snapshot(json.loads(json.dumps(cfg.snapshot())))
    assert again == dataclasses.replace(cfg, output=again.output)
    with pytest.raises(ConfigError, match="every line-up needs 3 names"):
        config(strategies={"lineups": [["greedy"]]})
    with pytest.raises(ConfigError, match="unknown strategy 'genius'"):
        config(strategies={"lineups": [["genius", "random", "random"]]})


def test_a_shard_writes_exactly_the_in_memory_batch(tmp_path):
    cfg = config(tmp_path)
    result = execute(cfg, workers=1)
    stored = pl.read_parquet(os.path.join(result.run_dir, "seats", "part-000001.parquet"))
    memory = pl.from_arrow(play_range(cfg, 5, 10).tables["seats"])
    assert stored.equals(memory)


def test_a_fixed_config_survives_the_manifest_snapshot():
    cfg = config(players=2, setup={"assignment": "fixed", "mats": ["industrial", "patriotic"],
                                   "factions": ["saxony", "nordic"]})
    text = json.dumps(cfg.snapshot(), sort_keys=True)          # as write_manifest stores it
    again = config_from_snapshot(json.loads(text))
    assert again.config_hash() == cfg.config_hash() and again.fixed_dict == cfg.fixed_dict


def test_run_reads_and_validates_its_config_once(tmp_path, monkeypatch):
    """`scythe-sim run CONFIG --flags` reads the file once and validates the config once."""
    from click.testing import CliRunner

    import scythe_sim.runner.config as config_module
    from cli.main import main

    path = tmp_path / "c.toml"
    path.write_text('name = "once"\ngames = 10\n[strategies]\nseats = ["random"]\n')
    counts = {"read": 0, "parse": 0}

    def counted(name, real):
        def call(*args, **kwargs):
            counts[name] += 1
            return real(*args, **kwargs)
        return call
    monkeypatch.setattr(config_module, "read_toml", counted("read", config_module.read_toml))
    monkeypatch.setattr(config_module, "parse_config", counted("parse", config_module.parse_config))
    result = CliRunner().invoke(main, ["run", str(path), "--players", "3", "--out", str(tmp_path), "--cache-key"])
    assert result.exit_code == 0, result.output
    assert counts == {"read": 1, "parse": 1}


def test_a_game_s_tables_are_built_once_a_process(monkeypatch):
    """Config validation builds the rules' tables; the batches of the process reuse them."""
    import scythe_sim.runner.spec as spec_module

    real = spec_for("my_little_scythe")
    built = []

    def build(rules):
        built.append(dict(rules))
        return real.build_tables(rules)
    monkeypatch.setitem(GAMES, "my_little_scythe", dataclasses.replace(real, build_tables=build))
    monkeypatch.setattr(spec_module, "_TABLES", {})
    cfg = config(game="my_little_scythe", players=2, rules={"turn_cap": 60})
    assert len(built) == 1
    first, second = play_range(cfg, 0, 3), play_range(cfg, 3, 5)
    assert len(built) == 1 and first.bad == second.bad == ()
