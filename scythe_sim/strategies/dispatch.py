"""Integer dispatch from a strategy id to its njit chooser."""
from ..compiled.jit import njit_entry
from . import STRATEGY_AUTOMA, STRATEGY_RANDOM
from .automa import choose_automa
from .greedy import choose_greedy
from .random_play import choose_random


@njit_entry
def choose(strategy_id, s, t, seat, actions, n, params, work):
    """Index of the row seat's strategy picks among actions[:n]; never writes s.
    The greedy planner serves greedy and every persona, each with its own weights."""
    if strategy_id == STRATEGY_RANDOM:
        return choose_random(seat, n, work.rng)
    if strategy_id == STRATEGY_AUTOMA:
        return choose_automa(s, t, seat, actions, n, params[strategy_id], work)
    return choose_greedy(s, t, seat, actions, n, params[strategy_id], work)
