"""The Wind Gambit's airships: setup, the airship's move and cargo, tolls, and what the
airship changes at scoring (seed 001 "The Wind Gambit"; docs/RULES.md).

The airship is not a unit slot: it lives in s.airship_loc / s.airship, outside
unit_loc and occupancy, because it never occupies or controls a territory. So control,
presence, Rally, Ronin, combat cards and Traps ignore it by construction, and only the
rules that name it read it. Workers aboard are off the board (unit_loc OFF_BOARD, bit
set in AS_WORKERS) for the airship's move only: they must be dropped before it ends.

The tile effects that change tracks (the attacks, the end-of-move gains) are in
airship_effects.py, which may import the turn's rules (this module is below movement).
"""
from scythe_sim.compiled.jit import njit, njit_inline
from scythe_sim.compiled.rng import rand_below
from scythe_sim.compiled.rows import emit

from ...variants.wind_gambit.airships import (CARRY_WORKERS, FEE_RESOURCE, KIND_HAVEN, KIND_TOLL, TILE_CAPACITY,
                                              TILE_CARRY, TILE_FEE, TILE_FEE_COINS, TILE_FIGHTERS_ONLY, TILE_KIND,
                                              TILE_RANGE, TILE_TUNNELS, N_AGGRESSIVE)
from ...enums import FACTORY_SECTION, HOME, LAKE, N_HEX, N_RES
from ...layout import (A_AIRSHIP_BOARD, A_AIRSHIP_LAND, A_AIRSHIP_LOAD, A_AIRSHIP_STEP,
                      A_AIRSHIP_UNLOAD, AIRSHIP_BIT, AS_AGGRESSIVE, AS_ATTACKED, AS_PASSIVE, AS_STEPS,
                      AS_RES0, AS_WORKERS, AS_DESTROYED, G_ACTIVE, G_CARGO_MASK, G_CARGO_RES0, G_HERE_MASK, G_MOVED_MASK,
                      G_MOVER, G_N_PLAYERS, G_PHASE, G_SECTION, G_STEPS_LEFT, G_UNITS_LEFT,
                      N_UNITS, OFF_BOARD, PH_AIRSHIP, P_COINS, P_FACTION, RNG_VARIANT,
                      UNIT_WORKER0, AU_FLIGHTS, AU_RESOURCES, AU_TOLLS, AU_WORKERS)
from ...variants.wind_gambit.rules import (R_AIRSHIP_AGGRESSIVE, R_AIRSHIP_PASSIVE, R_AIRSHIP_PER_PLAYER,
                                           R_WIND_GAMBIT)
from ..board import NOBODY, OCC_BITS, controller, note_airship_use, put_unit
from .landing import can_drop_off, ferries, landing_within  # noqa: F401  (can_drop_off: strategies read it here)


# --- setup ------------------------------------------------------------------------------

@njit
def setup_airships(s, t, n):
    """Each player's airship on its home base with its tiles: one aggressive and one
    passive tile for all, fixed by the rules or drawn from the variant's stream (never the
    game's: base deals stay the same). With the Advanced Variant (rule airship_per_player)
    each player is dealt its own pair: the 8 tiles of a category are each one of a kind,
    so no two players hold the same tile; the first player's pair is the one drawn for
    all without it, and a tile the rules fix goes to every player."""
    if t.rules[R_WIND_GAMBIT] == 0:
        return
    dealt_aggressive, dealt_passive = 0, 0   # bits of the tiles dealt so far
    aggressive, passive = 0, 0
    for p in range(n):
        if p == 0 or t.rules[R_AIRSHIP_PER_PLAYER] != 0:
            aggressive = _deal(s, t.rules[R_AIRSHIP_AGGRESSIVE], 1, dealt_aggressive, p)
            passive = _deal(s, t.rules[R_AIRSHIP_PASSIVE], N_AGGRESSIVE + 1, dealt_passive, p)
            dealt_aggressive |= 1 << (aggressive - 1)
            dealt_passive |= 1 << (passive - N_AGGRESSIVE - 1)
        s.airship_loc[p] = t.home_loc[s.player[p, P_FACTION]]
        s.airship[p, AS_AGGRESSIVE] = aggressive
        s.airship[p, AS_PASSIVE] = passive


