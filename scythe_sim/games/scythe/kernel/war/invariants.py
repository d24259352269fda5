"""What must hold during All Out War (kernel/invariants.py asks here once a war started)."""
from scythe_sim.compiled.jit import njit, njit_inline

from ...enums import N_HEX, N_LOC
from ...layout import (AS_DESTROYED, AS_DIVISIONS, OFF_BOARD, PH_SHIP_CARDS, PH_SHIP_DIAL, G_ACTIVE, G_MOVER,
                       G_GAME_OVER, G_N_PLAYERS, G_PHASE)
from ...variants.war.layout import (G_WAR_CARGO, PH_WAR_CORPS_SIZE, WM_CARRIED, WM_WALKED, PH_WAR_AIRSHIP,
                                    PH_WAR_AIRSHIP_END, PH_WAR_CARDS, PH_WAR_DIAL, PH_WAR_FIGHT_PICK,
                                    PH_WAR_MECH_STEP, PH_WAR_MOVE, PH_WAR_RETREAT, W_CAPTURED_IN,
                                    W_CAPTURED_OUT, W_CASUALTIES, W_DEPLOY_POOL, W_RECRUIT_POOL, G_WAR_STAGE,
                                    WAR_STAGE_MOBILIZATION)
from ...variants.war.rules import R_WAR_AIRSHIP_CARRY, R_WAR_DIVISIONS
from .board import units_at

# codes returned, numbered after kernel/invariants.INVARIANTS' base entries
WAR_INVARIANTS = (
    "war: divisions not conserved (board + pools + casualties + captured out - in != divisions)",
    "war: a negative pool or division count, or divisions on a home base",
    "war: two factions hold units on one territory outside a Move and its fights",
    "war: divisions aboard an airship out of 0..war_airship_carry, or a destroyed airship on the board or carrying",
    "war: a war Move counts more divisions that walked, were carried or are done on a territory than stand there",
)


@njit
def division_total(s, p):
    """Divisions p has on the board (and aboard its airship) plus its pools, casualties
    and captured balance."""
    total = s.airship[p, AS_DIVISIONS]
    for loc in range(N_LOC):
        total += s.divisions[p, loc]
    return (total + s.war[p, W_RECRUIT_POOL] + s.war[p, W_DEPLOY_POOL] + s.war[p, W_CASUALTIES]
            + s.war[p, W_CAPTURED_OUT] - s.war[p, W_CAPTURED_IN])


@njit_inline
def mobilized(s):
    """The war's mobilization has begun: workers have left the board, and a capitulated
    faction's character too."""
    return s.game[G_WAR_STAGE] >= WAR_STAGE_MOBILIZATION


@njit
def war_invariants(s, t, first_code):
    """0 outside a war; in one, check_war's answer."""
    if mobilized(s):
        return check_war(s, t, first_code)
    return 0


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
        if not _airship_ok(s, t, p):
            return first_code + 3
    if _moving(s) and not _move_counts_ok(s):
        return first_code + 4
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
            or phase == PH_WAR_CORPS_SIZE or phase == PH_WAR_FIGHT_PICK
            or phase == PH_WAR_DIAL or phase == PH_WAR_CARDS or phase == PH_WAR_RETREAT
            or phase == PH_WAR_AIRSHIP or phase == PH_WAR_AIRSHIP_END or phase == PH_SHIP_DIAL
            or phase == PH_SHIP_CARDS)


@njit
def _moving(s):
    """In a war Move before its fights: its counts of what divisions did hold."""
    phase = s.game[G_PHASE]
    return (s.game[G_GAME_OVER] == 0 and (phase == PH_WAR_MOVE or phase == PH_WAR_CORPS_SIZE
                                          or phase == PH_WAR_MECH_STEP or phase == PH_WAR_AIRSHIP))


@njit
def _move_counts_ok(s):
    p = s.game[G_ACTIVE]
    aside = s.game[G_WAR_CARGO] if s.game[G_PHASE] == PH_WAR_MECH_STEP else 0
    for loc in range(N_LOC):
        walked, carried = s.war_moved[loc, WM_WALKED], s.war_moved[loc, WM_CARRIED]
        if walked < 0 or carried < 0 or s.mark[loc] < 0:
            return False
        here = s.divisions[p, loc] - (aside if s.unit_loc[p, s.game[G_MOVER]] == loc else 0)
        if walked + carried + s.mark[loc] > here:
            return False
    return True


@njit
def _airship_ok(s, t, p):
    """Divisions aboard within the airship's capacity; a destroyed airship never returns."""
    aboard = s.airship[p, AS_DIVISIONS]
    if aboard < 0 or aboard > t.rules[R_WAR_AIRSHIP_CARRY]:
        return False
    if s.airship[p, AS_DESTROYED] != 0:
        return s.airship_loc[p] == OFF_BOARD and aboard == 0
    return True
