"""What game i of a run is: its seed, player count, factions, mats and strategies.

Everything here is a pure function of (config, i), so a game is the same whatever the
shard it falls in, the worker that plays it or the backend.
"""
import functools
import itertools

import numpy as np

from ..enums import BASE_FACTIONS, BASE_MATS, FACTIONS, MATS
from ..layout import MAX_PLAYERS
from ..strategies import STRATEGIES
from ..strategies.mixes import pool_seats
from ..tables import build_tables


def game_seed(root: int, i: int) -> int:
    """Game i's seed: from (root seed, i) only."""
    return int(np.random.SeedSequence([i, root]).generate_state(1, np.uint64)[0])


@functools.lru_cache(maxsize=8)
def _balanced_deals(n, rules, root):
    """Every legal (factions, mats) seat assignment for n players, in an order shuffled
    once from the root seed (so a short run still spreads over the combinations)."""
    tables = build_tables(dict(rules))
    ban = dict(rules).get("ban_pairs", 1) != 0
    deals = []
    for fs in itertools.permutations(BASE_FACTIONS, n):
        for ms in itertools.permutations(BASE_MATS, n):
            if not (ban and any(tables.banned[f, m] for f, m in zip(fs, ms))):
                deals.append((fs, ms))
    order = np.random.default_rng(root).permutation(len(deals))
    return [deals[k] for k in order]


def plan_games(config, start: int, stop: int):
    """Arrays for games start..stop-1: seeds (G,) uint64, players (G,), factions, mats and
    strategies (G, MAX_PLAYERS) int64 (factions/mats -1 = the rulebook's random deal)."""
    g = stop - start
    seeds = np.empty(g, np.uint64)
    players = np.empty(g, np.int64)
    factions = np.full((g, MAX_PLAYERS), -1, np.int64)
    mats = np.full((g, MAX_PLAYERS), -1, np.int64)
    strategies = np.zeros((g, MAX_PLAYERS), np.int64)
    names = [STRATEGIES.index(s) for s in config.strategies]
    for k, i in enumerate(range(start, stop)):
        seeds[k] = game_seed(config.seed, i)
        n = config.players[i % len(config.players)]
        players[k] = n
        if config.assignment == "fixed":
            factions[k, :n] = [FACTIONS.index(f) for f in config.factions]
            mats[k, :n] = [MATS.index(m) for m in config.mats]
        elif config.assignment == "balanced":
            deals = _balanced_deals(n, config.rules, config.seed)
            fs, ms = deals[(i // len(config.players)) % len(deals)]
            factions[k, :n] = fs
            mats[k, :n] = ms
        strategies[k, :n] = _seat_strategies(config, names, i, n)
    return seeds, players, factions, mats, strategies


def _seat_strategies(config, names, i, n):
    if config.strategy_mode == "pool":
        return pool_seats(names, i, config.seed, n)
    if len(names) == 1:
        return [names[0]] * n
    shift = i % n if config.rotate_seats else 0
    return [names[(seat + shift) % n] for seat in range(n)]
