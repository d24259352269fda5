"""Mobilization: from the standard game's final board to the war's first turn.

In the text's order: the standard score is kept (standard_score, standard_rank), every
faction counts its 100 divisions into the recruitment pool, bonus divisions go from it
to the deployment pool, one division goes onto each territory a faction controls; a
territory so held next to another faction's home base is handed over, the giver taking
one of the receiver's holdings in exchange (PH_WAR_SWAP); resources and workers leave,
Flags and Traps leave the map, characters, mechs and airships go home; deployment turns
place divisions (PH_WAR_DEPLOY), then mechs (PH_WAR_MECH), then each airship
(PH_WAR_AIRSHIP_PLACE, with the Wind Gambit) in place order; the war starts with the
first place.
"""
from scythe_sim.compiled.jit import njit, njit_inline

from ...enums import LAKE, N_HEX, N_LOC, N_RES
from ...layout import (G_ACTIVE, G_DECIDER, G_GAME_OVER, G_N_PLAYERS, G_PHASE, N_UNITS, OFF_BOARD,
                       P_POPULARITY, S_RANK, UNIT_MECH0, UNIT_WORKER0)
from ...variants.war.layout import (G_WAR_CONTROL_HASH, G_WAR_PLACE_LEFT, G_WAR_ROUND, G_WAR_STAGE,
                                    G_WAR_WINNER, PH_WAR_AIRSHIP_PLACE, PH_WAR_DEPLOY, PH_WAR_MECH,
                                    PH_WAR_SWAP, WAR_STAGE_DUE, WAR_STAGE_MOBILIZATION, WAR_STAGE_NONE,
                                    WAR_STAGE_WAR, W_CAPITULATED_BY, W_CAPITULATED_ROUND, W_DEPLOY_POOL,
                                    W_LAST_ACTION, W_MOB_FACTORY, W_MOB_PLACE, W_MOB_POPULARITY,
                                    W_MOB_RECRUITS, W_MOB_RESOURCES, W_MOB_TERRITORIES, W_PLACE,
                                    W_RECRUIT_POOL, W_STANDARD_RANK)
from ...variants.war.rules import (R_ALL_OUT_WAR, R_WAR_BONUS_FACTORY, R_WAR_BONUS_FIRST,
                                   R_WAR_BONUS_PER_RECRUIT, R_WAR_BONUS_POPULARITY, R_WAR_BONUS_RESOURCES,
                                   R_WAR_BONUS_SECOND, R_WAR_BONUS_THIRD, R_WAR_DEPLOY_BATCH, R_WAR_DIVISIONS)
from ..board import NOBODY, controlled_resource, controller, put_unit, recruits_enlisted
from ..invaders.tokens import clear_tokens
from ..scoring import score_game
from .airship_mobilize import airship_to_place, airships_home, put_war_airship
from .board import any_place_spot, control_hash, home_of, in_war, next_to_other_home, war_controller
from .capitulate import check_capitulations
from .turn import start_war_turn


@njit
def mark_war_due(s, t):
    """The standard game has ended: with All Out War, its war is due (start_war_if_due
    starts the mobilization after the step). Nothing without the variant, or once the
    war has begun."""
    if t.rules[R_ALL_OUT_WAR] != 0 and s.game[G_WAR_STAGE] == WAR_STAGE_NONE:
        s.game[G_WAR_STAGE] = WAR_STAGE_DUE


@njit_inline
def war_begun(s):
    """The war is due or under way: the standard game's stars are no longer placed."""
    return s.game[G_WAR_STAGE] != WAR_STAGE_NONE


@njit
def start_war_if_due(s, t):
    """After each step: when the standard game has just ended with All Out War due, the
    war's mobilization starts (the game goes on); True then. The war waits for this
    call, not for end_game, so a planner playing a copy to the game's end sees it end
    exactly as in a base run, and the standard half of a war run plays as the base run."""
    if s.game[G_GAME_OVER] and s.game[G_WAR_STAGE] == WAR_STAGE_DUE:
        start_war(s, t)
        return True
    return False


@njit
def start_war(s, t):
    """The standard game is over (its end reason is recorded): mobilize for the war."""
    score_game(s, t, s.standard_score)
    s.game[G_GAME_OVER] = 0
    s.game[G_WAR_STAGE] = WAR_STAGE_MOBILIZATION
    s.game[G_WAR_WINNER] = -1
    n = s.game[G_N_PLAYERS]
    for p in range(n):
        for f in range(s.war.shape[1]):
            s.war[p, f] = 0
        s.war[p, W_STANDARD_RANK] = s.standard_score[p, S_RANK]
        s.war[p, W_RECRUIT_POOL] = t.rules[R_WAR_DIVISIONS]
        s.war[p, W_CAPITULATED_BY] = -1
        s.war[p, W_CAPITULATED_ROUND] = -1
        s.war[p, W_LAST_ACTION] = -1
    for p in range(n):
        place = 0
        for q in range(n):
            rq, rp = s.war[q, W_STANDARD_RANK], s.war[p, W_STANDARD_RANK]
            if rq < rp or (rq == rp and q < p):
                place += 1
        s.war[p, W_PLACE] = place
    _award_bonuses(s, t, n)
    _territory_divisions(s, t, n)
    _clear_board(s, t, n)
    for loc in range(N_LOC):
        s.mark[loc] = 0
    next_handover(s, t)


