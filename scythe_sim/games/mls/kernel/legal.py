"""legal_actions: the rows (kind, a0, a1, a2) open at the current decision point."""
from scythe_sim.compiled.jit import njit_entry
from scythe_sim.compiled.rows import emit

from ..layout import (A_ACTION, A_CLAIM, A_DECLINE, A_REJUVENATE, A_TROPHY, G_ACTIVE, G_DECIDER,
                      G_ERROR, G_PHASE, N_ACTIONS, N_TROPHIES, PH_ACTION, PH_CATAPULT,
                      PH_DEF_TROPHY, PH_DIAL, PH_FIGHT_PICK, PH_GAIN, PH_GIVE_TARGET,
                      PH_MOVE_PICK, PH_MOVE_STEP, PH_PAY, PH_POWER_PICK, PH_POWER_PILE,
                      PH_QUEST_OPTION, PH_QUEST_PICK, PH_REJUVENATE, PH_SEEK_PLACE, PH_SPELL,
                      PH_TROPHY)
from .board import spells_available
from .catapult import legal_catapult
from .fight import legal_dial, legal_fight_pick, legal_spell
from .make import legal_pile, legal_tile
from .move import legal_move_pick, legal_move_step
from .quest import legal_quest_option, quest_spaces
from .seek import legal_place
from .tokens import legal_gain, legal_give_target, legal_pay
from .trophies import claimable
from .turn import action_allowed


@njit_entry
def legal_actions(s, t, out, buf):
    """Write the legal rows into out; returns how many (0: the game is over or broken).
    buf is scratch kept for the interface shared with Scythe (unused)."""
    if s.game[G_ERROR] != 0:
        return 0
    phase = s.game[G_PHASE]
    p = s.game[G_ACTIVE]
    n = 0
    if phase == PH_ACTION:
        for a in range(N_ACTIONS):
            if action_allowed(s, t, p, a):
                n = emit(out, n, A_ACTION, a, 0, 0)
        return n
    if phase == PH_MOVE_PICK:
        return legal_move_pick(s, t, out)
    if phase == PH_MOVE_STEP:
        return legal_move_step(s, t, out)
    if phase == PH_FIGHT_PICK:
        return legal_fight_pick(s, out)
    if phase == PH_DIAL:
        return legal_dial(s, t, out)
    if phase == PH_SPELL:
        return legal_spell(s, out)
    if phase == PH_DEF_TROPHY:
        n = emit(out, n, A_CLAIM, 0, 0, 0)
        return emit(out, n, A_DECLINE, 0, 0, 0)
    if phase == PH_REJUVENATE:
        if spells_available(s) > 0:
            n = emit(out, n, A_REJUVENATE, 0, 0, 0)
        return emit(out, n, A_REJUVENATE, 1, 0, 0)
    if phase == PH_QUEST_PICK:
        return quest_spaces(s, t, out)
    if phase == PH_QUEST_OPTION:
        return legal_quest_option(s, t, out)
    if phase == PH_PAY:
        return legal_pay(s, t, out)
    if phase == PH_GIVE_TARGET:
        return legal_give_target(s, t, out)
    if phase == PH_GAIN:
        return legal_gain(s, t, out)
    if phase == PH_SEEK_PLACE:
        return legal_place(s, t, out)
    if phase == PH_POWER_PILE:
        return legal_pile(s, out)
    if phase == PH_POWER_PICK:
        return legal_tile(s, out)
    if phase == PH_CATAPULT:
        return legal_catapult(s, t, out)
    if phase == PH_TROPHY:
        for k in range(N_TROPHIES):
            if claimable(s, t, s.game[G_DECIDER], k):
                n = emit(out, n, A_TROPHY, k, 0, 0)
        return n
    return 0
