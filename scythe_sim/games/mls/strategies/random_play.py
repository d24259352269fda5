"""The `random` strategy: uniform over the legal rows, from the seat's own stream."""
from scythe_sim.compiled.jit import njit
from scythe_sim.compiled.rng import rand_below


@njit
def choose_random(seat, n, rng):
    return rand_below(rng, seat, n)
