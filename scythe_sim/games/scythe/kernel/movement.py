"""Move: where a unit may step, what it carries, and what happens when it enters a hex.

A Move is a chain of decisions: pick a unit (each unit moves once per action), then
step it hex by hex (Speed gives a character or mech a second step), picking up and
dropping workers and resources between steps. Entering a hex may stop the unit:
enemy characters/mechs (a contact, fought in combat), enemy workers only (they
retreat home, the mover loses a popularity each), or an encounter token (character).
"""
from scythe_sim.compiled.jit import njit, njit_inline

from ..enums import (BURROW, FARM, FACTORY_SECTION, HOME, LAKE, MINE, MOUNTAIN, N_HEX, N_RES,
                     RALLY, RIVERWALK, SEAWORTHY, SHINOBI, SPEED, SUBMERGE, SUITON, SWIM, TOKA,
                     TOKEN_DISARMED0, TOKEN_FLAG, TOKEN_NONE, TOKEN_TRAP0, TOWNSHIP, UNDERPASS,
                     VILLAGE, WAYFARE)
from ..layout import (G_ACTIVE, G_CARGO_MASK, G_CARGO_RES0, G_CONTACTS, G_HERE_MASK, G_MOVED_MASK,
                      G_MOVE_FROM0, G_MOVER, G_N_PLAYERS, G_PHASE, G_RETREATS, G_SECTION, G_STEPS_LEFT,
                      G_STEPS_TAKEN, G_TOKA_USED, G_UNITS_LEFT, G_WARNING, N_UNITS, OFF_BOARD, PH_MOVE_STEP,
                      PH_MOVE_UNIT, P_ABILITY, P_FACTION, P_POPULARITY, P_POWER, UNIT_CHARACTER,
                      UNIT_WORKER0)
from ..tables import IFA_MANY_PLAYERS
from .board import (NOBODY, controls, enemy_presence, has_ability, mech_slot,
                    note_faction_ability, note_mech_ability, put_unit, unit_owner_at)
from .invaders.tokens import spring_trap
from .wind_gambit.airship import pay_tolls, without_tolled


@njit_inline
def add_once(out, n, loc):
    """out[:n] with loc added unless it is there already; the new count."""
    for i in range(n):
        if out[i] == loc:
            return n
    out[n] = loc
    return n + 1


@njit_inline
def _add(out, n, loc, frm):
    """A step target: loc added once, never the hex the unit steps from."""
    if loc == frm:
        return n
    return add_once(out, n, loc)


@njit
def _is_tunnel_for(s, t, p, loc):
    """Tunnels, plus p's own Mine, which is a tunnel only p may use."""
    return t.is_tunnel[loc] != 0 or (loc < N_HEX and s.struct_loc[p, MINE] == loc)


@njit
def step_targets(s, t, p, u, frm, out):
    """Write into out the locations unit u of player p can enter in one step from frm."""
    return _step_targets(s, t, p, u, frm, out, False)


@njit
def _step_targets(s, t, p, u, frm, out, any_one):
    """step_targets; with any_one it may stop as soon as one target is known (the count
    is then only > 0 or 0: can_start_moving asks no more, and the tunnels and the
    abilities' board-wide targets are the costly part)."""
    n = 0
    combat = u < UNIT_WORKER0
    faction = s.player[p, P_FACTION]
    if frm < N_HEX and (enemy_presence(s, p, frm) & 1):
        # Workers never leave, on their own, a hex held by enemy characters/mechs, and a
        # character or mech there has stopped for the combat that follows the Move.
        return 0
    lakes_ok = combat and (has_ability(s, t, p, SEAWORTHY) or has_ability(s, t, p, SUBMERGE)
                           or has_ability(s, t, p, SUITON))
    riverwalk = combat and has_ability(s, t, p, RIVERWALK)
    toka = combat and has_ability(s, t, p, TOKA) and s.game[G_TOKA_USED] == 0
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
            if combat and not (riverwalk and t.fac_riverwalk[faction, ter] != 0
                               or toka or _burrow_crossing(s, t, p, frm, nb)):
                continue
            if not combat and not swim:
                continue
        n = _add(out, n, nb, frm)
    if any_one and n > 0:
        n = _enterable(s, t, p, u, out, n, combat)
        if n > 0:
            return n
    if frm < N_HEX and _is_tunnel_for(s, t, p, frm):
        for loc in range(N_HEX):
            if _is_tunnel_for(s, t, p, loc):
                n = _add(out, n, loc, frm)
    if combat:
        n = _ability_targets(s, t, p, frm, out, n)
    return _enterable(s, t, p, u, out, n, combat)


@njit
def _enterable(s, t, p, u, out, n, combat):
    """out[:n] less what the unit may not enter: a worker never a hex with enemy units,
    and no unit a hex an opponent's toll airship closes to it (The Wind Gambit)."""
    if not combat:
        n = _without_enemies(s, p, out, n)
    return without_tolled(s, t, p, u, out, n)


