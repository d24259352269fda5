"""How All Out War games end under a strategy mix: the share of wars ended by 25 points,
by the last faction standing and by each stalemate rule, the war rounds and the
capitulations per war (docs/STRATEGIES.md, "All Out War strategies").

    python -m tests.scythe.war.measure --games 1000 --players 4 --mix default

Game i is seeded i (plus --seed) and its seats draw from the mix as a run's pool does
(mixes.mix_strategies), so two versions of the strategies play the same standard games.
"""
import argparse
import collections
import sys
import time

import numpy as np

from scythe_sim.games.scythe.kernel.state import new_state
from scythe_sim.games.scythe.layout import (G_WAR_END_REASON, G_WAR_ROUND, MAX_PLAYERS, W_CAPITULATED_BY,
                                           WAR_END_REASONS)
from scythe_sim.games.scythe.play import (GAME_RESULTS, N_USAGE, SEAT_RESULTS, STATUS_OK, TURN_FIELDS, Deal, Results,
                                         new_scratch, play_game)
from scythe_sim.games.scythe.strategies.mixes import mix_strategies
from scythe_sim.games.scythe.strategies.weights import load_params
from scythe_sim.games.scythe.strategies.workspace import new_workspace
from scythe_sim.games.scythe.tables import build_tables


def measure(games, players, mix="default", seed=0):
    """{"reasons": Counter of end reasons, "rounds": [...], "capitulations": [...],
    "bad": games that did not end OK}."""
    t = build_tables({"all_out_war": 1})
    s = new_state()
    params = load_params()
    work = new_workspace(t)
    lineup = mix_strategies(mix, games, players, seed)
    dealt = np.full((games, MAX_PLAYERS), -1, np.int64)
    deal = Deal(np.arange(seed, seed + games, dtype=np.uint64), np.full(games, players, np.int64), dealt,
                dealt, np.ascontiguousarray(lineup, np.int64), params)
    results = Results(np.zeros((games, len(GAME_RESULTS)), np.int32),
                      np.zeros((games, MAX_PLAYERS, len(SEAT_RESULTS)), np.int32),
                      np.zeros(N_USAGE, np.int64), np.zeros((0, len(TURN_FIELDS)), np.int32), np.zeros(1, np.int64))
    scratch = new_scratch()
    out = {"reasons": collections.Counter(), "rounds": [], "capitulations": [], "bad": 0}
    for g in range(games):
        status, _ = play_game(s, t, g, deal, False, work, results, scratch)
        if status != STATUS_OK:
            out["bad"] += 1
            continue
        out["reasons"][WAR_END_REASONS[int(s.game[G_WAR_END_REASON])]] += 1
        out["rounds"].append(int(s.game[G_WAR_ROUND]))
        out["capitulations"].append(int((s.war[:players, W_CAPITULATED_BY] >= 0).sum()))
    return out


def report(out):
    n = sum(out["reasons"].values())
    lines = [f"{n} wars ({out['bad']} games not ended OK)"]
    for reason in WAR_END_REASONS[1:]:
        k = out["reasons"][reason]
        lines.append(f"  {reason:16s} {k:5d}  {100.0 * k / max(n, 1):5.1f}%")
    if n:
        lines.append(f"  median war rounds {np.median(out['rounds']):.1f} "
                     f"(mean {np.mean(out['rounds']):.1f})")
        lines.append(f"  capitulations per war {np.mean(out['capitulations']):.2f}")
    return "\n".join(lines)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--mix", default="default")
    args = parser.parse_args(argv)
    t0 = time.time()
    out = measure(args.games, args.players, args.mix, args.seed)
    print(report(out))
    print(f"({time.time() - t0:.0f}s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
