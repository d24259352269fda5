"""The one place where a game ends.

Every rule that can end the game asks here: ``after_star`` once a star is placed (the
stars-to-end threshold) and ``after_round`` once a round is complete (the turn cap).
``after_turn`` once a turn is over (the Wind Gambit's resolution tile). All end the game
through ``end_game``, which records why. Variants hook in here, not in the rules that
call these: the resolution tiles (kernel/wind_gambit/resolution.py: the tile's condition replaces the
stars to end) and All Out War's war phase (played when the game would end, before it does).
"""
from scythe_sim.compiled.jit import njit, njit_entry, njit_inline

from ..layout import (END_RESOLUTION0, END_STARS, END_TURN_CAP, G_END_REASON, G_GAME_OVER,
                      G_PHASE, G_RES_TILE, G_ROUND, G_WAR_STAGE, PH_GAME_OVER, P_STARS,
                      WAR_STAGE_DUE)
from ..tables import R_STARS_TO_END, R_TURN_CAP
from .movement import return_from_contacts
from .war.mobilize import mark_war_due, start_war
from .wind_gambit.resolution import star_ends_game, turn_ends_game


@njit_inline
def end_game(s, t, reason):
    """The game is over now, for this END_* reason. With All Out War (rule all_out_war)
    the war is then due: start_war_if_due starts its mobilization. A game ended mid-Move
    leaves no fight standing: the active player's units in unfought contacts go back."""
    return_from_contacts(s)
    mark_war_due(s, t)
    s.game[G_GAME_OVER] = 1
    s.game[G_END_REASON] = reason
    s.game[G_PHASE] = PH_GAME_OVER


@njit
def after_star(s, t, p):
    """p has just placed a star: end the game when p reached the stars to end (with a
    resolution tile: when the tile says so). True when the game ended."""
    tile = s.game[G_RES_TILE]
    if tile != 0:
        if star_ends_game(s, t, p):
            end_game(s, t, END_RESOLUTION0 + tile - 1)
            return True
        return False
    if s.player[p, P_STARS] >= t.rules[R_STARS_TO_END]:
        end_game(s, t, END_STARS)
        return True
    return False


@njit
def after_round(s, t):
    """A round has just been completed: end the game at the turn cap. True when the
    game ended."""
    if s.game[G_ROUND] >= t.rules[R_TURN_CAP]:
        end_game(s, t, END_TURN_CAP)
        return True
    return False


@njit
def after_turn(s, t, p):
    """p's turn is over (and a completed round counted): with a resolution tile, end the
    game when the tile says so. True when the game ended."""
    tile = s.game[G_RES_TILE]
    if tile != 0 and turn_ends_game(s, t, p):
        end_game(s, t, END_RESOLUTION0 + tile - 1)
        return True
    return False


@njit_entry
def start_war_if_due(s, t):
    """After each step: when the standard game has just ended with All Out War due, the
    war's mobilization starts (the game goes on); True then. The war waits for this
    call, not for end_game, so a planner playing a copy to the game's end sees it end
    exactly as in a base run, and the standard half of a war run plays as the base run."""
    if s.game[G_GAME_OVER] and s.game[G_WAR_STAGE] == WAR_STAGE_DUE:
        start_war(s, t)
        return True
    return False
