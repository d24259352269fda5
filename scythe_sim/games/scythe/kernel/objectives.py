"""Objective cards: the 23 base conditions as predicates over the state, the progress
toward each (objective_progress, for the planners) and the reveal.

A player may reveal a held card on its own turn before or after an action (the section
choice and the bottom-row choice are those moments; `close_turn` adds one at the end
of the turn) when its condition holds at that moment; cards marked end_of_turn only at
the end of the turn. The reveal places the objective star and discards both cards;
Saxony (Dominate) keeps the other and may score it too.
"""
from scythe_sim.compiled.jit import njit

from ..enums import (MAX_SHARED_OBJECTIVES, DOMINATE, FARM, FOREST, LAKE, MOUNTAIN, N_HEX, N_RES, STAR_COMBAT,
                     STAR_OBJECTIVE, TUNDRA, VILLAGE)
from ..layout import (A_REVEAL_OBJECTIVE, G_ACTIVE, G_DECIDER, G_N_PLAYERS, G_PHASE, G_WARNING,
                      PH_END_TURN, P_COINS, P_ABILITY, P_FACTORY_CARD,
                      P_OBJECTIVES_DONE, P_OBJECTIVE_A, P_OBJECTIVE_B, P_POPULARITY, P_POWER,
                      UNIT_CHARACTER)
from .board import (controlled_resource, controls, count_mechs, count_workers, mechs_deployed,
                    note_faction_ability, pieces_on, recruits_enlisted, structures_built, upgrades_done, workers_on_board)
from .cards import hand_size
from .top import emit
from .turn import check_stars, end_turn, place_star
from .wind_gambit.resolution import shared_done, shared_objective, star_cap_reached

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
        if t.terrain[loc] == terrain and controls(s, p, loc):
            c += 1
    return c


@njit
def _controlled_tunnels(s, t, p):
    c = 0
    for loc in range(N_HEX):
        if t.is_tunnel[loc] and controls(s, p, loc):
            c += 1
    return c


@njit
def _has_highest_power(s, p):
    for q in range(s.game[G_N_PLAYERS]):
        if s.player[q, P_POWER] > s.player[p, P_POWER]:
            return False
    return True


@njit
def _tokens_and_types(s, loc):
    """Resource tokens on loc, and how many of the resource types are among them."""
    total = 0
    types = 0
    for r in range(N_RES):
        total += s.hex_res[loc, r]
        if s.hex_res[loc, r] > 0:
            types += 1
    return total, types


@njit
def _stockpile(s, p):
    for loc in range(N_HEX):
        total, types = _tokens_and_types(s, loc)
        if total >= 9 and types == N_RES and controls(s, p, loc):
            return True
    return False


@njit
def _most_pieces_on_a_territory(s, p):
    most = 0
    for loc in range(N_HEX):
        most = max(most, pieces_on(s, p, loc))
    return most


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
    if loc < 0 or loc >= N_HEX or not controls(s, p, loc):
        return False
    return (count_mechs(s, p, loc) == 1 and count_workers(s, p, loc) == 1
            and _tokens_and_types(s, loc)[0] >= 5)


@njit
def _around_factory(s, t, p):
    c = 0
    factory = t.factory_loc[0]
    for k in range(t.neighbours.shape[1]):
        nb = t.neighbours[factory, k]
        if nb >= 0 and controls(s, p, nb):
            c += 1
    return c


@njit
def _most_around_a_lake(s, t, p):
    """The most land territories around one lake that p controls."""
    most = 0
    for lake in range(N_HEX):
        if t.terrain[lake] != LAKE:
            continue
        c = 0
        for k in range(t.neighbours.shape[1]):
            nb = t.neighbours[lake, k]
            if 0 <= nb < N_HEX and t.terrain[nb] != LAKE and controls(s, p, nb):
                c += 1
        most = max(most, c)
    return most


@njit
def _most_of_a_resource(s, p):
    most = 0
    for r in range(N_RES):
        most = max(most, controlled_resource(s, p, r))
    return most


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
        return controls(s, p, t.factory_loc[0]) and _has_highest_power(s, p)
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
        return _most_pieces_on_a_territory(s, p) >= 6
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
        return _most_around_a_lake(s, t, p) >= 5
    if card == PERMANENT_FOOTHOLD:
        return structures_built(s, p) >= 3 and pl[P_POPULARITY] >= 7 and mechs_deployed(s, p) == 0
    if card == MONOPOLIZE:
        return _most_of_a_resource(s, p) >= 9
    if card == BREAKTHROUGH:
        return pl[P_FACTORY_CARD] >= 0 and upgrades_done(s, p) == 0
    if card == TACTICAL_MASTERY:
        return hand_size(s, p) >= 8 and s.stars[p, STAR_COMBAT] >= 1
    return False


