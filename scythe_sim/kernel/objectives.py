"""Objective cards: the 23 base conditions as predicates over the state, and the reveal.

A player may reveal a held card on its own turn before or after an action (the section
choice and the bottom-row choice are those moments; `close_turn` adds one at the end
of the turn) when its condition holds at that moment; cards marked end_of_turn only at
the end of the turn. The reveal places the objective star and discards both cards;
Saxony (Dominate) keeps the other and may score it too.
"""
from ..compiled.jit import njit
from ..enums import (DOMINATE, FARM, FOREST, LAKE, MOUNTAIN, N_HEX, N_RES, STAR_COMBAT,
                     STAR_OBJECTIVE, TUNDRA, VILLAGE)
from ..layout import (A_REVEAL_OBJECTIVE, G_ACTIVE, G_DECIDER, G_N_PLAYERS, G_PHASE, G_WARNING,
                      PH_END_TURN, P_COINS, P_ABILITY, P_FACTORY_CARD,
                      P_OBJECTIVES_DONE, P_OBJECTIVE_A, P_OBJECTIVE_B, P_POPULARITY, P_POWER,
                      UNIT_CHARACTER, UNIT_MECH0, UNIT_WORKER0)
from .board import (controlled_resource, controller, count_workers, mechs_deployed,
                    note_faction_ability, pieces_on, recruits_enlisted, structures_built, upgrades_done, workers_on_board)
from .cards import hand_size
from .top import emit
from .turn import check_stars, end_turn, place_star

# Card ids (card number - 1) of the conditions that need more than a count of terrain.
(HIGHER_GROUND, UNDERWORLD, HARVEST, NORTHERN, KING_OF_THE_HILL, WARNING,
 MACHINE_OVER_MUSCLE, COMMON_MAN, STOCKPILE, WOODLAND, POPULATION, GET_RICH,
 FOUNDATIONS, HEDGE_YOUR_BETS, BALANCED_WORKFORCE, WOLF_AMONG_SHEEP, DIVIDE_AND_CONQUER,
 BELOVED_PACIFIST, SHORE_UP, PERMANENT_FOOTHOLD, MONOPOLIZE, BREAKTHROUGH,
 TACTICAL_MASTERY) = range(23)


@njit
def _controlled_of_terrain(s, t, p, terrain):
    c = 0
    for loc in range(N_HEX):
        if t.terrain[loc] == terrain and controller(s, loc) == p:
            c += 1
    return c


@njit
def _controlled_tunnels(s, t, p):
    c = 0
    for loc in range(N_HEX):
        if t.is_tunnel[loc] and controller(s, loc) == p:
            c += 1
    return c


@njit
def _has_highest_power(s, p):
    for q in range(s.game[G_N_PLAYERS]):
        if s.player[q, P_POWER] > s.player[p, P_POWER]:
            return False
    return True


@njit
def _stockpile(s, p):
    for loc in range(N_HEX):
        total = 0
        every = True
        for r in range(N_RES):
            total += s.hex_res[loc, r]
            if s.hex_res[loc, r] == 0:
                every = False
        if every and total >= 9 and controller(s, loc) == p:
            return True
    return False


@njit
def _foundations(s, p):
    for loc in range(N_HEX):
        if pieces_on(s, p, loc) >= 6:
            return True
    return False


@njit
def _hedge(s, p):
    if upgrades_done(s, p) < 1 or mechs_deployed(s, p) < 1 or structures_built(s, p) < 1:
        return False
    if recruits_enlisted(s, p) < 1:
        return False
    for r in range(N_RES):
        if controlled_resource(s, p, r) < 1:
            return False
    return True


@njit
def _wolf(s, p):
    loc = s.unit_loc[p, UNIT_CHARACTER]
    if loc < 0 or loc >= N_HEX or controller(s, loc) != p:
        return False
    mechs = 0
    for u in range(UNIT_MECH0, UNIT_WORKER0):
        if s.unit_loc[p, u] == loc:
            mechs += 1
    res = 0
    for r in range(N_RES):
        res += s.hex_res[loc, r]
    return mechs == 1 and count_workers(s, p, loc) == 1 and res >= 5


@njit
def _around_factory(s, t, p):
    c = 0
    factory = t.factory_loc[0]
    for k in range(t.neighbours.shape[1]):
        nb = t.neighbours[factory, k]
        if nb >= 0 and controller(s, nb) == p:
            c += 1
    return c


@njit
def _shore(s, t, p):
    for lake in range(N_HEX):
        if t.terrain[lake] != LAKE:
            continue
        c = 0
        for k in range(t.neighbours.shape[1]):
            nb = t.neighbours[lake, k]
            if 0 <= nb < N_HEX and t.terrain[nb] != LAKE and controller(s, nb) == p:
                c += 1
        if c >= 5:
            return True
    return False


