"""scythe-sim: a compiled simulator of the board game Scythe.

The Python entry point is `scythe_sim.Game`; the batch loop is `scythe_sim.play`.
"""
import pathlib

from .compiled import register_compiled_package

__version__ = "0.1.0"

__all__ = ["Game", "__version__"]

# What Scythe's compiled code is built from: the njit modules and every module whose
# constants they read; their hash keys Scythe's compile cache (compiled/packages.py).
# Pure-Python modules (runner, façade, text) stay out, so editing them does not throw
# the compiled kernel away. A new njit module outside these globs must be listed here.
COMPILED_SOURCES = ("kernel/**/*.py", "strategies/**/*.py", "play.py", "profiling.py", "layout.py",
                    "enums.py", "tables.py")
register_compiled_package("scythe", pathlib.Path(__file__).resolve().parent, COMPILED_SOURCES)


def __getattr__(name):
    # Importing the façade compiles nothing, but pulls in numba and Scythe's kernel; keep
    # `import scythe_sim` (and a second game's `import scythe_sim.<game>`) light.
    if name == "Game":
        from .game import Game
        return Game
    raise AttributeError(name)
