"""The greedy family's value of a position for one player. Reads only what that player may
see. Two kinds, chosen by the weight `learned`:

- 0: the hand-weighted value, projected final coins plus weighted progress (weights.py
  names every term), the same at every point of the game;
- k >= 1: the learned value (strategies/learned): the features of position_features
  weighted by the batch's model k for the player's faction, mat and the game's phase,
  plus the row's style terms.

Both add the variants' terms (variants.py: the Wind Gambit's airship standing and resolution
tile's end, wind_gambit/standing.py)."""
from scythe_sim.compiled.jit import njit

from .view import (DOMINATE, G_N_PLAYERS, G_SB_TILE, N_HEX, N_RES, N_SECTIONS, P_COINS, P_FACTORY_CARD,
                   P_LAST_SECTION, P_OBJECTIVES_DONE, P_OBJECTIVE_A, P_OBJECTIVE_B, P_POPULARITY, P_POWER,
                   P_STARS, RELENTLESS, R_POWER_MAX, STAR_OBJECTIVE, benefit_possible, bottom_cost, controller,
                   faction_ability, flag_counts, hand_size, mechs_deployed, objective_holds,
                   objective_progress, recruits_enlisted, scoring_controller,
                   structure_feature_count, structures_built, upgrades_done, workers_on_board)
from .weights import (W_COMBAT_CARD, W_LEARNED, W_MECH, W_OBJECTIVE, W_OUTLOOK, W_POPULARITY, W_POWER,
                      W_PROGRESS, W_RECRUIT, W_READY, W_RESOURCE, W_SCORE, W_STAR, W_STRUCTURE,
                      W_TERRITORY, W_UPGRADE, W_WORKER)
from .learned.model import learned_value
from .learned.names import (F_BIAS, F_BOTTOM_NEXT, F_COINS, F_COMBAT_CARDS, F_FACTORY_CARD, F_MECHS,
                            F_OBJECTIVES, F_OUTLOOK, F_PAYABLE, F_POPULARITY, F_POWER, F_POWER_LEAD, F_PROGRESS, F_READY, F_RECRUITS,
                            F_RESOURCES, F_SCORE, F_STAR_LEAD, F_STARS, F_STRUCTURES, F_TERRITORIES,
                            F_UPGRADES, F_WORKERS)
from .variants import held_off_board, variant_value

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
        held[r] += held_off_board(s, p, r)   # a variant's (The Wind Gambit: aboard the airship)
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
    payable = payable_sections(s, t, p, held)
    out[F_PAYABLE] = payable
    out[F_BOTTOM_NEXT] = 1.0 if payable > 0 else 0.0
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
    return variant_value(s, t, p, w, v, w[W_SCORE] * score)


@njit
def learned_position_value(s, t, p, w, held, lv):
    """The learned value (coins of final margin) with the Wind Gambit's terms, which the
    model does not know: near a fixed round clock's end the projected score takes over."""
    score = position_features(s, t, p, held, lv.feat)
    v = learned_value(s, p, w, lv)
    return variant_value(s, t, p, w, v, float(score))


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


@njit
def payable_sections(s, t, p, held):
    """The sections p may choose next turn (not the one it played last, unless its faction
    is Relentless) whose bottom action is still of use and paid in full by the resources
    p holds (held[r], as holdings leaves it): a turn that leaves none makes the next one a
    turn without a bottom action, whatever section it picks."""
    last = s.player[p, P_LAST_SECTION]
    repeat = faction_ability(s, p) == RELENTLESS
    count = 0
    for b in range(N_SECTIONS):
        if b == last and not repeat:
            continue
        if benefit_possible(s, t, p, b, -1) and held[b] >= bottom_cost(s, t, p, b):
            count += 1
    return count