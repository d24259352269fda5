"""Allocating and copying the State (the places, besides layout.py, that list its fields)."""
import numpy as np

from ..layout import OFF_BOARD, State, state_shapes
from .jit import njit, njit_alloc_entry, njit_entry


def new_state() -> State:
    """An empty state: every piece off the board, every track at zero."""
    arrays = {name: np.zeros(shape, dtype) for name, (shape, dtype) in state_shapes().items()}
    arrays["unit_loc"][:] = OFF_BOARD
    arrays["struct_loc"][:] = OFF_BOARD
    arrays["star_turn"][:] = -1
    return State(**arrays)


@njit_alloc_entry
def copy_state(s):
    return State(
        s.game.copy(), s.player.copy(), s.unit_loc.copy(), s.struct_loc.copy(),
        s.hex_res.copy(), s.token.copy(), s.hand.copy(), s.deck.copy(),
        s.stars.copy(), s.star_turn.copy(), s.mark.copy(), s.rng.copy(),
    )


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
    points run without the allocator (kernel/jit.py)."""
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
