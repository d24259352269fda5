"""The war Move: as many moves as the Move action moves units (2, or 3 upgraded).

A move is either a corps (any number of divisions from one territory into one adjacent
territory; a single division is a corps of one), or one mech, which may pick up to 5
divisions along its way and drops them where it stops. Divisions step one territory,
never across a river or onto a lake or a home base, and use tunnels as workers do;
carried, they go where the mech goes. A division may walk once and be carried once in a
Move, in either order (groups.py keeps count). At least one division stays behind where
leaving would leave the territory without own structures or divisions. Entering enemy
units stops. A corps is chosen as (from, to) and then its size, any number of the
divisions that may go (PH_WAR_CORPS_SIZE; DESIGN: small legal lists). The airship (with
the Wind Gambit) is one move too, and acts at the end of the Move (airship.py). After all
moves, the fights (combat.py)."""
from scythe_sim.compiled.jit import njit

from ...enums import CUBE_MOVE, HOME, LAKE, N_HEX, SPEED
from ...layout import (G_HERE_MASK, G_MOVED_MASK, G_MOVER, G_PHASE, G_STEPS_LEFT, MAX_ACTIONS, OFF_BOARD,
                       UNIT_MECH0, UNIT_WORKER0)
from ...variants.war.layout import (A_WAR_CORPS, A_WAR_END_MOVE, A_WAR_LOAD, A_WAR_SELECT_MECH, A_WAR_STEP,
                                    A_WAR_STOP, G_WAR_BOMBARDED, G_WAR_CARGO, G_WAR_CARGO_WALKED,
                                    G_WAR_CORPS_FROM, G_WAR_CORPS_TO, G_WAR_MOVES_LEFT, G_WAR_SHIP_ACTS,
                                    G_WAR_SHIP_WALKED, PH_WAR_CORPS_SIZE, PH_WAR_MECH_STEP, PH_WAR_MOVE,
                                    WAR_MOVE, W_LAST_ACTION)
from ...variants.war.rules import R_WAR_MECH_CARRY
from ..board import has_ability, put_unit
from ..movement import add_once, step_targets
from .airship import airship_end_due, can_select_war_airship, emit_select_airship, start_airship_end
from .board import enemy_at, own_structure_at, own_tunnel, war_emit
from .capitulate import check_capitulations
from .combat import next_war_combat
from .groups import add_group, may_be_carried, may_walk, pick_up, reset_move, set_down, walk
from .turn import cube_amount


@njit
def division_targets(s, t, p, frm, out):
    """Where divisions step from frm on their own: adjacent land not across a river, and
    any tunnel from a tunnel (p's Mine included)."""
    n = 0
    for k in range(t.neighbours.shape[1]):
        nb = t.neighbours[frm, k]
        if nb < 0:
            break
        ter = t.terrain[nb]
        if ter == HOME or ter == LAKE or t.edge[frm, nb] == 2:
            continue
        n = add_once(out, n, nb)
    if own_tunnel(s, t, p, frm):
        for loc in range(N_HEX):
            if loc != frm and own_tunnel(s, t, p, loc):
                n = add_once(out, n, loc)
    return n


@njit
def movable(s, p, loc):
    """Divisions that may leave loc in a corps now: those that did not walk this Move,
    one staying behind where leaving would leave no own structure or division."""
    k = may_walk(s, p, loc)
    if not own_structure_at(s, p, loc):
        k = min(k, s.divisions[p, loc] - 1)
    return k if k > 0 else 0


@njit
def mech_targets(s, t, p, u, out):
    """The mech's steps (its abilities included), home bases excepted."""
    n = step_targets(s, t, p, u, s.unit_loc[p, u], out)
    m = 0
    for i in range(n):
        if out[i] < N_HEX:
            out[m] = out[i]
            m += 1
    return m


