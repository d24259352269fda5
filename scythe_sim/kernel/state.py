"""Allocating and copying the State (the places, besides layout.py, that list its fields)."""
import numpy as np

from ..layout import OFF_BOARD, State, state_shapes
from .jit import njit_entry


def new_state() -> State:
    """An empty state: every piece off the board, every track at zero."""
    arrays = {name: np.zeros(shape, dtype) for name, (shape, dtype) in state_shapes().items()}
    arrays["unit_loc"][:] = OFF_BOARD
    arrays["struct_loc"][:] = OFF_BOARD
    arrays["star_turn"][:] = -1
    return State(**arrays)


@njit_entry
def copy_state(s):
    return State(
        s.game.copy(), s.player.copy(), s.unit_loc.copy(), s.struct_loc.copy(),
        s.hex_res.copy(), s.token.copy(), s.hand.copy(), s.deck.copy(),
        s.stars.copy(), s.star_turn.copy(), s.mark.copy(), s.rng.copy(),
    )


@njit_entry
def copy_into(dst, src):
    """Overwrite dst with src in place (planning reuses preallocated scratch states)."""
    dst.game[:] = src.game
    dst.player[:] = src.player
    dst.unit_loc[:] = src.unit_loc
    dst.struct_loc[:] = src.struct_loc
    dst.hex_res[:] = src.hex_res
    dst.token[:] = src.token
    dst.hand[:] = src.hand
    dst.deck[:] = src.deck
    dst.stars[:] = src.stars
    dst.star_turn[:] = src.star_turn
    dst.mark[:] = src.mark
    dst.rng[:] = src.rng
