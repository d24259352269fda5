"""Learning from the search (issue 44): the next turn's payable bottom actions as features,
the search's teaching record inside the batch loop, and the fit to its rankings."""
import numba
import numpy as np
import pytest

from scythe_sim.errors import ConfigError
from scythe_sim.games.scythe.enums import FACTION_ABILITIES, N_SECTIONS
from scythe_sim.games.scythe.game import Game
from scythe_sim.games.scythe.layout import MAX_PLAYERS, P_ABILITY, P_LAST_SECTION
from scythe_sim.games.scythe.learned_models import Model
from scythe_sim.games.scythe.play import BatchOptions, run_games
from scythe_sim.games.scythe.strategies import STRATEGIES
from scythe_sim.games.scythe.strategies.learned.names import (F_BOTTOM_NEXT, F_COINS, F_PAYABLE, N_FEATURES,
                                                              N_PHASE_INPUTS, RC_FEATURE0, RC_GAME, RC_PHASE0,
                                                              RC_SEAT, RC_TURN, TC_CHOSEN, TC_ROLLOUTS,
                                                              TC_STUDENT, TC_VALUE, TEACH_WIDTH)
from scythe_sim.games.scythe.strategies.value import payable_sections
from scythe_sim.games.scythe.strategies.weights import load_params
from scythe_sim.games.scythe.tables import default_tables
from scythe_sim.games.scythe.tools.learn import Settings, check
from scythe_sim.games.scythe.tools.learn_teach import (decision_ids, first_choice_agreement, fit_ranking,
                                                       sibling_rows, student_agreement, student_row)

SEARCH = STRATEGIES.index("search")


@numba.njit
def _payable(s, t, p, held):
    return payable_sections(s, t, p, held)


# --- the features --------------------------------------------------------------------------
def test_payable_counts_the_next_turns_sections_whose_bottom_action_is_paid():
    game = Game.new(seed=5, players=2)
    s, t = game.state, game.tables
    plenty = np.full(8, 20, np.int64)
    s.player[0, P_LAST_SECTION] = -1
    assert _payable(s, t, 0, np.zeros(8, np.int64)) == 0          # nothing held: no bottom action
    assert _payable(s, t, 0, plenty) == N_SECTIONS
    s.player[0, P_LAST_SECTION] = 2                                # the section just played is closed
    assert _payable(s, t, 0, plenty) == N_SECTIONS - 1
    s.player[0, P_ABILITY] = FACTION_ABILITIES.index("relentless")  # ... unless Relentless repeats it
    assert _payable(s, t, 0, plenty) == N_SECTIONS
    only_oil = np.zeros(8, np.int64)
    only_oil[0] = 20                                               # Upgrade is paid with oil
    assert _payable(s, t, 0, only_oil) == 1


# --- the teaching record -------------------------------------------------------------------
def _taught(seed, student=None):
    params = load_params()
    strategies = np.full(MAX_PLAYERS, SEARCH, np.int64)
    options = BatchOptions(record=True, student=student_row(params, 1)) if student is None else student
    return run_games(default_tables(), [seed], 2, strategies=strategies, params=params, options=options)


@pytest.fixture(scope="module")
def taught():
    return _taught(31)


def test_teaching_records_every_searched_candidate_and_leaves_the_game_as_it_was(taught):
    game_out, seat_out, rows = taught
    plain_game, plain_seat = _taught(31, BatchOptions())
    assert np.array_equal(game_out, plain_game) and np.array_equal(seat_out, plain_seat)
    assert rows.shape[1] == TEACH_WIDTH and len(rows) > 50
    assert (rows[:, RC_GAME] == 0).all()
    ids = decision_ids(rows)
    assert np.array_equal(np.bincount(ids, weights=rows[:, TC_CHOSEN]), np.ones(ids.max() + 1))
    assert (rows[:, TC_ROLLOUTS] >= 1).all()
    chosen = rows[rows[:, TC_CHOSEN] == 1]
    assert set(np.unique(chosen[:, TC_STUDENT])) <= {0.0, 1.0}
    # the candidates of one decision share its position's phase but end their turns apart
    first = rows[ids == 0]
    assert (first[:, RC_PHASE0:RC_PHASE0 + N_PHASE_INPUTS] == first[0, RC_PHASE0:RC_PHASE0 + N_PHASE_INPUTS]).all()
    assert any(np.ptp(rows[ids == d, RC_FEATURE0:RC_FEATURE0 + N_FEATURES], axis=0).any() for d in range(5))
    assert set(np.unique(rows[:, RC_FEATURE0 + F_BOTTOM_NEXT])) <= {0.0, 1.0}
    assert (rows[:, RC_FEATURE0 + F_PAYABLE] >= rows[:, RC_FEATURE0 + F_BOTTOM_NEXT]).all()


