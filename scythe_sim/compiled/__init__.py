"""Compiled plumbing shared by every game in this house (docs/ARCHITECTURE.md, "Where a second game plugs in").

- ``jit``: the decorator policy (njit, njit_entry, njit_inline, njit_alloc,
  njit_alloc_entry);
- ``rng``: the random streams (xoshiro256** seeded by splitmix64);
- ``packages``: per-package compile caches; a game package calls
  ``register_compiled_package`` in its ``__init__.py``.

It imports nothing from a game, so a second game uses it without loading Scythe.
Importing this package itself loads neither numba nor a decorator.
"""
from .packages import register_compiled_package

__all__ = ["register_compiled_package"]
