"""Random streams: xoshiro256** seeded by splitmix64, shared by every game.

A stream is one row of RNG_WORDS uint64 words in a (streams, RNG_WORDS) array. A game
keeps its own chance in its state and gives each seat's strategy a stream outside it,
so a strategy that draws more randomness never changes the deal. Every stream derives
from the game seed and a stream id the game picks (Scythe's ids: layout.py).
"""
import numpy as np

from .jit import njit, njit_entry

RNG_WORDS = 4       # xoshiro256** state words per stream

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_FIVE = np.uint64(5)
_NINE = np.uint64(9)
_INV_2_53 = 1.0 / 9007199254740992.0


@njit
def _rotl(x, k):
    return (x << np.uint64(k)) | (x >> np.uint64(64 - k))


@njit
def _splitmix(x):
    """One splitmix64 step: returns (new state, output)."""
    x = x + _GOLDEN
    z = x
    z = (z ^ (z >> np.uint64(30))) * _MIX1
    z = (z ^ (z >> np.uint64(27))) * _MIX2
    return x, z ^ (z >> np.uint64(31))


@njit_entry
def seed_streams(rng, seed, first_id):
    """Fill rng's rows (streams first_id, first_id + 1, ...) from a 64-bit game seed."""
    for stream in range(rng.shape[0]):
        x = np.uint64(seed) ^ (np.uint64(first_id + stream + 1) * _GOLDEN)
        for w in range(RNG_WORDS):
            x, out = _splitmix(x)
            rng[stream, w] = out


@njit
def next_u64(rng, stream):
    s0 = rng[stream, 0]
    s1 = rng[stream, 1]
    s2 = rng[stream, 2]
    s3 = rng[stream, 3]
    result = _rotl(s1 * _FIVE, 7) * _NINE
    t = s1 << np.uint64(17)
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = _rotl(s3, 45)
    rng[stream, 0] = s0
    rng[stream, 1] = s1
    rng[stream, 2] = s2
    rng[stream, 3] = s3
    return result


@njit
def rand_below(rng, stream, n):
    """A uniform integer in [0, n) for n >= 1 (53-bit float scaling, bias < 2**-40)."""
    u = float(next_u64(rng, stream) >> np.uint64(11)) * _INV_2_53
    k = int(u * n)
    return k if k < n else n - 1
