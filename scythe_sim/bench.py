"""Benchmarks behind `scythe-sim bench` and `scythe-sim warmup` (figures go to docs/PERFORMANCE.md)."""
import os
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np


def warm():
    """Compile or load every entry point by playing one short game; returns seconds."""
    start = time.perf_counter()
    from .play import run_games
    from .tables import default_tables

    run_games(default_tables(), [1], 2, check=True)
    return time.perf_counter() - start


def bench_compile():
    """(cold, cached) seconds to get the kernel ready in a fresh process with a fresh cache."""
    code = "from scythe_sim.bench import warm; print(warm())"
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache)
        times = []
        for _ in range(2):
            out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                                 text=True, check=True)
            times.append(float(out.stdout.strip().splitlines()[-1]))
    return times[0], times[1]


def bench_games(games, players, repeats, seed0=1):
    """Median throughput of random-play games in this process (kernel warmed first)."""
    from .play import R_DECISIONS, R_TURNS, run_games
    from .tables import default_tables

    tables = default_tables()
    warm()
    rates, decisions, turns = [], [], []
    for r in range(repeats):
        seeds = np.arange(seed0 + r * games, seed0 + (r + 1) * games, dtype=np.uint64)
        start = time.perf_counter()
        game_out, _ = run_games(tables, seeds, players)
        elapsed = time.perf_counter() - start
        rates.append(games / elapsed)
        decisions.append(game_out[:, R_DECISIONS].sum() / elapsed)
        turns.append(game_out[:, R_TURNS].mean())
    return {"games_per_s": statistics.median(rates), "decisions_per_s": statistics.median(decisions),
            "mean_turns": statistics.mean(turns)}
