"""apply_action: play one legal row, then advance to the next decision (turn.advance)."""
from scythe_sim.compiled.jit import njit, njit_entry

from ..layout import (A_ACTION, A_CARRY, A_CLAIM, A_DECLINE, A_DIAL, A_END_MOVE, A_END_SPELLS,
                      A_FIGHT, A_FLING, A_GAIN, A_GIVE_TARGET, A_JUMP, A_PAY, A_PILE, A_PLACE,
                      A_QUEST, A_QUEST_OPTION, A_REJUVENATE, A_SEEKER, A_SKIP, A_SPELL, A_STEP,
                      A_STOP, A_TILE, A_TROPHY, ACT_BAKE, ACT_CONJURE, ACT_MOVE, ACT_POWER,
                      ERR_UNKNOWN_KIND, G_ACTIVE, G_DECIDER, G_DEF_TROPHY, G_ERROR, G_STAGE,
                      G_TROPHY_TAKEN, P_LAST_ACTION, ST_BAKE, ST_CONJURE, ST_MOVE, ST_POWER,
                      ST_SEEK, ST_TROPHIES, TR_PIE_FIGHT)
from .catapult import apply_fling, skip_catapult
from .fight import apply_dial, apply_spell, end_spells, start_fight
from .make import apply_pile, apply_tile, start_make
from .move import apply_carry, apply_end_move, apply_jump, apply_seeker, apply_step, apply_stop
from .quest import apply_quest_option, start_quest
from .seek import apply_place, roll
from .tokens import apply_gain, apply_give_target, apply_pay
from .trophies import place_trophy
from .turn import advance, rejuvenate


@njit
def choose_action(s, t, a):
    """The action token goes on space a; the stage that plays it begins."""
    p = s.game[G_ACTIVE]
    s.player[p, P_LAST_ACTION] = a
    if a == ACT_MOVE:
        s.game[G_STAGE] = ST_MOVE
    elif a == ACT_BAKE or a == ACT_CONJURE or a == ACT_POWER:
        start_make(s, t, p, a)
        s.game[G_STAGE] = ST_BAKE if a == ACT_BAKE else ST_CONJURE if a == ACT_CONJURE else ST_POWER
    else:
        roll(s, t, a)
        s.game[G_STAGE] = ST_SEEK


@njit
def _apply(s, t, kind, a0, a1, a2):
    if kind == A_ACTION:
        choose_action(s, t, a0)
    elif kind == A_SEEKER:
        apply_seeker(s, t, a0)
    elif kind == A_END_MOVE:
        apply_end_move(s)
    elif kind == A_STEP:
        apply_step(s, t, a0)
    elif kind == A_JUMP:
        apply_jump(s, t, a0)
    elif kind == A_CARRY:
        apply_carry(s, t, a0, a1)
    elif kind == A_STOP:
        apply_stop(s)
    elif kind == A_FIGHT:
        start_fight(s, t, a0)
    elif kind == A_DIAL:
        apply_dial(s, a0)
    elif kind == A_SPELL:
        apply_spell(s, t, a0)
    elif kind == A_END_SPELLS:
        end_spells(s)
    elif kind == A_CLAIM:
        place_trophy(s, s.game[G_DEF_TROPHY], TR_PIE_FIGHT)
        s.game[G_DEF_TROPHY] = -1
    elif kind == A_DECLINE:
        s.game[G_DEF_TROPHY] = -1
    elif kind == A_REJUVENATE:
        rejuvenate(s, t, s.game[G_DECIDER], a0)
    elif kind == A_QUEST:
        start_quest(s, t, a0)
    elif kind == A_QUEST_OPTION:
        apply_quest_option(s, t, a0)
    elif kind == A_PAY:
        apply_pay(s, a0)
    elif kind == A_GIVE_TARGET:
        apply_give_target(s, a0)
    elif kind == A_GAIN:
        apply_gain(s, a0)
    elif kind == A_PLACE:
        apply_place(s, t, a0)
    elif kind == A_PILE:
        apply_pile(s, t, a0)
    elif kind == A_TILE:
        apply_tile(s, a0)
        s.game[G_STAGE] = ST_TROPHIES
    elif kind == A_FLING:
        apply_fling(s, a0, a1, a2)
    elif kind == A_SKIP:
        skip_catapult(s)
    elif kind == A_TROPHY:
        place_trophy(s, s.game[G_DECIDER], a0)
        s.game[G_TROPHY_TAKEN] += 1
    else:
        s.game[G_ERROR] = ERR_UNKNOWN_KIND
        return False
    return True


@njit_entry
def apply_action(s, t, kind, a0, a1, a2):
    """Play row (kind, a0, a1, a2), assumed legal, and advance to the next decision."""
    if _apply(s, t, kind, a0, a1, a2):
        advance(s, t)
