"""The decorator policy of compiled code, shared by every game (docs/ARCHITECTURE.md, "Compile caches").

Every decorator caches on disk (a second process starts without recompiling) and
releases the GIL.

- ``njit_entry`` for the functions Python calls and compiled code calls too: the
  decision entry points (legal_actions, apply_action, choose, ...).
- ``njit`` for every rule helper, called only from compiled code. Helpers are built
  without the CPython and C-callback wrappers: when the State and Tables were tuples
  of 50+ arrays, unboxing them in a wrapper was most of what compiling a small function
  cost, and skipping it halved the cold compile. A helper cannot be called from Python.
- ``njit_inline`` for tiny helpers called with constant arguments (``emit(out, n,
  A_SKIP, 0, 0, 0)``): Numba compiles a separate copy of a function for every distinct
  constant it is called with, so these are inlined into their callers instead.

Reference counting. The entry points and helpers above are compiled without Numba's
runtime (``_nrt=False``): they never allocate, only read and write the arrays they are
given. With the runtime on, a function increments and decrements the reference count
of every array it receives: when the State and Tables were tuples of ~60 arrays (they
are records now, see tables.py), ``section_allowed`` cost 570 ns a call that way and
2 ns without (two array reads). Code that allocates (game setup, state copies, the batch loop) uses
``njit_alloc_entry`` / ``njit_alloc``, and may call everything else; a function
without the runtime cannot call one that allocates, and must not return a new array
or a view (its caller would release a reference it never took).

Integer arguments are widened. A compiled function called from compiled code is
compiled once per distinct list of argument types, and Numba types a constant argument
as its own literal type and a value read from a narrow State field (int8, int16, int32)
as that width: each would be another copy of the function (``note_mech_ability`` was
compiled 18 times, once per mech ability named at a call site). The decorators below
type every signed integer argument as int64, and the call casts to it: one compiled copy
per function (in Scythe, 638 functions had 894 copies; a cold compile took over twice as
long as with one copy each).

The on-disk cache: every function caches in the folder of the package that defines
it, keyed by a hash of that package's sources (packages.py says why Numba needs the
hash, and how a package registers its sources).
"""
import numba
from numba.core import types
from numba.core.registry import CPUDispatcher

from .locator import install

install()


def _widened(arg):
    """int64 for a signed integer type or an integer constant; any other type as it is."""
    if isinstance(arg, types.IntegerLiteral) or (isinstance(arg, types.Integer) and arg.signed):
        return types.int64
    return arg


class WideningDispatcher(CPUDispatcher):
    """A dispatcher whose calls from compiled code pass signed integers as int64 (the
    caller casts), so a function has one compiled copy whatever width or constant its
    callers pass (see the module's docstring)."""

    def get_call_template(self, args, kws):
        return super().get_call_template(tuple(_widened(a) for a in args),
                                         {k: _widened(v) for k, v in kws.items()})


def _widening(decorator):
    def decorate(func):
        dispatcher = decorator(func)
        dispatcher.__class__ = WideningDispatcher
        return dispatcher
    return decorate


njit_entry = _widening(numba.njit(cache=True, nogil=True, _nrt=False))
njit = _widening(numba.njit(cache=True, nogil=True, _nrt=False, no_cpython_wrapper=True,
                            no_cfunc_wrapper=True))
njit_inline = numba.njit(cache=True, nogil=True, inline="always")
njit_alloc_entry = _widening(numba.njit(cache=True, nogil=True))
njit_alloc = _widening(numba.njit(cache=True, nogil=True, no_cpython_wrapper=True,
                                  no_cfunc_wrapper=True))