@njit
def _monopoly(s, p):
    for r in range(N_RES):
        if controlled_resource(s, p, r) >= 9:
            return True
    return False


@njit
def objective_holds(s, t, p, card):
    """True when objective card `card` (id = number - 1) is fulfilled for p right now."""
    pl = s.player[p]
    if card == HIGHER_GROUND:
        return _controlled_of_terrain(s, t, p, MOUNTAIN) >= 3
    if card == UNDERWORLD:
        return _controlled_tunnels(s, t, p) >= 3
    if card == HARVEST:
        return _controlled_of_terrain(s, t, p, FARM) >= 3
    if card == NORTHERN:
        return _controlled_of_terrain(s, t, p, TUNDRA) >= 3
    if card == KING_OF_THE_HILL:
        return controller(s, t.factory_loc[0]) == p and _has_highest_power(s, p)
    if card == WARNING:
        return s.game[G_WARNING] != 0
    if card == MACHINE_OVER_MUSCLE:
        return pl[P_FACTORY_CARD] >= 0 and mechs_deployed(s, p) >= 1 and workers_on_board(s, p) <= 3
    if card == COMMON_MAN:
        return pl[P_COINS] <= 2 and workers_on_board(s, p) >= 4 and pl[P_POPULARITY] >= 7
    if card == STOCKPILE:
        return _stockpile(s, p)
    if card == WOODLAND:
        return _controlled_of_terrain(s, t, p, FOREST) >= 3
    if card == POPULATION:
        return _controlled_of_terrain(s, t, p, VILLAGE) >= 3
    if card == GET_RICH:
        return pl[P_COINS] >= 20
    if card == FOUNDATIONS:
        return _foundations(s, p)
    if card == HEDGE_YOUR_BETS:
        return _hedge(s, p)
    if card == BALANCED_WORKFORCE:
        return workers_on_board(s, p) == recruits_enlisted(s, p)
    if card == WOLF_AMONG_SHEEP:
        return _wolf(s, p)
    if card == DIVIDE_AND_CONQUER:
        return pl[P_FACTORY_CARD] < 0 and _around_factory(s, t, p) >= 2
    if card == BELOVED_PACIFIST:
        return pl[P_POWER] == 0 and pl[P_POPULARITY] >= 13 and workers_on_board(s, p) >= 5
    if card == SHORE_UP:
        return _shore(s, t, p)
    if card == PERMANENT_FOOTHOLD:
        return structures_built(s, p) >= 3 and pl[P_POPULARITY] >= 7 and mechs_deployed(s, p) == 0
    if card == MONOPOLIZE:
        return _monopoly(s, p)
    if card == BREAKTHROUGH:
        return pl[P_FACTORY_CARD] >= 0 and upgrades_done(s, p) == 0
    if card == TACTICAL_MASTERY:
        return hand_size(s, p) >= 8 and s.stars[p, STAR_COMBAT] >= 1
    return False


@njit
def _revealable(s, t, p, card, at_end):
    if card < 0 or (t.objective_end[card] != 0 and not at_end):
        return False
    return objective_holds(s, t, p, card)


@njit
def legal_reveals(s, t, p, out, n, at_end):
    """Append a reveal row per held card whose condition holds now."""
    for field in (P_OBJECTIVE_A, P_OBJECTIVE_B):
        card = s.player[p, field]
        if _revealable(s, t, p, card, at_end):
            n = emit(out, n, A_REVEAL_OBJECTIVE, card, 0, 0)
    return n


@njit
def _any_revealable(s, t, p, at_end):
    return (_revealable(s, t, p, s.player[p, P_OBJECTIVE_A], at_end)
            or _revealable(s, t, p, s.player[p, P_OBJECTIVE_B], at_end))


@njit
def reveal_objective(s, t, p, card):
    """Score objective `card`: the star, then both cards discarded (Saxony keeps the other)."""
    keep_other = s.player[p, P_ABILITY] == DOMINATE
    if s.stars[p, STAR_OBJECTIVE] >= 1:   # a second objective star: only Dominate kept the card
        note_faction_ability(s, p, DOMINATE)
    for field in (P_OBJECTIVE_A, P_OBJECTIVE_B):
        if s.player[p, field] == card or not keep_other:
            s.player[p, field] = -1
    s.player[p, P_OBJECTIVES_DONE] |= 1 << card
    if place_star(s, t, p, STAR_OBJECTIVE):
        return
    if s.game[G_PHASE] == PH_END_TURN:
        close_turn(s, t)


@njit
def close_turn(s, t):
    """The turn's actions are over: a last chance to reveal an objective, else play passes."""
    p = s.game[G_ACTIVE]
    s.game[G_DECIDER] = p
    if check_stars(s, t, p):
        return
    if _any_revealable(s, t, p, True):
        s.game[G_PHASE] = PH_END_TURN
    else:
        end_turn(s, t)
