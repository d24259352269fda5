"""The Wind Gambit's Resolution Module: one resolution tile decides how the game ends.

The tile in play is G_RES_TILE (0 = none: every function here then leaves the game as
the base rules play it). Its parameters are a row of t.res_param (data/resolution.toml):
triggers (a star count, a round count, territories or the Factory held at the end of a
turn), what the trigger gives (coins), how many full turns every player still takes, and
the Factory's explosion when they are over. ending.py asks here after each star and at
the end of each turn, and ends the game when told to; a player never places more than
the module's 6 stars (place_star asks star_cap_reached). The module plays with or
without airships.
"""
import numpy as np

from scythe_sim.compiled.jit import njit, njit_alloc, njit_inline
from scythe_sim.compiled.rng import rand_below

from ...enums import MAX_SHARED_OBJECTIVES, N_OBJECTIVES, N_RESOLUTION_TILES, RESOLUTION_RANDOM
from ...variants.wind_gambit.resolution import (RP_COMBAT_STAR_CAP, RP_EXTRA_TURNS, RP_EXTRA_TURNS_BEHIND,
                                                RP_FACTORY_EXPLOSION, RP_MAX_STARS, RP_SHARED_OBJECTIVES,
                                                RP_TRIGGER_COINS, RP_TRIGGER_FACTORY_STARS, RP_TRIGGER_ROUNDS,
                                                RP_TRIGGER_STARS, RP_TRIGGER_TERRITORIES)
from ...layout import (END_BASE_RULE, END_GOES_ON, END_RESOLUTION0, G_N_PLAYERS, G_RES_FREE_DONE, G_RES_LAST_TURN,
                      G_RES_SHARED0, G_RES_TILE, G_RES_TRIGGER, G_ROUND, G_TURN, N_UNITS, OFF_BOARD, P_COINS,
                      P_FACTION, P_OBJECTIVE_A, P_OBJECTIVE_B, P_OBJECTIVES_DONE, P_POPULARITY, P_STARS,
                      RNG_VARIANT)
from ...tables import R_COMBAT_STAR_CAP, R_POPULARITY_MAX, R_STARS_TO_END
from ...variants.wind_gambit.rules import R_RESOLUTION
from ..board import controller, put_unit
from ..scoring import holdings, score_total


@njit_inline
def _param(s, t, k):
    """Parameter k (RP_*) of the tile in play; 0 without a tile (row 0 is all zeros)."""
    return t.res_param[s.game[G_RES_TILE], k]


# --- setup -------------------------------------------------------------------------------

@njit_alloc
def setup_resolution(s, t):
    """Lay out the resolution tile the rules choose (rule resolution; "random" draws it
    from the variant's stream, so the base game's deals are untouched) and, for Mission
    Possible, its shared objectives."""
    choice = t.rules[R_RESOLUTION]
    if choice == 0:
        return
    tile = choice
    if choice == RESOLUTION_RANDOM:
        tile = 1 + rand_below(s.rng, RNG_VARIANT, N_RESOLUTION_TILES)
    s.game[G_RES_TILE] = tile
    _deal_shared_objectives(s, t, t.res_param[tile, RP_SHARED_OBJECTIVES])


@njit_alloc
def _deal_shared_objectives(s, t, count):
    """`count` objective cards no player holds, face up for all (G_RES_SHARED0 + k = id + 1)."""
    taken = np.zeros(N_OBJECTIVES, np.bool_)
    for p in range(s.game[G_N_PLAYERS]):
        for field in (P_OBJECTIVE_A, P_OBJECTIVE_B):
            if s.player[p, field] >= 0:
                taken[s.player[p, field]] = True
    free = N_OBJECTIVES - taken.sum()
    for k in range(count):
        pick = rand_below(s.rng, RNG_VARIANT, free - k)
        for card in range(N_OBJECTIVES):
            if not taken[card]:
                if pick == 0:
                    taken[card] = True
                    s.game[G_RES_SHARED0 + k] = card + 1
                    break
                pick -= 1


# --- rules read elsewhere ------------------------------------------------------------------

@njit
def star_cap_reached(s, t, p):
    """True when p may place no more stars: the module's cap of 6 (never without a tile,
    where the stars-to-end star ends the game first)."""
    tile = s.game[G_RES_TILE]
    return tile != 0 and s.player[p, P_STARS] >= t.res_param[tile, RP_MAX_STARS]


@njit
def combat_star_cap(s, t):
    """Combat-victory stars a player may place: the tile's own cap, else the rule's."""
    cap = _param(s, t, RP_COMBAT_STAR_CAP)
    return cap if cap > 0 else t.rules[R_COMBAT_STAR_CAP]


@njit
def shared_objective(s, k):
    """Card id of shared objective k (Mission Possible), -1 none."""
    return s.game[G_RES_SHARED0 + k] - 1


@njit
def shared_done(s, p):
    """Shared objectives (Mission Possible) p has completed."""
    done = 0
    for k in range(MAX_SHARED_OBJECTIVES):
        card = shared_objective(s, k)
        if card >= 0 and (s.player[p, P_OBJECTIVES_DONE] >> card) & 1:
            done += 1
    return done


@njit
def star_limit(s, t):
    """Stars a player may hold: the module's cap with a tile, else the stars to end."""
    tile = s.game[G_RES_TILE]
    return t.res_param[tile, RP_MAX_STARS] if tile != 0 else t.rules[R_STARS_TO_END]


