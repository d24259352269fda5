"""My Little Scythe's speed on one core, behind `scythe-sim bench --game my_little_scythe`
(and `python -m scythe_sim.games.mls.tools.bench --games 20000 --players 4 --repeats 5`,
the command of docs/PERFORMANCE.md): the median games/s and decisions/s of the repeats,
the kernel compiled or loaded first and not timed."""
import argparse
import statistics
import time

import numpy as np

from scythe_sim.errors import ConfigError

from ..play import R_DECISIONS, R_TURNS, run_games
from ..spec import PLAYERS          # player counts the benchmark plays: the game's
from ..tables import default_tables


def warm():
    """Compile or load the kernel and batch player (spec.warm); returns seconds."""
    from ..spec import warm as warm_spec

    start = time.perf_counter()
    warm_spec()
    return time.perf_counter() - start


def bench_compile():
    """(cold, cached) seconds to get the kernel ready in a fresh process with a fresh cache."""
    from scythe_sim.timing import compile_seconds

    return compile_seconds(__name__)


def bench_games(games=20000, players=4, repeats=5, strategy=0):
    """Median throughput of `games` games in every seat played by strategy id `strategy`
    (0: random), over `repeats` runs; the mean decisions and turns per game."""
    if not PLAYERS[0] <= players <= PLAYERS[1]:
        raise ConfigError(f"--players {players}: My Little Scythe plays {PLAYERS[0]} to {PLAYERS[1]}")
    tables = default_tables()
    warm()
    rates, decisions, turns, per_game = [], [], [], []
    for r in range(repeats):
        seeds = np.arange(r * games, (r + 1) * games, dtype=np.uint64)
        t0 = time.perf_counter()
        game_out, _ = run_games(tables, seeds, players, strategies=np.full(7, strategy))
        seconds = time.perf_counter() - t0
        rates.append(games / seconds)
        decisions.append(game_out[:, R_DECISIONS].sum() / seconds)
        turns.append(game_out[:, R_TURNS].mean())
        per_game.append(game_out[:, R_DECISIONS].mean())
    return {"games_per_s": statistics.median(rates), "decisions_per_s": statistics.median(decisions),
            "mean_turns": statistics.mean(turns), "decisions_per_game": statistics.mean(per_game)}


def main():
    parser = argparse.ArgumentParser(description="My Little Scythe random-play speed on one core")
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--strategy", type=int, default=0, help="strategy id in every seat: 0 random, 1 greedy, 2 planner, 3-5 its personas")
    a = parser.parse_args()
    result = bench_games(a.games, a.players, a.repeats, a.strategy)
    print(f"{a.players} players, {a.games} games x {a.repeats}: {result['games_per_s']:,.0f} games/s, "
          f"{result['decisions_per_s']:,.0f} decisions/s (median)")


if __name__ == "__main__":
    main()
