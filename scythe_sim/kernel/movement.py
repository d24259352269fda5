"""Move: where a unit may step, what it carries, and what happens when it enters a hex.

A Move is a chain of decisions: pick a unit (each unit moves once per action), then
step it hex by hex (Speed gives a character or mech a second step), picking up and
dropping workers and resources between steps. Entering a hex may stop the unit:
enemy characters/mechs (a contact, fought in combat), enemy workers only (they
retreat home, the mover loses a popularity each), or an encounter token (character).
"""
from ..compiled.jit import njit, njit_inline
from ..enums import (FACTORY_SECTION, HOME, LAKE, MINE, MOUNTAIN, N_HEX, N_RES, RIVERWALK,
                     SEAWORTHY, SPEED, SUBMERGE, SWIM, TOWNSHIP, UNDERPASS, VILLAGE, WAYFARE)
from ..layout import (G_CARGO_MASK, G_CARGO_RES0, G_CONTACTS, G_HERE_MASK, G_MOVED_MASK,
                      G_MOVER, G_N_PLAYERS, G_PHASE, G_RETREATS, G_SECTION, G_STEPS_LEFT,
                      G_STEPS_TAKEN, G_UNITS_LEFT, G_WARNING, N_UNITS, OFF_BOARD, PH_MOVE_STEP,
                      PH_MOVE_UNIT, P_ABILITY, P_FACTION, P_POPULARITY, P_POWER, UNIT_CHARACTER,
                      UNIT_WORKER0)
from .board import (controller, enemy_presence, has_ability, note_faction_ability,
                    note_mech_ability, put_unit)


@njit_inline
def _add(out, n, loc, frm):
    if loc == frm:
        return n
    for i in range(n):
        if out[i] == loc:
            return n
    out[n] = loc
    return n + 1


@njit
def _is_tunnel_for(s, t, p, loc):
    """Tunnels, plus p's own Mine, which is a tunnel only p may use."""
    return t.is_tunnel[loc] != 0 or (loc < N_HEX and s.struct_loc[p, MINE] == loc)


@njit
def step_targets(s, t, p, u, frm, out):
    """Write into out the locations unit u of player p can enter in one step from frm."""
    n = 0
    combat = u < UNIT_WORKER0
    faction = s.player[p, P_FACTION]
    if frm < N_HEX and (enemy_presence(s, p, frm) & 1):
        # Workers never leave, on their own, a hex held by enemy characters/mechs, and a
        # character or mech there has stopped for the combat that follows the Move.
        return 0
    lakes_ok = combat and (has_ability(s, t, p, SEAWORTHY) or has_ability(s, t, p, SUBMERGE))
    riverwalk = combat and has_ability(s, t, p, RIVERWALK)
    swim = (not combat) and s.player[p, P_ABILITY] == SWIM
    for k in range(t.neighbours.shape[1]):
        nb = t.neighbours[frm, k]
        if nb < 0:
            break
        ter = t.terrain[nb]
        if ter == HOME:
            continue
        if ter == LAKE and not lakes_ok:
            continue
        if t.edge[frm, nb] == 2:
            if combat and not (riverwalk and t.fac_riverwalk[faction, ter] != 0):
                continue
            if not combat and not swim:
                continue
        n = _add(out, n, nb, frm)
    if frm < N_HEX and _is_tunnel_for(s, t, p, frm):
        for loc in range(N_HEX):
            if _is_tunnel_for(s, t, p, loc):
                n = _add(out, n, loc, frm)
    if combat:
        n = _ability_targets(s, t, p, frm, out, n)
    if not combat:
        m = 0
        for i in range(n):
            if enemy_presence(s, p, out[i]) == 0:
                out[m] = out[i]
                m += 1
        n = m
    return n