@njit
def _mech_may_move(s, t, p, u, buf):
    loc = s.unit_loc[p, u]
    if loc == OFF_BOARD or loc >= N_HEX or (s.game[G_MOVED_MASK] >> u) & 1:
        return False
    return mech_targets(s, t, p, u, buf) > 0


@njit
def any_war_move(s, t, p, buf):
    if can_select_war_airship(s, p):
        return True
    for u in range(UNIT_MECH0, UNIT_WORKER0):
        if _mech_may_move(s, t, p, u, buf):
            return True
    for loc in range(N_HEX):
        if s.divisions[p, loc] > 0 and movable(s, p, loc) > 0 and division_targets(s, t, p, loc, buf) > 0:
            return True
    return False


@njit
def legal_war_move(s, t, p, out, buf):
    n = 0
    for u in range(UNIT_MECH0, UNIT_WORKER0):
        if _mech_may_move(s, t, p, u, buf):
            n = war_emit(out, n, A_WAR_SELECT_MECH, u, 0, 0)
    n = emit_select_airship(s, p, out, n)
    n = war_emit(out, n, A_WAR_END_MOVE, 0, 0, 0)
    for frm in range(N_HEX):
        if s.divisions[p, frm] == 0 or movable(s, p, frm) == 0:
            continue
        m = division_targets(s, t, p, frm, buf)
        for i in range(m):
            if n >= MAX_ACTIONS:
                return n
            n = war_emit(out, n, A_WAR_CORPS, frm, buf[i], 0)
    return n


@njit
def legal_corps_size(s, p, out):
    """One row per number of divisions the chosen corps may take (the largest sizes beyond
    the action buffer are left out: MAX_ACTIONS - 1 of them and all are offered)."""
    frm, to = s.game[G_WAR_CORPS_FROM], s.game[G_WAR_CORPS_TO]
    k = movable(s, p, frm)
    n = 0
    for size in range(1, min(k, MAX_ACTIONS - 1) + 1):
        n = war_emit(out, n, A_WAR_CORPS, frm, to, size)
    if k > MAX_ACTIONS - 1:
        n = war_emit(out, n - 1, A_WAR_CORPS, frm, to, k)
    return n


@njit
def start_war_move(s, t, p):
    s.war[p, W_LAST_ACTION] = WAR_MOVE
    s.game[G_WAR_MOVES_LEFT] = cube_amount(s, t, p, CUBE_MOVE)
    s.game[G_MOVED_MASK] = 0
    s.game[G_WAR_BOMBARDED] = 0
    s.game[G_WAR_SHIP_ACTS] = 0
    s.game[G_WAR_SHIP_WALKED] = 0
    s.game[G_WAR_CORPS_FROM] = -1
    s.game[G_WAR_CORPS_TO] = -1
    reset_move(s)
    s.game[G_PHASE] = PH_WAR_MOVE


@njit
def war_corps(s, t, p, frm, to, k):
    """A corps row: chosen (k = 0), its size is asked next unless only one is possible;
    with its size, the corps moves."""
    if k == 0:
        if movable(s, p, frm) == 1:
            corps_move(s, t, p, frm, to, 1)
            return
        s.game[G_WAR_CORPS_FROM] = frm
        s.game[G_WAR_CORPS_TO] = to
        s.game[G_PHASE] = PH_WAR_CORPS_SIZE
        return
    corps_move(s, t, p, frm, to, k)


@njit
def corps_move(s, t, p, frm, to, k):
    enemy = enemy_at(s, p, to) >= 0
    if enemy:
        add_group(s, to, frm, k, 0)
    walk(s, p, frm, to, k, enemy)
    s.game[G_WAR_CORPS_FROM] = -1
    s.game[G_WAR_CORPS_TO] = -1
    _move_done(s, t, p)


@njit
def _move_done(s, t, p):
    """One move is over: capitulations it caused, then the next move or the fights."""
    s.game[G_WAR_MOVES_LEFT] -= 1
    s.game[G_PHASE] = PH_WAR_MOVE
    if check_capitulations(s, t):
        return
    if s.game[G_WAR_MOVES_LEFT] <= 0:
        end_war_move(s, t, p)


