"""The greedy family's value of a position for one player. Reads only what that player may
see. Two kinds, chosen by the weight `learned`:

- 0: the hand-weighted value, projected final coins plus weighted progress (weights.py
  names every term), the same at every point of the game;
- k >= 1: the learned value (strategies/learned): the features of position_features
  weighted by the batch's model k for the player's faction, mat and the game's phase,
  plus the row's style terms.

Both add the Wind Gambit's terms (the airship's standing, the resolution tile's end)."""
from scythe_sim.compiled.jit import njit

from .view import (AS_RES0, DOMINATE, G_N_PLAYERS, G_RES_TILE, G_SB_TILE, N_HEX, N_RES, N_SECTIONS, N_STRUCTURES,
                   N_UNITS, OFF_BOARD, P_COINS, P_FACTORY_CARD, P_OBJECTIVES_DONE, P_OBJECTIVE_A, P_OBJECTIVE_B,
                   P_POPULARITY, P_POWER, P_STARS, R_POWER_MAX, STAR_OBJECTIVE, benefit_possible,
                   bottom_cost, controller, faction_ability, flag_counts, hand_size,
                   mechs_deployed, objective_holds, objective_progress, recruits_enlisted,
                   scoring_controller, structure_feature_count, structures_built,
                   rounds_to_end, upgrades_done, workers_on_board,
                   G_GAME_OVER, G_RES_LAST_TURN, G_RES_TRIGGER, G_TURN, KIND_HAVEN, KIND_TOLL,
                   RP_FACTORY_EXPLOSION, TILE_KIND, aggressive_param, haven_owner, opponents_with_units,
                   passive_param, score_total, MAX_SHARED_OBJECTIVES, star_cap_reached, shared_objective)
from .weights import (W_COMBAT_CARD, W_LEARNED, W_MECH, W_OBJECTIVE, W_OUTLOOK, W_POPULARITY, W_POWER,
                      W_PROGRESS, W_RECRUIT, W_READY, W_RESOURCE, W_SCORE, W_STAR, W_STRUCTURE,
                      W_TERRITORY, W_UPGRADE, W_WORKER, W_RESOLUTION)
from .learned.model import learned_value
from .learned.names import (F_BIAS, F_COINS, F_COMBAT_CARDS, F_FACTORY_CARD, F_MECHS, F_OBJECTIVES,
                            F_OUTLOOK, F_POPULARITY, F_POWER, F_POWER_LEAD, F_PROGRESS, F_READY, F_RECRUITS,
                            F_RESOURCES, F_SCORE, F_STAR_LEAD, F_STARS, F_STRUCTURES, F_TERRITORIES,
                            F_UPGRADES, F_WORKERS)
from .wind_gambit.airship_purpose import TOLL_WORTH, fighters_next_to, purposeful

# What a player typically holds when the game ends, the counts its popularity tier will
# pay for (stars, territories, resource pairs): the popularity outlook prices a tier
# with them, since early in the game the current counts say little about the end.
FINAL_COUNTS = (5, 9, 4)


@njit
def control_map(s, out):
    """out[loc] for every territory: the controlling player, NOBODY or CONTESTED."""
    for loc in range(N_HEX):
        out[loc] = controller(s, loc)


@njit
def objective_star_open(s, p):
    """p may still place an objective star (one, or more with Dominate)."""
    return s.stars[p, STAR_OBJECTIVE] < 1 or faction_ability(s, p) == DOMINATE


@njit
def objectives_within_reach(s, t, p):
    """Own objective cards whose condition holds now while an objective star is still open."""
    if not objective_star_open(s, p):
        return 0
    c = 0
    for f in (P_OBJECTIVE_A, P_OBJECTIVE_B):
        card = s.player[p, f]
        if card >= 0 and not (s.player[p, P_OBJECTIVES_DONE] >> card) & 1:
            if objective_holds(s, t, p, card):
                c += 1
    return c


