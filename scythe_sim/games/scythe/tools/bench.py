"""Benchmarks behind `scythe-sim bench` and `scythe-sim warmup` (figures go to docs/PERFORMANCE.md)."""
import statistics
import time

import numpy as np

from scythe_sim.errors import ConfigError

from ..spec.answers import warm  # noqa: F401  (`scythe-sim bench` and `warmup` call it here)

BASELINE_MIX = "greedy1"   # the frozen baseline planner, timed beside a strategy mix
PLAYERS = (1, 5)           # player counts the benchmark plays (it deals the base game)


def bench_compile():
    """(cold, cached) seconds to get the kernel ready in a fresh process with a fresh cache."""
    from scythe_sim.timing import compile_seconds

    return compile_seconds(__name__)


def hand_valued(params):
    """The weight rows with every `learned` weight at 0: each strategy as it played with the
    hand-weighted value, before the learned one (the speed target's baseline)."""
    from ..strategies.weights import W_LEARNED

    params = np.array(params, np.float64)
    params[:, W_LEARNED] = 0.0
    return params


def bench_side_by_side(games, players, repeats, mix="default", seed0=1):
    """The mix with its shipped weights and the same mix hand-valued, timed in alternating
    pairs on the same seeds (so load on a shared machine falls on both alike): per side
    the median games/s per core, and the median of the pairs' ratios."""
    from ..play import run_games
    from ..strategies.mixes import mix_pool, mix_strategies
    from ..strategies.weights import load_params
    from ..tables import default_tables

    mix_pool(mix)
    tables = default_tables()
    sides = (("learned", load_params()), ("hand-valued", hand_valued(load_params())))
    warm()
    rates = {name: [] for name, _ in sides}
    ratios = []
    for r in range(repeats):
        seeds = np.arange(seed0 + r * games, seed0 + (r + 1) * games, dtype=np.uint64)
        strategies = mix_strategies(mix, games, players, seed0, r * games)
        pair = []
        for name, params in (sides if r % 2 == 0 else sides[::-1]):
            start = time.perf_counter()
            run_games(tables, seeds, players, strategies=strategies, params=params)
            rates[name].append(games / (time.perf_counter() - start))
            pair.append((name, rates[name][-1]))
        got = dict(pair)
        ratios.append(got["learned"] / got["hand-valued"])
    return {"learned": statistics.median(rates["learned"]), "hand": statistics.median(rates["hand-valued"]),
            "ratio": statistics.median(ratios), "ratios": ratios}


def bench_games(games, players, repeats, seed0=1, mix=None):
    """Median throughput of games in this process (kernel warmed first): random play, or
    with mix the named strategy mix (scythe_sim/games/scythe/strategies/mixes.py) drawn per game and
    seat. Also the mean decisions and turns per game over every repeat."""
    from ..layout import MAX_PLAYERS
    from ..play import R_DECISIONS, R_TURNS, run_games
    from ..strategies.mixes import mix_pool, mix_strategies
    from ..strategies.weights import load_params
    from ..tables import default_tables

    if mix is not None:
        mix_pool(mix)                    # an unknown name fails before any work
    if not PLAYERS[0] <= players <= PLAYERS[1]:
        raise ConfigError(f"--players {players}: the benchmark deals the base game, 1 to 5 players")
    tables = default_tables()
    params = load_params()
    warm()
    rates, decisions, turns, per_game = [], [], [], []
    for r in range(repeats):
        seeds = np.arange(seed0 + r * games, seed0 + (r + 1) * games, dtype=np.uint64)
        strategies = (np.zeros((games, MAX_PLAYERS), np.int64) if mix is None     # random, as warm() has it
                      else mix_strategies(mix, games, players, seed0, r * games))
        start = time.perf_counter()
        game_out, _ = run_games(tables, seeds, players, strategies=strategies, params=params)
        elapsed = time.perf_counter() - start
        rates.append(games / elapsed)
        decisions.append(game_out[:, R_DECISIONS].sum() / elapsed)
        turns.append(game_out[:, R_TURNS].mean())
        per_game.append(game_out[:, R_DECISIONS].mean())
    return {"games_per_s": statistics.median(rates), "decisions_per_s": statistics.median(decisions),
            "mean_turns": statistics.mean(turns), "decisions_per_game": statistics.mean(per_game)}


def bench_mix_and_baseline(games, players, repeats, mix, baseline=True):
    """[(mix name, bench_games result), ...]: the mix, then (with baseline, unless the mix
    is the baseline itself) BASELINE_MIX on the same seeds, games and repeats."""
    out = [(mix, bench_games(games, players, repeats, mix=mix))]
    if baseline and mix != BASELINE_MIX:
        out.append((BASELINE_MIX, bench_games(games, players, repeats, mix=BASELINE_MIX)))
    return out
