"""What a war search's rollout ends at is worth to the deciding faction p: a war won or
lost outright, a war over with no winner (a stalemate: no win for p, but no loss),
else p's standing less the best standing among the other factions still
fighting. A standing is the territorial points held plus TAKE times the points of the
best land the faction could take on its next Move as the forecast sees it (empty land
next to its stacks, or an enemy stack its movable divisions there beat), so a leaf
counts the threat a position holds as well as the land."""
from scythe_sim.compiled.jit import njit

from ..view import G_GAME_OVER, G_N_PLAYERS, N_HEX, count_mechs
from .view import G_WAR_WINNER, enemy_at, in_war, movable, territory_points, war_controller, war_points
from ..workspace import BUF_NEED
from .combat import forecast, side
from .seat_map import RIVER, is_land

WON = 50.0    # the war won (lost: -WON), beyond any margin of points
NO_WIN = -25.0   # the war over with no winner: a faction ahead on points wins nothing by it
TAKE = 0.5    # of the points of the best land within a Move's reach


@njit
def war_leaf(x, t, p, w, work):
    if x.game[G_GAME_OVER]:
        if x.game[G_WAR_WINNER] < 0:
            return NO_WIN
        return WON if x.game[G_WAR_WINNER] == p else -WON
    if not in_war(x, p):
        return -WON
    hand = work.buf[0, BUF_NEED]
    best = -1.0e9
    for q in range(x.game[G_N_PLAYERS]):
        if q != p and in_war(x, q):
            best = max(best, standing(x, t, q, w, hand))
    if best < -1.0e8:
        return WON
    return standing(x, t, p, w, hand) - best


@njit
def standing(x, t, q, w, hand):
    return war_points(x, t, q) + TAKE * best_take(x, t, q, w, hand)


@njit
def best_take(x, t, q, w, hand):
    """The points of the best territory q's divisions could walk into and hold next Move:
    land nobody holds, or an enemy's the forecast says the divisions able to leave win."""
    best = 0
    for frm in range(N_HEX):
        k = movable(x, q, frm) if x.divisions[q, frm] > 0 else 0
        if k <= 0:
            continue
        for j in range(t.neighbours.shape[1]):
            y = t.neighbours[frm, j]
            if y < 0:
                break
            if y >= N_HEX or t.edge[frm, y] == RIVER or not is_land(t, y) or war_controller(x, y) == q:
                continue
            pts = territory_points(t, y)
            if pts <= best:
                continue
            e = enemy_at(x, q, y)
            if e >= 0:
                won, _, _, _ = forecast(x, t, y, side(q, k, 0), side(e, x.divisions[e, y], count_mechs(x, e, y)),
                                        w, hand)
                if not won:
                    continue
            best = pts
    return float(best)