@njit
def _mobilise(s, p, field, amount):
    """amount divisions from p's recruitment pool to its deployment pool, on account of field."""
    k = min(amount, s.war[p, W_RECRUIT_POOL])
    s.war[p, W_RECRUIT_POOL] -= k
    s.war[p, W_DEPLOY_POOL] += k
    s.war[p, field] += k


@njit
def _award_bonuses(s, t, n):
    best_pop = 0
    best_res = 0
    for p in range(n):
        best_pop = max(best_pop, s.player[p, P_POPULARITY])
        best_res = max(best_res, _controlled_resources(s, p))
    factory = controller(s, t.factory_loc[0])
    for p in range(n):
        rank = s.war[p, W_STANDARD_RANK]
        if rank == 1:
            _mobilise(s, p, W_MOB_PLACE, t.rules[R_WAR_BONUS_FIRST])
        elif rank == 2:
            _mobilise(s, p, W_MOB_PLACE, t.rules[R_WAR_BONUS_SECOND])
        elif rank == 3:
            _mobilise(s, p, W_MOB_PLACE, t.rules[R_WAR_BONUS_THIRD])
        if s.player[p, P_POPULARITY] == best_pop:
            _mobilise(s, p, W_MOB_POPULARITY, t.rules[R_WAR_BONUS_POPULARITY])
        if _controlled_resources(s, p) == best_res:
            _mobilise(s, p, W_MOB_RESOURCES, t.rules[R_WAR_BONUS_RESOURCES])
        if factory == p:
            _mobilise(s, p, W_MOB_FACTORY, t.rules[R_WAR_BONUS_FACTORY])
        _mobilise(s, p, W_MOB_RECRUITS, t.rules[R_WAR_BONUS_PER_RECRUIT] * recruits_enlisted(s, p))


@njit
def _controlled_resources(s, p):
    total = 0
    for r in range(N_RES):
        total += controlled_resource(s, p, r)
    return total


@njit
def _territory_divisions(s, t, n):
    """One division from the recruitment pool onto each land territory a faction controls."""
    for loc in range(N_HEX):
        if t.terrain[loc] == LAKE:
            continue
        p = controller(s, loc)
        if p >= 0:
            _put_division(s, p, loc)


@njit
def _put_division(s, p, loc):
    if s.war[p, W_RECRUIT_POOL] > 0:
        s.war[p, W_RECRUIT_POOL] -= 1
        s.war[p, W_MOB_TERRITORIES] += 1
        s.divisions[p, loc] += 1


@njit
def _take_back(s, p, loc):
    """p's divisions on loc return to its recruitment pool (a hand-over or a swap)."""
    k = s.divisions[p, loc]
    s.divisions[p, loc] = 0
    s.war[p, W_RECRUIT_POOL] += k
    s.war[p, W_MOB_TERRITORIES] -= k


@njit
def _clear_board(s, t, n):
    """Resources, workers, Flags and Traps leave the board; characters, mechs and
    airships go home."""
    for loc in range(N_LOC):
        for r in range(N_RES):
            s.hex_res[loc, r] = 0
    clear_tokens(s)
    airships_home(s, t, n)
    for p in range(n):
        home = home_of(s, t, p)
        for u in range(N_UNITS):
            if s.unit_loc[p, u] == OFF_BOARD:
                continue
            put_unit(s, p, u, home if u < UNIT_WORKER0 else OFF_BOARD)


@njit
def next_handover(s, t):
    """Hand over the next territory held next to another faction's home base (each once,
    mark 1), and let the giver choose the exchange (PH_WAR_SWAP, mark 2 on the handed
    territory); deployment starts once none is left."""
    for loc in range(N_HEX):
        if s.mark[loc] != 0:
            continue
        giver = war_controller(s, loc)
        if giver < 0 or s.divisions[giver, loc] == 0:
            continue
        receiver = next_to_other_home(s, t, giver, loc)
        if receiver < 0:
            continue
        _take_back(s, giver, loc)
        _put_division(s, receiver, loc)
        s.mark[loc] = 2
        if any_swap(s, t, giver, receiver):
            s.game[G_DECIDER] = giver
            s.game[G_ACTIVE] = giver
            s.game[G_PHASE] = PH_WAR_SWAP
            return
        s.mark[loc] = 1
    for loc in range(N_LOC):
        s.mark[loc] = 0
    _start_deployment(s, t)


