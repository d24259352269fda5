"""All Out War's airship rules, with the Wind Gambit's airships (seed 003 "Airships"; both
rules on: without the Wind Gambit no airship is on the board and nothing here acts).

- In a war Move the airship is one of the moves (war_select_airship): its passive tile's
  range, over rivers and lakes, never onto a home base (kernel/airship.airship_targets).
  Where it stands it loads own divisions (up to war_airship_carry aboard; one stays
  where leaving would empty the territory of own units and structures, as for a corps)
  and unloads them on land with no enemy units; never where an enemy has units (an
  attack from the air is the blitz drop). Any number loads or unloads, once per territory
  entered; a division is carried once a Move and may walk once, before or after
  (groups.py). Divisions aboard neither control nor fight, and stay aboard after the Move.
- At the end of a Move in which it was activated (selected, moved or not), on the board
  (PH_WAR_AIRSHIP_END): bombard enemy divisions on its territory (war_airship_bombard_power
  each, at most war_airship_bombard_max a turn, never the last one there; only before
  the drop), blitz drop some or all divisions aboard onto its land territory (a fight
  there follows with the Move's fights; on a retreat they go back aboard), fight an enemy airship on its territory (kernel/wind_gambit/airship_combat.py;
  once), then done: the Move's fights.
- Mobilization moves every airship to its home base and, as its final step, each faction
  moves it to a territory it controls (airship_mobilize.py).
- A capitulated faction removes its airship from the board; its divisions aboard are
  lost (capitulate.py)."""
from scythe_sim.compiled.jit import njit

from ...variants.wind_gambit.airships import TILE_RANGE
from ...enums import HOME, LAKE, N_HEX
from ...layout import (AIRSHIP_BIT, AS_DESTROYED, AS_DIVISIONS, G_DECIDER, G_HERE_MASK, G_MOVED_MASK,
                       G_N_PLAYERS, G_PHASE, G_STEPS_LEFT, HERE_DROPPED_RES, HERE_PICKED_RES, OFF_BOARD,
                       P_POWER)
from ...variants.war.layout import (A_WAR_AIRSHIP_DONE, A_WAR_AIRSHIP_LOAD, A_WAR_AIRSHIP_STEP,
                                    A_WAR_AIRSHIP_STOP, A_WAR_AIRSHIP_UNLOAD, A_WAR_BLITZ, A_WAR_BOMBARD,
                                    A_WAR_SELECT_AIRSHIP, A_WAR_SHIP_FIGHT, FROM_AIRSHIP, G_WAR_BOMBARDED,
                                    G_WAR_SHIP_ACTS, G_WAR_SHIP_WALKED, PH_WAR_AIRSHIP, PH_WAR_AIRSHIP_END,
                                    WAR_SHIP_DROPPED, WAR_SHIP_FOUGHT, W_CASUALTIES)
from ...variants.war.rules import R_WAR_AIRSHIP_BOMBARD_MAX, R_WAR_AIRSHIP_BOMBARD_POWER, R_WAR_AIRSHIP_CARRY
from ..wind_gambit.airship import airship_targets, passive_param
from ..wind_gambit.airship_combat import start_ship_fight
from .board import enemy_at, in_war, own_structure_at, war_emit
from .groups import add_group, may_be_carried, pick_up, set_down
from .combat import next_war_combat


@njit
def airship_in_war(s, p):
    """p's airship can act in the war: on the board (not destroyed) and p still fights."""
    return s.airship_loc[p] != OFF_BOARD and s.airship[p, AS_DESTROYED] == 0 and in_war(s, p)


@njit
def can_select_war_airship(s, p):
    """Selecting it activates it, so it may be selected where it cannot fly."""
    return airship_in_war(s, p) and not (s.game[G_MOVED_MASK] >> AIRSHIP_BIT) & 1


@njit
def emit_select_airship(s, p, out, n):
    if can_select_war_airship(s, p):
        n = war_emit(out, n, A_WAR_SELECT_AIRSHIP, 0, 0, 0)
    return n


@njit
def select_war_airship(s, t, p):
    s.game[G_MOVED_MASK] |= 1 << AIRSHIP_BIT
    s.game[G_STEPS_LEFT] = passive_param(s, t, p, TILE_RANGE)
    s.game[G_HERE_MASK] = 0
    s.game[G_PHASE] = PH_WAR_AIRSHIP


