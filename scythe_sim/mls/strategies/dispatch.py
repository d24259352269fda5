"""choose(strategy, s, t, seat, actions, n, params, rng, scratch) -> index of the chosen row.

rng holds one stream per seat (row = seat), seeded from the game seed with ids 1 + seat,
outside the state: a strategy that draws more never changes the game's chance. scratch
is a state the one-ply strategy overwrites (never s). params is kept for tunable weights
(no MLS strategy reads it yet)."""
from ...compiled.jit import njit_entry
from .greedy import choose_greedy
from .random_play import choose_random

STRAT_RANDOM, STRAT_GREEDY = 0, 1


@njit_entry
def choose(strategy, s, t, seat, actions, n, params, rng, scratch):
    if n <= 1:
        return 0
    if strategy == STRAT_GREEDY:
        return choose_greedy(s, t, seat, actions, n, rng, scratch)
    return choose_random(seat, n, rng)
