"""Resolution runs through the config, the runner and the CLI: tile names in [rules], a
one-line error for an unknown one, the games-table columns (null in a base run, one
schema for both), paired deals with a base run, and `play --resolution`."""
import polars as pl
import pytest
from click.testing import CliRunner

from cli.main import main
from scythe_sim.errors import ConfigError
from scythe_sim.runner.config import parse_config
from scythe_sim.runner.run import execute
from tests.runner.test_runner import tables


def _config(tmp_path, name, rules=None):
    return parse_config({"name": name, "games": 8, "seed": 4, "players": [3, 4], "shard_size": 8,
                         "output": str(tmp_path), "rules": rules or {},
                         "strategies": {"pool": ["greedy", "rusher", "random"]}})


def test_the_config_takes_a_tile_name_number_or_random():
    assert dict(_config("/tmp", "x", {"resolution": "Backup Plan"}).rules)["resolution"] == 8
    assert dict(_config("/tmp", "x", {"resolution": 2}).rules)["resolution"] == 2
    assert dict(_config("/tmp", "x", {"resolution": "random"}).rules)["resolution"] == 9
    with pytest.raises(ConfigError, match=r"config \[rules\]: .*unknown resolution tile 'atlantis'") as err:
        _config("/tmp", "x", {"resolution": "atlantis"})
    assert "\n" not in str(err.value)


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    root = tmp_path_factory.mktemp("res_runs")
    return (tables(execute(_config(root, "base"), workers=1).run_dir),
            tables(execute(_config(root, "res", {"resolution": "random"}), workers=1).run_dir))


def test_a_base_run_has_null_resolution_columns_and_a_tile_run_fills_them(runs):
    (base, _), (games, _) = runs
    assert base["resolution_tile"].null_count() == base.height
    assert base["resolution_trigger_seat"].null_count() == base.height
    assert games["resolution_tile"].null_count() == 0
    assert games.schema == base.schema
    ended_by_tile = games.filter(pl.col("end_reason") == pl.col("resolution_tile").cast(pl.Utf8))
    assert ended_by_tile.height >= 1
    assert set(games["end_reason"].cast(pl.Utf8)) <= set(games["resolution_tile"].cast(pl.Utf8)) | {"turn_cap"}


def test_a_resolution_run_plays_the_base_runs_deals(runs):
    (_, base_seats), (_, seats) = runs
    keys = ["game", "seat", "faction", "mat", "turn_order"]
    assert base_seats.select(keys).equals(seats.select(keys))


def test_play_shows_the_tile_and_its_countdown():
    out = CliRunner().invoke(main, ["play", "--seed", "2", "--players", "2", "--strategies", "greedy",
                                    "--resolution", "doomsday_clock"])
    assert out.exit_code == 0, out.output
    assert "resolution: Doomsday Clock" in out.output
    assert "turns left after this one]" in out.output
    assert "game over: doomsday_clock after 40 turns" in out.output
    bad = CliRunner().invoke(main, ["play", "--resolution", "atlantis"])
    assert bad.exit_code == 2 and "unknown resolution tile 'atlantis'" in bad.output