@njit
def _deal(s, fixed, first, dealt, k):
    """The fixed tile, or one of the category's tiles first.. not yet dealt (k of them
    are), uniformly from the variant's stream."""
    if fixed != 0:
        return fixed
    r = rand_below(s.rng, RNG_VARIANT, N_AGGRESSIVE - k)
    for i in range(N_AGGRESSIVE):
        if not (dealt >> i) & 1:
            if r == 0:
                return first + i
            r -= 1
    return first   # unreachable: at most 7 players, 8 tiles a category


@njit
def aggressive_param(s, t, p, field):
    return t.airship_tile[s.airship[p, AS_AGGRESSIVE] - 1, field]


@njit
def passive_param(s, t, p, field):
    return t.airship_tile[s.airship[p, AS_PASSIVE] - 1, field]


# --- the airship's move -------------------------------------------------------------------

@njit
def cargo_total(s, p):
    total = 0
    for r in range(N_RES):
        total += s.airship[p, AS_RES0 + r]
    return total


@njit
def _bits(mask):
    count = 0
    while mask:
        count += mask & 1
        mask >>= 1
    return count


# check_invariants' description of airships_ok
AIRSHIPS_INVARIANT = ("airships: one per player of the Wind Gambit, off the home bases but its own, cargo of its "
                      "tile's kind within capacity, workers aboard only during its move and counted once")


@njit_inline
def is_aboard(s, p, u):
    """p's unit u (a worker) rides p's airship (off the board during the airship's move)."""
    return (s.airship[p, AS_WORKERS] >> u) & 1


@njit
def workers_aboard(s, p):
    return _bits(s.airship[p, AS_WORKERS])


@njit
def airship_targets(s, t, p, out):
    """Where p's airship may fly in one step: any adjacent territory (rivers and lakes do
    not stop it, nor opponents' units), never a home base, the tunnels only with a tile
    that allows them. With workers aboard it flies the same, to any step from which a
    landing for them is still within the steps left (they must be dropped off in this
    move, and only where no opponent is: landing.py)."""
    frm = s.airship_loc[p]
    n = 0
    aboard = s.airship[p, AS_WORKERS] != 0
    left = s.game[G_STEPS_LEFT] - 1
    for k in range(t.neighbours.shape[1]):
        nb = t.neighbours[frm, k]
        if nb < 0:
            break
        if t.terrain[nb] != HOME and (not aboard or landing_within(s, t, p, nb, left, True)):
            out[n] = nb
            n += 1
    if frm < N_HEX and t.is_tunnel[frm] != 0 and passive_param(s, t, p, TILE_TUNNELS) != 0:
        for loc in range(N_HEX):
            if t.is_tunnel[loc] != 0 and loc != frm and t.edge[frm, loc] == 0 and (
                    not aboard or landing_within(s, t, p, loc, left, True)):
                out[n] = loc
                n += 1
    return n


@njit
def can_select_airship(s, t, p, buf):
    if s.airship_loc[p] == OFF_BOARD or (s.game[G_MOVED_MASK] >> AIRSHIP_BIT) & 1:
        return False
    return airship_targets(s, t, p, buf) > 0


@njit
def select_airship(s, t, p):
    """The airship moves as one of the Move's units: its passive tile's range, +1 on a
    Factory card's Move."""
    s.game[G_MOVED_MASK] |= 1 << AIRSHIP_BIT
    s.game[G_UNITS_LEFT] -= 1
    steps = passive_param(s, t, p, TILE_RANGE)
    s.game[G_STEPS_LEFT] = steps + 1 if s.game[G_SECTION] == FACTORY_SECTION else steps
    s.game[G_HERE_MASK] = 0
    s.airship[p, AS_ATTACKED] = 0
    s.airship[p, AS_STEPS] = 0
    s.game[G_PHASE] = PH_AIRSHIP
    note_airship_use(s, p, AU_FLIGHTS, 1)


