"""The one place where a game ends.

Every rule that can end the game asks here: ``after_star`` once a star is placed (the
stars-to-end threshold) and ``after_round`` once a round is complete (the turn cap).
Both end the game through ``end_game``, which records why. Variants hook in here, not
in the rules that call these: Invaders from Afar's resolution tiles (another end
condition checked after a star or a round) and All Out War's war phase (played when
the game would end, before it does).
"""
from ..compiled.jit import njit, njit_inline
from ..layout import (END_STARS, END_TURN_CAP, G_END_REASON, G_GAME_OVER, G_PHASE, G_ROUND,
                      PH_GAME_OVER, P_STARS)
from ..tables import R_STARS_TO_END, R_TURN_CAP


@njit_inline
def end_game(s, reason):
    """The game is over now, for this END_* reason."""
    s.game[G_GAME_OVER] = 1
    s.game[G_END_REASON] = reason
    s.game[G_PHASE] = PH_GAME_OVER


@njit
def after_star(s, t, p):
    """p has just placed a star: end the game when p reached the stars to end. True
    when the game ended."""
    if s.player[p, P_STARS] >= t.rules[R_STARS_TO_END]:
        end_game(s, END_STARS)
        return True
    return False


@njit
def after_round(s, t):
    """A round has just been completed: end the game at the turn cap. True when the
    game ended."""
    if s.game[G_ROUND] >= t.rules[R_TURN_CAP]:
        end_game(s, END_TURN_CAP)
        return True
    return False
