"""All Out War runs: the war's columns are filled in a war run and null in a base run,
the two runs' tables union into one, the standard columns are the base run's, and the
war's columns agree with one another and with the rules (docs/schema.md)."""
import os

import polars as pl
import pytest

from click.testing import CliRunner

from cli.main import main
from scythe_sim.runner.config import load_config, parse_config
from scythe_sim.runner.run import execute
from tests.runner.test_runner import rerecord, tables

HERE = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# the columns a variant adds (null where it is not played), and the run labels
WAR_GAME_COLUMNS = ("war_end_reason", "war_rounds", "war_winner_seat", "war_combats", "war_capitulations",
                    "war_decisions")
LABELS = ("ruleset", "variant")


def config(tmp_path, name, variant):
    return parse_config({"name": name, "games": 12, "seed": 3, "players": [2, 3, 4], "shard_size": 5,
                         "output": str(tmp_path), "variant": variant,
                         "strategies": {"pool": ["greedy", "warmonger", "random"]}})


@pytest.fixture(scope="module")
def run_dirs(tmp_path_factory):
    root = tmp_path_factory.mktemp("runs")
    return (execute(config(root, "base", "base"), workers=1).run_dir,
            execute(config(root, "war", "all_out_war"), workers=1).run_dir)


@pytest.fixture(scope="module")
def runs(run_dirs):
    return tables(run_dirs[0]), tables(run_dirs[1])


def war_seat_columns(seats):
    return [c for c in seats.columns if c.startswith("war_")]


def test_a_base_run_carries_the_war_columns_as_nulls(runs):
    (games, seats), _ = runs
    assert all(games[c].null_count() == games.height for c in WAR_GAME_COLUMNS)
    assert len(war_seat_columns(seats)) == 19
    assert all(seats[c].null_count() == seats.height for c in war_seat_columns(seats))


def test_a_war_run_fills_them_and_keeps_the_standard_columns_of_the_base_run(runs):
    (base_games, base_seats), (games, seats) = runs
    for column in ("war_end_reason", "war_rounds", "war_combats", "war_capitulations",
                    "war_decisions"):
        assert games[column].null_count() == 0, column
    for column in war_seat_columns(seats):
        if column not in ("war_capitulated_by", "war_capitulated_round"):
            assert seats[column].null_count() == 0, column
    standard = [c for c in base_seats.columns if not c.startswith("war_") and c not in LABELS]
    assert seats.select(standard).equals(base_seats.select(standard))
    standard = [c for c in base_games.columns if not c.startswith("war_") and c not in LABELS]
    assert games.select(standard).equals(base_games.select(standard))
    assert set(games["variant"].cast(pl.String)) == {"all_out_war"}
    assert games["ruleset"].cast(pl.String)[0] == "scythe-2022+all_out_war=1"


def test_base_and_war_tables_union_into_one(runs):
    (base_games, base_seats), (games, seats) = runs
    for a, b in ((base_games, games), (base_seats, seats)):
        assert a.schema == b.schema
        both = pl.concat([a, b])
        assert both.height == a.height + b.height
        assert both.group_by("variant").len().height == 2


def test_the_war_columns_agree_with_each_other_and_the_rules(runs):
    _, (games, seats) = runs
    joined = seats.join(games.select("game", "players", *WAR_GAME_COLUMNS), on="game")
    for game in joined.partition_by("game"):
        row = game.row(0, named=True)
        winners = game.filter(pl.col("war_winner"))["seat"].to_list()
        assert winners == ([] if row["war_winner_seat"] is None else [row["war_winner_seat"]])
        capitulated = game.filter(pl.col("war_capitulated_by").is_not_null())
        assert capitulated.height == row["war_capitulations"]
        assert (capitulated["war_capitulated_round"] <= row["war_rounds"]).all()
        reason = row["war_end_reason"]
        if reason == "points":
            assert game.filter(pl.col("war_winner"))["war_points"][0] >= 25
        elif reason == "last_standing":
            assert row["war_capitulations"] == row["players"] - 1
        else:
            assert reason.startswith("stalemate") and not winners
        assert (game.filter(pl.col("war_capitulated_by").is_null())["war_turns"] > 0).all()
        # mobilisation: the 1st place's bonus is 15 divisions (tied firsts each get it)
        assert (game.filter(pl.col("rank") == 1)["war_mob_place"] == 15).all()
        assert (game["war_mob_recruits"] == 3 * game["recruits"]).all()


def test_the_all_out_war_config_is_the_default_with_the_variant_set():
    war = load_config(os.path.join(HERE, "configs", "all_out_war.toml"))
    base = load_config(os.path.join(HERE, "configs", "default.toml"))
    assert war.variant == "all_out_war" and war.rules_dict == {**base.rules_dict, "all_out_war": 1}
    assert (war.players, war.strategies, war.strategy_mode, war.seed) == \
        (base.players, base.strategies, base.strategy_mode, base.seed)


def test_replay_of_a_war_game_checks_the_standard_score_and_the_war_winner(run_dirs, runs):
    _, (games, seats) = runs
    game = games.filter(pl.col("war_winner_seat").is_not_null())["game"][0] if \
        games["war_winner_seat"].null_count() < games.height else 0
    out = CliRunner().invoke(main, ["replay", run_dirs[1], "--game", str(game), "--quiet"])
    assert out.exit_code == 0 and "matches the stored rows" in out.output, out.output
    path = os.path.join(run_dirs[1], "seats", f"part-{game // 5:06d}.parquet")
    stored = pl.read_parquet(path)
    stored.with_columns(pl.when(pl.col("game") == game).then(~pl.col("war_winner"))
                        .otherwise(pl.col("war_winner")).alias("war_winner")).write_parquet(path)
    rerecord(path)
    out = CliRunner().invoke(main, ["replay", run_dirs[1], "--game", str(game), "--quiet"])
    assert out.exit_code == 1 and "war_winner" in out.output