@njit
def _ability_targets(s, t, p, frm, out, n):
    """Extra destinations from Submerge, Township, Underpass and Wayfare (character/mechs)."""
    factory = t.factory_loc[0]
    if frm < N_HEX and t.terrain[frm] == LAKE and has_ability(s, t, p, SUBMERGE):
        for loc in range(N_HEX):
            if t.terrain[loc] == LAKE:
                n = _add(out, n, loc, frm)
    if frm < N_HEX and has_ability(s, t, p, TOWNSHIP):
        if frm == factory or (t.terrain[frm] == VILLAGE and controller(s, frm) == p):
            for loc in range(N_HEX):
                if loc == factory or (t.terrain[loc] == VILLAGE and controller(s, loc) == p):
                    n = _add(out, n, loc, frm)
    if frm < N_HEX and has_ability(s, t, p, UNDERPASS):
        if _is_tunnel_for(s, t, p, frm) or (t.terrain[frm] == MOUNTAIN and controller(s, frm) == p):
            for loc in range(N_HEX):
                if _is_tunnel_for(s, t, p, loc) or (t.terrain[loc] == MOUNTAIN and controller(s, loc) == p):
                    n = _add(out, n, loc, frm)
    if has_ability(s, t, p, WAYFARE):
        active = _active_factions_mask(s)
        own = s.player[p, P_FACTION]
        for f in range(t.home_loc.shape[0]):
            if f == own or not (active & (1 << f)):
                n = _add(out, n, t.home_loc[f], frm)
    return n


@njit
def _active_factions_mask(s):
    mask = 0
    for q in range(s.game[G_N_PLAYERS]):
        mask |= 1 << s.player[q, P_FACTION]
    return mask


@njit
def carrying(s):
    if s.game[G_CARGO_MASK] != 0:
        return True
    for r in range(N_RES):
        if s.game[G_CARGO_RES0 + r] > 0:
            return True
    return False


@njit
def mover_targets(s, t, p, out):
    """Steps open to the current mover: cargo never goes onto a lake or a home base."""
    u = s.game[G_MOVER]
    n = step_targets(s, t, p, u, s.unit_loc[p, u], out)
    if not carrying(s):
        return n
    m = 0
    for i in range(n):
        ter = t.terrain[out[i]]
        if ter != LAKE and ter != HOME:
            out[m] = out[i]
            m += 1
    return m


@njit
def can_start_moving(s, t, p, u, buf):
    loc = s.unit_loc[p, u]
    if loc == OFF_BOARD or (s.game[G_MOVED_MASK] >> u) & 1:
        return False
    return step_targets(s, t, p, u, loc, buf) > 0


@njit
def select_unit(s, t, p, u):
    s.game[G_MOVER] = u
    s.game[G_MOVED_MASK] |= 1 << u
    s.game[G_UNITS_LEFT] -= 1
    speed = u < UNIT_WORKER0 and has_ability(s, t, p, SPEED)
    steps = t.factory_steps[0] if s.game[G_SECTION] == FACTORY_SECTION else 1
    s.game[G_STEPS_LEFT] = steps + 1 if speed else steps
    s.game[G_STEPS_TAKEN] = 0
    s.game[G_CARGO_MASK] = 0
    for r in range(N_RES):
        s.game[G_CARGO_RES0 + r] = 0
    s.game[G_HERE_MASK] = 0
    s.game[G_PHASE] = PH_MOVE_STEP


@njit
def step(s, t, p, dest):
    """The mover (and its cargo) enters dest; returns True when the mover must stop there."""
    u = s.game[G_MOVER]
    _note_step_abilities(s, t, p, u, s.unit_loc[p, u], dest)
    put_unit(s, p, u, dest)
    cargo = s.game[G_CARGO_MASK]
    for w in range(UNIT_WORKER0, N_UNITS):
        if (cargo >> w) & 1:
            put_unit(s, p, w, dest)
    s.game[G_STEPS_LEFT] -= 1
    s.game[G_STEPS_TAKEN] += 1
    s.game[G_HERE_MASK] = 0
    stop = False
    if u < UNIT_WORKER0 and dest < N_HEX:
        presence = enemy_presence(s, p, dest)
        if presence & 1:
            s.game[G_CONTACTS] += 1
            stop = True
        elif presence & 2:
            retreat_enemy_workers(s, t, p, dest)
            stop = True
        if u == UNIT_CHARACTER and s.encounter_token[dest] != 0:
            stop = True
    return stop or s.game[G_STEPS_LEFT] <= 0


