"""What must hold during All Out War (kernel/invariants.py asks here once a war started)."""
from ...compiled.jit import njit
from ...enums import N_HEX, N_LOC
from ...layout import (G_GAME_OVER, G_N_PLAYERS, G_PHASE, PH_WAR_CARDS, PH_WAR_DIAL,
                       PH_WAR_MECH_STEP, PH_WAR_MOVE, PH_WAR_RETREAT, W_CAPTURED_IN,
                       W_CAPTURED_OUT, W_CASUALTIES, W_DEPLOY_POOL, W_RECRUIT_POOL)
from ...tables import R_WAR_DIVISIONS
from .board import units_at

# codes returned, numbered after kernel/invariants.INVARIANTS' base entries
WAR_INVARIANTS = (
    "war: divisions not conserved (board + pools + casualties + captured out - in != divisions)",
    "war: a negative pool or division count, or divisions on a home base",
    "war: two factions hold units on one territory outside a Move and its fights",
)


@njit
def division_total(s, p):
    """Divisions p has on the board plus its pools, casualties and captured balance."""
    total = 0
    for loc in range(N_LOC):
        total += s.divisions[p, loc]
    return (total + s.war[p, W_RECRUIT_POOL] + s.war[p, W_DEPLOY_POOL] + s.war[p, W_CASUALTIES]
            + s.war[p, W_CAPTURED_OUT] - s.war[p, W_CAPTURED_IN])


@njit
def check_war(s, t, first_code):
    """0, or first_code + the index of the broken WAR_INVARIANTS entry."""
    n = s.game[G_N_PLAYERS]
    for p in range(n):
        if division_total(s, p) != t.rules[R_WAR_DIVISIONS]:
            return first_code
        if s.war[p, W_RECRUIT_POOL] < 0 or s.war[p, W_DEPLOY_POOL] < 0:
            return first_code + 1
        for loc in range(N_LOC):
            if s.divisions[p, loc] < 0 or (loc >= N_HEX and s.divisions[p, loc] != 0):
                return first_code + 1
    if _fighting(s):
        return 0
    for loc in range(N_HEX):
        holders = 0
        for p in range(n):
            if units_at(s, p, loc) > 0:
                holders += 1
        if holders > 1:
            return first_code + 2
    return 0


@njit
def _fighting(s):
    """Between a war Move's first step and its last fight (or a war that ended there)."""
    phase = s.game[G_PHASE]
    return (s.game[G_GAME_OVER] != 0 or phase == PH_WAR_MOVE or phase == PH_WAR_MECH_STEP
            or phase == PH_WAR_DIAL or phase == PH_WAR_CARDS or phase == PH_WAR_RETREAT)