@njit
def airship_step(s, p, dest):
    s.airship_loc[p] = dest
    s.airship[p, AS_STEPS] += 1
    s.game[G_STEPS_LEFT] -= 1
    s.game[G_HERE_MASK] = 0


@njit
def legal_airship_cargo(s, t, p, out, n):
    """Loads and unloads at the airship's territory: resources (an aggressive tile that
    carries resources; never from a territory an opponent controls, never onto a lake) or
    workers (one that carries workers; dropped only where no opponent is; with Ferry over
    a lake, boarding from and leaving onto the land around it)."""
    loc = s.airship_loc[p]
    if loc >= N_HEX:
        return n
    if aggressive_param(s, t, p, TILE_CARRY) == CARRY_WORKERS:
        return _legal_workers(s, t, p, loc, out, n)
    here = s.game[G_HERE_MASK]
    room = aggressive_param(s, t, p, TILE_CAPACITY) - cargo_total(s, p)
    owner = controller(s, loc)
    can_load = (owner == p or owner == NOBODY) and t.terrain[loc] != LAKE
    for r in range(N_RES):
        if can_load and not (here >> (8 + r)) & 1:
            for k in range(1, min(room, s.hex_res[loc, r]) + 1):
                n = emit(out, n, A_AIRSHIP_LOAD, r, k, 0)
        if t.terrain[loc] != LAKE and not (here >> r) & 1:
            for k in range(1, s.airship[p, AS_RES0 + r] + 1):
                n = emit(out, n, A_AIRSHIP_UNLOAD, r, k, 0)
    return n


@njit
def _legal_workers(s, t, p, loc, out, n):
    """Landing rows (a0 the worker, a1 where it goes) and boarding rows (one per
    territory: workers on one territory are interchangeable). A worker boards only when it
    can be dropped off elsewhere within the steps left."""
    here = s.game[G_HERE_MASK]
    ferry = ferries(s, t, p, loc)
    room = aggressive_param(s, t, p, TILE_CAPACITY) - workers_aboard(s, p)
    if not landing_within(s, t, p, loc, s.game[G_STEPS_LEFT], False):
        room = 0
    listed = 0   # bit loc: a boarding row from loc is listed
    for w in range(UNIT_WORKER0, N_UNITS):
        if (s.airship[p, AS_WORKERS] >> w) & 1:
            if not (here >> 4) & 1 and can_drop_off(s, t, p, loc):
                n = emit(out, n, A_AIRSHIP_LAND, w, loc, 0)
            if ferry:
                n = _ferry_landings(s, t, p, loc, w, out, n)
            continue
        at = s.unit_loc[p, w]
        if room <= 0 or (here >> 12) & 1 or at < 0 or (listed >> at) & 1:
            continue
        if at == loc or (ferry and t.edge[loc, at] != 0 and at < N_HEX):
            n = emit(out, n, A_AIRSHIP_BOARD, w, 0, 0)
            listed |= 1 << at
    return n


@njit
def _ferry_landings(s, t, p, loc, w, out, n):
    for k in range(t.neighbours.shape[1]):
        nb = t.neighbours[loc, k]
        if nb < 0:
            break
        if can_drop_off(s, t, p, nb):
            n = emit(out, n, A_AIRSHIP_LAND, w, nb, 0)
    return n


@njit
def legal_airship_steps(s, t, p, out, n, buf):
    if s.game[G_STEPS_LEFT] > 0:
        k = airship_targets(s, t, p, buf)
        for i in range(k):
            n = emit(out, n, A_AIRSHIP_STEP, buf[i], 0, 0)
    return n


@njit
def load(s, p, r, k):
    loc = s.airship_loc[p]
    s.hex_res[loc, r] -= k
    s.airship[p, AS_RES0 + r] += k
    s.game[G_HERE_MASK] |= 1 << r
    note_airship_use(s, p, AU_RESOURCES, k)


@njit
def unload(s, p, r, k):
    loc = s.airship_loc[p]
    s.hex_res[loc, r] += k
    s.airship[p, AS_RES0 + r] -= k
    s.game[G_HERE_MASK] |= 1 << (8 + r)