# --- partial progress ---------------------------------------------------------------------
# objective_progress rates how near p is to a card's condition: each part of the
# condition as a fraction capped at 1, the card's value the mean of its parts. Every
# part is 1 exactly when that part holds, so the mean is 1 exactly when the card holds
# (tests/scythe/test_objective_progress.py checks it against objective_holds).

@njit
def _at_least(value, needed):
    """Fraction of a "have at least `needed`" part."""
    return min(value, needed) / needed


@njit
def _at_most(value, limit):
    """A "have at most `limit`" part: 1 within it, falling as value passes it."""
    return 1.0 if value <= limit else (limit + 1) / (value + 1)


@njit
def _exactly_one(count):
    """An "exactly 1" part: 0 for none, 1 for one, 1/count past it."""
    return 0.0 if count == 0 else 1.0 / count


@njit
def _flag(ok):
    return 1.0 if ok else 0.0


@njit
def _stockpile_progress(s, p):
    """Best controlled territory: mean of its tokens (of 9) and its types (of 4)."""
    best = 0.0
    for loc in range(N_HEX):
        if controls(s, p, loc):
            total, types = _tokens_and_types(s, loc)
            best = max(best, (_at_least(total, 9) + _at_least(types, N_RES)) / 2)
    return best


@njit
def _hedge_progress(s, p):
    """Eight parts of one each: upgrade, mech, structure, recruit and the four resources."""
    have = (min(upgrades_done(s, p), 1) + min(mechs_deployed(s, p), 1)
            + min(structures_built(s, p), 1) + min(recruits_enlisted(s, p), 1))
    for r in range(N_RES):
        have += min(controlled_resource(s, p, r), 1)
    return have / (4 + N_RES)


@njit
def _balance_progress(s, p):
    workers = workers_on_board(s, p)
    recruits = recruits_enlisted(s, p)
    most = max(workers, recruits)
    return 1.0 if most == 0 else min(workers, recruits) / most


@njit
def _wolf_progress(s, p):
    """Best controlled territory: character there, 1 mech, 1 worker, resources (of 5)."""
    best = 0.0
    for loc in range(N_HEX):
        if not controls(s, p, loc):
            continue
        parts = (_flag(s.unit_loc[p, UNIT_CHARACTER] == loc) + _exactly_one(count_mechs(s, p, loc))
                 + _exactly_one(count_workers(s, p, loc)) + _at_least(_tokens_and_types(s, loc)[0], 5))
        best = max(best, parts / 4)
    return best


@njit
def _power_share(s, p):
    """p's power over the highest power (1 when p has it, ties included)."""
    top = 0
    for q in range(s.game[G_N_PLAYERS]):
        top = max(top, s.player[q, P_POWER])
    return 1.0 if top == 0 else s.player[p, P_POWER] / top


