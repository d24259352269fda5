"""Random-play speed of My Little Scythe on one core:

    python -m scythe_sim.games.mls.tools.bench --games 20000 --players 4 --repeats 5

prints the median games/s and decisions/s of the repeats (the kernel is compiled or
loaded first and not timed)."""
import argparse
import statistics
import time

import numpy as np

from ..play import R_DECISIONS, run_games
from ..tables import default_tables


def bench(games=20000, players=4, repeats=5, strategy=0):
    tables = default_tables()
    run_games(tables, np.arange(10, dtype=np.uint64), players)        # compile or load
    rates = []
    for r in range(repeats):
        seeds = np.arange(r * games, (r + 1) * games, dtype=np.uint64)
        t0 = time.perf_counter()
        game_out, _ = run_games(tables, seeds, players, strategies=np.full(7, strategy))
        seconds = time.perf_counter() - t0
        rates.append((games / seconds, game_out[:, R_DECISIONS].sum() / seconds))
    return statistics.median(r[0] for r in rates), statistics.median(r[1] for r in rates)


def main():
    parser = argparse.ArgumentParser(description="My Little Scythe random-play speed on one core")
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--strategy", type=int, default=0, help="strategy id in every seat: 0 random, 1 greedy, 2 planner, 3-5 its personas")
    a = parser.parse_args()
    games_s, decisions_s = bench(a.games, a.players, a.repeats, a.strategy)
    print(f"{a.players} players, {a.games} games x {a.repeats}: {games_s:,.0f} games/s, "
          f"{decisions_s:,.0f} decisions/s (median)")


if __name__ == "__main__":
    main()
