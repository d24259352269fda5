"""A war Move's bookkeeping (seed 003 "Move Action", "Attacker Retreats"): what each
division did in this Move, and where each attacking group came from.

Divisions may move one territory and then be carried, or be carried and then move one
territory, in one Move ("the normal rules for carried pieces apply"). So each division on
a territory is in one of four states: fresh (may walk or be carried), walked
(s.war_moved[loc, WM_WALKED]: may still be carried), carried (WM_CARRIED: may still
walk), or done (s.mark[loc]: walked and carried, or stopped in an enemy's territory).
Which of a territory's divisions go is the player's choice; the kernel takes the ones
that keep the most options: a corps takes the carried ones first, a carrier the walked.

Every group that enters an enemy's territory is recorded (s.war_groups): a retreat sends
each back to the territory it came from (a blitz drop's back aboard its airship); the
fight's losses come off the groups that entered last first (reading: the text keeps the
groups apart without saying whose cubes fall)."""
from scythe_sim.compiled.jit import njit

from ...enums import N_LOC
from ...layout import AS_DESTROYED, AS_DIVISIONS, UNIT_MECH0, UNIT_WORKER0
from ...variants.war.layout import (FROM_AIRSHIP, MAX_WAR_GROUPS, N_WAR_GROUP_FIELDS, WG_DIVISIONS, WG_MECHS,
                                    WG_ORIGIN, WG_TERRITORY, WM_CARRIED, WM_WALKED)
from ...variants.war.rules import R_WAR_AIRSHIP_CARRY
from ..board import put_unit


@njit
def reset_move(s):
    """A war Move begins: nothing moved yet, no group recorded."""
    for loc in range(N_LOC):
        s.mark[loc] = 0
        s.war_moved[loc, WM_WALKED] = 0
        s.war_moved[loc, WM_CARRIED] = 0
    for g in range(MAX_WAR_GROUPS):
        blank_group(s, g)


@njit
def blank_group(s, g):
    """Group slot g holds no group: how a Move starts, and a group struck off."""
    for f in range(N_WAR_GROUP_FIELDS):
        s.war_groups[g, f] = -1


@njit
def fresh(s, p, loc, aside):
    """p's divisions on loc that neither walked nor were carried this Move (aside: a moving
    mech's cargo, counted on its territory but not of it)."""
    return (s.divisions[p, loc] - aside - s.mark[loc] - s.war_moved[loc, WM_WALKED]
            - s.war_moved[loc, WM_CARRIED])


@njit
def may_walk(s, p, loc):
    return fresh(s, p, loc, 0) + s.war_moved[loc, WM_CARRIED]


@njit
def may_be_carried(s, p, loc, aside):
    return fresh(s, p, loc, aside) + s.war_moved[loc, WM_WALKED]


@njit
def walk(s, p, frm, to, k, into_enemy):
    """k divisions walk frm -> to, the carried ones first (they are then done); the fresh
    ones may still be carried; entering an enemy's territory all stop."""
    c = min(k, s.war_moved[frm, WM_CARRIED])
    s.war_moved[frm, WM_CARRIED] -= c
    s.divisions[p, frm] -= k
    s.divisions[p, to] += k
    if into_enemy:
        s.mark[to] += k
    else:
        s.mark[to] += c
        s.war_moved[to, WM_WALKED] += k - c


@njit
def pick_up(s, loc, k):
    """k divisions on loc go aboard a carrier, the walked ones first; returns how many of
    them walked (once set down, those are done)."""
    w = min(k, s.war_moved[loc, WM_WALKED])
    s.war_moved[loc, WM_WALKED] -= w
    return w


@njit
def set_down(s, loc, k, walked, into_enemy):
    """k carried divisions, `walked` of them walked this Move, are set down on loc: those
    that walked are done, the others may still walk; in an enemy's territory all stop."""
    if into_enemy:
        s.mark[loc] += k
    else:
        s.mark[loc] += walked
        s.war_moved[loc, WM_CARRIED] += k - walked


