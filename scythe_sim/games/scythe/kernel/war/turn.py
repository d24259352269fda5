"""The war turn: one action of Bolster (power doubled), Move or Produce (never the one
taken last turn), then the count of territorial points; play passes in place order to
the next faction still fighting. The war ends at the points to win, with the last faction
standing, or (simulator rules) at the round cap or after too many quiet rounds."""
from scythe_sim.compiled.jit import njit

from ...enums import CUBE_CARDS, CUBE_GAIN, CUBE_POWER
from ...layout import (G_ACTIVE, G_COMBAT_HEX, G_DECIDER, G_DEFENDER, G_GAME_OVER, G_MOVED_MASK, G_MOVER,
                       G_N_PLAYERS, G_PHASE, PH_GAME_OVER, P_COINS, P_CUBE0, RNG_VARIANT)
from ...variants.war.layout import (A_WAR_BOLSTER, A_WAR_GAIN_COINS, A_WAR_MOVE, A_WAR_PASS, A_WAR_PRODUCE,
                                    G_WAR_CARGO, G_WAR_CONTROL_HASH, G_WAR_END_REASON, G_WAR_MOVES_LEFT,
                                    G_WAR_PLACE_LEFT, G_WAR_QUIET_ROUNDS, G_WAR_ROUND, G_WAR_WINNER,
                                    PH_WAR_ACTION, PH_WAR_PLACE, WAR_BOLSTER, WAR_END_LAST_STANDING,
                                    WAR_END_POINTS, WAR_END_STALEMATE_CAP, WAR_END_STALEMATE_QUIET, WAR_MOVE,
                                    WAR_PRODUCE, W_DEPLOY_POOL, W_LAST_ACTION, W_PLACE, W_POINTS, W_PRODUCED,
                                    W_RECRUIT_POOL, W_WAR_TURNS)
from ...variants.war.rules import (R_WAR_GAIN_COINS, R_WAR_POINTS_TO_WIN, R_WAR_POWER_FACTOR,
                                   R_WAR_PRODUCE_COST, R_WAR_PRODUCE_DIVISIONS, R_WAR_QUIET_ROUNDS,
                                   R_WAR_ROUND_CAP)
from ..cards import draw_card_from
from ..tracks import gain_power
from .board import (any_place_spot, control_hash, in_war, players_in_war,
                    war_emit, war_points)


@njit
def cube_amount(s, t, p, cube):
    """A top-row amount, with or without its technology cube moved (as top.cube_amount)."""
    return t.top_amount[cube, s.player[p, P_CUBE0 + cube]]


@njit
def start_war_turn(s, t, p):
    s.game[G_ACTIVE] = p
    s.game[G_DECIDER] = p
    s.game[G_COMBAT_HEX] = -1
    s.game[G_DEFENDER] = -1
    s.game[G_MOVER] = -1
    s.game[G_MOVED_MASK] = 0
    s.game[G_WAR_CARGO] = 0
    s.game[G_WAR_MOVES_LEFT] = 0
    s.game[G_WAR_PLACE_LEFT] = 0
    s.war[p, W_WAR_TURNS] += 1
    s.game[G_PHASE] = PH_WAR_ACTION


@njit
def can_produce(s, t, p):
    return (s.player[p, P_COINS] >= t.rules[R_WAR_PRODUCE_COST] and s.war[p, W_RECRUIT_POOL] > 0
            and any_place_spot(s, t, p))


@njit
def legal_war_action(s, t, p, out, can_move):
    """Bolster (power or cards), Move (or its coins), Produce: never last turn's action;
    a pass only when none is open."""
    n = 0
    last = s.war[p, W_LAST_ACTION]
    if last != WAR_BOLSTER and s.player[p, P_COINS] >= t.top_const[1]:
        n = war_emit(out, n, A_WAR_BOLSTER, 0, 0, 0)
        n = war_emit(out, n, A_WAR_BOLSTER, 1, 0, 0)
    if last != WAR_MOVE:
        if can_move:
            n = war_emit(out, n, A_WAR_MOVE, 0, 0, 0)
        if t.rules[R_WAR_GAIN_COINS] != 0:
            n = war_emit(out, n, A_WAR_GAIN_COINS, 0, 0, 0)
    if last != WAR_PRODUCE and can_produce(s, t, p):
        n = war_emit(out, n, A_WAR_PRODUCE, 0, 0, 0)
    if n == 0:
        n = war_emit(out, n, A_WAR_PASS, 0, 0, 0)
    return n