@njit
def board_worker(s, p, w):
    """The worker goes aboard: off the board (it neither controls, produces nor trades,
    and opponents cannot reach it) until it is dropped off in this move."""
    put_unit(s, p, w, OFF_BOARD)
    s.airship[p, AS_WORKERS] |= 1 << w
    s.game[G_HERE_MASK] |= 1 << 4
    note_airship_use(s, p, AU_WORKERS, 1)


@njit
def land_worker(s, p, w, dest):
    """The worker leaves the airship onto dest: where it stands, or (Ferry) beside its lake."""
    put_unit(s, p, w, dest)
    s.airship[p, AS_WORKERS] &= ~(1 << w)
    s.game[G_HERE_MASK] |= 1 << 12


# --- tolls: an aggressive tile that stops opponents' units --------------------------------

@njit
def _tolls_here(s, t, q, loc, u):
    """q's airship on loc holds a toll tile that stops unit slot u."""
    if s.airship_loc[q] != loc or aggressive_param(s, t, q, TILE_KIND) != KIND_TOLL:
        return False
    return u < UNIT_WORKER0 or aggressive_param(s, t, q, TILE_FIGHTERS_ONLY) == 0


@njit
def _units_entering(s, u):
    """The mover and the workers it carries."""
    return 1 + (_bits(s.game[G_CARGO_MASK]) if s.game[G_MOVER] == u else 0)


@njit
def _carried_resources(s, u):
    if s.game[G_MOVER] != u:
        return 0
    total = 0
    for r in range(N_RES):
        total += s.game[G_CARGO_RES0 + r]
    return total


@njit
def toll_blocks(s, t, p, u, loc):
    """Opponents' toll airships on loc stop p's unit u (Toll: unless it carries
    resources; Siege Engine: unless p can pay the coins). Several opponents' airships may
    share a territory: entering pays every one of them (pay_tolls), so the coins are
    checked against the fees' sum, not each fee alone."""
    coins_due = 0
    for q in range(s.game[G_N_PLAYERS]):
        if q == p or not _tolls_here(s, t, q, loc, u):
            continue
        if aggressive_param(s, t, q, TILE_FEE) == FEE_RESOURCE:
            if _carried_resources(s, u) == 0:
                return True
        else:
            coins_due += aggressive_param(s, t, q, TILE_FEE_COINS) * _fee_units(s, t, q, u)
    return s.player[p, P_COINS] < coins_due


@njit
def without_tolled(s, t, p, u, out, n):
    """The steps of out[:n] no opponent's toll airship stops; returns their count (n
    without The Wind Gambit)."""
    if t.rules[R_WIND_GAMBIT] == 0:
        return n
    m = 0
    for i in range(n):
        if out[i] >= N_HEX or not toll_blocks(s, t, p, u, out[i]):
            out[m] = out[i]
            m += 1
    return m


@njit
def _fee_units(s, t, q, u):
    return 1 if aggressive_param(s, t, q, TILE_FIGHTERS_ONLY) != 0 else _units_entering(s, u)


@njit
def pay_tolls(s, t, p, u, loc):
    """p's mover u entered loc: each opponent's toll airship there takes its fee (Toll: 1
    carried resource per unit entering onto the airship while it has room, the lowest
    resource first; Siege Engine: coins to the supply). Nothing without The Wind Gambit,
    or off the board's hexes."""
    if t.rules[R_WIND_GAMBIT] == 0 or loc >= N_HEX:
        return
    for q in range(s.game[G_N_PLAYERS]):
        if q == p or not _tolls_here(s, t, q, loc, u):
            continue
        if aggressive_param(s, t, q, TILE_FEE) != FEE_RESOURCE:
            s.player[p, P_COINS] -= aggressive_param(s, t, q, TILE_FEE_COINS) * _fee_units(s, t, q, u)
            note_airship_use(s, q, AU_TOLLS, 1)
            continue
        owed = _units_entering(s, u)
        room = aggressive_param(s, t, q, TILE_CAPACITY) - cargo_total(s, q)
        for r in range(N_RES):
            while owed > 0 and room > 0 and s.game[G_CARGO_RES0 + r] > 0:
                s.game[G_CARGO_RES0 + r] -= 1
                s.airship[q, AS_RES0 + r] += 1
                owed -= 1
                room -= 1
                note_airship_use(s, q, AU_TOLLS, 1)


