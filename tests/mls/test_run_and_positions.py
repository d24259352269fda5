"""MLS through the runner and the CLI, position errors, and the readings around fights and
the grand finale."""
import os

import polars as pl
import pytest
from click.testing import CliRunner

from cli.main import main
from scythe_sim.errors import ConfigError, PositionError
from scythe_sim.games.mls.layout import G_FINALE, P_TROPHIES, TR_PIE_FIGHT
from scythe_sim.games.mls.strategies import STRATEGIES
from scythe_sim.runner.config import load_config, parse_config
from tests.mls.helpers import game, player, rows_of

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_scythe_sim_run_plays_the_mls_config_end_to_end(tmp_path):
    config = os.path.join(ROOT, "configs", "my_little_scythe.toml")
    out = CliRunner().invoke(main, ["run", config, "--games", "60", "--out", str(tmp_path), "--quiet"])
    assert out.exit_code == 0, out.output
    run = tmp_path / "my_little_scythe"
    games = pl.read_parquet(run / "games" / "*.parquet")
    seats = pl.read_parquet(run / "seats" / "*.parquet")
    assert games.height == 60 and seats.height == 240 and (run / "_SUCCESS").exists()
    assert set(games["ruleset"].cast(pl.String)) == {"mls-2018"}
    assert seats.group_by("game").agg(pl.col("winner").sum())["winner"].min() >= 1
    replay = CliRunner().invoke(main, ["replay", str(run), "--game", "5"])
    assert replay.exit_code == 0 and "matches the stored rows" in replay.output


def test_mls_configs_are_checked():
    cfg = load_config(os.path.join(ROOT, "configs", "my_little_scythe.toml"))
    assert cfg.game == "my_little_scythe" and cfg.spec.setup.strategies == STRATEGIES
    assert cfg.params()[STRATEGIES.index("planner")].any(), "the planner plays its weights file"
    with pytest.raises(ConfigError, match="plays 1 to 6"):
        parse_config({"game": "my_little_scythe", "players": 7})
    with pytest.raises(ConfigError, match="unknown house rule"):
        parse_config({"game": "my_little_scythe", "rules": {"stars_to_end": 4}})
    with pytest.raises(ConfigError, match="choose one of random"):
        parse_config({"game": "my_little_scythe", "setup": {"assignment": "balanced"}})


def test_bad_positions_name_the_key():
    with pytest.raises(PositionError, match="players\\[0\\].seekers"):
        game(player(["nowhere", "camp"]), player())
    with pytest.raises(PositionError, match="personality"):
        game(player(personality="grumpy"), player())
    with pytest.raises(PositionError, match="breaks a rule"):
        game(player(pies=11), player())
    with pytest.raises(PositionError, match="breaks a rule"):
        game(player(["tundra_mid", "camp"]), player(["tundra_mid", "camp"]))


def test_a_position_round_trips():
    g = game(player(["tundra_mid", "camp"], spells=[1, 2, 0], trophies=["pies"], make_tile="big_oven",
                    last_action="move", personality="sweet_tooth"),
             player(["forest_mid", "forest_mid"], friendship=6), active=1,
             board={"apples": {"tundra_mid": 3}, "quests": ["desert_mid"]})
    d = g.to_dict()
    assert game(*d.pop("players"), **d).to_dict() == g.to_dict()


def _pie_fight(g):
    """The pie fight these tests start from: player 0's seeker steps onto player 1's
    tundra_mid, both sides dial, and the fight is played up to the rejuvenation."""
    g.play("action move")
    g.play("move seeker 0")
    g.play("step tundra_mid")
    g.play("end_move")
    g.play("dial 0 pies")
    g.play("dial 1 pies")
    g.play("rejuvenate: 2 pies")


def test_the_defender_may_decline_its_pie_fight_trophy():
    g = game(player(["tundra_outer_corner", "camp"], spells=[0, 0, 0]),
             player(["tundra_mid", "camp"], pies=5, spells=[0, 0, 0]))
    _pie_fight(g)
    assert g.phase == "def_trophy" and g.decider == 1
    g.play("decline")
    assert g.state.trophy[1, TR_PIE_FIGHT] == 0 and g.state.player[1, P_TROPHIES] == 0


def test_a_player_whose_turn_starts_the_finale_without_four_trophies_also_takes_a_final_turn():
    # reading: the finale's "each other player without 4 trophies" includes the active
    # player when the defender reached 4 during its turn
    three = ["pies", "spells", "quests"]
    g = game(player(["tundra_outer_corner", "camp"], spells=[0, 0, 0]),
             player(["tundra_mid", "camp"], trophies=three, pies=5, friendship=5, spells=[0, 0, 0]))
    _pie_fight(g)
    g.play("claim")
    s = g.state
    assert s.player[1, P_TROPHIES] == 4 and s.game[G_FINALE] == 1
    assert g.active == 0 and g.phase == "action", "player 0 plays its final turn"
    g.play(rows_of(g, "action")[-1])
    while not g.is_over:
        g.step(g.legal_rows()[0])
    assert g.is_over
