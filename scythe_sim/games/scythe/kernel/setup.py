"""Game setup per the rulebook: deal factions and mats, turn order, starting pieces."""
import numpy as np

from scythe_sim.compiled.jit import njit, njit_alloc, njit_alloc_entry, njit_entry
from scythe_sim.compiled.rng import rand_below, seed_streams

from ..enums import (NO_ABILITY, N_CARD_VALUES, N_FACTIONS, N_FACTORY_CARDS, N_HEX, N_MATS,
                     N_OBJECTIVES, N_SB_TILES)
from ..layout import (GAME_STREAM_ID, G_ACTIVE, G_FACTORY_POOL, G_N_PLAYERS, G_SB_TILE,
                      MAX_PLAYERS, N_MECHS,
                      P_ABILITY, P_COINS, P_FACTION, P_FACTORY_CARD, P_LAST_SECTION, P_MAT,
                      P_MECH_ABILITY0, P_OBJECTIVE_A, P_OBJECTIVE_B, P_POPULARITY, P_POWER,
                      P_SEAT, RNG_GAME, RNG_VARIANT, UNIT_CHARACTER, UNIT_WORKER0,
                      VARIANT_STREAM_ID)
from ..tables import (R_BAN_PAIRS, R_ENCOUNTERS_OFF, R_FACTION_ABILITIES_OFF, R_FACTORY_OFF,
                      R_MECH_ABILITIES_OFF, R_MECH_ABILITIES_OFF_FOR)
from .board import put_unit
from .cards import draw_cards
from .state import clear_state
from .turn import start_turn
from .wind_gambit.airship import setup_airships
from .wind_gambit.resolution import setup_resolution

SETUP_OK = 0
SETUP_NO_LEGAL_DEAL = 1   # every redeal kept a banned faction/mat pair
_MAX_REDEALS = 10000


@njit_entry
def seed_state_rng(rng, seed):
    """Seed State.rng from the game seed: the game row as always (stream id 0), the
    variant row with its own id, so neither repeats another stream (layout.py)."""
    seed_streams(rng[RNG_GAME:RNG_GAME + 1], seed, GAME_STREAM_ID)
    seed_streams(rng[RNG_VARIANT:RNG_VARIANT + 1], seed, VARIANT_STREAM_ID)


@njit_alloc
def _deal(s, t, n, given, out, size, dealable):
    """Deal ids 0..size-1 to seats: given[i] >= 0 is kept, -1 seats draw uniformly from
    the ids not taken whose dealable flag (the tables' mask from lineup.py) is set."""
    taken = np.zeros(size, np.bool_)
    for i in range(n):
        out[i] = given[i]
        if given[i] >= 0:
            taken[given[i]] = True
    for i in range(n):
        if out[i] >= 0:
            continue
        pool = 0
        for x in range(size):
            if not taken[x] and dealable[x] != 0:
                pool += 1
        k = rand_below(s.rng, RNG_GAME, pool)
        for x in range(size):
            if not taken[x] and dealable[x] != 0:
                if k == 0:
                    out[i] = x
                    taken[x] = True
                    break
                k -= 1


@njit
def _has_banned_pair(t, n, factions, mats):
    for i in range(n):
        if t.banned[factions[i], mats[i]]:
            return True
    return False


@njit_alloc_entry
def setup_game(s, t, seed, n_players, given_factions, given_mats, coins, prices):
    """Set up a game of n_players; given_* hold a faction/mat id per seat or -1 (deal).
    A seat starts with its mat's coins plus coins[seat] (its handicap draw, the plan's:
    spec/deals.py) plus prices[faction, mat] (a price table), never below 0; all zeros
    play the rulebook's setup.

    Returns SETUP_OK or SETUP_NO_LEGAL_DEAL. Seeds both state streams; the base game
    draws only from its own (RNG_GAME), a variant's setup from RNG_VARIANT.
    """
    clear_state(s)
    seed_state_rng(s.rng, seed)
    n = n_players
    s.game[G_N_PLAYERS] = n
    factions = np.empty(MAX_PLAYERS, np.int64)
    mats = np.empty(MAX_PLAYERS, np.int64)
    for attempt in range(_MAX_REDEALS):
        _deal(s, t, n, given_factions, factions, N_FACTIONS, t.fac_dealable)
        _deal(s, t, n, given_mats, mats, N_MATS, t.mat_dealable)
        if t.rules[R_BAN_PAIRS] == 0 or not _has_banned_pair(t, n, factions, mats):
            break
        if attempt == _MAX_REDEALS - 1:
            return SETUP_NO_LEGAL_DEAL
    order = _turn_order(t, n, factions, mats)
    for p in range(n):
        seat = order[p]
        _setup_player(s, t, p, seat, factions[seat], mats[seat],
                      coins[seat] + prices[factions[seat], mats[seat]])
    _setup_board(s, t, n)
    setup_airships(s, t, n)   # the variant's stream only: airship tiles first, then
    setup_resolution(s, t)    # the resolution tile (a run with and without the module keeps its airships)
    s.game[G_ACTIVE] = 0
    start_turn(s)
    return SETUP_OK