@njit
def _without_enemies(s, p, out, n):
    """out[:n] less the locations with enemy units (a worker never enters one); the count."""
    m = 0
    for i in range(n):
        if enemy_presence(s, p, out[i]) == 0:
            out[m] = out[i]
            m += 1
    return m


@njit
def _burrow_crossing(s, t, p, frm, nb):
    """Burrow: a river crossing into or out of a tunnel territory (p's own Mine counts)."""
    return has_ability(s, t, p, BURROW) and (
        (frm < N_HEX and _is_tunnel_for(s, t, p, frm)) or _is_tunnel_for(s, t, p, nb))


@njit
def _needs_toka(s, t, p, frm, dest):
    """True when a character/mech step from frm to dest crosses a river only thanks to Toka."""
    if t.edge[frm, dest] != 2 or not has_ability(s, t, p, TOKA):
        return False
    if has_ability(s, t, p, RIVERWALK) and t.fac_riverwalk[s.player[p, P_FACTION], t.terrain[dest]] != 0:
        return False
    if _burrow_crossing(s, t, p, frm, dest):
        return False
    if frm < N_HEX and _is_tunnel_for(s, t, p, frm) and _is_tunnel_for(s, t, p, dest):
        return False
    if has_ability(s, t, p, RALLY) and (_own_worker_at(s, p, dest)
                                         or (s.token_kind[dest] == TOKEN_FLAG and s.token_owner[dest] == p)):
        return False
    return not (has_ability(s, t, p, SHINOBI) and _own_trap(s, p, dest))


@njit
def _own_worker_at(s, p, loc):
    for w in range(UNIT_WORKER0, N_UNITS):
        if s.unit_loc[p, w] == loc:
            return True
    return False


@njit
def _own_trap(s, p, loc):
    return s.token_owner[loc] == p and s.token_kind[loc] != TOKEN_NONE and s.token_kind[loc] != TOKEN_FLAG


@njit
def _ability_targets(s, t, p, frm, out, n):
    """Extra destinations from Submerge, Township, Underpass, Wayfare, Rally and Shinobi
    (character/mechs)."""
    factory = t.factory_loc[0]
    if frm < N_HEX and t.terrain[frm] == LAKE and has_ability(s, t, p, SUBMERGE):
        for loc in range(N_HEX):
            if t.terrain[loc] == LAKE:
                n = _add(out, n, loc, frm)
    if frm < N_HEX and has_ability(s, t, p, TOWNSHIP):
        if frm == factory or (t.terrain[frm] == VILLAGE and controls(s, p, frm)):
            for loc in range(N_HEX):
                if loc == factory or (t.terrain[loc] == VILLAGE and controls(s, p, loc)):
                    n = _add(out, n, loc, frm)
    if frm < N_HEX and has_ability(s, t, p, UNDERPASS):
        if _is_tunnel_for(s, t, p, frm) or (t.terrain[frm] == MOUNTAIN and controls(s, p, frm)):
            for loc in range(N_HEX):
                if _is_tunnel_for(s, t, p, loc) or (t.terrain[loc] == MOUNTAIN and controls(s, p, loc)):
                    n = _add(out, n, loc, frm)
    if has_ability(s, t, p, RALLY) or has_ability(s, t, p, SHINOBI):
        n = _rally_shinobi_targets(s, t, p, frm, out, n)
    if has_ability(s, t, p, WAYFARE) and s.game[G_N_PLAYERS] >= t.ifa_const[IFA_MANY_PLAYERS]:
        for loc in range(N_HEX):   # 6-7 players: Wayfare becomes "any unoccupied farm"
            if t.terrain[loc] == FARM and unit_owner_at(s, loc) == NOBODY:
                n = _add(out, n, loc, frm)
    elif has_ability(s, t, p, WAYFARE):
        active = _active_factions_mask(s)
        own = s.player[p, P_FACTION]
        for f in range(t.home_loc.shape[0]):
            if f == own or not (active & (1 << f)):
                n = _add(out, n, t.home_loc[f], frm)
    return n


@njit
def _rally_shinobi_targets(s, t, p, frm, out, n):
    """Rally: any territory with one of p's workers or Flags; Shinobi: any territory with
    one of p's Traps (armed or not); any distance."""
    rally = has_ability(s, t, p, RALLY)
    shinobi = has_ability(s, t, p, SHINOBI)
    if rally:
        for w in range(UNIT_WORKER0, N_UNITS):
            loc = s.unit_loc[p, w]
            if 0 <= loc < N_HEX:
                n = _add(out, n, loc, frm)
    for loc in range(N_HEX):
        if s.token_owner[loc] != p:
            continue
        if (rally and s.token_kind[loc] == TOKEN_FLAG) or (shinobi and _own_trap(s, p, loc)):
            n = _add(out, n, loc, frm)
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
    """Steps open to the current mover. With cargo it crosses lakes and home bases
    wherever it could go empty, but never ends its move there (nothing is left on a
    lake or a home base): it enters one only with a step to spare and where nothing
    stops it (from a lake or a home base some land is always one step away)."""
    u = s.game[G_MOVER]
    n = step_targets(s, t, p, u, s.unit_loc[p, u], out)
    if not carrying(s):
        return n
    m = 0
    for i in range(n):
        if not no_cargo_end(t, out[i]) or (s.game[G_STEPS_LEFT] >= 2 and not _stops_there(s, p, u, out[i])):
            out[m] = out[i]
            m += 1
    return m