# --- the airship's move --------------------------------------------------------------------

@njit
def drop_spot(s, t, p, loc):
    """Divisions may leave the airship onto loc: land (not a lake, not a home base)."""
    return loc < N_HEX and t.terrain[loc] != LAKE and t.terrain[loc] != HOME


@njit
def war_loadable(s, t, p):
    """Divisions that may board where the airship is: those not carried yet this Move (0
    once it loaded or unloaded here), one staying where no own structure is."""
    loc = s.airship_loc[p]
    if loc >= N_HEX or s.game[G_HERE_MASK] != 0 or enemy_at(s, p, loc) >= 0:
        return 0
    here = may_be_carried(s, p, loc, 0)
    if not own_structure_at(s, p, loc):
        here = min(here, s.divisions[p, loc] - 1)
    room = t.rules[R_WAR_AIRSHIP_CARRY] - s.airship[p, AS_DIVISIONS]
    k = min(here, room)
    return k if k > 0 else 0


@njit
def war_unloadable(s, t, p):
    loc = s.airship_loc[p]
    if s.game[G_HERE_MASK] != 0 or not drop_spot(s, t, p, loc) or enemy_at(s, p, loc) >= 0:
        return 0
    return s.airship[p, AS_DIVISIONS]


@njit
def _every_count(out, n, kind, k):
    """A row of kind for each number 1..k."""
    for c in range(1, k + 1):
        n = war_emit(out, n, kind, c, 0, 0)
    return n


@njit
def legal_war_airship(s, t, p, out, buf):
    n = 0
    if s.game[G_STEPS_LEFT] > 0:
        m = airship_targets(s, t, p, buf)
        for i in range(m):
            n = war_emit(out, n, A_WAR_AIRSHIP_STEP, buf[i], 0, 0)
    n = _every_count(out, n, A_WAR_AIRSHIP_LOAD, war_loadable(s, t, p))
    n = _every_count(out, n, A_WAR_AIRSHIP_UNLOAD, war_unloadable(s, t, p))
    return war_emit(out, n, A_WAR_AIRSHIP_STOP, 0, 0, 0)


@njit
def war_airship_step(s, p, dest):
    s.airship_loc[p] = dest
    s.game[G_STEPS_LEFT] -= 1
    s.game[G_HERE_MASK] = 0


@njit
def war_airship_load(s, p, k):
    loc = s.airship_loc[p]
    s.game[G_WAR_SHIP_WALKED] += pick_up(s, loc, k)
    s.divisions[p, loc] -= k
    s.airship[p, AS_DIVISIONS] += k
    s.game[G_HERE_MASK] |= 1 << HERE_PICKED_RES


@njit
def _drop(s, p, k, into_enemy):
    """k divisions leave the airship onto its territory, those that did not walk this
    Move first: they may still walk one territory, unless among enemy units."""
    loc = s.airship_loc[p]
    walked = max(0, k - (s.airship[p, AS_DIVISIONS] - s.game[G_WAR_SHIP_WALKED]))
    s.game[G_WAR_SHIP_WALKED] -= walked
    s.airship[p, AS_DIVISIONS] -= k
    s.divisions[p, loc] += k
    set_down(s, loc, k, walked, into_enemy)


@njit
def war_airship_unload(s, p, k):
    _drop(s, p, k, False)
    s.game[G_HERE_MASK] |= 1 << HERE_DROPPED_RES


# --- the end of the Move ---------------------------------------------------------------------

@njit
def airship_end_due(s, p):
    """The Move activated p's airship and it is still on the board."""
    return (s.game[G_MOVED_MASK] >> AIRSHIP_BIT) & 1 and airship_in_war(s, p)


@njit
def start_airship_end(s, p):
    s.game[G_DECIDER] = p
    s.game[G_PHASE] = PH_WAR_AIRSHIP_END


@njit
def bombard_most(s, t, p, q):
    """Divisions of q p's airship may bombard now."""
    loc = s.airship_loc[p]
    if loc >= N_HEX or s.game[G_WAR_SHIP_ACTS] & WAR_SHIP_DROPPED:
        return 0
    cost = t.rules[R_WAR_AIRSHIP_BOMBARD_POWER]
    # a house rule of 0 power a division makes bombards free: power no longer bounds them
    by_power = s.player[p, P_POWER] // cost if cost > 0 else s.divisions[q, loc]
    k = min(t.rules[R_WAR_AIRSHIP_BOMBARD_MAX] - s.game[G_WAR_BOMBARDED], by_power, s.divisions[q, loc] - 1)
    return k if k > 0 else 0


