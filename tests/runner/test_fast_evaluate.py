"""`scythe-sim evaluate fast` (issue 44): the fast players' targets against 29bb04a's
players, on the same games and deals."""
import pytest
from click.testing import CliRunner

from cli.main import main
from scythe_sim.errors import ConfigError
from scythe_sim.games.scythe.learned_models import FROZEN_29BB04A, read_model, shipped_model
from scythe_sim.games.scythe.strategies import STRATEGIES, TUNING_SLOT
from scythe_sim.games.scythe.strategies.weights import WEIGHTS, W_LEARNED
from scythe_sim.games.scythe.tools.fast_evaluate import (FROZEN, NEW, SINCE_29BB04A, Settings, evaluate_fast,
                                                          parse_changes, rows)


def _run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_the_frozen_model_is_29bb04as():
    frozen = read_model(FROZEN_29BB04A)
    assert frozen.name == "greedy_value_29bb04a" and frozen.version == 1
    # until another model ships, the shipped one is 29bb04a's, coefficient for coefficient
    assert (frozen.coefficients() == shipped_model().coefficients()).all()


def test_the_new_players_play_their_model_and_changes_and_29bb04as_the_frozen_one():
    new, old, learned = rows(Settings(changes=(("ahead_options", 0.0),)))
    greedy = STRATEGIES.index("greedy")
    assert new[greedy, W_LEARNED] == NEW and old[greedy, W_LEARNED] == FROZEN
    assert new[greedy, WEIGHTS.index("ahead_options")] == 0 and old[greedy, WEIGHTS.index("ahead_options")] == 2
    # 29bb04a's players look ahead and play out a long list as they did then, whatever ships now
    assert old[greedy, WEIGHTS.index("ahead_margin")] == 0 and new[greedy, WEIGHTS.index("ahead_margin")] == 0.5
    assert old[greedy, WEIGHTS.index("plan_width")] == 0 and new[greedy, WEIGHTS.index("plan_width")] == 4
    assert (new[TUNING_SLOT] == new[greedy]).all() and (old[TUNING_SLOT] == old[greedy]).all()
    assert (new[STRATEGIES.index("greedy2")] == old[STRATEGIES.index("greedy2")]).all()   # the field is one
    assert learned.models.shape[0] == 2


def test_without_what_shipped_since_the_new_players_are_29bb04as_game_for_game():
    report = evaluate_fast(Settings(games=100, pace_games=100, seed=4, changes=SINCE_29BB04A))
    m = report.metrics
    assert m["strength"]["games"] == 100 and m["strength"]["difference"][0] == 0.0
    assert m["pace"]["new"] == m["pace"]["frozen"] and m["pace"]["new"]["games"] == 100
    assert len(report.targets) == 6 and m["speed"]["ratio"] > 0
    assert not report.targets[0].passed            # 100 games cannot pass a 4,000-game target


@pytest.mark.parametrize("text, message", [("nope=1", "'nope' is not a weight"), ("noise=x", "noise=NUMBER"),
                                           ("learned=2", "'learned' is not a weight")])
def test_a_bad_change_is_refused_in_one_line(text, message):
    with pytest.raises(ConfigError, match=message):
        parse_changes(text)


@pytest.mark.parametrize("args, part", [
    (("fast", "--players", "3"), "4 players"),
    (("fast", "--set", "pace_games=5"), "--set pace_games= must be"),
    (("fast", "--set", "model=missing.toml"), "missing.toml"),
    (("fast", "--set", "noise=0"), "its parameters are pace_games, model, weights"),
    (("fast", "--set", "weights=noise=x"), "noise=NUMBER"),
    (("--fast", "--speed"), "--fast is now a study: scythe-sim evaluate fast"),
])
def test_bad_fast_options_are_one_line_and_exit_2(args, part):
    result = _run("evaluate", *args)
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and part in lines[0], result.output