@njit
def objective_progress(s, t, p, card):
    """How near p is to objective card `card` (id = number - 1), in [0, 1]: 1.0 exactly
    when objective_holds, else the mean of the condition's parts, each a capped fraction
    (3 mountains needed, 2 controlled: 2/3; "at most 3 workers" with 5: 4/6)."""
    pl = s.player[p]
    if card == HIGHER_GROUND:
        return _at_least(_controlled_of_terrain(s, t, p, MOUNTAIN), 3)
    if card == UNDERWORLD:
        return _at_least(_controlled_tunnels(s, t, p), 3)
    if card == HARVEST:
        return _at_least(_controlled_of_terrain(s, t, p, FARM), 3)
    if card == NORTHERN:
        return _at_least(_controlled_of_terrain(s, t, p, TUNDRA), 3)
    if card == KING_OF_THE_HILL:
        return (_flag(controls(s, p, t.factory_loc[0])) + _power_share(s, p)) / 2
    if card == WARNING:     # met by an event of this turn; before it, the power part only
        return 1.0 if s.game[G_WARNING] != 0 else _at_least(pl[P_POWER], 7) / 2
    if card == MACHINE_OVER_MUSCLE:
        return (_flag(pl[P_FACTORY_CARD] >= 0) + _at_least(mechs_deployed(s, p), 1)
                + _at_most(workers_on_board(s, p), 3)) / 3
    if card == COMMON_MAN:
        return (_at_most(pl[P_COINS], 2) + _at_least(workers_on_board(s, p), 4)
                + _at_least(pl[P_POPULARITY], 7)) / 3
    if card == STOCKPILE:
        return _stockpile_progress(s, p)
    if card == WOODLAND:
        return _at_least(_controlled_of_terrain(s, t, p, FOREST), 3)
    if card == POPULATION:
        return _at_least(_controlled_of_terrain(s, t, p, VILLAGE), 3)
    if card == GET_RICH:
        return _at_least(pl[P_COINS], 20)
    if card == FOUNDATIONS:
        return _at_least(_most_pieces_on_a_territory(s, p), 6)
    if card == HEDGE_YOUR_BETS:
        return _hedge_progress(s, p)
    if card == BALANCED_WORKFORCE:
        return _balance_progress(s, p)
    if card == WOLF_AMONG_SHEEP:
        return _wolf_progress(s, p)
    if card == DIVIDE_AND_CONQUER:
        return (_flag(pl[P_FACTORY_CARD] < 0) + _at_least(_around_factory(s, t, p), 2)) / 2
    if card == BELOVED_PACIFIST:
        return (_at_most(pl[P_POWER], 0) + _at_least(pl[P_POPULARITY], 13)
                + _at_least(workers_on_board(s, p), 5)) / 3
    if card == SHORE_UP:
        return _at_least(_most_around_a_lake(s, t, p), 5)
    if card == PERMANENT_FOOTHOLD:
        return (_at_least(structures_built(s, p), 3) + _at_least(pl[P_POPULARITY], 7)
                + _at_most(mechs_deployed(s, p), 0)) / 3
    if card == MONOPOLIZE:
        return _at_least(_most_of_a_resource(s, p), 9)
    if card == BREAKTHROUGH:
        return (_flag(pl[P_FACTORY_CARD] >= 0) + _at_most(upgrades_done(s, p), 0)) / 2
    if card == TACTICAL_MASTERY:
        return (_at_least(hand_size(s, p), 8) + _at_least(s.stars[p, STAR_COMBAT], 1)) / 2
    return 0.0


@njit
def _revealable(s, t, p, card, at_end):
    if card < 0 or (t.objective_end[card] != 0 and not at_end):
        return False
    return objective_holds(s, t, p, card)


@njit
def legal_reveals(s, t, p, out, n, at_end):
    """Append a reveal row per held card (and shared card: Mission Possible) whose
    condition holds now; none at the Resolution Module's star cap (no star to place)."""
    if star_cap_reached(s, t, p):
        return n
    for field in (P_OBJECTIVE_A, P_OBJECTIVE_B):
        card = s.player[p, field]
        if _revealable(s, t, p, card, at_end):
            n = emit(out, n, A_REVEAL_OBJECTIVE, card, 0, 0)
    for k in range(MAX_SHARED_OBJECTIVES):
        card = shared_objective(s, k)
        if _shared_revealable(s, t, p, card, at_end):
            n = emit(out, n, A_REVEAL_OBJECTIVE, card, 0, 0)
    return n


@njit
def _shared_revealable(s, t, p, card, at_end):
    """A shared objective p has not completed yet and whose condition holds."""
    return (card >= 0 and not (s.player[p, P_OBJECTIVES_DONE] >> card) & 1
            and _revealable(s, t, p, card, at_end))


@njit
def _any_revealable(s, t, p, at_end):
    if star_cap_reached(s, t, p):
        return False
    for k in range(MAX_SHARED_OBJECTIVES):
        if _shared_revealable(s, t, p, shared_objective(s, k), at_end):
            return True
    return (_revealable(s, t, p, s.player[p, P_OBJECTIVE_A], at_end)
            or _revealable(s, t, p, s.player[p, P_OBJECTIVE_B], at_end))


@njit
def reveal_objective(s, t, p, card):
    """Score objective `card`: the star, then both cards discarded (Saxony keeps the other).
    A shared card (Mission Possible) stays face up for the others; p's own cards stay."""
    own = s.player[p, P_OBJECTIVE_A] == card or s.player[p, P_OBJECTIVE_B] == card
    keep_other = s.player[p, P_ABILITY] == DOMINATE
    if own and s.stars[p, STAR_OBJECTIVE] - shared_done(s, p) >= 1:
        note_faction_ability(s, p, DOMINATE)   # a second own objective star: only Dominate kept the card
    for field in (P_OBJECTIVE_A, P_OBJECTIVE_B):
        if own and (s.player[p, field] == card or not keep_other):
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
