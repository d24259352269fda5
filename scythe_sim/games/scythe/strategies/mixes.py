"""Named strategy mixes: which strategy sits in each seat of each game.

A mix is a pool of strategy names; every seat of every game draws one uniformly from
the pool, from (game index, root seed) only, so a game's line-up does not depend on
the batch or worker that plays it. Runs with ``[strategies] pool = [...]`` draw the
same way (runner/plan.py calls ``pool_seats``), so a run whose pool is a mix's pool
plays exactly the line-ups ``mix_strategies`` gives. Importing it loads no numba.
"""
import numpy as np

from . import STRATEGIES

MIXES = {
    # every scripted strategy, drawn per game and seat
    "default": ("greedy", "economist", "rusher", "warmonger", "objective", "automa"),
    # the frozen baseline planner in every seat: what `bench` times beside a mix
    "greedy1": ("greedy1",),
}


def mix_pool(name: str) -> tuple:
    """The strategy names of mix `name`; a ConfigError names the known mixes."""
    from scythe_sim.errors import ConfigError

    key = str(name).strip().lower()
    if key not in MIXES:
        raise ConfigError(f"unknown strategy mix {name!r}: choose one of {', '.join(MIXES)}")
    return MIXES[key]


def pool_seats(pool_ids, i: int, root: int, n: int) -> list:
    """Strategy ids of the n seats of game i drawn from pool_ids (ids, not names)."""
    rng = np.random.default_rng([i, root, 1])
    return [pool_ids[x] for x in rng.integers(0, len(pool_ids), n)]


def mix_strategies(name: str, games: int, players, seed: int, start: int = 0) -> np.ndarray:
    """(games, MAX_PLAYERS) int64 strategy ids of games start..start+games-1 of mix
    `name`; players is one count or one per game; seats past the count hold 0."""
    from .view import MAX_PLAYERS   # here, so that importing the mixes loads no kernel

    ids = [STRATEGIES.index(s) for s in mix_pool(name)]
    counts = np.broadcast_to(np.asarray(players, np.int64), (games,))
    out = np.zeros((games, MAX_PLAYERS), np.int64)
    for k in range(games):
        n = int(counts[k])
        out[k, :n] = pool_seats(ids, start + k, seed, n)
    return out