@njit
def war_bolster(s, t, p, cards):
    s.player[p, P_COINS] -= t.top_const[1]
    if cards:
        for _ in range(cube_amount(s, t, p, CUBE_CARDS)):
            draw_card_from(s, p, RNG_VARIANT)
    else:
        gain_power(s, t, p, t.rules[R_WAR_POWER_FACTOR] * cube_amount(s, t, p, CUBE_POWER))
    s.war[p, W_LAST_ACTION] = WAR_BOLSTER
    end_war_turn(s, t)


@njit
def war_gain_coins(s, t, p):
    s.player[p, P_COINS] += cube_amount(s, t, p, CUBE_GAIN)
    s.war[p, W_LAST_ACTION] = WAR_MOVE
    end_war_turn(s, t)


@njit
def war_produce(s, t, p):
    """Pay, and recruit up to the Produce's divisions into the deployment pool, from
    where they are placed now (PH_WAR_PLACE)."""
    s.player[p, P_COINS] -= t.rules[R_WAR_PRODUCE_COST]
    k = min(t.rules[R_WAR_PRODUCE_DIVISIONS], s.war[p, W_RECRUIT_POOL])
    s.war[p, W_RECRUIT_POOL] -= k
    s.war[p, W_DEPLOY_POOL] += k
    s.war[p, W_PRODUCED] += k
    s.war[p, W_LAST_ACTION] = WAR_PRODUCE
    s.game[G_WAR_PLACE_LEFT] = k
    s.game[G_PHASE] = PH_WAR_PLACE


@njit
def war_pass(s, t, p):
    s.war[p, W_LAST_ACTION] = -1
    end_war_turn(s, t)


@njit
def place_divisions(s, p, loc, k):
    """k divisions from the deployment pool onto loc; True when the placing is over."""
    s.divisions[p, loc] += k
    s.war[p, W_DEPLOY_POOL] -= k
    s.game[G_WAR_PLACE_LEFT] -= k
    return s.game[G_WAR_PLACE_LEFT] <= 0


@njit
def end_war(s, winner, reason):
    s.game[G_WAR_WINNER] = winner
    s.game[G_WAR_END_REASON] = reason
    s.game[G_GAME_OVER] = 1
    s.game[G_PHASE] = PH_GAME_OVER


@njit
def check_last_standing(s):
    """True (and the war is over) when one faction alone still fights."""
    if players_in_war(s) > 1:
        return False
    for p in range(s.game[G_N_PLAYERS]):
        if in_war(s, p):
            end_war(s, p, WAR_END_LAST_STANDING)
    return True


@njit
def end_war_turn(s, t):
    """Count the active faction's points (a win at the target), then the next faction
    in place order; a round ends when play wraps to the first place."""
    if s.game[G_GAME_OVER]:
        return
    p = s.game[G_ACTIVE]
    s.war[p, W_POINTS] = war_points(s, t, p)
    if s.war[p, W_POINTS] >= t.rules[R_WAR_POINTS_TO_WIN]:
        end_war(s, p, WAR_END_POINTS)
        return
    if check_last_standing(s):
        return
    n = s.game[G_N_PLAYERS]
    place = s.war[p, W_PLACE]
    for k in range(1, n + 1):
        if place + k == n:   # play wraps to the first place
            if _end_round(s, t):
                return
        q = _at_place(s, (place + k) % n)
        if in_war(s, q):
            start_war_turn(s, t, q)
            return


@njit
def _at_place(s, place):
    for p in range(s.game[G_N_PLAYERS]):
        if s.war[p, W_PLACE] == place:
            return p
    return -1


@njit
def _end_round(s, t):
    """A war round is complete: quiet rounds and the round cap; True when the war ended."""
    h = control_hash(s)
    if h == s.game[G_WAR_CONTROL_HASH]:
        s.game[G_WAR_QUIET_ROUNDS] += 1
    else:
        s.game[G_WAR_QUIET_ROUNDS] = 0
    s.game[G_WAR_CONTROL_HASH] = h
    if s.game[G_WAR_QUIET_ROUNDS] >= t.rules[R_WAR_QUIET_ROUNDS]:
        end_war(s, -1, WAR_END_STALEMATE_QUIET)
        return True
    if s.game[G_WAR_ROUND] >= t.rules[R_WAR_ROUND_CAP]:
        end_war(s, -1, WAR_END_STALEMATE_CAP)
        return True
    s.game[G_WAR_ROUND] += 1
    return False
