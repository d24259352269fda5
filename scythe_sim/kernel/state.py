"""Allocating and copying the State (the two places, besides layout.py, that list its fields)."""
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
