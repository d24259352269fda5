"""Trophies (rulebook TROPHIES): each once per player, at most one on your turn until
the grand finale, none while friendship is below 3, personality cards lowering one
requirement, and no more than the player's 4 trophy tokens (rule trophies_to_win: a
player has as many tokens as trophies win). Delivery and pie-fight trophies are events
(claimed when they happen, that turn only); the other five read the current state and
must be placed as soon as the active player meets them with the turn's trophy still free
(turn.advance asks any_claimable before every decision of the turn)."""
from scythe_sim.compiled.jit import njit

from ..layout import (G_ACTIVE, G_FINALE, G_TROPHY_TAKEN, G_TURN, N_TROPHIES, P_FRIENDSHIP,
                      P_MAKE_TILE, P_MOVE_TILE, P_PIES, P_QUESTS_DONE, P_TROPHIES, TR_FRIENDSHIP,
                      TR_PIES, TR_POWER_UPS, TR_QUESTS, TR_SPELLS)
from ..tables import F_TROPHY_FRIENDSHIP_MIN, R_TROPHIES_TO_WIN
from .board import hand_size, trophy_need


@njit
def friendly_enough(s, t, p):
    return s.player[p, P_FRIENDSHIP] >= t.facts[F_TROPHY_FRIENDSHIP_MIN]


@njit
def may_earn(s, t, p):
    """p may place a trophy at all: friendly enough and a trophy token still on its mat
    (a 5th trophy never: the finale's ties are settled among players on 4)."""
    return friendly_enough(s, t, p) and s.player[p, P_TROPHIES] < t.rules[R_TROPHIES_TO_WIN]


@njit
def place_trophy(s, p, k):
    s.trophy[p, k] = 1
    s.trophy_turn[p, k] = s.game[G_TURN]
    s.player[p, P_TROPHIES] += 1


@njit
def turn_may_place(s, p):
    """The active player may still place a trophy this turn (one per turn until the finale)."""
    return p == s.game[G_ACTIVE] and (s.game[G_FINALE] == 1 or s.game[G_TROPHY_TAKEN] == 0)


@njit
def claim_event(s, t, p, k):
    """The active player's delivery or pie-fight trophy, placed when it happens if the
    turn's trophy is free and friendship allows; otherwise it is lost (that turn only)."""
    if s.trophy[p, k] == 0 and may_earn(s, t, p) and turn_may_place(s, p):
        place_trophy(s, p, k)
        s.game[G_TROPHY_TAKEN] += 1


@njit
def qualifies(s, t, p, k):
    """Player p meets state trophy k's requirement now (events never qualify here)."""
    need = trophy_need(s, t, p, k)
    if k == TR_FRIENDSHIP:
        return s.player[p, P_FRIENDSHIP] >= need
    if k == TR_PIES:
        return s.player[p, P_PIES] >= need
    if k == TR_SPELLS:
        return hand_size(s, p) >= need
    if k == TR_QUESTS:
        return s.player[p, P_QUESTS_DONE] >= need
    if k == TR_POWER_UPS:
        tiles = (s.player[p, P_MOVE_TILE] >= 0) + (s.player[p, P_MAKE_TILE] >= 0)
        return tiles >= need
    return False


@njit
def claimable(s, t, p, k):
    return s.trophy[p, k] == 0 and qualifies(s, t, p, k)


@njit
def any_claimable(s, t, p):
    """The active player must place a state trophy now."""
    if not (may_earn(s, t, p) and turn_may_place(s, p)):
        return False
    for k in range(N_TROPHIES):
        if claimable(s, t, p, k):
            return True
    return False
