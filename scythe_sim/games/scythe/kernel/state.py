"""Allocating, copying and clearing the State.

A state is one numpy record whose fields layout.STATE_FIELDS declares (``s.player[p,
P_COINS]`` reads the same as on the named tuple): compiled code receives it as a single
pointer instead of twelve arrays pushed on the stack at every call (see tables.py).
``new_state`` and ``copy_state`` are built from the declaration; the compiled
``clear_state`` names every field (a variant's through the registration,
variants.clear_variant_state) and ``copy_into`` copies the record's bytes
(tests/scythe/test_state_fields.py checks they miss none).
"""
import numpy as np

from scythe_sim.compiled.jit import njit_entry
from scythe_sim.compiled.records import copy_record_bytes

from ..layout import OFF_BOARD, STATE_DTYPE, STATE_FIELDS
from .variants import CLOSING_FIELDS, clear_variant_state, full_copy

# A variant's fields close the record (All Out War's): a base-game copy is its bytes up to them.
assert STATE_DTYPE.names[-len(CLOSING_FIELDS):] == CLOSING_FIELDS, \
    "declare new State fields before the variants' closing fields (copy_into copies a prefix)"
BASE_BYTES = STATE_DTYPE.fields[CLOSING_FIELDS[0]][1]
ALL_BYTES = STATE_DTYPE.itemsize


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
    """Overwrite dst with src in place (planning reuses preallocated scratch states):
    one memcpy of the record's bytes, which the planners' copies spend much of their
    time on (element by element loops took 1.5 times as long: 287 ns against 189 ns a
    4-player copy of the all-int64 state, best of 5 x 1,000,000 in a compiled loop; the
    narrow state's copy is 4,872 bytes instead of 11,968).

    The closing fields (All Out War's) are copied only when src or dst is in a war
    (variants.full_copy): outside a war they stay blank in every state, and the
    planners copy base-game states constantly (the war fields would add about half
    again to each copy)."""
    copy_record_bytes(dst, src, ALL_BYTES if full_copy(dst, src) else BASE_BYTES)


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
    s.token_kind[:] = 0
    s.token_owner[:] = -1
    s.occupancy[:] = 0
    s.structure_owner[:] = -1
    clear_variant_state(s)      # the airships, the war
