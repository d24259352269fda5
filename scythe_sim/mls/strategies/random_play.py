"""The `random` strategy: uniform over the legal rows, from the seat's own stream."""
from ...compiled.jit import njit
from ...compiled.rng import rand_below


@njit
def choose_random(seat, n, rng):
    return rand_below(rng, seat, n)
