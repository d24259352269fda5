"""Writing one legal row (kind, a0, a1, a2) into a game's action buffer, for every game."""
from .jit import njit_inline


@njit_inline
def emit(out, n, kind, a0, a1, a2):
    out[n, 0] = kind
    out[n, 1] = a0
    out[n, 2] = a1
    out[n, 3] = a2
    return n + 1