@njit
def legal_airship_end(s, t, p, out):
    n = 0
    loc = s.airship_loc[p]
    for q in range(s.game[G_N_PLAYERS]):
        if q == p or not in_war(s, q):
            continue
        for k in range(1, bombard_most(s, t, p, q) + 1):
            n = war_emit(out, n, A_WAR_BOMBARD, q, k, 0)
        if (not s.game[G_WAR_SHIP_ACTS] & WAR_SHIP_FOUGHT and s.airship_loc[q] == loc
                and s.airship[q, AS_DESTROYED] == 0):
            n = war_emit(out, n, A_WAR_SHIP_FIGHT, q, 0, 0)
    aboard = s.airship[p, AS_DIVISIONS]
    if not s.game[G_WAR_SHIP_ACTS] & WAR_SHIP_DROPPED and drop_spot(s, t, p, loc) and aboard > 0:
        n = _every_count(out, n, A_WAR_BLITZ, aboard)
    return war_emit(out, n, A_WAR_AIRSHIP_DONE, 0, 0, 0)


@njit
def bombard(s, t, p, q, k):
    loc = s.airship_loc[p]
    s.player[p, P_POWER] -= k * t.rules[R_WAR_AIRSHIP_BOMBARD_POWER]
    s.divisions[q, loc] -= k
    s.war[q, W_CASUALTIES] += k
    s.game[G_WAR_BOMBARDED] += k


@njit
def blitz(s, p, k):
    """Some or all divisions aboard drop to attack where the airship stands: a group whose
    retreat is back aboard (groups.py)."""
    loc = s.airship_loc[p]
    enemy = enemy_at(s, p, loc) >= 0
    if enemy:
        add_group(s, loc, FROM_AIRSHIP, k, 0)
    _drop(s, p, k, enemy)
    s.game[G_WAR_SHIP_ACTS] |= WAR_SHIP_DROPPED


@njit
def apply_airship_end(s, t, p, kind, a0, a1):
    if kind == A_WAR_BOMBARD:
        bombard(s, t, p, a0, a1)
    elif kind == A_WAR_BLITZ:
        blitz(s, p, a0)
    elif kind == A_WAR_SHIP_FIGHT:
        start_ship_fight(s, t, p, a0)   # back to PH_WAR_AIRSHIP_END once resolved
    else:   # A_WAR_AIRSHIP_DONE
        next_war_combat(s, t, p)


@njit
def is_war_airship_kind(kind):
    return (kind == A_WAR_SELECT_AIRSHIP or kind == A_WAR_AIRSHIP_STEP or kind == A_WAR_AIRSHIP_LOAD
            or kind == A_WAR_AIRSHIP_UNLOAD or is_stop_kind(kind) or is_end_kind(kind))


@njit
def is_war_airship_phase(phase):
    return phase == PH_WAR_AIRSHIP or phase == PH_WAR_AIRSHIP_END


@njit
def legal_war_airship_phase(s, t, p, out, buf):
    if s.game[G_PHASE] == PH_WAR_AIRSHIP:
        return legal_war_airship(s, t, p, out, buf)
    return legal_airship_end(s, t, p, out)


@njit
def apply_war_airship_move(s, t, p, kind, a0):
    """A PH_WAR_AIRSHIP row other than stop (move.py ends the move)."""
    if kind == A_WAR_SELECT_AIRSHIP:
        select_war_airship(s, t, p)
    elif kind == A_WAR_AIRSHIP_STEP:
        war_airship_step(s, p, a0)
    elif kind == A_WAR_AIRSHIP_LOAD:
        war_airship_load(s, p, a0)
    elif kind == A_WAR_AIRSHIP_UNLOAD:
        war_airship_unload(s, p, a0)


@njit
def is_end_kind(kind):
    return kind == A_WAR_BOMBARD or kind == A_WAR_BLITZ or kind == A_WAR_SHIP_FIGHT or kind == A_WAR_AIRSHIP_DONE


@njit
def is_stop_kind(kind):
    return kind == A_WAR_AIRSHIP_STOP
