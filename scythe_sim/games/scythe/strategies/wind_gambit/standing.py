"""The Wind Gambit's terms of the greedy family's value (value.py adds them through
strategies/variants.py): the airship's standing, and the resolution tile's end and shared
objectives. Nothing without airships or a tile."""
from scythe_sim.compiled.jit import njit, njit_inline

from ..view import (G_GAME_OVER, G_N_PLAYERS, G_TURN, MAX_SHARED_OBJECTIVES, N_HEX, OFF_BOARD,
                    P_OBJECTIVES_DONE, P_POPULARITY, controller, objective_holds, objective_progress,
                    score_total, star_cap_reached)
from .view import (AS_RES0, G_RES_LAST_TURN, G_RES_TILE, G_RES_TRIGGER, KIND_HAVEN, KIND_TOLL,
                   RP_FACTORY_EXPLOSION, TILE_KIND, aggressive_param, haven_owner, opponents_with_units,
                   passive_param, rounds_to_end, shared_objective)
from ..weights import W_OBJECTIVE, W_PROGRESS, W_RESOLUTION, W_SCORE, W_TERRITORY
from .airship_purpose import TOLL_WORTH, fighters_next_to, purposeful


@njit_inline
def aboard(s, p, r):
    """Resources of kind r aboard p's airship: p's own, as if on the board (0 without it)."""
    return s.airship[p, AS_RES0 + r]


@njit
def wind_value(s, t, p, w, v, score_part):
    """v (p's value before the Wind Gambit) with its terms: near a fixed round clock's
    end the projected score (score_part) takes over, the resolution tile's term, and the
    airship's standing when p's airship flies with purpose."""
    if s.game[G_RES_TILE] != 0:
        v = near_end(s, t, v, score_part)
        v += resolution_term(s, t, p, w)
    if s.airship_loc[p] != OFF_BOARD and purposeful(w):
        v += airship_term(s, t, p, w)
    return v


LEAD_BONUS = 10.0      # coins a triggered end is worth beyond the margin to the player leading
                       # (and costs one behind): the end decides the winner, not the coins


@njit
def airship_term(s, t, p, w):
    """What p's airship adds where it stands (the purposeful airship's standing value; its
    cargo is counted with the resources held): Safe Haven's territory, which counts as p's
    at the end, and a toll in the way of opponents' characters and mechs next to it."""
    loc = s.airship_loc[p]
    if loc >= N_HEX:
        return 0.0
    v = 0.0
    if passive_param(s, t, p, TILE_KIND) == KIND_HAVEN and haven_owner(s, t, loc) == p:
        tier = t.pop_tier[s.player[p, P_POPULARITY]]
        v += w[W_TERRITORY] + w[W_SCORE] * t.tier_pay[tier, 1]
    if aggressive_param(s, t, p, TILE_KIND) == KIND_TOLL and opponents_with_units(s, p, loc) == 0:
        v += TOLL_WORTH * fighters_next_to(s, t, p, loc)
    return v


@njit
def resolution_term(s, t, p, w):
    """What the resolution tile in play adds (weight `resolution` on): its shared objectives
    (Mission Possible: a star each, valued as p's own objective cards are), and once its
    end is triggered (or the game is over) the lead the end decides: `resolution` per coin
    of p's margin over the best opponent plus LEAD_BONUS for leading (minus for
    trailing), faded by the rounds still to play; so a plan that triggers the end is
    taken when p leads and shunned when it trails. With Factory Explosion to come, p's
    territories on and next to the Factory held by its units alone are not counted (they
    go home before the scoring)."""
    if w[W_RESOLUTION] == 0.0:
        return 0.0
    v = shared_objectives_value(s, t, p, w)
    if s.game[G_RES_TRIGGER] == 0 and s.game[G_GAME_OVER] == 0:
        return v
    mine = score_total(s, t, p)
    best = -1 << 30
    for q in range(s.game[G_N_PLAYERS]):
        if q != p:
            best = max(best, score_total(s, t, q))
    margin = mine - best
    lead = margin + (LEAD_BONUS if margin >= 0 else -LEAD_BONUS)
    rounds = 0
    if s.game[G_GAME_OVER] == 0:
        rounds = max(0, s.game[G_RES_LAST_TURN] - s.game[G_TURN]) // max(s.game[G_N_PLAYERS], 1)
    v += w[W_RESOLUTION] * lead / (1 + rounds)
    if s.game[G_GAME_OVER] == 0 and t.res_param[s.game[G_RES_TILE], RP_FACTORY_EXPLOSION] != 0:
        v -= w[W_SCORE] * exploded_territories(s, t, p) * t.tier_pay[t.pop_tier[s.player[p, P_POPULARITY]], 1]
    return v


@njit
def shared_objectives_value(s, t, p, w):
    """Mission Possible's face-up objectives p has not completed: each holding one is a
    star within reach (`objective`), each partly fulfilled its share (`progress`)."""
    if star_cap_reached(s, t, p):
        return 0.0
    v = 0.0
    for k in range(MAX_SHARED_OBJECTIVES):
        card = shared_objective(s, k)
        if card >= 0 and not (s.player[p, P_OBJECTIVES_DONE] >> card) & 1:
            if objective_holds(s, t, p, card):
                v += w[W_OBJECTIVE]
            else:
                v += w[W_PROGRESS] * objective_progress(s, t, p, card)
    return v


@njit
def exploded_territories(s, t, p):
    """p's territories on and next to the Factory that only its units hold (no structure
    of p's there): Factory Explosion sends the units home before the end's scoring."""
    factory = t.factory_loc[0]
    lost = 0
    for loc in range(N_HEX):
        if (loc == factory or t.edge[factory, loc] != 0) and controller(s, loc) == p:
            if s.structure_owner[loc] != p:
                lost += t.factory_territories[0] if loc == factory else 1
    return lost


# Rounds before a resolution tile's fixed round clock (Doomsday Clock) ends the game from
# which progress still counts in full: closer to the end it fades; once the clock has run
# out only the score counts.
END_HORIZON = 3


@njit
def near_end(s, t, v, score_part):
    """v with the progress terms (all but the score) faded as a fixed round clock runs
    out. A star-triggered end is left alone: fading after a trigger would make every
    triggering move look worse than its alternatives and stall the game short of it."""
    left = rounds_to_end(s, t)
    if left < 0 or left >= END_HORIZON:
        return v
    return score_part + (v - score_part) * left / END_HORIZON
