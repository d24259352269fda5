"""Allocating and copying MLS states (one numpy record; layout.STATE_FIELDS)."""
import numpy as np

from scythe_sim.compiled.jit import njit_entry
from scythe_sim.compiled.records import copy_1d, copy_2d

from ..layout import STATE_DTYPE, STATE_FIELDS


def new_state() -> np.record:
    """An empty state: every field at its declared blank value."""
    s = np.zeros(1, STATE_DTYPE).view(np.recarray)[0]
    for field in STATE_FIELDS:
        if field.blank != 0:
            s[field.name][...] = field.blank
    return s


def copy_state(s: np.record) -> np.record:
    twin = np.zeros(1, STATE_DTYPE).view(np.recarray)[0]
    for field in STATE_FIELDS:
        twin[field.name][...] = s[field.name]
    return twin


@njit_entry
def copy_into(dst, src):
    """Overwrite dst with src in place, element by element (no allocation)."""
    copy_1d(dst.game, src.game)
    copy_2d(dst.player, src.player)
    copy_2d(dst.seeker_loc, src.seeker_loc)
    copy_2d(dst.space_res, src.space_res)
    copy_1d(dst.quest_token, src.quest_token)
    copy_2d(dst.hand, src.hand)
    copy_2d(dst.spell_deck, src.spell_deck)
    copy_1d(dst.quest_deck, src.quest_deck)
    copy_1d(dst.quest_owner, src.quest_owner)
    copy_2d(dst.tile_pile, src.tile_pile)
    copy_2d(dst.trophy, src.trophy)
    copy_2d(dst.trophy_turn, src.trophy_turn)
    copy_2d(dst.dice, src.dice)
    copy_2d(dst.rng, src.rng)
