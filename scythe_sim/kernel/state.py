"""Allocating and copying the State (the places, besides layout.py, that list its fields).

A state is one numpy record whose fields are the arrays `State` lists (``s.player[p,
P_COINS]`` reads the same as on the named tuple): compiled code receives it as a single
pointer instead of twelve arrays pushed on the stack at every call (see tables.py).
"""
import numpy as np

from ..compiled.jit import njit, njit_entry
from ..layout import OFF_BOARD, State, state_shapes

STATE_DTYPE = np.dtype([(name, dtype, shape) for name, (shape, dtype) in state_shapes().items()])


def _blank_state() -> np.record:
    return np.zeros(1, STATE_DTYPE).view(np.recarray)[0]


def new_state() -> np.record:
    """An empty state: every piece off the board, every track at zero."""
    s = _blank_state()
    s.unit_loc[...] = OFF_BOARD
    s.struct_loc[...] = OFF_BOARD
    s.star_turn[...] = -1
    return s


def copy_state(s: np.record) -> np.record:
    """An independent copy of s."""
    twin = _blank_state()
    for name in State._fields:
        twin[name][...] = s[name]
    return twin


@njit
def _copy_1d(dst, src):
    for i in range(dst.shape[0]):
        dst[i] = src[i]


@njit
def _copy_2d(dst, src):
    for i in range(dst.shape[0]):
        for j in range(dst.shape[1]):
            dst[i, j] = src[i, j]


@njit_entry
def copy_into(dst, src):
    """Overwrite dst with src in place (planning reuses preallocated scratch states).
    Element by element: a slice assignment may allocate a temporary, and the entry
    points run without the allocator (compiled/jit.py)."""
    _copy_1d(dst.game, src.game)
    _copy_2d(dst.player, src.player)
    _copy_2d(dst.unit_loc, src.unit_loc)
    _copy_2d(dst.struct_loc, src.struct_loc)
    _copy_2d(dst.hex_res, src.hex_res)
    _copy_1d(dst.token, src.token)
    _copy_2d(dst.hand, src.hand)
    _copy_2d(dst.deck, src.deck)
    _copy_2d(dst.stars, src.stars)
    _copy_2d(dst.star_turn, src.star_turn)
    _copy_1d(dst.mark, src.mark)
    _copy_2d(dst.rng, src.rng)
