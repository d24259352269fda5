"""How the war map looks from one faction's seat: what each territory is worth, how
much enemy force could reach it next turn, and how many units the faction wants on it.

Everything here is public: divisions and mechs on the board, home bases, terrain. A
territory next to the faction's own home base weighs HOME_GUARD times its points (an
enemy standing there means capitulation); one next to a fighting enemy's home base is
a capitulation within reach."""
from scythe_sim.compiled.jit import njit

from ..view import G_N_PLAYERS, HOME, LAKE, N_HEX, count_mechs
from .view import home_of, in_war, territory_points, units_at, war_controller

HOME_GUARD = 3.0    # a home-adjacent territory counts this many times (at least 1 + its points)
MECH_THREAT = 3.0   # an enemy mech nearby counts as this many divisions (it carries, it wins ties)
RIVER = 2           # t.edge value of a river crossing


@njit
def is_land(t, loc):
    return loc < N_HEX and t.terrain[loc] != LAKE and t.terrain[loc] != HOME


@njit
def guards_home(s, t, p, loc):
    """loc touches p's own home base."""
    return loc < N_HEX and t.edge[loc, home_of(s, t, p)] != 0


@njit
def capitulation_target(s, t, p, loc):
    """The fighting enemy whose home base loc touches (-1 none): holding loc with units
    makes it capitulate to p."""
    if not is_land(t, loc):
        return -1
    for q in range(s.game[G_N_PLAYERS]):
        if q != p and in_war(s, q) and t.edge[loc, home_of(s, t, q)] != 0:
            return q
    return -1


@njit
def worth(s, t, p, loc):
    """What holding loc is worth to p, in territorial points (home guard included)."""
    v = float(territory_points(t, loc))
    if guards_home(s, t, p, loc):
        v = HOME_GUARD * (1.0 + v)
    return v


@njit
def enemy_units(s, p, loc):
    total = 0
    for q in range(s.game[G_N_PLAYERS]):
        if q != p and in_war(s, q):
            total += units_at(s, q, loc)
    return total


@njit
def danger(s, t, p, loc):
    """Enemy force that could stand on loc after one enemy Move: enemy divisions on it
    and on neighbours not across a river, and enemy mechs next to it (as MECH_THREAT)."""
    total = float(enemy_units(s, p, loc))
    for k in range(t.neighbours.shape[1]):
        nb = t.neighbours[loc, k]
        if nb < 0:
            break
        if nb >= N_HEX:
            continue
        for q in range(s.game[G_N_PLAYERS]):
            if q == p or not in_war(s, q):
                continue
            if t.edge[loc, nb] != RIVER:
                total += s.divisions[q, nb]
            total += MECH_THREAT * count_mechs(s, q, nb)
    return total


@njit
def keep(s, t, p, loc):
    """Units p wants to keep on its territory loc: enough to face the danger, more
    next to its home base, at least one."""
    d = danger(s, t, p, loc)
    if guards_home(s, t, p, loc):
        return 2.0 + 1.5 * d
    if d > 0.0:
        return 1.0 + d
    return 1.0


@njit
def frontier(s, t, p, loc):
    """Worth of the land next to loc (not across a river) that p does not hold: room
    to expand or attack, a capitulation most."""
    total = 0.0
    for k in range(t.neighbours.shape[1]):
        nb = t.neighbours[loc, k]
        if nb < 0:
            break
        if is_land(t, nb) and t.edge[loc, nb] != RIVER and war_controller(s, nb) != p:
            total += territory_points(t, nb)
            if capitulation_target(s, t, p, nb) >= 0:
                total += 2.0 * HOME_GUARD
    return total


@njit
def need(s, t, p, loc):
    """How much p's territory loc wants more units: its shortfall against keep(),
    weighted by its worth, plus a little for staging next to land to take."""
    short = keep(s, t, p, loc) - units_at(s, p, loc)
    return short * (1.0 + worth(s, t, p, loc)) + 0.6 * frontier(s, t, p, loc)


@njit
def front_distance(s, t, p, loc, dist):
    """Steps (rivers count RIVER_STEP, workspace.board_distances) from loc to the
    nearest land p does not hold: how far its units there are from the front."""
    best = 99
    for x in range(N_HEX):
        if dist[loc, x] < best and is_land(t, x) and war_controller(s, x) != p:
            best = dist[loc, x]
    return best
