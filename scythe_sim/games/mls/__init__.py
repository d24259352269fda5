"""My Little Scythe: a second game on the same pipeline (docs/ARCHITECTURE.md, "Where a second game plugs in").

Its own data (``data/*.toml``), tables, state layout, compiled kernel, strategies and
façade. It imports only the shared compiled plumbing (``scythe_sim.compiled``) and the
error types from the rest of the project, never Scythe's kernel, layout or tables.
The runner finds it as game ``"my_little_scythe"`` (spec.py registers it).
"""
import pathlib

from scythe_sim.compiled import register_compiled_package

# The modules MLS's compiled code is built from (their hash keys its compile cache).
COMPILED_SOURCES = ("kernel/*.py", "strategies/*.py", "play.py", "layout.py", "tables.py")
register_compiled_package("mls", pathlib.Path(__file__).resolve().parent, COMPILED_SOURCES)


def __getattr__(name):
    if name == "Game":
        from .game import Game
        return Game
    raise AttributeError(name)
