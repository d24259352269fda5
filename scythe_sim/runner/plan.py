"""What every game's plan shares: game i's seed and the strategies of its seats.

Everything here is a pure function of (config, i), so a game is the same whatever the
shard it falls in, the worker that plays it or the backend. The rest of a plan (who
plays what at setup) is the game's own (GameSpec.plan_games).
"""
import numpy as np


def game_seed(root: int, i: int) -> int:
    """Game i's seed: from (root seed, i) only."""
    return int(np.random.SeedSequence([i, root]).generate_state(1, np.uint64)[0])


def seat_strategies(config, i: int, n: int, pool_draw) -> list:
    """Strategy ids of the n seats of game i. pool_draw(pool ids, i, root seed, n) is the
    game's draw for a pool; a line-up list is cycled game by game; seat lists rotate."""
    names = config.spec.setup.strategies
    if config.strategy_mode == "lineups":
        line = config.strategies[i % len(config.strategies)]
        return [names.index(s) for s in line[:n]]
    ids = [names.index(s) for s in config.strategies]
    if config.strategy_mode == "pool":
        return pool_draw(ids, i, config.seed, n)
    if len(ids) == 1:
        return [ids[0]] * n
    shift = i % n if config.rotate_seats else 0
    return [ids[(seat + shift) % n] for seat in range(n)]
