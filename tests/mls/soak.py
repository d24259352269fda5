"""Shared by the soak and determinism tests: many random games in one compiled call."""
import numpy as np

from scythe_sim.games.mls.play import run_games
from scythe_sim.games.mls.tables import default_tables


def random_games(seeds, players, check=True):
    return run_games(default_tables(), np.asarray(seeds, np.uint64), players, check=check)
