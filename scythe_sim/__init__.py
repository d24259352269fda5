"""scythe-sim: a compiled simulator of the board game Scythe and its variants.

The games live side by side under ``scythe_sim.games`` (Scythe, My Little Scythe); the
root holds only what every game shares: the compiled plumbing, the runner, intervals,
the quality report and the error types. The Python entry points are `scythe_sim.Game`
(Scythe's façade) and `scythe_sim.open_run` (a run's tables in a notebook,
docs/analysis.md); the batch loop is `scythe_sim.games.scythe.play`.
"""
from .version import __version__

__all__ = ["Game", "open_run", "__version__"]


def __getattr__(name):
    # Importing the façade compiles nothing, but pulls in numba and Scythe's kernel; keep
    # `import scythe_sim` (and a second game's `import scythe_sim.games.<game>`) light.
    if name == "Game":
        from .games.scythe.game import Game
        return Game
    if name == "open_run":          # a run opened for analysis (docs/analysis.md): Parquet only
        from analysis.notebook import open_run
        return open_run
    raise AttributeError(name)