@njit
def note_free_action(s, b):
    """A card gave bottom action b free this turn: with a tile, no second b this turn
    ("you may not take any action more than once per turn"; cleared with the turn scratch)."""
    if s.game[G_RES_TILE] != 0:
        s.game[G_RES_FREE_DONE] |= 1 << b


@njit
def action_open(s, b):
    """Bottom action b may still be taken this turn (always, without a tile)."""
    return (s.game[G_RES_FREE_DONE] >> b) & 1 == 0


# --- the end ---------------------------------------------------------------------------------

@njit_inline
def clear_turn(s):
    """A turn starts: no bottom action has been given free by a card in it yet."""
    s.game[G_RES_FREE_DONE] = 0


@njit
def star_end(s, t, p):
    """p has just placed a star: END_BASE_RULE without a tile (the stars to end apply),
    else the tile's END_* reason when the game ends now, END_GOES_ON when not."""
    tile = s.game[G_RES_TILE]
    if tile == 0:
        return END_BASE_RULE
    if star_ends_game(s, t, p):
        return END_RESOLUTION0 + tile - 1
    return END_GOES_ON


@njit
def turn_end(s, t, p):
    """p's turn is over (a completed round counted): the tile's END_* reason when its
    condition ends the game now, END_GOES_ON when not or without a tile."""
    tile = s.game[G_RES_TILE]
    if tile != 0 and turn_ends_game(s, t, p):
        return END_RESOLUTION0 + tile - 1
    return END_GOES_ON


@njit
def star_ends_game(s, t, p):
    """p has just placed a star (a tile is in play): True when the game ends now."""
    need = _param(s, t, RP_TRIGGER_STARS)
    if s.game[G_RES_TRIGGER] == 0 and need > 0 and s.player[p, P_STARS] >= need:
        return _trigger(s, t, p)
    return False


@njit
def turn_ends_game(s, t, p):
    """p's turn is over (a tile is in play; a completed round already counted): the
    end-of-turn triggers, then the countdown of the last turns. True when the game ends."""
    if s.game[G_RES_TRIGGER] == 0 and _end_of_turn_trigger(s, t, p):
        if _trigger(s, t, p):
            return True
    if s.game[G_RES_TRIGGER] != 0 and s.game[G_TURN] >= s.game[G_RES_LAST_TURN]:
        _finish(s, t)
        return True
    return False


@njit
def rounds_to_end(s, t):
    """Rounds not yet completed before a fixed round clock ends the game (Doomsday
    Clock), -1 without one. No player's choice moves it, so planners may compare
    positions by it (a triggered countdown would differ between the branches compared)."""
    rounds = _param(s, t, RP_TRIGGER_ROUNDS)
    if rounds == 0:
        return -1
    left = rounds - s.game[G_ROUND]
    return left if left > 0 else 0


@njit
def _end_of_turn_trigger(s, t, p):
    rounds = _param(s, t, RP_TRIGGER_ROUNDS)
    if rounds > 0 and s.game[G_ROUND] >= rounds:
        return True
    territories = _param(s, t, RP_TRIGGER_TERRITORIES)
    if territories > 0 and holdings(s, t, p)[0] >= territories:
        return True
    stars = _param(s, t, RP_TRIGGER_FACTORY_STARS)
    return (stars > 0 and s.player[p, P_STARS] >= stars
            and controller(s, t.factory_loc[0]) == p)


@njit
def _trigger(s, t, p):
    """p triggered the end: its coins, then the last full turns every player takes (the
    turn in progress ends first). True when no turn is left: the game ends now."""
    s.game[G_RES_TRIGGER] = p + 1
    s.player[p, P_COINS] += _param(s, t, RP_TRIGGER_COINS)
    turns = _param(s, t, RP_EXTRA_TURNS)
    behind = _param(s, t, RP_EXTRA_TURNS_BEHIND)
    if behind > 0 and not _leads(s, t, p):
        turns = behind
    s.game[G_RES_LAST_TURN] = s.game[G_TURN] + turns * s.game[G_N_PLAYERS]
    if turns == 0:
        _finish(s, t)
        return True
    return False


@njit
def _leads(s, t, p):
    """p's score now is the highest (a tie counts as highest)."""
    mine = score_total(s, t, p)
    for q in range(s.game[G_N_PLAYERS]):
        if q != p and score_total(s, t, q) > mine:
            return False
    return True


@njit
def _finish(s, t):
    if _param(s, t, RP_FACTORY_EXPLOSION) != 0:
        explode_factory(s, t)


@njit
def explode_factory(s, t):
    """Every character, mech and worker on the Factory and the territories next to it goes
    to its home base; its owner gains 1 popularity per unit (structures, resources and
    tokens stay)."""
    factory = t.factory_loc[0]
    for p in range(s.game[G_N_PLAYERS]):
        home = t.home_loc[s.player[p, P_FACTION]]
        for u in range(N_UNITS):
            loc = s.unit_loc[p, u]
            if loc == OFF_BOARD or loc == home:
                continue
            if loc == factory or t.edge[factory, loc] != 0:
                put_unit(s, p, u, home)
                pop = s.player[p, P_POPULARITY] + 1
                cap = t.rules[R_POPULARITY_MAX]
                s.player[p, P_POPULARITY] = pop if pop < cap else cap
