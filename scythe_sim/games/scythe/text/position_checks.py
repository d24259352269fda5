"""Checking the values of a position JSON (position.py and its parts): one line naming
the key and the fix for each mistake (PositionError)."""
from scythe_sim.errors import PositionError

import numpy as np

from ..enums import parse_loc
from ..layout import STATE_DTYPE

# the largest count a position may give (coins, turns, tokens...): far past any game, and
# far from the int32 the state holds them in, so no count overflows
COUNT_MAX = 10**6
SCRATCH_MAX = 2**63 - 1     # turn scratch fields hold masks and a hash: any int64 >= -1


def most(name):
    """The largest value the State field `name` holds (its integer type's)."""
    return int(np.iinfo(STATE_DTYPE[name].base).max)


def least(name):
    """The smallest value the State field `name` holds (its integer type's)."""
    return int(np.iinfo(STATE_DTYPE[name].base).min)


def no_unknown(obj, allowed, where):
    if not isinstance(obj, dict):
        raise PositionError(f"{where}: expected an object")
    extra = sorted(set(obj) - set(allowed))
    if extra:
        raise PositionError(f"{where}: unknown field {extra[0]!r} (allowed: {', '.join(sorted(allowed))})")


def whole(value, where, lo=None, hi=COUNT_MAX):
    if isinstance(value, bool) or not isinstance(value, int):
        raise PositionError(f"{where}: expected a whole number, got {value!r}")
    if (lo is not None and value < lo) or value > hi:
        span = f"at most {hi}" if lo is None else f"in {lo}..{hi}"
        raise PositionError(f"{where}: {value} is out of range (must be {span})")
    return value


def location(value, where):
    try:
        return parse_loc(value)
    except ValueError as exc:
        raise PositionError(f"{where}: {exc}") from None


def as_list(value, where):
    """value, when it is a list."""
    if not isinstance(value, list):
        raise PositionError(f"{where}: expected a list, got {value!r}")
    return value


def name_index(value, names, where):
    """The index of value among names (case and spaces around it aside)."""
    key = str(value).strip().lower()
    if key not in names:
        raise PositionError(f"{where}: unknown {value!r} (choose one of {', '.join(names)})")
    return names.index(key)
