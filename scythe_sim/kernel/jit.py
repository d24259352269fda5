"""The decorator policy of the compiled core (DESIGN.md section 3).

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

The on-disk cache lives in a folder named after a hash of the sources compiled code is
built from (_COMPILED_SOURCES).
Numba checks only the timestamp of a function's own file, so a cached entry point
would otherwise keep stale copies of helpers edited in other files. Setting
NUMBA_CACHE_DIR overrides the folder.
"""
import hashlib
import os
import pathlib
import shutil
import time

import numba

_PACKAGE = pathlib.Path(__file__).resolve().parent.parent
# What compiled code is built from: the njit modules and every module whose constants
# they read. Pure-Python modules (runner, façade, text) stay out, so editing them does
# not throw the compiled kernel away. A new njit module must be listed here.
_COMPILED_SOURCES = ("kernel/*.py", "strategies/*.py", "play.py", "profiling.py", "layout.py",
                     "enums.py", "tables.py")


def _source_hash():
    digest = hashlib.sha256(numba.__version__.encode())
    paths = {p for pattern in _COMPILED_SOURCES for p in _PACKAGE.glob(pattern)}
    for path in sorted(paths):
        digest.update(path.relative_to(_PACKAGE).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def _use_source_keyed_cache():
    if os.environ.get("NUMBA_CACHE_DIR"):
        return
    root = pathlib.Path(os.environ.get("XDG_CACHE_HOME", pathlib.Path.home() / ".cache")) / "scythe-sim"
    folder = root / f"numba-{_source_hash()}"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for old in root.glob("numba-*"):  # caches of other sources unused for a week
            if old != folder and time.time() - old.stat().st_mtime > 7 * 86400:
                shutil.rmtree(old, ignore_errors=True)
    except OSError:
        return  # an unwritable home: Numba falls back to its default cache location
    numba.config.CACHE_DIR = str(folder)


_use_source_keyed_cache()

njit_entry = numba.njit(cache=True, nogil=True, _nrt=False)
njit = numba.njit(cache=True, nogil=True, _nrt=False, no_cpython_wrapper=True, no_cfunc_wrapper=True)
njit_inline = numba.njit(cache=True, nogil=True, inline="always")
njit_alloc_entry = numba.njit(cache=True, nogil=True)
njit_alloc = numba.njit(cache=True, nogil=True, no_cpython_wrapper=True, no_cfunc_wrapper=True)
