"""Who is where: occupancy, control and ability queries over the state.

These read the state only. Control follows the rulebook: the player with units on a
territory controls it; a structure controls its territory for its owner while no
enemy unit is there. Home bases are never territories.
"""
from ..compiled.jit import njit, njit_inline
from ..enums import N_CUBES, N_HEX, N_SECTIONS, N_STRUCTURES
from ..layout import (G_N_PLAYERS, N_MECHS, N_UNITS, OFF_BOARD, P_CUBE0, P_MECH_ABILITY0,
                      P_RECRUIT0, UNIT_MECH0, UNIT_WORKER0, USE_FACTION0, USE_MECH0)

NOBODY = -1
CONTESTED = -2






@njit
def unit_owner_at(s, loc):
    """Player with units on loc, NOBODY, or CONTESTED when several players have units there."""
    n = s.game[G_N_PLAYERS]
    found = NOBODY
    for p in range(n):
        for u in range(N_UNITS):
            if s.unit_loc[p, u] == loc:
                if found == NOBODY:
                    found = p
                elif found != p:
                    return CONTESTED
                break
    return found


@njit
def structure_owner_at(s, loc):
    """Owner of the structure on loc, or NOBODY."""
    n = s.game[G_N_PLAYERS]
    for p in range(n):
        for k in range(N_STRUCTURES):
            if s.struct_loc[p, k] == loc:
                return p
    return NOBODY




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
def pieces_on(s, p, loc):
    """p's units and structures on loc."""
    c = 0
    for u in range(N_UNITS):
        if s.unit_loc[p, u] == loc:
            c += 1
    for k in range(N_STRUCTURES):
        if s.struct_loc[p, k] == loc:
            c += 1
    return c


@njit
def _count_units(s, p, loc, first, stop):
    """p's units of slots first..stop-1 on loc."""
    c = 0
    for u in range(first, stop):
        if s.unit_loc[p, u] == loc:
            c += 1
    return c


@njit
def count_workers(s, p, loc):
    return _count_units(s, p, loc, UNIT_WORKER0, N_UNITS)


@njit
def count_mechs(s, p, loc):
    return _count_units(s, p, loc, UNIT_MECH0, UNIT_WORKER0)


@njit
def enemy_presence(s, p, loc):
    """Bit 1: an enemy character or mech is on loc; bit 2: enemy workers are on loc."""
    n = s.game[G_N_PLAYERS]
    flags = 0
    for q in range(n):
        if q == p:
            continue
        for u in range(N_UNITS):
            if s.unit_loc[q, u] == loc:
                flags |= 2 if u >= UNIT_WORKER0 else 1
    return flags


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
    """Tokens of resource r on territories p controls (what p may spend)."""
    total = 0
    for loc in range(N_HEX):
        if s.hex_res[loc, r] > 0 and controller(s, loc) == p:
            total += s.hex_res[loc, r]
    return total
