"""Where workers aboard an airship may leave it, and Ferry's lake boarding (seed 001 "The
Wind Gambit"; docs/RULES.md). A worker is dropped off only on land with no opponent's
unit, and must be dropped off during the airship's move; the airship itself flies like
any airship wherever it goes, so a step is legal while some landing can still be reached
within the steps left (kernel/wind_gambit/airship.airship_targets asks here).

Ferry (passive tile, kind "ferry"; its text is known only as "units may board or leave
an airship that is over a lake"): over a lake, the player's workers on the land around
it may board, and workers aboard may leave onto that land (the units an airship carries
are workers; resources still load and unload only where it stands, never on a lake)."""
from scythe_sim.compiled.jit import njit

from ...variants.wind_gambit.airships import KIND_FERRY, TILE_KIND, TILE_TUNNELS
from ...enums import HOME, LAKE, N_HEX, N_LOC
from ...layout import AS_PASSIVE
from ..board import enemy_presence


@njit
def _passive(s, t, p, field):
    return t.airship_tile[s.airship[p, AS_PASSIVE] - 1, field]


@njit
def can_drop_off(s, t, p, loc):
    """A worker may leave the airship onto loc: land with no opponent's unit."""
    return loc < N_HEX and t.terrain[loc] != LAKE and enemy_presence(s, p, loc) == 0


@njit
def ferries(s, t, p, loc):
    """p's airship over loc works as a ferry: its passive tile is Ferry and loc a lake."""
    return loc < N_HEX and t.terrain[loc] == LAKE and _passive(s, t, p, TILE_KIND) == KIND_FERRY


@njit
def ferry_landing(s, t, p, loc):
    """Over a lake with Ferry, some land beside it would take a worker off the airship."""
    if not ferries(s, t, p, loc):
        return False
    for k in range(t.neighbours.shape[1]):
        nb = t.neighbours[loc, k]
        if nb < 0:
            break
        if can_drop_off(s, t, p, nb):
            return True
    return False


@njit
def reach_mask(t, frm, steps, tunnels):
    """Bit loc set for every location an airship reaches from frm within `steps` flights
    (frm included; never a home base; from one tunnel to the others when `tunnels`)."""
    mask = 1 << frm
    for _ in range(steps):
        grown = mask
        for loc in range(N_LOC):
            if not (mask >> loc) & 1:
                continue
            for k in range(t.neighbours.shape[1]):
                nb = t.neighbours[loc, k]
                if nb >= 0 and t.terrain[nb] != HOME:
                    grown |= 1 << nb
            if tunnels and loc < N_HEX and t.is_tunnel[loc] != 0:
                for x in range(N_HEX):
                    if t.is_tunnel[x] != 0:
                        grown |= 1 << x
        mask = grown
    return mask


@njit
def landing_within(s, t, p, frm, steps, here_too):
    """A worker aboard could still be dropped off within `steps` flights of frm: onto a
    territory reached, or by Ferry beside a lake reached (frm itself only when here_too:
    one who boarded here is not dropped off here again)."""
    mask = reach_mask(t, frm, steps, _passive(s, t, p, TILE_TUNNELS) != 0)
    for loc in range(N_LOC):
        if not (mask >> loc) & 1:
            continue
        if loc == frm and not here_too:
            if ferry_landing(s, t, p, loc):   # beside the lake, not where it stands
                return True
            continue
        if can_drop_off(s, t, p, loc) or ferry_landing(s, t, p, loc):
            return True
    return False
