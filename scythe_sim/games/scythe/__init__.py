"""Scythe: the base game and its rule variants (Invaders from Afar, The Wind Gambit,
All Out War), one kernel, one State and one Tables layout for all of them.

``kernel/`` holds every rule (a subfolder per variant), ``strategies/`` the compiled
players (the same subfolders), ``spec/`` what the runner needs, ``text/`` the game in
words and ``tools/`` evaluate, ablation, tune, bench and profiling.
"""
import pathlib

from scythe_sim.compiled import register_compiled_package

# What Scythe's compiled code is built from: the njit modules and every module whose
# constants they read; their hash keys Scythe's compile cache (compiled/packages.py).
# Pure-Python modules (spec, façade, text) stay out, so editing them does not throw the
# compiled kernel away. tools/ stays out too: its compiled functions (profiling) are
# called by nothing else, and Numba checks a function's own file itself. A new njit
# module outside these globs must be listed here.
COMPILED_SOURCES = ("kernel/**/*.py", "strategies/**/*.py", "play.py", "turnlog.py", "layout.py", "enums.py",
                    "tables.py", "airships.py")
register_compiled_package("scythe", pathlib.Path(__file__).resolve().parent, COMPILED_SOURCES)
