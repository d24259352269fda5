"""Movement evaluated once per position (strategies/movememo.py) and can_start_moving's
early stop (kernel/movement.py): each shortcut gives what the full computation gives, at
every decision of played games. (The frozen batches check the games as a whole.)"""
import numba
import numpy as np
import pytest

from scythe_sim.games.scythe.enums import N_LOC
from scythe_sim.games.scythe.game import Game
from scythe_sim.games.scythe.kernel.movement import can_start_moving, step_targets
from scythe_sim.games.scythe.layout import G_DECIDER, G_MOVED_MASK, G_N_PLAYERS, N_UNITS, OFF_BOARD, P_SEAT
from scythe_sim.games.scythe.strategies.dispatch import choose
from scythe_sim.games.scythe.strategies.movememo import GAIN_COL, forget, keeps_spot_values, known, new_memo, remember
from scythe_sim.games.scythe.strategies.rules import _direct_maps
from scythe_sim.games.scythe.strategies.tactics import best_step_gain, spot_value
from scythe_sim.games.scythe.strategies.weights import load_params
from scythe_sim.games.scythe.strategies.workspace import BUF_CONTROL, BUF_ENEMY, BUF_NEED, BUF_TARGETS, RuleInputs

GREEDY_MIX = [1, 2, 3, 4]        # greedy and three personas (strategies/__init__.py ids)


@numba.njit
def _moving_disagrees(s, t, buf):
    """The first unit (player * N_UNITS + unit) whose can_start_moving differs from "on
    the board, not moved this Move, and step_targets lists a hex"; -1 when none does."""
    for p in range(s.game[G_N_PLAYERS]):
        for u in range(N_UNITS):
            loc = s.unit_loc[p, u]
            free = loc != OFF_BOARD and not (s.game[G_MOVED_MASK] >> u) & 1
            full = free and step_targets(s, t, p, u, loc, buf) > 0
            if can_start_moving(s, t, p, u, buf) != full:
                return p * N_UNITS + u
    return -1


@numba.njit
def _movement_values(s, t, p, w, near, buf, memo, out):
    """out[u, loc]: every spot value of p's units, out[u, N_LOC]: each unit's best-step
    gain, from a forgotten memo (every value computed afresh)."""
    inputs = RuleInputs(w, near, buf[BUF_CONTROL], buf[BUF_ENEMY], buf[BUF_NEED], buf[BUF_TARGETS], memo)
    forget(memo)
    _direct_maps(s, t, p, inputs.ctrl, inputs.enemy, inputs.need)
    for u in range(N_UNITS):
        for loc in range(N_LOC):
            out[u, loc] = spot_value(s, t, p, u, loc, inputs)
        out[u, N_LOC] = 0.0
        if s.unit_loc[p, u] != OFF_BOARD:
            out[u, N_LOC] = best_step_gain(s, t, p, u, inputs)


@numba.njit
def _keeps(kind):
    return keeps_spot_values(kind)


@numba.njit
def _memo_roundtrip(memo):
    """known after remember, stale after forget: (before, after remember, after forget)."""
    forget(memo)
    before = known(memo, 3, GAIN_COL)
    remember(memo, 3, GAIN_COL, 2.5)
    kept = known(memo, 3, GAIN_COL)
    forget(memo)
    return before, kept, known(memo, 3, GAIN_COL)


def test_a_new_epoch_makes_every_value_stale():
    memo = new_memo(1)[0]
    assert _memo_roundtrip(memo) == (False, True, False)


def _played(seed, strategies, players=4, decisions=1500):
    """(game, row) before each decision of a game the given strategies play."""
    g = Game.new(seed=seed, players=players)
    params = load_params()
    for _ in range(decisions):
        if g.is_over:
            return
        rows = g.legal_rows()
        seat = int(g.state.player[g.state.game[G_DECIDER], P_SEAT])
        i = int(choose(strategies[seat], g.state, g.tables, seat, rows, len(rows), params, g.work))
        yield g, rows[i]
        g.step(tuple(rows[i]))


@pytest.mark.slow
def test_can_start_moving_stops_early_but_answers_the_same():
    buf = np.zeros(N_LOC, np.int64)
    checked = 0
    for seed in (3, 4):
        for g, _ in _played(seed, [0] * 7, players=5, decisions=800):
            assert _moving_disagrees(g.state, g.tables, buf) == -1
            checked += 1
    assert checked > 1000


@pytest.mark.slow
def test_rows_that_keep_the_memo_leave_every_spot_value_and_gain_unchanged():
    """The contract of keeps_spot_values: a plan keeps its movement memo across these
    rows, so applying one must not change any spot value or best-step gain of the mover."""
    w = load_params()[1]
    work_buf = np.zeros((5, N_LOC), np.int64)
    memo = new_memo(1)[0]
    before = np.zeros((N_UNITS, N_LOC + 1))
    after = np.zeros((N_UNITS, N_LOC + 1))
    kept = 0
    for seed in (11, 12):
        for g, row in _played(seed, GREEDY_MIX + [1, 2, 3]):
            if not _keeps(row[0]):
                continue
            p = int(g.state.game[G_DECIDER])
            near = g.work.near
            _movement_values(g.state, g.tables, p, w, near, work_buf, memo, before)
            twin = g.copy()
            twin.step(tuple(row))
            _movement_values(twin.state, twin.tables, p, w, near, work_buf, memo, after)
            assert np.array_equal(before, after), (seed, row)
            kept += 1
    assert kept > 50
