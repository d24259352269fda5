"""Movement values remembered while the position they were computed on is unchanged.

The direct rules value the same unit steps several times on one position: the top-row
rule values every unit's best step (is a Move worth it?), then the unit choice values
the listed units' steps again, then the step choice values the chosen unit's steps
once more, and with cargo a worker's spot is valued once per step row. Each level of
the workspace keeps one memo (Workspace.memo[level], float64 (2, MEMO_ROWS, MEMO_COLS)):

- memo[VALUE, u, loc]: tactics.spot_value of unit u of the deciding player on loc;
- memo[VALUE, u, GAIN_COL]: tactics.best_step_gain of unit u;
- memo[STAMP, u, col]: the epoch the value was stored in; it is valid while it equals
  the current epoch memo[STAMP, EPOCH_ROW, 0].

The contract: a level's memo holds values of the position (and deciding player) last
valued at that level. Whoever hands the level another position calls ``forget`` first
(a new epoch: every stored value is stale at once, no clearing). The real decision
(level 0) forgets before every decision; a plan (greedy.play_on) forgets when it starts
and after every applied row except the few that move nothing a spot value reads
(``keeps_spot_values``). Anything that changes what ``spot_value`` or
``step_targets`` read (unit or structure locations, resources, tokens, cards, power,
stars, abilities) must not be listed there.
"""
import numpy as np

from scythe_sim.compiled.jit import njit

from .view import A_DROP_WORKER, A_MOVE, A_PICK_WORKER, A_SELECT_UNIT, N_LOC, N_UNITS

VALUE, STAMP = range(2)
GAIN_COL = N_LOC            # memo[VALUE, u, GAIN_COL]: unit u's best single-step gain
EPOCH_ROW = N_UNITS         # memo[STAMP, EPOCH_ROW, 0]: the current epoch
MEMO_ROWS = N_UNITS + 1
MEMO_COLS = N_LOC + 1


def new_memo(levels):
    """(levels, 2, MEMO_ROWS, MEMO_COLS) float64 with every value stale (epoch 1)."""
    memo = np.zeros((levels, 2, MEMO_ROWS, MEMO_COLS), np.float64)
    memo[:, STAMP, EPOCH_ROW, 0] = 1.0
    return memo


@njit
def forget(memo):
    """A new epoch: every value stored so far is stale (float64 counts exactly to 2**53)."""
    memo[STAMP, EPOCH_ROW, 0] += 1.0


@njit
def known(memo, u, col):
    return memo[STAMP, u, col] == memo[STAMP, EPOCH_ROW, 0]


@njit
def remember(memo, u, col, v):
    memo[VALUE, u, col] = v
    memo[STAMP, u, col] = memo[STAMP, EPOCH_ROW, 0]
    return v


@njit
def keeps_spot_values(kind):
    """Rows whose apply changes only the Move's bookkeeping (which unit moves, its steps,
    its cargo mask), nothing a spot value or a step target reads: Move itself (the
    units' Move starts), a unit's selection, and picking up or dropping a worker (the
    worker stays where it is until the mover steps)."""
    return kind == A_MOVE or kind == A_SELECT_UNIT or kind == A_PICK_WORKER or kind == A_DROP_WORKER
