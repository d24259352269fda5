"""The one place where a game ends.

Every rule that can end the game asks here: ``after_star`` once a star is placed (the
stars-to-end threshold) and ``after_round`` once a round is complete (the turn cap).
``after_turn`` once a turn is over. All end the game through ``end_game``, which records
why. Variants hook in here through kernel/variants.py, not in the rules that call these:
the Wind Gambit's resolution tiles (the tile's condition replaces the stars to end) and
All Out War's war phase (played when the game would end, before it does).
"""
from scythe_sim.compiled.jit import njit, njit_inline

from ..layout import (END_BASE_RULE, END_GOES_ON, END_STARS, END_TURN_CAP, G_END_REASON, G_GAME_OVER, G_PHASE, G_ROUND,
                      PH_GAME_OVER, P_STARS)
from ..tables import R_STARS_TO_END, R_TURN_CAP
from .movement import return_from_contacts
from .variants import on_game_end, star_end, turn_end


@njit_inline
def end_game(s, t, reason):
    """The game is over now, for this END_* reason; a variant may take it on
    (variants.on_game_end: All Out War's war is then due). A game ended mid-Move leaves
    no fight standing: the active player's units in unfought contacts go back."""
    return_from_contacts(s)
    on_game_end(s, t)
    s.game[G_GAME_OVER] = 1
    s.game[G_END_REASON] = reason
    s.game[G_PHASE] = PH_GAME_OVER


@njit
def after_star(s, t, p):
    """p has just placed a star: end the game when p reached the stars to end (or when a
    variant that rules the stars' end says so). True when the game ended."""
    reason = star_end(s, t, p)
    if reason != END_BASE_RULE:
        if reason != END_GOES_ON:
            end_game(s, t, reason)
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
    """p's turn is over (and a completed round counted): end the game when a variant
    says so (a resolution tile's condition). True when the game ended."""
    reason = turn_end(s, t, p)
    if reason != END_GOES_ON:
        end_game(s, t, reason)
        return True
    return False
