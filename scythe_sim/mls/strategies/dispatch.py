"""choose(strategy_id, s, t, seat, actions, n, params, rng) -> index of the chosen row."""
from ...compiled.jit import njit_entry
from .random_play import choose_random

STRAT_RANDOM, STRAT_GREEDY = 0, 1


@njit_entry
def choose(strategy, s, t, seat, actions, n, params, rng, scratch):
    """rng holds one stream per seat (row = seat); scratch is a state the planners may
    overwrite (never s)."""
    if n <= 1:
        return 0
    return choose_random(seat, n, rng)
