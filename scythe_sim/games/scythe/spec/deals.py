"""What game i of a Scythe run is: its seed, player count, factions, mats and strategies.

Pure functions of (config, i): a game is the same whatever the shard, the worker or the
backend that plays it.

The balanced assignment is a cyclic design over the line-up's dealable factions and
mats (lineup.py), computed per game in O(players): the n-player games of a run go in
cycles of nf x nm games. Game r of a cycle takes a pair (a, b), every pair once per
cycle, and gives seat s faction F[(a + s) % nf] and mat M[(b + s) % nm], F and M
shuffled from the root seed. Every n cycles share a shuffle, cycle c turning the seats
by c % n places. So a cycle deals each faction x mat pair n times, and every n cycles
put every faction and every mat in every seat equally often. A deal holding a banned
pair (while `ban_pairs` is on) takes slot r of a further shuffle of the same cycles
instead, the first legal one: balanced over legal deals.
"""
import functools
from typing import NamedTuple

import numpy as np

from scythe_sim.errors import ConfigError
from scythe_sim.runner.plan import game_seed, seat_strategies
from scythe_sim.runner.spec import game_tables

from ..enums import FACTIONS, MATS
from ..handicap import RULE as HANDICAP_RULE
from ..handicap import handicap_draws, price_array
from ..layout import MAX_PLAYERS
from ..lineup import lineup
from ..strategies.mixes import pool_seats

MAX_REDRAWS = 1000


@functools.lru_cache(maxsize=64)
def _shuffle(factions, mats, root, n, shuffle, redraw):
    """Orders of the dealable factions and mats of a shuffle (one pair per redraw)."""
    rng = np.random.default_rng([root, n, shuffle, redraw, 3])
    return tuple(int(x) for x in rng.permutation(factions)), tuple(int(x) for x in rng.permutation(mats))


def balanced_deal(factions, mats, banned, n, root, j):
    """(faction ids, mat ids) per seat of the j-th n-player game of a balanced run;
    factions, mats: the dealable ids; banned: a set of (faction, mat) pairs."""
    nf, nm = len(factions), len(mats)
    cycle, r = divmod(j, nf * nm)
    shuffle, turn = divmod(cycle, n)           # n cycles share a shuffle, seats turned by one each
    a, b = r % nf, (r // nf + r) % nm          # every (a, b) once per cycle, interleaved
    for redraw in range(MAX_REDRAWS):
        f, m = _shuffle(factions, mats, root, n, shuffle, redraw)
        fs = tuple(f[(a + s) % nf] for s in range(n))
        ms = tuple(m[(b + s) % nm] for s in range(n))
        if not any(pair in banned for pair in zip(fs, ms)):
            return fs[turn:] + fs[:turn], ms[turn:] + ms[:turn]
    raise ConfigError(f"no balanced deal of {n} players avoids the banned pairs: set [rules] ban_pairs = 0")


def count_index(players, i):
    """How many earlier games of the run have game i's player count (players cycles)."""
    n = players[i % len(players)]
    same = [p for p, v in enumerate(players) if v == n]
    return (i // len(players)) * len(same) + same.index(i % len(players))


class Plan(NamedTuple):
    """A block of games: factions/mats -1 = the rulebook's random deal."""
    seeds: np.ndarray        # (G,) uint64
    players: np.ndarray      # (G,) int64
    factions: np.ndarray     # (G, MAX_PLAYERS) int64 faction id per seat
    mats: np.ndarray         # (G, MAX_PLAYERS) int64 mat id per seat
    strategies: np.ndarray   # (G, MAX_PLAYERS) int64 strategy id per seat
    coins: np.ndarray = None   # (G, MAX_PLAYERS) int64 coin handicap draw per seat (None: none)
    prices: np.ndarray = None  # (N_FACTIONS, N_MATS) int64 a price table's coins (None: none)


@functools.lru_cache(maxsize=8)
def run_lineup(rules: tuple):
    """The line-up of a config's rules ((name, value), ...), from the run's tables (built
    once per process, runner/spec.game_tables)."""
    return lineup(tables=game_tables("scythe", rules))


def dealt_plan(seeds, players, strategies) -> Plan:
    """A plan of games whose factions and mats the game's own seed deals (the rulebook's
    random deal), with the given strategy ids per seat (G, MAX_PLAYERS): the tools' plans."""
    seeds = np.asarray(seeds, np.uint64)
    g = seeds.shape[0]
    unseated = np.full((g, MAX_PLAYERS), -1, np.int64)
    return Plan(seeds, np.broadcast_to(np.asarray(players, np.int64), (g,)).copy(), unseated, unseated.copy(),
                strategies)


def plan_games(config, start: int, stop: int) -> Plan:
    g = stop - start
    seeds = np.empty(g, np.uint64)
    players = np.empty(g, np.int64)
    factions = np.full((g, MAX_PLAYERS), -1, np.int64)
    mats = np.full((g, MAX_PLAYERS), -1, np.int64)
    strategies = np.zeros((g, MAX_PLAYERS), np.int64)
    coins = np.zeros((g, MAX_PLAYERS), np.int64)
    handicap = config.rules_dict.get(HANDICAP_RULE, 0)
    line = run_lineup(config.rules)
    banned = frozenset(line.banned)
    fixed = config.fixed_dict
    for k, i in enumerate(range(start, stop)):
        seeds[k] = game_seed(config.seed, i)
        n = config.players[i % len(config.players)]
        players[k] = n
        if config.assignment == "fixed":
            factions[k, :n] = [FACTIONS.index(f) for f in fixed["factions"]]
            mats[k, :n] = [MATS.index(m) for m in fixed["mats"]]
        elif config.assignment == "balanced":
            factions[k, :n], mats[k, :n] = balanced_deal(line.factions, line.mats, banned, n,
                                                         config.seed, count_index(config.players, i))
        strategies[k, :n] = seat_strategies(config, i, n, pool_seats)
        coins[k] = handicap_draws(seeds[k], n, handicap)
    return Plan(seeds, players, factions, mats, strategies, coins, price_array(config.prices))
