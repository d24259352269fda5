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
