"""scythe-sim: a compiled simulator of the board game Scythe.

The Python entry point is `scythe_sim.Game`; the batch loop is `scythe_sim.play`.
"""
__version__ = "0.1.0"

__all__ = ["Game", "__version__"]


def __getattr__(name):
    # Importing the façade compiles nothing, but pulls in numba; keep `import scythe_sim` light.
    if name == "Game":
        from .game import Game
        return Game
    raise AttributeError(name)
