"""My Little Scythe: a second game on the same pipeline (docs/ARCHITECTURE.md, "Where a second game plugs in").

Its own data (``data/*.toml``), tables, state layout, compiled kernel, strategies and
façade. It imports only the shared compiled plumbing (``scythe_sim.compiled``) and the
error types from the rest of the project, never Scythe's kernel, layout or tables.
The runner finds it as game ``"my_little_scythe"`` (spec.py registers it).
"""
import pathlib

from scythe_sim.compiled import register_compiled_package

# MLS's compiled functions cache in a folder of their own, keyed by every module
# its compiled code imports (compiled/packages.py, compiled/imports.py).
register_compiled_package("mls", pathlib.Path(__file__).resolve().parent)


def __getattr__(name):
    if name == "Game":
        from .game import Game
        return Game
    raise AttributeError(name)
