"""Who is where: occupancy, control and ability queries over the state.

Control follows the rulebook: the player with units on a territory controls it; a
structure controls its territory for its owner while no enemy unit is there. Home bases
are never territories.

Occupancy is kept, not searched: ``put_unit`` and ``put_structure`` are the only code
that moves a piece, and they keep ``s.occupancy`` (each player's units on each
location, packed 8 bits a player) and ``s.structure_owner`` in step with ``unit_loc``
and ``struct_loc``, so control and presence are a few reads instead of a scan of every
piece (the scan was the engine's largest cost). Code that sets locations directly
(positions, tests) calls ``rebuild_occupancy`` after; check_invariants compares both
fields with a recount.
"""
from scythe_sim.compiled.jit import njit, njit_entry, njit_inline

from ..enums import N_CUBES, N_HEX, N_LOC, N_SECTIONS, N_STRUCTURES
from ..layout import (AS_RES0, MAX_PLAYERS, N_MECHS, N_UNITS, OFF_BOARD, P_CUBE0,
                      P_MECH_ABILITY0, P_RECRUIT0, UNIT_CHARACTER, UNIT_MECH0, UNIT_WORKER0, USE_FACTION0,
                      USE_MECH0, USE_AIRSHIP0)

NOBODY = -1
CONTESTED = -2

# s.occupancy[loc]: 8 bits per player p from bit 8p, the count of its characters and
# mechs in the low 4 bits (at most 5) and of its workers in the high 4 (at most 8)
OCC_BITS = 8
OCC_FIGHTERS = 0x0F0F0F0F0F0F0F    # every player's character-and-mech counts
OCC_WORKERS = 0xF0F0F0F0F0F0F0     # every player's worker counts


@njit_inline
def _unit_one(p, u):
    """One unit of slot u of player p, in s.occupancy's packing."""
    return 1 << (OCC_BITS * p + (4 if u >= UNIT_WORKER0 else 0))


@njit
def put_unit(s, p, u, loc):
    """Unit u of player p goes to loc (OFF_BOARD: back to its mat): every move of a unit."""
    old = s.unit_loc[p, u]
    if old != OFF_BOARD:
        s.occupancy[old] -= _unit_one(p, u)
    s.unit_loc[p, u] = loc
    if loc != OFF_BOARD:
        s.occupancy[loc] += _unit_one(p, u)


@njit
def put_structure(s, p, k, loc):
    """Structure k of player p goes to loc (OFF_BOARD: removed): every build or removal."""
    old = s.struct_loc[p, k]
    if old != OFF_BOARD:
        s.structure_owner[old] = NOBODY
    s.struct_loc[p, k] = loc
    if loc != OFF_BOARD:
        s.structure_owner[loc] = p


@njit
def occupancy_count(s, loc):
    """s.occupancy[loc] recounted from unit_loc (for rebuild_occupancy and the invariant)."""
    packed = 0
    for p in range(MAX_PLAYERS):
        for u in range(N_UNITS):
            if s.unit_loc[p, u] == loc:
                packed += _unit_one(p, u)
    return packed


@njit
def structure_count_owner(s, loc):
    """s.structure_owner[loc] recounted from struct_loc (rebuild and the invariant)."""
    for p in range(MAX_PLAYERS):
        for k in range(N_STRUCTURES):
            if s.struct_loc[p, k] == loc:
                return p
    return NOBODY


@njit_entry
def rebuild_occupancy(s):
    """Occupancy and structure owners from the pieces' locations, after code that set
    unit_loc or struct_loc without put_unit / put_structure (positions, tests)."""
    for loc in range(N_LOC):
        s.occupancy[loc] = occupancy_count(s, loc)
        s.structure_owner[loc] = structure_count_owner(s, loc)


@njit
def unit_owner_at(s, loc):
    """Player with units on loc, NOBODY, or CONTESTED when several players have units there."""
    packed = s.occupancy[loc]
    if packed == 0:
        return NOBODY
    p = 0
    while (packed >> (OCC_BITS * p)) & 0xFF == 0:
        p += 1
    if packed >> (OCC_BITS * (p + 1)) != 0:
        return CONTESTED
    return p


@njit
def structure_owner_at(s, loc):
    """Owner of the structure on loc, or NOBODY."""
    return s.structure_owner[loc]