@njit
def add_group(s, loc, origin, k, mechs):
    """A group of k divisions and the mechs (unit-slot bits) entered the enemy-held loc
    from origin (FROM_AIRSHIP for a blitz drop)."""
    for g in range(MAX_WAR_GROUPS):
        if s.war_groups[g, WG_TERRITORY] < 0:
            s.war_groups[g, WG_TERRITORY] = loc
            s.war_groups[g, WG_ORIGIN] = origin
            s.war_groups[g, WG_DIVISIONS] = k
            s.war_groups[g, WG_MECHS] = mechs
            return


@njit
def group_left(s, p, loc, g):
    """The divisions group g (on loc) still has: the fight's losses come off the groups
    that entered last first."""
    lost = -s.divisions[p, loc]
    for h in range(MAX_WAR_GROUPS):
        if s.war_groups[h, WG_TERRITORY] == loc:
            lost += s.war_groups[h, WG_DIVISIONS]
    for h in range(MAX_WAR_GROUPS - 1, g, -1):
        if s.war_groups[h, WG_TERRITORY] == loc and lost > 0:
            lost -= min(lost, s.war_groups[h, WG_DIVISIONS])
    return max(s.war_groups[g, WG_DIVISIONS] - max(lost, 0), 0)


@njit
def first_group(s, loc):
    """The first group recorded on loc, -1 none."""
    for g in range(MAX_WAR_GROUPS):
        if s.war_groups[g, WG_TERRITORY] == loc:
            return g
    return -1


@njit
def _back_aboard(s, t, p, loc, k):
    """A blitz drop's k divisions can go back aboard: the airship still over loc with room."""
    return (s.airship_loc[p] == loc and s.airship[p, AS_DESTROYED] == 0
            and s.airship[p, AS_DIVISIONS] + k <= t.rules[R_WAR_AIRSHIP_CARRY])


@njit
def retreat_possible(s, t, p, loc):
    """The attacker on loc may retreat: a group came there, and every group with
    divisions left can go back (a blitz drop's only aboard its airship)."""
    g0 = first_group(s, loc)
    if g0 < 0:
        return False
    for g in range(MAX_WAR_GROUPS):
        if s.war_groups[g, WG_TERRITORY] != loc or s.war_groups[g, WG_ORIGIN] != FROM_AIRSHIP:
            continue
        k = group_left(s, p, loc, g)
        if k > 0 and not _back_aboard(s, t, p, loc, k):
            return False
    return True


@njit
def retreat_groups(s, t, p, loc):
    """Each attacking group on loc goes back where it came from, with its mechs and the
    divisions it has left (the last group first, each then struck off, so group_left
    reads the same); anything unaccounted for goes with the first group."""
    g0 = first_group(s, loc)
    back = s.war_groups[g0, WG_ORIGIN]
    for g in range(MAX_WAR_GROUPS - 1, -1, -1):
        if s.war_groups[g, WG_TERRITORY] != loc:
            continue
        origin = s.war_groups[g, WG_ORIGIN]
        k = group_left(s, p, loc, g)
        s.divisions[p, loc] -= k
        if origin == FROM_AIRSHIP:
            s.airship[p, AS_DIVISIONS] += k
        else:
            s.divisions[p, origin] += k
            for u in range(UNIT_MECH0, UNIT_WORKER0):
                if (s.war_groups[g, WG_MECHS] >> u) & 1 and s.unit_loc[p, u] == loc:
                    put_unit(s, p, u, origin)
        blank_group(s, g)                 # struck off
    if back == FROM_AIRSHIP:
        s.airship[p, AS_DIVISIONS] += s.divisions[p, loc]
    else:
        s.divisions[p, back] += s.divisions[p, loc]
        for u in range(UNIT_MECH0, UNIT_WORKER0):
            if s.unit_loc[p, u] == loc:
                put_unit(s, p, u, back)
    s.divisions[p, loc] = 0
