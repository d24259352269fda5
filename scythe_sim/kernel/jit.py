"""The decorator policy of the compiled core (DESIGN.md section 3).

Two decorators, both cached on disk (a second process starts without recompiling) and
nogil:

- ``njit_entry`` for the functions Python calls: the decision entry points
  (legal_actions, apply_action, ...) and the batch loop.
- ``njit`` for every rule helper, called only from compiled code. Helpers are built
  without the CPython and C-callback wrappers: unboxing the State and Tables tuples
  (50+ arrays) in a wrapper is most of what compiling a small function costs, and
  skipping it cuts the cold compile several-fold. A helper cannot be called from Python.
- ``njit_inline`` for tiny helpers called with constant arguments (``emit(out, n,
  A_SKIP, 0, 0, 0)``): Numba compiles a separate copy of a function for every distinct
  constant it is called with, so these are inlined into their callers instead.
"""
import numba

njit_entry = numba.njit(cache=True, nogil=True)
njit = numba.njit(cache=True, nogil=True, no_cpython_wrapper=True, no_cfunc_wrapper=True)
njit_inline = numba.njit(cache=True, nogil=True, inline="always")
