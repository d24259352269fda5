"""Allocating and copying MLS states (one numpy record; layout.STATE_FIELDS)."""
import numpy as np

from ...compiled.jit import njit, njit_entry
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


@njit
def _copy_2d(dst, src):
    for i in range(dst.shape[0]):
        for j in range(dst.shape[1]):
            dst[i, j] = src[i, j]


@njit
def _copy_1d(dst, src):
    for i in range(dst.shape[0]):
        dst[i] = src[i]


@njit_entry
def copy_into(dst, src):
    """Overwrite dst with src in place, element by element (no allocation)."""
    _copy_1d(dst.game, src.game)
    _copy_2d(dst.player, src.player)
    _copy_2d(dst.seeker_loc, src.seeker_loc)
    _copy_2d(dst.space_res, src.space_res)
    _copy_1d(dst.quest_token, src.quest_token)
    _copy_2d(dst.hand, src.hand)
    _copy_2d(dst.spell_deck, src.spell_deck)
    _copy_1d(dst.quest_deck, src.quest_deck)
    _copy_1d(dst.quest_owner, src.quest_owner)
    _copy_2d(dst.tile_pile, src.tile_pile)
    _copy_2d(dst.trophy, src.trophy)
    _copy_2d(dst.trophy_turn, src.trophy_turn)
    _copy_2d(dst.dice, src.dice)
    _copy_2d(dst.rng, src.rng)