@njit
def _note_step_abilities(s, t, p, u, frm, dest):
    """Count the ability this step of unit u from frm to dest needed, if any (a statistic:
    a step step_targets offers only through that ability)."""
    if u >= UNIT_WORKER0:
        if t.edge[frm, dest] == 2:
            note_faction_ability(s, p, SWIM)
        return
    steps = t.factory_steps[0] if s.game[G_SECTION] == FACTORY_SECTION else 1
    if s.game[G_STEPS_TAKEN] >= steps and has_ability(s, t, p, SPEED):
        note_mech_ability(s, p, SPEED)
    if dest >= N_HEX:
        note_mech_ability(s, p, WAYFARE)
    elif t.terrain[dest] == LAKE:
        lake_step = t.edge[frm, dest] != 0 and has_ability(s, t, p, SEAWORTHY)
        note_mech_ability(s, p, SEAWORTHY if lake_step else SUBMERGE)
    elif frm < N_HEX and _is_tunnel_for(s, t, p, frm) and _is_tunnel_for(s, t, p, dest):
        return
    elif t.edge[frm, dest] == 2:
        note_mech_ability(s, p, RIVERWALK)
    elif t.edge[frm, dest] == 0:
        for ability in (TOWNSHIP, UNDERPASS, SUBMERGE):
            if has_ability(s, t, p, ability):
                note_mech_ability(s, p, ability)
                return


@njit
def retreat_enemy_workers(s, t, p, loc):
    """Enemy workers alone on loc go home; p loses 1 popularity for each."""
    sent = 0
    for q in range(s.game[G_N_PLAYERS]):
        if q == p:
            continue
        home = t.home_loc[s.player[q, P_FACTION]]
        for w in range(UNIT_WORKER0, N_UNITS):
            if s.unit_loc[q, w] == loc:
                put_unit(s, q, w, home)
                sent += 1
    s.game[G_RETREATS] += sent
    if sent > 0 and s.player[p, P_POWER] >= 7:
        s.game[G_WARNING] = 1   # objective 6, Send One Back as a Warning
    pop = s.player[p, P_POPULARITY] - sent
    s.player[p, P_POPULARITY] = pop if pop > 0 else 0


@njit
def finish_mover(s, p):
    """The mover ends its movement: its cargo stays on its hex."""
    u = s.game[G_MOVER]
    loc = s.unit_loc[p, u]
    for r in range(N_RES):
        s.hex_res[loc, r] += s.game[G_CARGO_RES0 + r]
        s.game[G_CARGO_RES0 + r] = 0
    s.game[G_CARGO_MASK] = 0
    s.game[G_MOVER] = -1
    s.game[G_STEPS_LEFT] = 0
    s.game[G_PHASE] = PH_MOVE_UNIT


@njit
def pick_resource(s, p, r, k):
    loc = s.unit_loc[p, s.game[G_MOVER]]
    s.hex_res[loc, r] -= k
    s.game[G_CARGO_RES0 + r] += k
    s.game[G_HERE_MASK] |= 1 << r


@njit
def drop_resource(s, p, r, k):
    loc = s.unit_loc[p, s.game[G_MOVER]]
    s.hex_res[loc, r] += k
    s.game[G_CARGO_RES0 + r] -= k
    s.game[G_HERE_MASK] |= 1 << (8 + r)


@njit
def pick_worker(s, w):
    s.game[G_CARGO_MASK] |= 1 << w
    s.game[G_HERE_MASK] |= 1 << 4


@njit
def drop_worker(s, w):
    s.game[G_CARGO_MASK] &= ~(1 << w)
    s.game[G_HERE_MASK] |= 1 << 12