@njit
def objectives_progress(s, t, p):
    """The fulfilled share of p's best open objective card (kernel objective_progress)
    while an objective star is still open: partial progress toward a star."""
    if not objective_star_open(s, p):
        return 0.0
    best = 0.0
    for f in (P_OBJECTIVE_A, P_OBJECTIVE_B):
        card = s.player[p, f]
        if card >= 0 and not (s.player[p, P_OBJECTIVES_DONE] >> card) & 1:
            best = max(best, objective_progress(s, t, p, card))
    return best


@njit
def holdings(s, t, p, held):
    """(territories, resource tokens) p controls; held[r]: p's tokens of resource r (held
    is scratch of at least N_RES entries)."""
    territories = 0
    for r in range(N_RES):
        held[r] = 0
    for loc in range(N_HEX):
        if scoring_controller(s, loc, controller(s, loc)) == p:   # an armed Trap alone counts
            territories += t.factory_territories[0] if loc == t.factory_loc[0] else 1
            territories += flag_counts(s, t, loc, p)
            for r in range(N_RES):
                held[r] += s.hex_res[loc, r]
    resources = 0
    for r in range(N_RES):
        held[r] += s.airship[p, AS_RES0 + r]   # The Wind Gambit: aboard, p's own (0 without it)
        resources += held[r]
    return territories, resources