def test_teaching_is_a_pure_function_of_the_seed(taught):
    again = _taught(31)[2]
    assert np.array_equal(again, taught[2])


# --- the fit to the search's rankings ---------------------------------------------------------
def _prior(knots=5):
    phase = np.zeros(N_PHASE_INPUTS)
    phase[1] = 0.05             # the round: the phase runs 0 .. 1 over rounds 0 .. 20
    return Model("prior", 1, phase, np.zeros((knots, N_FEATURES)), {}, {})


def _planted(decisions=2000, per=4, coins=2.0, seed=0):
    """Teaching rows whose values are `coins` per coin of the plan's end plus a level of
    their own per decision (which the fit must ignore) and a little noise."""
    rng = np.random.default_rng(seed)
    rows = np.zeros((decisions * per, TEACH_WIDTH))
    d = np.repeat(np.arange(decisions), per)
    rows[:, RC_GAME] = d // 20
    rows[:, RC_SEAT] = d % 4
    rows[:, RC_TURN] = d
    rows[:, RC_PHASE0] = 1.0
    rows[:, RC_PHASE0 + 1] = d % 21
    rows[:, RC_FEATURE0] = 1.0
    rows[:, RC_FEATURE0 + F_COINS] = rng.integers(0, 30, len(rows))
    rows[:, RC_FEATURE0 + F_PAYABLE] = rng.integers(0, 4, len(rows))
    level = rng.normal(0, 50, decisions)[d]
    rows[:, TC_VALUE] = coins * rows[:, RC_FEATURE0 + F_COINS] + level + rng.normal(0, 1, len(rows))
    best = np.zeros(len(rows))
    for k in range(decisions):
        best[k * per + np.argmax(rows[k * per:(k + 1) * per, TC_VALUE])] = 1.0
    rows[:, TC_CHOSEN] = best
    return rows


def test_the_ranking_fit_learns_the_siblings_differences_not_the_level():
    rows = _planted()
    diffs, y = sibling_rows(rows)
    ids = decision_ids(rows)
    assert np.allclose(np.bincount(ids, weights=y), 0.0, atol=1e-9)
    fit = fit_ranking(rows, _prior(), 5, penalties=(1e-5, 1.0))
    assert fit.model.base[:, F_COINS] == pytest.approx(np.full(5, 2.0), abs=0.05)
    assert abs(fit.model.base[:, F_PAYABLE]).max() < 0.2
    assert fit.r2 > 0.9
    assert first_choice_agreement(fit.model, rows) > 0.9
    assert first_choice_agreement(_prior(), rows) < 0.5      # the prior values every plan alike


def test_student_agreement_reads_the_chosen_rows():
    rows = _planted(decisions=10)
    rows[:, TC_STUDENT] = (rows[:, RC_TURN] < 3).astype(float)
    share, decisions = student_agreement(rows)
    assert decisions == 10 and share == pytest.approx(0.3)


@pytest.mark.parametrize("change, message", [({"teacher": "oracle"}, "--teacher must be one of"),
                                             ({"teacher": "search", "target": "td"}, "--target applies"),
                                             ({"teacher": "search", "knots": 3}, "--knots must be"),
                                             ({"agree_games": 0}, "--agree-games must be")])
def test_bad_teaching_settings_are_refused_in_one_line(change, message):
    with pytest.raises(ConfigError, match=message):
        check(Settings(**change))
