"""The direct rules for the Wind Gambit's airship: the simple rules (weight `airship` 0, as
first shipped; airship_purpose.py has the purposeful play of `airship` 1): fly it first
when a territory where its aggressive tile acts (a toll: in the way of an opponent's
unit) is within its range, else when no unit gains by moving; toward where its tiles act,
take up resources nobody holds, fight a Blitzkrieg it wins, land any worker aboard; never
board workers, never Bombard."""
from scythe_sim.compiled.jit import njit

from ..view import G_STEPS_LEFT, N_HEX, P_POWER, VILLAGE, controller, skip_row
from .view import (AS_STEPS, A_AIRSHIP_ATTACK, A_AIRSHIP_LAND, A_AIRSHIP_LOAD, A_AIRSHIP_STEP,
                   A_SELECT_AIRSHIP, KIND_BLITZKRIEG, KIND_HARASS, KIND_STOP_GAIN, KIND_TOLL, TILE_KIND,
                   TILE_RANGE, TILE_WHERE, WHERE_ANY, WHERE_ENCOUNTER, WHERE_OPPONENT, WHERE_VILLAGE,
                   aggressive_param, opponents_with_units, passive_param, reach_mask)

NOBODY = -1


@njit
def airship_select_row(rows, n):
    """The Select-airship row among a Move's unit rows, -1 none."""
    for i in range(n):
        if rows[i, 0] == A_SELECT_AIRSHIP:
            return i
    return -1


@njit
def airship_first(s, t, p, rows, n):
    """The Select-airship row when a territory its aggressive tile acts on (pull 2 or
    more) lies within its range, -1 otherwise."""
    i = airship_select_row(rows, n)
    if i >= 0 and _best_within(s, t, p, s.airship_loc[p], passive_param(s, t, p, TILE_RANGE)) >= 2:
        return i
    return -1


@njit
def _reach_mask(t, frm, steps):
    """Bit loc set for every location an airship reaches from frm within `steps` flights
    (frm included; home bases never; the tunnels are not considered)."""
    return reach_mask(t, frm, steps, False)


@njit
def _best_within(s, t, p, frm, steps):
    """The most any territory within `steps` flights of frm pulls (frm included; the
    tunnels and the limits of workers aboard are not considered)."""
    mask = _reach_mask(t, frm, steps)
    best = 0
    for loc in range(N_HEX):
        if (mask >> loc) & 1:
            best = max(best, _pull(s, t, p, loc))
    return best


@njit
def _pull(s, t, p, loc):
    """How much the airship's tiles want it to end its move on loc."""
    if loc >= N_HEX:
        return 0
    pull = 0
    others = opponents_with_units(s, p, loc)
    if aggressive_param(s, t, p, TILE_KIND) == KIND_HARASS and others != 0:
        pull += 2
    if aggressive_param(s, t, p, TILE_KIND) == KIND_TOLL and others == 0 and _next_to_opponents(s, t, p, loc):
        pull += 2          # in the way of an opponent's next step
    if aggressive_param(s, t, p, TILE_KIND) == KIND_BLITZKRIEG:
        for q in range(s.airship_loc.shape[0]):
            if q != p and s.airship_loc[q] == loc and s.player[p, P_POWER] > s.player[q, P_POWER]:
                pull += 3
    if passive_param(s, t, p, TILE_KIND) == KIND_STOP_GAIN and _gain_here(s, t, p, loc, others):
        pull += 1
    if controller(s, loc) == NOBODY and s.hex_res[loc].sum() > 0:
        pull += 1
    return pull


@njit
def _gain_here(s, t, p, loc, others):
    """p's stop_gain passive tile acts on loc (others: opponents_with_units there)."""
    where = passive_param(s, t, p, TILE_WHERE)
    return (where == WHERE_ANY or (where == WHERE_VILLAGE and t.terrain[loc] == VILLAGE)
            or (where == WHERE_ENCOUNTER and s.encounter_token[loc] != 0)
            or (where == WHERE_OPPONENT and others != 0))


@njit
def _next_to_opponents(s, t, p, loc):
    for k in range(t.neighbours.shape[1]):
        nb = t.neighbours[loc, k]
        if nb >= 0 and nb < N_HEX and opponents_with_units(s, p, nb) != 0:
            return True
    return False


@njit
def choose_airship(s, t, p, rows, n):
    """PH_AIRSHIP: land a worker aboard; fight a Blitzkrieg it wins; load the most of
    resources nobody holds; step to the neighbour that pulls most, or stop."""
    loc = s.airship_loc[p]
    best_load, most = -1, 0
    for i in range(n):
        kind = rows[i, 0]
        if kind == A_AIRSHIP_LAND:
            return i
        if kind == A_AIRSHIP_ATTACK and rows[i, 2] == 0 and s.player[p, P_POWER] > s.player[rows[i, 1], P_POWER]:
            return i
        if kind == A_AIRSHIP_LOAD and controller(s, loc) == NOBODY and rows[i, 2] > most:
            best_load, most = i, rows[i, 2]
    if best_load >= 0:
        return best_load
    # its tiles act where it ends a flight: before its first step, staying is worth nothing
    best, pull = skip_row(n), 2 * _pull(s, t, p, loc) + 1 if s.airship[p, AS_STEPS] > 0 else 0
    for i in range(n):
        if rows[i, 0] == A_AIRSHIP_STEP:
            dest = rows[i, 1]
            ahead = _best_within(s, t, p, dest, s.game[G_STEPS_LEFT] - 1)
            v = 2 * ahead + (1 if _pull(s, t, p, dest) == ahead else 0)   # nearer first
            if v > pull:
                best, pull = i, v
    return best
