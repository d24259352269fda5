"""Who holds what in the war: divisions and mechs control territories (characters stay
at their home bases), territorial points, and which territories touch a home base."""
from scythe_sim.compiled.jit import njit
from scythe_sim.compiled.rows import emit as war_emit  # noqa: F401  (the war's modules import it from here)

from ...enums import FACTORY, HOME, LAKE, MINE, N_HEX, VILLAGE
from ...layout import G_N_PLAYERS, P_FACTION
from ...variants.war.layout import W_CAPITULATED_BY
from ...variants.war.rules import R_WAR_POINTS_FACTORY, R_WAR_POINTS_OTHER, R_WAR_POINTS_VILLAGE
from ..board import CONTESTED, NOBODY, count_mechs, structure_owner_at


@njit
def units_at(s, p, loc):
    """p's war units on loc: divisions and mechs."""
    return s.divisions[p, loc] + count_mechs(s, p, loc)


@njit
def in_war(s, p):
    """p still fights (has not capitulated)."""
    return s.war[p, W_CAPITULATED_BY] < 0


@njit
def war_controller(s, loc):
    """Who controls territory loc in the war: the player with divisions or mechs there,
    else the owner of a structure there; NOBODY, or CONTESTED during a fight."""
    if loc >= N_HEX:
        return NOBODY
    found = NOBODY
    for p in range(s.game[G_N_PLAYERS]):
        if units_at(s, p, loc) > 0:
            if found == NOBODY:
                found = p
            else:
                return CONTESTED
    if found != NOBODY:
        return found
    return structure_owner_at(s, loc)


@njit
def enemy_at(s, p, loc):
    """The first other player with war units on loc, or -1."""
    for q in range(s.game[G_N_PLAYERS]):
        if q != p and units_at(s, q, loc) > 0:
            return q
    return -1


@njit
def territory_points(t, loc):
    """Territorial points of a location: Factory 3, village 2, other land 1, lakes and
    home bases 0 (the numbers are rules: war_points_*)."""
    ter = t.terrain[loc]
    if loc >= N_HEX or ter == LAKE or ter == HOME:
        return 0
    if ter == FACTORY:
        return t.rules[R_WAR_POINTS_FACTORY]
    if ter == VILLAGE:
        return t.rules[R_WAR_POINTS_VILLAGE]
    return t.rules[R_WAR_POINTS_OTHER]


@njit
def war_points(s, t, p):
    total = 0
    for loc in range(N_HEX):
        if war_controller(s, loc) == p:
            total += territory_points(t, loc)
    return total


@njit
def home_of(s, t, p):
    return t.home_loc[s.player[p, P_FACTION]]


@njit
def next_to_other_home(s, t, p, loc):
    """The first other player (capitulated or not) whose home base touches loc, or -1."""
    for q in range(s.game[G_N_PLAYERS]):
        if q != p and t.edge[loc, home_of(s, t, q)] != 0:
            return q
    return -1


@njit
def own_structure_at(s, p, loc):
    for k in range(s.struct_loc.shape[1]):
        if s.struct_loc[p, k] == loc:
            return True
    return False


@njit
def own_tunnel(s, t, p, loc):
    """Tunnels, and p's own Mine (a tunnel only for p), as for workers."""
    return t.is_tunnel[loc] != 0 or (loc < N_HEX and s.struct_loc[p, MINE] == loc)


@njit
def place_spot(s, t, p, loc):
    """Divisions may be placed (deployment, Produce) on land p controls."""
    return loc < N_HEX and t.terrain[loc] != LAKE and war_controller(s, loc) == p


@njit
def any_place_spot(s, t, p):
    for loc in range(N_HEX):
        if place_spot(s, t, p, loc):
            return True
    return False


@njit
def control_hash(s):
    """A checksum of every territory's controller (quiet rounds compare it)."""
    h = 0
    for loc in range(N_HEX):
        h = (h * 31 + war_controller(s, loc) + 3) % 2305843009213693951
    return h


@njit
def players_in_war(s):
    c = 0
    for p in range(s.game[G_N_PLAYERS]):
        if in_war(s, p):
            c += 1
    return c
