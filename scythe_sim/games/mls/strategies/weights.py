"""MLS strategy weights: one float row per strategy, read from scythe_sim/games/mls/data/strategies/<name>.toml.

A file names its weights under ``[weights]``; ``based_on = "planner"`` starts from another
strategy's file, so a persona lists only what it changes. The rows are an argument of the
compiled batch (``params[strategy]``), so a new weight set needs no recompile. `random`
and the one-ply `greedy` read no weights (their rows stay 0).
"""
import functools
import pathlib

import numpy as np

from scythe_sim.runner.weights_file import WeightsFormat, missing_weights, read_weights_file

from . import STRATEGIES

WEIGHTS = (
    # --- the value of a position (planner.value) ------------------------------------------
    "trophy",       # per trophy placed
    "friendship",   # per Friendship point toward the friendship trophy's need
    "friendly",     # once Friendship is at least the trophy minimum (3): trophies allowed
    "pies",         # per pie toward the pies trophy's need
    "spells",       # per spell held toward the spells trophy's need
    "quests",       # per quest resolved toward the quests trophy's need
    "tiles",        # per Power Up tile on the mat
    "resource",     # per apple or gem on an own Seeker's space (up to a delivery's 4)
    "delivery",     # per delivery of 4 ready on a space: scaled by 1 / (1 + steps to the castle)
    "quest_token",  # per quest token on an own Seeker's space
    "win",          # a game over won
    # --- pie fights (planner.fight_rule) ---------------------------------------------------
    "dial_share",   # share of the pies held thrown on the dial (rounded up)
    "spell_fight",  # 1: attach the best spells held to a fight, 0: keep them
    # --- planning --------------------------------------------------------------------------
    "plan_turn",    # 1: judge each own decision by playing the rest of the turn on a copy
    "noise",        # jitter added to each candidate's value (ties broken at random)
)
(W_TROPHY, W_FRIENDSHIP, W_FRIENDLY, W_PIES, W_SPELLS, W_QUESTS, W_TILES, W_RESOURCE,
 W_DELIVERY, W_QUEST_TOKEN, W_WIN, W_DIAL_SHARE, W_SPELL_FIGHT, W_PLAN_TURN,
 W_NOISE) = range(len(WEIGHTS))
N_WEIGHTS = len(WEIGHTS)

CONFIG_DIR = pathlib.Path(__file__).resolve().parents[1] / "data" / "strategies"
UNWEIGHTED = ("random", "greedy")


FORMAT = WeightsFormat(weights=WEIGHTS, bases=tuple(s for s in STRATEGIES if s not in UNWEIGHTED),
                       folder=CONFIG_DIR)


def weight_row(path) -> np.ndarray:
    """The float row of one weights file (weights it does not name are 0)."""
    row = np.zeros(N_WEIGHTS, np.float64)
    for key, value in read_weights_file(FORMAT, path)[0].items():
        row[WEIGHTS.index(key)] = value
    return row


@functools.lru_cache(maxsize=2)
def _defaults(folder: str) -> np.ndarray:
    params = np.zeros((len(STRATEGIES), N_WEIGHTS), np.float64)
    for i, name in enumerate(STRATEGIES):
        if name in UNWEIGHTED:
            continue
        path = pathlib.Path(folder) / f"{name}.toml"
        if not path.exists():
            raise missing_weights(path)
        params[i] = weight_row(path)
    return params


def load_weights() -> np.ndarray:
    """(len(STRATEGIES), N_WEIGHTS) float64: every strategy's default row."""
    return _defaults(str(CONFIG_DIR)).copy()