@njit
def no_cargo_end(t, loc):
    """Cargo may pass a lake or a home base but not be left there."""
    return t.terrain[loc] == LAKE or t.terrain[loc] == HOME


@njit
def _stops_there(s, p, u, loc):
    """Entering loc would end the mover's movement (enemy units, an encounter for the
    character, an opponent's armed Trap)."""
    if loc >= N_HEX:
        return False
    if enemy_presence(s, p, loc) != 0 or (u == UNIT_CHARACTER and s.encounter_token[loc] != 0):
        return True
    return s.token_owner[loc] != p and TOKEN_TRAP0 <= s.token_kind[loc] < TOKEN_DISARMED0


@njit
def can_start_moving(s, t, p, u, buf):
    loc = s.unit_loc[p, u]
    if loc == OFF_BOARD or (s.game[G_MOVED_MASK] >> u) & 1:
        return False
    return _step_targets(s, t, p, u, loc, buf, True) > 0


@njit
def select_unit(s, t, p, u):
    s.game[G_MOVER] = u
    s.game[G_MOVE_FROM0 + u] = s.unit_loc[p, u] + 1   # whence it came (return_from_contacts)
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
    frm = s.unit_loc[p, u]
    _note_step_abilities(s, t, p, u, frm, dest)
    if u < UNIT_WORKER0 and _needs_toka(s, t, p, frm, dest):
        s.game[G_TOKA_USED] = 1
        note_mech_ability(s, p, TOKA)
    pay_tolls(s, t, p, u, dest)
    put_unit(s, p, u, dest)
    cargo = s.game[G_CARGO_MASK]
    for w in range(UNIT_WORKER0, N_UNITS):
        if (cargo >> w) & 1:
            put_unit(s, p, w, dest)
    s.game[G_STEPS_LEFT] -= 1
    s.game[G_STEPS_TAKEN] += 1
    s.game[G_HERE_MASK] = 0
    stop = dest < N_HEX and spring_trap(s, t, p, dest)
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
        if t.edge[frm, dest] != 0 and has_ability(s, t, p, SEAWORTHY):
            note_mech_ability(s, p, SEAWORTHY)
        elif has_ability(s, t, p, SUBMERGE) or not has_ability(s, t, p, SUITON):
            note_mech_ability(s, p, SUBMERGE)
        else:
            note_mech_ability(s, p, SUITON)
    elif frm < N_HEX and _is_tunnel_for(s, t, p, frm) and _is_tunnel_for(s, t, p, dest):
        return
    elif t.edge[frm, dest] == 2:
        if _burrow_crossing(s, t, p, frm, dest):
            note_mech_ability(s, p, BURROW)
        elif mech_slot(s, p, RIVERWALK) >= 0:   # Toka counts its own use (step)
            note_mech_ability(s, p, RIVERWALK)
    elif t.edge[frm, dest] == 0:
        for ability in (TOWNSHIP, UNDERPASS, SUBMERGE, WAYFARE, RALLY, SHINOBI):
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
def pick_worker(s, p, w):
    s.game[G_MOVE_FROM0 + w] = s.unit_loc[p, w] + 1   # whence it came (return_from_contacts)
    s.game[G_CARGO_MASK] |= 1 << w
    s.game[G_HERE_MASK] |= 1 << 4


@njit
def drop_worker(s, w):
    s.game[G_CARGO_MASK] &= ~(1 << w)
    s.game[G_HERE_MASK] |= 1 << 12




@njit
def return_from_contacts(s):
    """The game ended mid-Move (a 6th star): the active player's units on every territory
    it still shares with an enemy character or mech (a fight not fought) return whence they
    came this Move (G_MOVE_FROM0 + u; a unit with no record stays)."""
    p = s.game[G_ACTIVE]
    contacts = 0   # bit loc: a fight not fought (found before any unit leaves)
    for loc in range(N_HEX):
        if _shares_a_fight(s, p, loc):
            contacts |= 1 << loc
    for u in range(N_UNITS):
        loc = s.unit_loc[p, u]
        back = s.game[G_MOVE_FROM0 + u] - 1
        if 0 <= loc < N_HEX and back >= 0 and (contacts >> loc) & 1:
            put_unit(s, p, u, back)


@njit
def _shares_a_fight(s, p, loc):
    """p's character or a mech and an enemy's character or mech are on loc."""
    if not enemy_presence(s, p, loc) & 1:
        return False
    for u in range(UNIT_WORKER0):
        if s.unit_loc[p, u] == loc:
            return True
    return False