@njit
def controller(s, loc):
    """Who controls territory loc: a player, NOBODY or CONTESTED (units of two players)."""
    if loc >= N_HEX:
        return NOBODY
    owner = unit_owner_at(s, loc)
    if owner != NOBODY:
        return owner
    return structure_owner_at(s, loc)




@njit
def controls(s, p, loc):
    """controller(s, loc) == p for a player p, without finding who else it is: p's units
    alone on the territory, or none at all and p's structure (the rules ask this of one
    player far more often than who controls a territory)."""
    if loc >= N_HEX:
        return False
    packed = s.occupancy[loc]
    if packed == 0:
        return s.structure_owner[loc] == p
    return (packed & ~(0xFF << (OCC_BITS * p))) == 0


@njit
def pieces_on(s, p, loc):
    """p's units and structures on loc."""
    mine = (s.occupancy[loc] >> (OCC_BITS * p)) & 0xFF
    return (mine & 0xF) + (mine >> 4) + (1 if s.structure_owner[loc] == p else 0)


@njit
def count_workers(s, p, loc):
    return (s.occupancy[loc] >> (OCC_BITS * p + 4)) & 0xF


@njit
def count_mechs(s, p, loc):
    fighters = (s.occupancy[loc] >> (OCC_BITS * p)) & 0xF
    return fighters - (1 if s.unit_loc[p, UNIT_CHARACTER] == loc else 0)


@njit
def enemy_presence(s, p, loc):
    """Bit 1: an enemy character or mech is on loc; bit 2: enemy workers are on loc."""
    others = s.occupancy[loc] & ~(0xFF << (OCC_BITS * p))
    return (1 if others & OCC_FIGHTERS else 0) | (2 if others & OCC_WORKERS else 0)


@njit_inline
def mech_slot(s, p, ability):
    """p's mech slot (0..3) whose mech carries this mech ability, -1 none."""
    for m in range(N_MECHS):
        if s.player[p, P_MECH_ABILITY0 + m] == ability:
            return m
    return -1


@njit_inline
def has_ability(s, t, p, ability):
    """True when p has deployed the mech that carries this mech ability."""
    slot = mech_slot(s, p, ability)
    return slot >= 0 and s.unit_loc[p, UNIT_MECH0 + slot] != OFF_BOARD


@njit
def note_faction_ability(s, p, ability):
    """Count one use of p's faction ability (a statistic; no rule reads it)."""
    s.ability_uses[p, USE_FACTION0 + ability] += 1


@njit
def note_mech_ability(s, p, ability):
    """Count one use of a mech ability of p's (a statistic; no rule reads it)."""
    s.ability_uses[p, USE_MECH0 + ability] += 1


@njit
def note_airship_use(s, p, use, amount):
    """Count `amount` of p's airship use AU_* (The Wind Gambit; a statistic, no rule reads it)."""
    s.ability_uses[p, USE_AIRSHIP0 + use] += amount


@njit
def workers_on_board(s, p):
    c = 0
    for u in range(UNIT_WORKER0, N_UNITS):
        if s.unit_loc[p, u] != OFF_BOARD:
            c += 1
    return c


@njit
def first_worker_on_mat(s, p):
    for u in range(UNIT_WORKER0, N_UNITS):
        if s.unit_loc[p, u] == OFF_BOARD:
            return u
    return -1


@njit
def mechs_deployed(s, p):
    c = 0
    for m in range(UNIT_MECH0, UNIT_WORKER0):
        if s.unit_loc[p, m] != OFF_BOARD:
            c += 1
    return c


@njit
def structures_built(s, p):
    c = 0
    for k in range(N_STRUCTURES):
        if s.struct_loc[p, k] != OFF_BOARD:
            c += 1
    return c


@njit
def upgrades_done(s, p):
    """Technology cubes p has moved."""
    c = 0
    for k in range(N_CUBES):
        c += s.player[p, P_CUBE0 + k]
    return c


@njit
def recruits_enlisted(s, p):
    c = 0
    for b in range(N_SECTIONS):
        c += s.player[p, P_RECRUIT0 + b]
    return c


@njit
def controlled_resource(s, p, r):
    """Tokens of resource r on territories p controls and aboard p's airship (what p
    may spend)."""
    total = s.airship[p, AS_RES0 + r]
    for loc in range(N_HEX):
        if s.hex_res[loc, r] > 0 and controls(s, p, loc):
            total += s.hex_res[loc, r]
    return total
