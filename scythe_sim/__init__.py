"""scythe-sim: a compiled simulator of the board game Scythe and its variants.

The games live side by side under ``scythe_sim.games`` (Scythe, My Little Scythe); the
root holds only what every game shares: the compiled plumbing, the runner, intervals,
the quality report and the error types. The Python entry point is `scythe_sim.Game`
(Scythe's façade); the batch loop is `scythe_sim.games.scythe.play`.
"""
__version__ = "0.1.0"

__all__ = ["Game", "__version__"]


def __getattr__(name):
    # Importing the façade compiles nothing, but pulls in numba and Scythe's kernel; keep
    # `import scythe_sim` (and a second game's `import scythe_sim.games.<game>`) light.
    if name == "Game":
        from .games.scythe.game import Game
        return Game
    raise AttributeError(name)
