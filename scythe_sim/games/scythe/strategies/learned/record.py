"""Recording for `scythe-sim learn`, compiled: a game is recorded without entering Python;
the outcomes are joined afterwards from the seats' results (tools/learn_data.py).

Two records, told apart by the Workspace record's width:

- a seat-turn record (RECORD_WIDTH): at the end of each turn of the standard game, one
  row of the player's own view (learned/names.py RECORD_HEAD, the phase inputs, the
  features), called by the batch loop (play.py);
- a teaching record (TEACH_WIDTH, `learn --teacher search`): at each turn start the
  search decides by rollouts, one row per candidate plan it valued (teach_decision: the
  phase inputs of the position decided at, the features of the plan's turn end, its
  rollouts' mean and count, whether it was chosen, and whether the student row chose
  the same section). The batch loop's turn-end call fills in those rows' game column.
"""
from scythe_sim.compiled.jit import njit

from ..halving import S_COUNT, S_SUM
from ..value import position_features
from ..view import G_N_PLAYERS, G_TURN, P_FACTION, P_MAT, P_SEAT
from ..workspace import BUF_CONTROL
from .model import phase_inputs
from .names import (N_FEATURES, PI_BIAS, PI_LEADER_STARS, PI_MEAN_STARS, PI_ROUND, RC_FACTION,
                    RC_FEATURE0, RC_GAME, RC_MAT, RC_PHASE0, RC_PLAYERS, RC_SEAT, RC_TURN, TC_CHOSEN,
                    TC_ROLLOUTS, TC_STUDENT, TC_VALUE, TEACH_WIDTH)


@njit
def teaching(work):
    """Whether the batch records the search's candidates (a teaching record)."""
    return work.record.shape[0] > 0 and work.record.shape[1] == TEACH_WIDTH


@njit
def record_turn(s, t, p, game_id, work):
    """Append p's row (its turn just ended) to work.record; rows past its end are dropped
    and counted (work.record_n[0] then exceeds the rows: the caller sizes the record).
    A teaching record gets no row here: its rows of this turn get their game column."""
    if teaching(work):
        top = min(work.record_n[0], work.record.shape[0])
        for k in range(work.record_n[1], top):
            work.record[k, RC_GAME] = game_id
        work.record_n[1] = top
        return
    k = _claim_row(work)
    if k < 0:
        return
    row = work.record[k]
    _head(s, p, row)
    row[RC_GAME] = game_id
    position_features(s, t, p, work.buf[0, BUF_CONTROL], row[RC_FEATURE0:])


@njit
def _claim_row(work):
    """The index of the record's next row, counted; -1 past the record's end (the row is
    dropped, and record_n[0] tells the caller how many were wanted)."""
    k = work.record_n[0]
    work.record_n[0] = k + 1
    return k if k < work.record.shape[0] else -1


@njit
def _head(s, p, row):
    """A row's head (who and when) and the phase inputs of s."""
    row[RC_GAME] = -1
    row[RC_SEAT] = s.player[p, P_SEAT]
    row[RC_FACTION] = s.player[p, P_FACTION]
    row[RC_MAT] = s.player[p, P_MAT]
    row[RC_PLAYERS] = s.game[G_N_PLAYERS]
    row[RC_TURN] = s.game[G_TURN]
    rnd, leader, mean = phase_inputs(s)
    row[RC_PHASE0 + PI_BIAS] = 1.0
    row[RC_PHASE0 + PI_ROUND] = rnd
    row[RC_PHASE0 + PI_LEADER_STARS] = leader
    row[RC_PHASE0 + PI_MEAN_STARS] = mean


@njit
def teach_decision(s, p, m, best, agrees, work):
    """One teaching row per candidate of the search p just made at s (work.search_cand[:m],
    their turn-end features in work.search_feat, their rollouts in work.search_stats;
    `best` the one chosen, `agrees` whether the student chose its section too)."""
    for c in range(m):
        k = _claim_row(work)
        if k < 0:
            continue
        row = work.record[k]
        _head(s, p, row)
        for f in range(N_FEATURES):
            row[RC_FEATURE0 + f] = work.search_feat[c, f]
        count = work.search_stats[c, S_COUNT]
        row[TC_VALUE] = work.search_stats[c, S_SUM] / count if count > 0 else 0.0
        row[TC_ROLLOUTS] = count
        row[TC_CHOSEN] = 1.0 if c == best else 0.0
        row[TC_STUDENT] = 1.0 if agrees else 0.0
