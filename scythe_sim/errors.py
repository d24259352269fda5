"""User-facing errors of scythe_sim.

Each carries a one-line message meant to be shown as-is (the CLI prints it and exits
with code 2); anything else escaping the package is a bug.
"""


class ScytheSimError(Exception):
    """Base class: a problem the user can fix (bad configuration, bad position, ...)."""


class ConfigError(ScytheSimError):
    """An invalid configuration value: unknown rule, faction, mat, strategy, player count."""


class PositionError(ScytheSimError):
    """A position (JSON game state) that is malformed or breaks a rule of the game."""


SIMULATOR_BUG_EXIT = 4       # the CLI's exit code for a SimulatorBug (2 is the user's input)


class SimulatorBug(Exception):
    """A game stopped on a bug of the simulator (a decision point with no row, a broken
    invariant), not on the user's input: the CLI prints its one line, naming the game and
    the reproducer written for it, and exits with code 4 (runner/reproducer.py)."""