@njit
def pending_handover(s):
    for loc in range(N_HEX):
        if s.mark[loc] == 2:
            return loc
    return -1


@njit
def swap_candidate(s, t, giver, receiver, loc):
    """The giver may take loc in exchange: a territory holding the receiver's divisions,
    not next to a home base other than the giver's, not handed over or taken already."""
    if s.mark[loc] != 0 or s.divisions[receiver, loc] == 0:
        return False
    return war_controller(s, loc) == receiver and next_to_other_home(s, t, giver, loc) < 0


@njit
def any_swap(s, t, giver, receiver):
    for loc in range(N_HEX):
        if swap_candidate(s, t, giver, receiver, loc):
            return True
    return False


@njit
def swap(s, t, loc):
    """The giver takes loc from the receiver in exchange for the territory handed over."""
    handed = pending_handover(s)
    giver = s.game[G_DECIDER]
    receiver = war_controller(s, handed)
    _take_back(s, receiver, loc)
    _put_division(s, giver, loc)
    s.mark[loc] = 1
    s.mark[handed] = 1
    next_handover(s, t)


@njit
def _player_at_place(s, place):
    for p in range(s.game[G_N_PLAYERS]):
        if s.war[p, W_PLACE] == place:
            return p
    return NOBODY


@njit
def _can_deploy(s, t, p):
    """p has divisions to place and land to place them on (a faction that capitulated
    during deployment leaves its pool unused)."""
    return in_war(s, p) and s.war[p, W_DEPLOY_POOL] > 0 and any_place_spot(s, t, p)


@njit
def _mech_waiting(s, t, p):
    """Lowest mech slot of p waiting at home to be deployed, -1 none (or no land)."""
    home = home_of(s, t, p)
    for u in range(UNIT_MECH0, UNIT_WORKER0):
        if s.unit_loc[p, u] == home:
            return u if any_place_spot(s, t, p) else -1
    return -1


@njit
def _start_deployment(s, t):
    n = s.game[G_N_PLAYERS]
    _next_deployer(s, t, n - 1 if n > 0 else 0)


@njit
def _next_deployer(s, t, last_place):
    """The next deployment turn in place order after last_place: divisions while any
    pool can be placed, then mechs, then the war."""
    n = s.game[G_N_PLAYERS]
    for k in range(1, n + 1):
        p = _player_at_place(s, (last_place + k) % n)
        if _can_deploy(s, t, p):
            s.game[G_ACTIVE] = p
            s.game[G_DECIDER] = p
            s.game[G_WAR_PLACE_LEFT] = min(t.rules[R_WAR_DEPLOY_BATCH], s.war[p, W_DEPLOY_POOL])
            s.game[G_PHASE] = PH_WAR_DEPLOY
            return
    _next_mech_deployer(s, t, n - 1)   # mechs start again with the first place


@njit
def deployment_done(s, t):
    """A deployment turn has placed its divisions."""
    _next_deployer(s, t, s.war[s.game[G_ACTIVE], W_PLACE])


@njit
def _next_mech_deployer(s, t, last_place):
    n = s.game[G_N_PLAYERS]
    for k in range(1, n + 1):
        p = _player_at_place(s, (last_place + k) % n)
        if _mech_waiting(s, t, p) >= 0:
            s.game[G_ACTIVE] = p
            s.game[G_DECIDER] = p
            s.game[G_PHASE] = PH_WAR_MECH
            return
    _next_airship_placer(s, t, n - 1)   # airships start again with the first place


@njit
def _next_airship_placer(s, t, last_place):
    """Mobilization's final step: each faction in place order moves its airship from the
    home base to a territory it controls (one that controls none keeps it at home)."""
    n = s.game[G_N_PLAYERS]
    for k in range(1, n + 1):
        p = _player_at_place(s, (last_place + k) % n)
        if airship_to_place(s, t, p):
            s.game[G_ACTIVE] = p
            s.game[G_DECIDER] = p
            s.game[G_PHASE] = PH_WAR_AIRSHIP_PLACE
            return
    _begin_war(s, t)


@njit
def place_airship(s, t, loc):
    p = s.game[G_ACTIVE]
    put_war_airship(s, p, loc)
    _next_airship_placer(s, t, s.war[p, W_PLACE])


@njit
def deploy_mech(s, t, loc):
    p = s.game[G_ACTIVE]
    put_unit(s, p, _mech_waiting(s, t, p), loc)
    if check_capitulations(s, t):   # deployed next to a home base: "at any moment"
        return
    _next_mech_deployer(s, t, s.war[p, W_PLACE])


@njit
def _begin_war(s, t):
    """Action pawns are reset (no last action): the first place takes the first war turn."""
    s.game[G_WAR_STAGE] = WAR_STAGE_WAR
    s.game[G_WAR_ROUND] = 1
    s.game[G_WAR_CONTROL_HASH] = control_hash(s)
    start_war_turn(s, t, _player_at_place(s, 0))
