"""Recording for `scythe-sim learn`: at the end of each turn of the standard game, one row
of the player's own view (learned/names.py RECORD_HEAD, the phase inputs, the features)
into the Workspace's preallocated record. Compiled, called by the batch loop (play.py):
a game is recorded without entering Python; the outcomes are joined afterwards from the
seats' results (tools/learn_data.py)."""
from scythe_sim.compiled.jit import njit

from ..value import position_features
from ..view import G_N_PLAYERS, G_TURN, P_FACTION, P_MAT, P_SEAT
from ..workspace import BUF_CONTROL
from .model import phase_inputs
from .names import (PI_BIAS, PI_LEADER_STARS, PI_MEAN_STARS, PI_ROUND, RC_FACTION, RC_FEATURE0, RC_GAME,
                    RC_MAT, RC_PHASE0, RC_PLAYERS, RC_SEAT, RC_TURN)


@njit
def record_turn(s, t, p, game_id, work):
    """Append p's row (its turn just ended) to work.record; rows past its end are dropped
    and counted (work.record_n[0] then exceeds the rows: the caller sizes the record)."""
    k = work.record_n[0]
    work.record_n[0] = k + 1
    if k >= work.record.shape[0]:
        return
    row = work.record[k]
    row[RC_GAME] = game_id
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
    position_features(s, t, p, work.buf[0, BUF_CONTROL], row[RC_FEATURE0:])
