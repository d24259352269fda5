"""The planner's look-ahead: of a decision's candidates, the `ahead_options` (top-row
options) or `ahead_sections` (sections) whose own turn ends best are judged again with the
best next turn they leave; the others keep their own turn's value. Checked against the
two values of every candidate, computed one by one, at real positions of greedy games."""
import numba
import numpy as np
import pytest

from scythe_sim.games.scythe.game import Game
from scythe_sim.games.scythe.layout import G_DECIDER, G_PHASE, P_SEAT, PH_SECTION, PH_TOP
from scythe_sim.games.scythe.strategies import STRATEGIES
from scythe_sim.games.scythe.strategies.dispatch import choose
from scythe_sim.games.scythe.strategies.greedy import SETTLE_TURN, plan_candidates, planner_of, play_plan
from scythe_sim.games.scythe.strategies.weights import WEIGHTS, load_params

GREEDY = STRATEGIES.index("greedy")


@numba.njit
def _both_values(s, t, p, seat, rows, n, w, work, picked, own, ahead):
    """Every candidate's value by its own turn and with the next turn; returns their count."""
    m = plan_candidates(s, t, p, rows, n, w, work, SETTLE_TURN)
    for k in range(m):
        picked[k] = work.rows[0, k, 0]
    planner = planner_of(p, seat, w, work)
    for k in range(m):
        own[k] = play_plan(s, t, planner, rows, picked[k], SETTLE_TURN, False)
        ahead[k] = play_plan(s, t, planner, rows, picked[k], SETTLE_TURN, True)
    return m


def _params(sections, options):
    params = load_params().copy()
    params[GREEDY, WEIGHTS.index("noise")] = 0.0          # values alone decide
    params[GREEDY, WEIGHTS.index("ahead_sections")] = sections
    params[GREEDY, WEIGHTS.index("ahead_options")] = options
    params[GREEDY, WEIGHTS.index("ahead_margin")] = 0.0    # every contender looks (the margin: below)
    return params


def _expected(own, ahead, count):
    """The candidate best_plan should keep when `count` of them look ahead."""
    value = own.copy()
    for k in np.argsort(-own, kind="stable")[:count]:
        value[k] = ahead[k]
    return int(np.argmax(value))


def _decisions(phase, wanted=6, seed=3):
    """(game, rows) at the first `wanted` decisions of this phase with 3+ candidates in a
    4-player greedy game (the game is stepped on by greedy between them)."""
    game = Game.new(seed=seed, players=4)
    params = load_params()
    found = 0
    while not game.is_over and found < wanted:
        rows = game.legal_rows()
        s = game.state
        seat = int(s.player[s.game[G_DECIDER], P_SEAT])
        if s.game[G_PHASE] == phase and len(rows) >= 3:
            found += 1
            yield game, rows, seat
        i = choose(GREEDY, s, game.tables, seat, rows, len(rows), params, game.work)
        game.step(tuple(int(x) for x in rows[i]))


@pytest.mark.slow
@pytest.mark.parametrize("phase, knob", [(PH_TOP, "options"), (PH_SECTION, "sections")])
def test_only_the_best_candidates_by_their_own_turn_look_ahead(phase, knob):
    checked = 0
    for game, rows, seat in _decisions(phase):
        s, t = game.state, game.tables
        p = int(s.game[G_DECIDER])
        for count in (0, 1, 2, 9):
            params = _params(count if knob == "sections" else 0, count if knob == "options" else 0)
            w = params[GREEDY]
            picked = np.zeros(len(rows), np.int64)
            own = np.zeros(len(rows))
            ahead = np.zeros(len(rows))
            m = _both_values(s, t, p, seat, rows, len(rows), w, game.work, picked, own, ahead)
            want = picked[_expected(own[:m], ahead[:m], count)]
            got = choose(GREEDY, s, t, seat, rows, len(rows), params, game.work)
            assert got == want, (count, own[:m], ahead[:m])
        checked += 1
    assert checked >= 3


def _expected_pruned(own, ahead, count, margin):
    """The candidate best_plan should keep with `ahead_margin`: the contenders look ahead
    only when the best of them leads the next by less than the margin."""
    top = np.argsort(-own, kind="stable")[:count]
    if len(top) < 2 or own[top[0]] - own[top[1]] >= margin:
        return int(np.argmax(own))
    return _expected(own, ahead, count)


@pytest.mark.slow
@pytest.mark.parametrize("margin", [0.5, 3.0, 1e9])
def test_the_look_ahead_waits_for_a_close_race_with_ahead_margin(margin):
    checked = 0
    for game, rows, seat in _decisions(PH_TOP):
        s, t = game.state, game.tables
        p = int(s.game[G_DECIDER])
        params = _params(0, 2)
        params[GREEDY, WEIGHTS.index("ahead_margin")] = margin
        w = params[GREEDY]
        picked = np.zeros(len(rows), np.int64)
        own = np.zeros(len(rows))
        ahead = np.zeros(len(rows))
        m = _both_values(s, t, p, seat, rows, len(rows), w, game.work, picked, own, ahead)
        want = picked[_expected_pruned(own[:m], ahead[:m], 2, margin)]
        assert choose(GREEDY, s, t, seat, rows, len(rows), params, game.work) == want, (own[:m], ahead[:m])
        checked += 1
    assert checked >= 3


@numba.njit
def _picked(s, t, p, rows, n, w, work, out):
    m = plan_candidates(s, t, p, rows, n, w, work, SETTLE_TURN)
    for k in range(m):
        out[k] = work.rows[0, k, 0]
    return m


def test_plan_width_plays_out_the_best_rows_of_a_long_list_only():
    """`plan_width` 4: of a long list the 4 rows the direct rules value most, the first 4
    of the 6 played without it (0: MAX_PLANNED); sections are all played either way."""
    game = Game.new(seed=5, players=4)
    params = load_params()
    checked = 0
    while not game.is_over and checked < 4:
        rows = game.legal_rows()
        s, t = game.state, game.tables
        seat = int(s.player[s.game[G_DECIDER], P_SEAT])
        p = int(s.game[G_DECIDER])
        if len(rows) > 6 and s.game[G_PHASE] != PH_SECTION:
            w = params[GREEDY].copy()
            picked = {}
            for width in (0, 4):
                w[WEIGHTS.index("plan_width")] = width
                out = np.zeros(len(rows), np.int64)
                picked[width] = list(out[:_picked(s, t, p, rows, len(rows), w, game.work, out)])
            assert len(picked[0]) == 6 and picked[4] == picked[0][:4]
            checked += 1
        i = choose(GREEDY, s, t, seat, rows, len(rows), params, game.work)
        game.step(tuple(int(x) for x in rows[i]))
    assert checked == 4
