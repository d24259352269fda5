"""Integer dispatch from a strategy id to its njit chooser."""
from ..kernel.jit import njit_entry
from . import STRATEGY_RANDOM
from .random_play import choose_random


@njit_entry
def choose(strategy_id, s, t, seat, actions, n, params, rng):
    """Index of the row seat's strategy picks among actions[:n]; never writes s."""
    if strategy_id == STRATEGY_RANDOM:
        return choose_random(seat, n, rng)
    return choose_random(seat, n, rng)
