"""Where each registered game's contract hooks live: a module of the tests that samples
decision points from real games, asks a strategy to choose, and redraws what the
deciding seat may not see (see tests/scythe/contract.py for the functions it gives)."""
import importlib

from scythe_sim.runner.spec import BUILTIN, GAMES, spec_for

HOOKS = {"scythe": "tests.scythe.contract", "my_little_scythe": "tests.mls.contract"}


def games() -> list:
    """Every game the package ships or has registered."""
    for name in BUILTIN:
        spec_for(name)
    return sorted(GAMES)


def cases() -> list:
    """(game, variant) for every variant of every game."""
    return [(game, variant) for game in games() for variant in spec_for(game).setup.variants]


def hooks(game):
    return importlib.import_module(HOOKS[game])
