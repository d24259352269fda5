"""End-of-game scoring: coins in hand + popularity-tier rates x (stars, territories,
resource pairs) + the structure-bonus tile; rank with the rulebook's six tie-breakers."""
from scythe_sim.compiled.jit import njit, njit_entry

from ..enums import (FARM, LAKE, N_HEX, N_RES, N_STRUCTURES, SB_ADJ_ENCOUNTERS,
                     SB_ADJ_LAKES, SB_ADJ_TUNNELS, SB_IN_A_ROW, SB_ON_FARM_TUNDRA,
                     SB_ON_TUNNELS, TUNDRA)
from ..enums import MEANDER
from ..layout import (G_N_PLAYERS, G_SB_TILE, OFF_BOARD, P_COINS, P_POPULARITY, P_POWER,
                      P_STARS, S_COINS, S_RANK, S_RESOURCE_COINS, S_RESOURCES,
                      S_STAR_COINS, S_STARS, S_STRUCTURE_BONUS, S_TB_POPULARITY,
                      S_TB_POWER, S_TB_UNITS, S_TERRITORIES, S_TERRITORY_COINS, S_TIER,
                      S_TOTAL)
from ..layout import P_ABILITY
from ..tables import IFA_MANY_PLAYERS, IFA_MEANDER_COINS
from .board import NOBODY, controller, mechs_deployed, structures_built, workers_on_board
from .invaders.tokens import flag_counts, scoring_controller
from .wind_gambit.airship import cargo_total, haven_owner


@njit
def structure_feature_count(s, t, p, tile):
    """What the structure-bonus tile counts for p (all built structures, controlled or not)."""
    if tile == SB_ON_TUNNELS or tile == SB_ON_FARM_TUNDRA:
        c = 0
        for k in range(N_STRUCTURES):
            loc = s.struct_loc[p, k]
            if loc == OFF_BOARD:
                continue
            if tile == SB_ON_TUNNELS and t.is_tunnel[loc]:
                c += 1
            if tile == SB_ON_FARM_TUNDRA and (t.terrain[loc] == FARM or t.terrain[loc] == TUNDRA):
                c += 1
        return c
    if tile == SB_IN_A_ROW:
        return longest_row(s, t, p)
    c = 0
    for loc in range(N_HEX):
        if tile == SB_ADJ_TUNNELS and not t.is_tunnel[loc]:
            continue
        if tile == SB_ADJ_LAKES and t.terrain[loc] != LAKE:
            continue
        if tile == SB_ADJ_ENCOUNTERS and not t.has_encounter[loc]:
            continue
        for k in range(N_STRUCTURES):
            a = s.struct_loc[p, k]
            if a != OFF_BOARD and a != loc and t.edge[a, loc] > 0:
                c += 1
                break
    return c


@njit
def _structure_at(s, t, p, q, r):
    for k in range(N_STRUCTURES):
        loc = s.struct_loc[p, k]
        if loc != OFF_BOARD and t.axial_q[loc] == q and t.axial_r[loc] == r:
            return True
    return False


@njit
def longest_row(s, t, p):
    """Longest straight line of p's structures along any of the three hex axes."""
    best = 0
    for k in range(N_STRUCTURES):
        loc = s.struct_loc[p, k]
        if loc == OFF_BOARD:
            continue
        q0 = t.axial_q[loc]
        r0 = t.axial_r[loc]
        for d in range(3):
            dq = 1 if d != 1 else 0
            dr = 0 if d == 0 else (1 if d == 1 else -1)
            if _structure_at(s, t, p, q0 - dq, r0 - dr):
                continue  # not the start of this line
            length = 1
            while _structure_at(s, t, p, q0 + length * dq, r0 + length * dr):
                length += 1
            if length > best:
                best = length
    return best