@njit
def end_war_move(s, t, p):
    """The Move's moves are over: the airship's acts if it was activated, then the fights."""
    if airship_end_due(s, p):
        start_airship_end(s, p)
    else:
        next_war_combat(s, t, p)


@njit
def war_airship_stop(s, t, p):
    """The airship ends its move (what it carries stays aboard): one move done."""
    _move_done(s, t, p)


@njit
def select_mech(s, t, p, u):
    s.game[G_MOVER] = u
    s.game[G_MOVED_MASK] |= 1 << u
    s.game[G_STEPS_LEFT] = 2 if has_ability(s, t, p, SPEED) else 1
    s.game[G_WAR_CARGO] = 0
    s.game[G_WAR_CARGO_WALKED] = 0
    s.game[G_HERE_MASK] = 0
    s.game[G_PHASE] = PH_WAR_MECH_STEP


@njit
def loadable(s, t, p):
    """Divisions the moving mech may still pick up where it stands: those not carried yet
    this Move (0 once it loaded here), one staying where no own structure is."""
    if s.game[G_HERE_MASK] != 0:
        return 0
    loc = s.unit_loc[p, s.game[G_MOVER]]
    cargo = s.game[G_WAR_CARGO]
    k = may_be_carried(s, p, loc, cargo)
    if not own_structure_at(s, p, loc):
        k = min(k, s.divisions[p, loc] - cargo - 1)
    k = min(k, t.rules[R_WAR_MECH_CARRY] - cargo)
    return k if k > 0 else 0


@njit
def legal_mech_step(s, t, p, out, buf):
    n = 0
    for k in range(1, loadable(s, t, p) + 1):
        n = war_emit(out, n, A_WAR_LOAD, k, 0, 0)
    if s.game[G_STEPS_LEFT] > 0:
        m = mech_targets(s, t, p, s.game[G_MOVER], buf)
        for i in range(m):
            n = war_emit(out, n, A_WAR_STEP, buf[i], 0, 0)
    n = war_emit(out, n, A_WAR_STOP, 0, 0, 0)
    return n


@njit
def load(s, p, k):
    loc = s.unit_loc[p, s.game[G_MOVER]]
    s.game[G_WAR_CARGO_WALKED] += pick_up(s, loc, k)
    s.game[G_WAR_CARGO] += k
    s.game[G_HERE_MASK] = 1


@njit
def mech_step(s, t, p, dest):
    """The mech and its cargo enter dest (cargo counts on the mech's location); stop on
    enemy units (an attacking group from where it came) or when out of steps."""
    u = s.game[G_MOVER]
    frm = s.unit_loc[p, u]
    cargo = s.game[G_WAR_CARGO]
    put_unit(s, p, u, dest)
    s.divisions[p, frm] -= cargo
    s.divisions[p, dest] += cargo
    s.game[G_STEPS_LEFT] -= 1
    s.game[G_HERE_MASK] = 0
    if enemy_at(s, p, dest) >= 0:
        add_group(s, dest, frm, cargo, 1 << u)
        mech_stop(s, t, p)
    elif s.game[G_STEPS_LEFT] <= 0:
        mech_stop(s, t, p)


@njit
def mech_stop(s, t, p):
    """The mech stops: what it carries is set down there (divisions that had not walked
    may still walk in this Move, unless among enemy units)."""
    loc = s.unit_loc[p, s.game[G_MOVER]]
    set_down(s, loc, s.game[G_WAR_CARGO], s.game[G_WAR_CARGO_WALKED], enemy_at(s, p, loc) >= 0)
    s.game[G_WAR_CARGO] = 0
    s.game[G_WAR_CARGO_WALKED] = 0
    s.game[G_MOVER] = -1
    _move_done(s, t, p)