@njit
def projected_score(s, t, p, territories, resources):
    """p's final coins if the game ended now: coins, stars, territories and resource pairs
    at the current popularity tier, and the structure bonus."""
    pl = s.player[p]
    tier = t.pop_tier[pl[P_POPULARITY]]
    stars = pl[P_STARS]
    score = (pl[P_COINS] + stars * t.tier_pay[tier, 0] + territories * t.tier_pay[tier, 1]
             + (resources // 2) * t.tier_pay[tier, 2])
    if structures_built(s, p) > 0:
        tile = s.game[G_SB_TILE]
        count = structure_feature_count(s, t, p, tile)
        score += t.sb_pay[tile, count if count < 9 else 9]
    return score


@njit
def position_features(s, t, p, held, out):
    """out[:N_FEATURES]: p's features (learned/names.py), from what p may know; returns
    the projected score. held is scratch as for holdings."""
    territories, resources = holdings(s, t, p, held)
    score = projected_score(s, t, p, territories, resources)
    pl = s.player[p]
    stars = pl[P_STARS]
    best_other = 0
    most_power = 0
    for q in range(s.game[G_N_PLAYERS]):
        if q != p:
            best_other = max(best_other, s.player[q, P_STARS])
            most_power = max(most_power, s.player[q, P_POWER])
    out[F_BIAS] = 1.0
    out[F_COINS] = pl[P_COINS]
    out[F_SCORE] = score
    out[F_STARS] = stars
    out[F_POWER] = min(pl[P_POWER], t.rules[R_POWER_MAX])
    out[F_COMBAT_CARDS] = min(hand_size(s, p), 8)
    out[F_POPULARITY] = pl[P_POPULARITY]
    out[F_UPGRADES] = upgrades_done(s, p)
    out[F_MECHS] = mechs_deployed(s, p)
    out[F_STRUCTURES] = structures_built(s, p)
    out[F_RECRUITS] = recruits_enlisted(s, p)
    out[F_WORKERS] = workers_on_board(s, p)
    out[F_TERRITORIES] = territories
    out[F_RESOURCES] = resources
    out[F_OBJECTIVES] = objectives_within_reach(s, t, p)
    out[F_PROGRESS] = objectives_progress(s, t, p)
    out[F_READY] = bottom_readiness(s, t, p, held)
    out[F_OUTLOOK] = popularity_outlook(t, pl[P_POPULARITY])
    out[F_FACTORY_CARD] = 1.0 if pl[P_FACTORY_CARD] >= 0 else 0.0
    out[F_STAR_LEAD] = stars - best_other
    out[F_POWER_LEAD] = pl[P_POWER] - most_power
    return score


@njit
def position_value(s, t, p, w, held, lv):
    """Value of the position for p: the hand-weighted sum, or with `learned` the learned
    value (lv: the batch's models, strategies/learned/model.py); held is scratch of at
    least N_RES entries."""
    if w[W_LEARNED] > 0.0:
        return learned_position_value(s, t, p, w, held, lv)
    territories, resources = holdings(s, t, p, held)
    pl = s.player[p]
    stars = pl[P_STARS]
    score = projected_score(s, t, p, territories, resources)
    v = w[W_SCORE] * score + w[W_STAR] * stars
    v += w[W_POWER] * min(pl[P_POWER], t.rules[R_POWER_MAX])
    v += w[W_COMBAT_CARD] * min(hand_size(s, p), 8)
    v += w[W_POPULARITY] * pl[P_POPULARITY]
    v += w[W_UPGRADE] * upgrades_done(s, p) + w[W_MECH] * mechs_deployed(s, p)
    v += w[W_STRUCTURE] * structures_built(s, p) + w[W_RECRUIT] * recruits_enlisted(s, p)
    v += w[W_WORKER] * workers_on_board(s, p)
    v += w[W_TERRITORY] * territories + w[W_RESOURCE] * resources
    if w[W_OUTLOOK] != 0.0:
        v += w[W_OUTLOOK] * popularity_outlook(t, pl[P_POPULARITY])
    if w[W_OBJECTIVE] != 0.0:
        v += w[W_OBJECTIVE] * objectives_within_reach(s, t, p)
    if w[W_PROGRESS] != 0.0:
        v += w[W_PROGRESS] * objectives_progress(s, t, p)
    if w[W_READY] != 0.0:
        v += w[W_READY] * bottom_readiness(s, t, p, held)
    if s.game[G_RES_TILE] != 0:
        v = near_end(s, t, v, w[W_SCORE] * score)
        v += resolution_term(s, t, p, w)
    if s.airship_loc[p] != OFF_BOARD and purposeful(w):
        v += airship_term(s, t, p, w)
    return v


@njit
def learned_position_value(s, t, p, w, held, lv):
    """The learned value (coins of final margin) with the Wind Gambit's terms, which the
    model does not know: near a fixed round clock's end the projected score takes over."""
    score = position_features(s, t, p, held, lv.feat)
    v = learned_value(s, p, w, lv)
    if s.game[G_RES_TILE] != 0:
        v = near_end(s, t, v, float(score))
        v += resolution_term(s, t, p, w)
    if s.airship_loc[p] != OFF_BOARD and purposeful(w):
        v += airship_term(s, t, p, w)
    return v


# --- The Wind Gambit: the airship's standing and the resolution tile's end ----------------
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


@njit
def tier_gain(t, tier):
    """Coins the end-game tier `tier` pays over the lowest tier at FINAL_COUNTS."""
    gain = 0
    for k in range(3):
        gain += (t.tier_pay[tier, k] - t.tier_pay[0, k]) * FINAL_COUNTS[k]
    return gain


@njit
def popularity_outlook(t, popularity):
    """What popularity is worth at the end of the game: the gain of its scoring tier at
    FINAL_COUNTS, rising linearly from one tier's first space to the next tier's, so
    every step toward a tier counts (a tier boundary alone would make the first steps
    look worthless)."""
    tier = t.pop_tier[popularity]
    top = t.pop_tier.shape[0] - 1
    if tier == t.pop_tier[top]:
        return float(tier_gain(t, tier))
    low = popularity
    while low > 0 and t.pop_tier[low - 1] == tier:
        low -= 1
    high = popularity
    while t.pop_tier[high] == tier:
        high += 1
    share = (popularity - low) / (high - low)
    here = tier_gain(t, tier)
    return here + share * (tier_gain(t, t.pop_tier[high]) - here)


@njit
def bottom_readiness(s, t, p, held):
    """For each bottom action whose benefit is still open, the share of its cost p holds
    in the resource it is paid with (held[r]: tokens of r on p's territories): what makes
    next turns' bottom actions possible."""
    total = 0.0
    for b in range(N_SECTIONS):
        cost = bottom_cost(s, t, p, b)
        if cost <= 0 or not benefit_possible(s, t, p, b, -1):
            continue
        have = held[b]
        total += min(have, cost) / cost
    return total