@njit_entry
def score_game(s, t, out):
    """Fill out[p, S_*] for every player: the breakdown, tie-breakers and rank (1 = best)."""
    n = s.game[G_N_PLAYERS]
    out[:] = 0
    for p in range(n):
        territories, resources, coins = holdings(s, t, p)
        stars = s.player[p, P_STARS]
        star_coins, territory_coins, resource_coins, bonus = _coins_for(s, t, p, territories, resources)
        out[p, S_TERRITORIES] = territories
        out[p, S_RESOURCES] = resources
        out[p, S_TIER] = t.pop_tier[s.player[p, P_POPULARITY]]
        out[p, S_STARS] = stars
        out[p, S_COINS] = coins + s.player[p, P_COINS]
        out[p, S_STAR_COINS] = star_coins
        out[p, S_TERRITORY_COINS] = territory_coins
        out[p, S_RESOURCE_COINS] = resource_coins
        out[p, S_STRUCTURE_BONUS] = bonus
        out[p, S_TOTAL] = (out[p, S_COINS] + out[p, S_STAR_COINS] + out[p, S_TERRITORY_COINS]
                           + out[p, S_RESOURCE_COINS] + out[p, S_STRUCTURE_BONUS])
        out[p, S_TB_UNITS] = workers_on_board(s, p) + mechs_deployed(s, p) + structures_built(s, p)
        out[p, S_TB_POWER] = s.player[p, P_POWER]
        out[p, S_TB_POPULARITY] = s.player[p, P_POPULARITY]
    for p in range(n):
        rank = 1
        for q in range(n):
            if q != p and _better(out, q, p):
                rank += 1
        out[p, S_RANK] = rank


@njit
def holdings(s, t, p):
    """(territories, resource tokens, Meander's encounter coins) player p scores now;
    with The Wind Gambit the resources aboard p's airship count and a Safe Haven
    airship's territory is p's where nobody controls it."""
    many = s.game[G_N_PLAYERS] >= t.ifa_const[IFA_MANY_PLAYERS]
    territories = 0
    resources = cargo_total(s, p)
    coins = 0
    for loc in range(N_HEX):
        owner = scoring_controller(s, loc, controller(s, loc))
        if owner == NOBODY:
            owner = haven_owner(s, t, loc)   # The Wind Gambit's Safe Haven (its own switch)
        if owner != p:
            continue
        territories += t.factory_territories[0] if loc == t.factory_loc[0] else 1
        territories += flag_counts(s, t, loc, p)
        if many and t.has_encounter[loc] and s.player[p, P_ABILITY] == MEANDER:
            coins += t.ifa_const[IFA_MEANDER_COINS]   # 6-7 players' Meander
        for r in range(N_RES):
            resources += s.hex_res[loc, r]
    return territories, resources, coins


@njit
def _coins_for(s, t, p, territories, resources):
    """(star, territory, resource-pair and structure-bonus coins) of player p."""
    tier = t.pop_tier[s.player[p, P_POPULARITY]]
    tile = s.game[G_SB_TILE]
    count = structure_feature_count(s, t, p, tile)
    return (s.player[p, P_STARS] * t.tier_pay[tier, 0], territories * t.tier_pay[tier, 1],
            (resources // 2) * t.tier_pay[tier, 2], t.sb_pay[tile, count if count < 9 else 9])


@njit
def score_total(s, t, p):
    """Player p's score total if the game ended now (score_game's S_TOTAL), without a
    buffer: for rules that compare scores mid-game (the Backup Plan tile)."""
    territories, resources, coins = holdings(s, t, p)
    a, b, c, d = _coins_for(s, t, p, territories, resources)
    return coins + s.player[p, P_COINS] + a + b + c + d


@njit
def _better(out, a, b):
    """True when a finishes ahead of b: total, then the six tie-breakers in order."""
    for field in (S_TOTAL, S_TB_UNITS, S_TB_POWER, S_TB_POPULARITY, S_RESOURCES,
                  S_TERRITORIES, S_STARS):
        if out[a, field] != out[b, field]:
            return out[a, field] > out[b, field]
    return False
