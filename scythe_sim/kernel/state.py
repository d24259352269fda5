"""Allocating, copying and clearing the State.

A state is one numpy record whose fields layout.STATE_FIELDS declares (``s.player[p,
P_COINS]`` reads the same as on the named tuple): compiled code receives it as a single
pointer instead of twelve arrays pushed on the stack at every call (see tables.py).
``new_state`` and ``copy_state`` are built from the declaration; the compiled
``copy_into`` and ``clear_state`` name every field (tests/scythe/test_state_fields.py checks
they miss none).
"""
import numpy as np

from ..compiled.jit import njit_entry
from ..compiled.records import copy_1d, copy_2d
from ..layout import G_WAR_STAGE, OFF_BOARD, STATE_DTYPE, STATE_FIELDS, WAR_STAGE_NONE


def _blank_state() -> np.record:
    return np.zeros(1, STATE_DTYPE).view(np.recarray)[0]


def new_state() -> np.record:
    """An empty state: every field at its declared blank value (pieces off the board)."""
    s = _blank_state()
    for field in STATE_FIELDS:
        if field.blank != 0:
            s[field.name][...] = field.blank
    return s


def copy_state(s: np.record) -> np.record:
    """An independent copy of s."""
    twin = _blank_state()
    for field in STATE_FIELDS:
        twin[field.name][...] = s[field.name]
    return twin


@njit_entry
def copy_into(dst, src):
    """Overwrite dst with src in place (planning reuses preallocated scratch states).
    Element by element: a slice assignment may allocate a temporary, and the entry
    points run without the allocator (compiled/jit.py).

    The All Out War fields are copied only when src or dst is in a war: outside a war
    they stay blank in every state, and the planners copy base-game states constantly
    (the war fields would add about half again to each copy)."""
    war = src.game[G_WAR_STAGE] != WAR_STAGE_NONE or dst.game[G_WAR_STAGE] != WAR_STAGE_NONE
    copy_1d(dst.game, src.game)
    copy_2d(dst.player, src.player)
    copy_2d(dst.unit_loc, src.unit_loc)
    copy_2d(dst.struct_loc, src.struct_loc)
    copy_2d(dst.hex_res, src.hex_res)
    copy_1d(dst.encounter_token, src.encounter_token)
    copy_2d(dst.hand, src.hand)
    copy_2d(dst.deck, src.deck)
    copy_2d(dst.stars, src.stars)
    copy_2d(dst.star_turn, src.star_turn)
    copy_1d(dst.mark, src.mark)
    copy_2d(dst.rng, src.rng)
    copy_2d(dst.ability_uses, src.ability_uses)
    copy_1d(dst.occupancy, src.occupancy)
    copy_1d(dst.structure_owner, src.structure_owner)
    if war:
        copy_2d(dst.war, src.war)
        copy_2d(dst.divisions, src.divisions)
        copy_1d(dst.war_from, src.war_from)
        copy_2d(dst.standard_score, src.standard_score)


@njit_entry
def clear_state(s):
    """Every field back to its blank value, in place (what new_state returns)."""
    s.game[:] = 0
    s.player[:] = 0
    s.unit_loc[:] = OFF_BOARD
    s.struct_loc[:] = OFF_BOARD
    s.hex_res[:] = 0
    s.encounter_token[:] = 0
    s.hand[:] = 0
    s.deck[:] = 0
    s.stars[:] = 0
    s.star_turn[:] = -1
    s.mark[:] = 0
    s.rng[:] = 0
    s.ability_uses[:] = 0
    s.occupancy[:] = 0
    s.structure_owner[:] = -1
    s.war[:] = 0
    s.divisions[:] = 0
    s.war_from[:] = -1
    s.standard_score[:] = 0