@njit_alloc
def _turn_order(t, n, factions, mats):
    """Seats clockwise around the board by home base, starting from the lowest mat number."""
    by_clock = np.empty(n, np.int64)
    for i in range(n):
        by_clock[i] = i
    for i in range(1, n):  # insertion sort on the faction's clockwise position
        j = i
        while j > 0 and t.fac_clockwise[factions[by_clock[j]]] < t.fac_clockwise[factions[by_clock[j - 1]]]:
            by_clock[j], by_clock[j - 1] = by_clock[j - 1], by_clock[j]
            j -= 1
    first = 0
    for i in range(n):
        if mats[by_clock[i]] < mats[by_clock[first]]:
            first = i
    order = np.empty(n, np.int64)
    for i in range(n):
        order[i] = by_clock[(first + i) % n]
    return order


@njit
def _setup_player(s, t, p, seat, f, m, extra_coins):
    s.player[p, P_FACTION] = f
    s.player[p, P_MAT] = m
    s.player[p, P_SEAT] = seat
    set_abilities(s, t, p, f)
    s.player[p, P_POWER] = t.fac_power[f]
    s.player[p, P_POPULARITY] = t.mat_popularity[m]
    s.player[p, P_COINS] = max(t.mat_start_coins[m] + extra_coins, 0)
    s.player[p, P_LAST_SECTION] = -1
    s.player[p, P_FACTORY_CARD] = -1
    put_unit(s, p, UNIT_CHARACTER, t.home_loc[f])
    put_unit(s, p, UNIT_WORKER0, t.start_hexes[f, 0])
    put_unit(s, p, UNIT_WORKER0 + 1, t.start_hexes[f, 1])


@njit_entry
def set_abilities(s, t, p, f):
    """Give player p faction f's ability and mech abilities: with position.dict_to_state,
    the only place that maps a faction to abilities (rules read the player's fields).
    An ability the house rules switch off (faction_abilities_off; mech_abilities_off for
    the factions in mech_abilities_off_for) becomes NO_ABILITY, which no rule matches."""
    s.player[p, P_ABILITY] = _unless_off(t.fac_ability[f], t.rules[R_FACTION_ABILITIES_OFF])
    mechs_off = t.rules[R_MECH_ABILITIES_OFF] if (t.rules[R_MECH_ABILITIES_OFF_FOR] >> f) & 1 else 0
    for m in range(N_MECHS):
        s.player[p, P_MECH_ABILITY0 + m] = _unless_off(t.fac_mechs[f, m], mechs_off)


@njit
def _unless_off(ability, off_mask):
    return NO_ABILITY if (off_mask >> ability) & 1 else ability


@njit_alloc
def _setup_board(s, t, n):
    encounters = t.rules[R_ENCOUNTERS_OFF] == 0
    for loc in range(N_HEX):
        s.encounter_token[loc] = 1 if encounters and t.has_encounter[loc] else 0
    for v in range(N_CARD_VALUES):
        s.deck[0, v] = t.card_counts[v]
    s.game[G_SB_TILE] = rand_below(s.rng, RNG_GAME, N_SB_TILES)
    for p in range(n):
        draw_cards(s, p, t.fac_cards[s.player[p, P_FACTION]])
    dealt = np.zeros(N_OBJECTIVES, np.bool_)
    for p in range(n):
        for field in (P_OBJECTIVE_A, P_OBJECTIVE_B):
            k = rand_below(s.rng, RNG_GAME, N_OBJECTIVES - 2 * p - (field - P_OBJECTIVE_A))
            for card in range(N_OBJECTIVES):
                if not dealt[card]:
                    if k == 0:
                        dealt[card] = True
                        s.player[p, field] = card
                        break
                    k -= 1
    # drawn even when the Factory is off, so the game stream stays paired with the base run
    pool = _deal_factory_cards(s, n + 1)
    s.game[G_FACTORY_POOL] = 0 if t.rules[R_FACTORY_OFF] != 0 else pool


@njit
def _deal_factory_cards(s, count):
    """Bitmask of `count` Factory cards drawn from the shuffled 12 (players + 1)."""
    pool = 0
    for i in range(count):
        k = rand_below(s.rng, RNG_GAME, N_FACTORY_CARDS - i)
        for card in range(N_FACTORY_CARDS):
            if not (pool >> card) & 1:
                if k == 0:
                    pool |= 1 << card
                    break
                k -= 1
    return pool
