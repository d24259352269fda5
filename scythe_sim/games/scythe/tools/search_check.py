"""A first, small measurement of the reference player `search` (docs/players/search.md, "The
reference player"): `search` in one seat against three `greedy2`, the seat rotated game by
game, bans off, and the CPU seconds its seat costs. The same deals are played once more
with `greedy2` in that seat (a greedy2 mirror): the searching seat's CPU per game is the
difference plus a quarter of the mirror's (one greedy2 seat's share).

    python -m scythe_sim.games.scythe.tools.search_check --games 200 --seed 1000 \\
        [search_rollouts=64 search_horizon=2 ...]

`evaluate search` (strength, a mirror's pace, a budget sweep) is the next step."""
from __future__ import annotations

import argparse
import time

import numpy as np

from scythe_sim.intervals import wilson

from ..layout import S_RANK, S_TOTAL
from ..play import SR_SCORE0, R_STATUS
from ..spec.answers import play_plan
from ..spec.deals import dealt_plan
from ..strategies import STRATEGIES
from ..strategies.weights import WEIGHTS, load_params
from ..tables import build_tables
from .deal_rules import CHECK_RULES

PLAYERS = 4
CHUNK = 10          # games per batch call (a line of progress each)


def _play(tables, seeds, strategies, params, seats, progress=None):
    """(wins, margins, bad games, CPU seconds) of the seat `seats[g]` of each game."""
    wins, margins, bad, cpu = 0.0, [], 0, 0.0
    for a in range(0, len(seeds), CHUNK):
        b = min(a + CHUNK, len(seeds))
        start = time.process_time()
        games, seat_rows = play_plan(tables, dealt_plan(seeds[a:b], PLAYERS, strategies[a:b]), params)
        cpu += time.process_time() - start
        bad += int((games[:, R_STATUS] != 0).sum())
        for k in range(b - a):
            rank = seat_rows[k, :PLAYERS, SR_SCORE0 + S_RANK]
            total = seat_rows[k, :PLAYERS, SR_SCORE0 + S_TOTAL].astype(np.int64)
            me = seats[a + k]
            if rank[me] == 1:
                wins += 1.0 / int((rank == 1).sum())      # a tie for first shares the win
            margins.append(int(total[me]) - int(np.delete(total, me).max()))
        if progress:
            progress(b, wins, cpu)
    return wins, margins, bad, cpu


def search_check(games: int, seed: int, overrides: dict | None = None, progress=None) -> dict:
    """search in one seat (game i: seat i % 4) against three greedy2 over `games` games of
    root seed `seed` (game i plays seed + i), bans off; the same deals with greedy2 there."""
    params = load_params().copy()
    search, greedy2 = STRATEGIES.index("search"), STRATEGIES.index("greedy2")
    for name, value in (overrides or {}).items():
        params[search, WEIGHTS.index(name)] = float(value)
    tables = build_tables(dict(CHECK_RULES))
    seeds = np.arange(seed, seed + games, dtype=np.uint64)
    seats = np.arange(games) % PLAYERS
    lineups = np.full((games, 7), greedy2, np.int64)
    mirror = lineups.copy()
    lineups[np.arange(games), seats] = search
    play_plan(tables, dealt_plan(seeds[:1], PLAYERS, lineups[:1]), params)   # compiled first
    wins, margins, bad, cpu = _play(tables, seeds, lineups, params, seats, progress)
    _, _, mirror_bad, mirror_cpu = _play(tables, seeds, mirror, params, seats)
    low, high = wilson(int(round(wins)), games)
    return {"games": games, "wins": wins, "rate": wins / games, "ci": (low, high),
            "mean_margin": float(np.mean(margins)), "bad": bad + mirror_bad,
            "cpu_per_game": cpu / games, "mirror_cpu_per_game": mirror_cpu / games,
            "search_seat_cpu_per_game": (cpu - mirror_cpu * (PLAYERS - 1) / PLAYERS) / games,
            "weights": {k: float(params[search, WEIGHTS.index(k)])
                        for k in ("search_candidates", "search_rollouts", "search_horizon", "search_bottom")}}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("weights", nargs="*", metavar="NAME=VALUE", help="search weights to override")
    args = parser.parse_args(argv)
    overrides = dict(w.split("=", 1) for w in args.weights)
    unknown = [k for k in overrides if k not in WEIGHTS]
    if unknown:
        parser.error(f"unknown weight {unknown[0]!r}")
    out = search_check(args.games, args.seed, overrides,
                       lambda n, w, cpu: print(f"{n} games: {w / n:.1%} won, {cpu / n:.3f} CPU s a game",
                                               flush=True))
    low, high = out["ci"]
    print(f"search vs 3 greedy2, {out['games']} games, weights {out['weights']}: "
          f"{out['wins']:g} won ({out['rate']:.1%}, 95% CI {low:.1%} - {high:.1%}), mean margin "
          f"{out['mean_margin']:+.2f}, games stopped {out['bad']}; CPU a game {out['cpu_per_game']:.3f} s "
          f"(greedy2 mirror {out['mirror_cpu_per_game']:.3f} s), the searching seat "
          f"{out['search_seat_cpu_per_game']:.3f} s")


if __name__ == "__main__":
    main()
