"""The variant switch: a run config's variant = "all_out_war" sets the rule all_out_war
(the ruleset name shows it; a contradicting [rules] entry is refused); a run plays the
standard game and the war and records the standard game's score."""
import pytest

from scythe_sim.errors import ConfigError
from scythe_sim.runner.batch import play_range
from scythe_sim.games.scythe.spec.answers import assumptions, ruleset
from tests.runner.test_spec import config


def test_the_variant_sets_the_rule():
    c = config(variant="all_out_war")
    assert c.variant == "all_out_war" and c.rules_dict == {"all_out_war": 1}
    assert ruleset(c) == "scythe-2022+all_out_war=1"
    ids = {a["id"] for a in assumptions(c)}
    assert {"war-stalemate", "war-move-simplified", "banned-pair-redeal"} <= ids
    assert "war-stalemate" not in {a["id"] for a in assumptions(config())}


def test_a_rule_contradicting_the_variant_is_refused():
    with pytest.raises(ConfigError, match="contradicts variant"):
        config(variant="all_out_war", rules={"all_out_war": 0})
    assert config(variant="all_out_war", rules={"war_round_cap": 30}).rules_dict == {
        "all_out_war": 1, "war_round_cap": 30}


def test_a_war_run_plays_its_games():
    batch = play_range(config(variant="all_out_war", games=4), 0, 4)
    games = batch.tables["games"]
    assert games.num_rows == 4 and set(games["variant"].to_pylist()) == {"all_out_war"}
    assert batch.bad == ()
