"""Capitulation: the moment an enemy occupies and controls a land territory next to a
faction's home base, that faction capitulates to it. Its character and mechs leave the
board; its coins, power (capped at the power maximum, rule war_capitulation_power_cap)
and combat cards go to the conqueror, and so do its divisions on the board (captured);
it takes no more turns. Its recruitment and deployment pools stay unused. It removes its
airship (the Wind Gambit) from the board too, for good (no trophy: nobody destroyed it),
and the divisions aboard are lost."""
from scythe_sim.compiled.jit import njit

from ...enums import LAKE, N_CARD_VALUES, N_HEX, N_LOC
from ...layout import AS_DESTROYED, AS_DIVISIONS, G_N_PLAYERS, OFF_BOARD, P_COINS, P_POWER, UNIT_WORKER0
from ...variants.war.layout import (G_WAR_ROUND, G_WAR_STAGE, WAR_STAGE_MOBILIZATION, W_CAPITULATED_BY,
                                    W_CAPITULATED_ROUND, W_CAPTURED_IN, W_CAPTURED_OUT, W_CASUALTIES)
from ...tables import R_POWER_MAX
from ...variants.war.rules import R_WAR_CAPITULATION_POWER_CAP
from ..board import put_unit
from .board import home_of, in_war, units_at, war_controller
from .turn import check_last_standing


@njit
def conqueror_of(s, t, q):
    """The enemy occupying and controlling a land territory next to q's home base, -1."""
    home = home_of(s, t, q)
    for k in range(t.neighbours.shape[1]):
        loc = t.neighbours[home, k]
        if loc < 0:
            break
        if loc >= N_HEX or t.terrain[loc] == LAKE:
            continue
        c = war_controller(s, loc)
        if c >= 0 and c != q and in_war(s, c) and units_at(s, c, loc) > 0:
            return c
    return -1


@njit
def check_capitulations(s, t):
    """Every capitulation now due; True when the war ended (one faction left)."""
    for q in range(s.game[G_N_PLAYERS]):
        if not in_war(s, q):
            continue
        c = conqueror_of(s, t, q)
        if c >= 0:
            capitulate(s, t, q, c)
    return check_last_standing(s)


@njit
def power_top(s, t, p):
    """The most power faction p may hold: the track's top, or past it once it took a
    capitulation with the power cap off (war_capitulation_power_cap = 0): then all the
    power handed over is kept, at most every faction's top together."""
    if t.rules[R_WAR_CAPITULATION_POWER_CAP] == 0 and s.game[G_WAR_STAGE] >= WAR_STAGE_MOBILIZATION:
        for q in range(s.game[G_N_PLAYERS]):
            if s.war[q, W_CAPITULATED_BY] == p:
                return t.rules[R_POWER_MAX] * s.game[G_N_PLAYERS]
    return t.rules[R_POWER_MAX]


@njit
def capitulate(s, t, q, c):
    for u in range(UNIT_WORKER0):
        put_unit(s, q, u, OFF_BOARD)
    s.player[c, P_COINS] += s.player[q, P_COINS]
    s.player[q, P_COINS] = 0
    power = s.player[c, P_POWER] + s.player[q, P_POWER]
    if t.rules[R_WAR_CAPITULATION_POWER_CAP] != 0:
        power = min(power, t.rules[R_POWER_MAX])
    s.player[c, P_POWER] = power
    s.player[q, P_POWER] = 0
    for v in range(N_CARD_VALUES):
        s.hand[c, v] += s.hand[q, v]
        s.hand[q, v] = 0
    for loc in range(N_LOC):
        k = s.divisions[q, loc]
        if k > 0:
            s.divisions[c, loc] += k
            s.divisions[q, loc] = 0
            s.war[q, W_CAPTURED_OUT] += k
            s.war[c, W_CAPTURED_IN] += k
    s.war[q, W_CASUALTIES] += s.airship[q, AS_DIVISIONS]   # aboard its airship: lost
    s.airship[q, AS_DIVISIONS] = 0
    if s.airship_loc[q] != OFF_BOARD:   # seed 003: it removes its Character, mechs and airship
        s.airship_loc[q] = OFF_BOARD
        s.airship[q, AS_DESTROYED] = 1
    s.war[q, W_CAPITULATED_BY] = c
    s.war[q, W_CAPITULATED_ROUND] = s.game[G_WAR_ROUND]
