"""Every game's results start with the shared head (scythe_sim/compiled/outcome.py), which
record_head and runner/parquet.outcome_columns read by position."""
import pytest

from scythe_sim.compiled.outcome import GAME_HEAD, STATUS_OK, after_decision


@pytest.mark.parametrize("game", ["scythe", "mls"])
def test_each_games_results_start_with_the_shared_head(game):
    play = __import__(f"scythe_sim.games.{game}.play", fromlist=["GAME_RESULTS"])
    assert play.GAME_RESULTS[:len(GAME_HEAD)] == GAME_HEAD
    assert (play.R_STATUS, play.R_END_REASON, play.R_TURNS, play.R_ROUNDS, play.R_DECISIONS) == (0, 1, 2, 3, 4)
    assert play.STATUS_OK == STATUS_OK


def test_after_a_decision_an_invariant_first_then_the_step_limit():
    check = after_decision.py_func
    assert check(0, 10, 10) == 3 and check(0, 9, 10) == STATUS_OK
    assert check(5, 10, 10) == 105 and check(5, 1, 10) == 105