# --- scoring and spending -------------------------------------------------------------------

@njit
def haven_owner(s, t, loc):
    """Safe Haven: the player whose haven airship is on loc, which no one occupies and
    no structure holds (the territory counts as theirs at scoring); NOBODY otherwise, and
    always without The Wind Gambit."""
    if t.rules[R_WIND_GAMBIT] == 0 or controller(s, loc) != NOBODY:
        return NOBODY
    for p in range(s.game[G_N_PLAYERS]):
        if s.airship_loc[p] == loc and passive_param(s, t, p, TILE_KIND) == KIND_HAVEN:
            return p
    return NOBODY


@njit
def haven_refuge(s, t, p, loc):
    """Safe Haven "serves as a retreat location": the territory of p's haven airship, where
    p's units losing a fight on loc may retreat instead of home (land other than loc with
    no opponent's unit); -1 when there is none (or no Wind Gambit)."""
    if t.rules[R_WIND_GAMBIT] == 0:
        return -1
    x = s.airship_loc[p]
    if x < 0 or x >= N_HEX or x == loc or passive_param(s, t, p, TILE_KIND) != KIND_HAVEN:
        return -1
    return x if can_drop_off(s, t, p, x) else -1


@njit
def opponents_with_units(s, p, loc):
    """Bit q set for each opponent q with a unit (character, mech or worker) on loc."""
    mask = 0
    for q in range(s.game[G_N_PLAYERS]):
        if q != p and (s.occupancy[loc] >> (OCC_BITS * q)) & 0xFF:
            mask |= 1 << q
    return mask


# --- invariant ------------------------------------------------------------------------------

@njit
def airships_ok(s, t, n):
    """One airship per player exactly when the Wind Gambit is played; on a territory or
    its own home base (where it starts and retreats to), or off the board once destroyed
    in All Out War; both tiles of the right category;
    cargo of the aggressive tile's kind within its capacity; workers aboard only during
    the active player's airship move, off the board meanwhile (so counted once)."""
    for p in range(s.airship_loc.shape[0]):
        loc = s.airship_loc[p]
        if p >= n or t.rules[R_WIND_GAMBIT] == 0:
            if loc != OFF_BOARD or cargo_total(s, p) != 0 or s.airship[p, AS_WORKERS] != 0:
                return False
            continue
        if s.airship[p, AS_DESTROYED] != 0:   # lost in All Out War's ship combat (war/invariants.py)
            continue
        if not (0 <= loc < N_HEX or loc == t.home_loc[s.player[p, P_FACTION]]):
            return False
        if not (1 <= s.airship[p, AS_AGGRESSIVE] <= N_AGGRESSIVE < s.airship[p, AS_PASSIVE] <= 2 * N_AGGRESSIVE):
            return False
        if not _cargo_ok(s, t, p):
            return False
    return True


@njit
def _cargo_ok(s, t, p):
    for r in range(N_RES):
        if s.airship[p, AS_RES0 + r] < 0:
            return False
    workers = s.airship[p, AS_WORKERS]
    carried = workers_aboard(s, p) if aggressive_param(s, t, p, TILE_CARRY) == CARRY_WORKERS else cargo_total(s, p)
    if carried > aggressive_param(s, t, p, TILE_CAPACITY):
        return False
    if aggressive_param(s, t, p, TILE_CARRY) == CARRY_WORKERS and cargo_total(s, p) != 0:
        return False
    if workers != 0 and (s.game[G_PHASE] != PH_AIRSHIP or s.game[G_ACTIVE] != p):
        return False
    for w in range(UNIT_WORKER0, N_UNITS):
        if (workers >> w) & 1 and s.unit_loc[p, w] != OFF_BOARD:
            return False
    return workers & ((1 << UNIT_WORKER0) - 1) == 0


@njit
def clear_airships(s):
    """The airships' fields of the State blank: off the board, nothing aboard, no tiles."""
    s.airship_loc[:] = OFF_BOARD
    s.airship[:] = 0
