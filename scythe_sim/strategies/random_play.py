"""The `random` strategy: uniform over the legal rows, from the seat's own stream."""
from ..kernel.jit import njit
from ..kernel.rng import rand_below


@njit
def choose_random(seat, n, rng):
    return rand_below(rng, seat, n)
