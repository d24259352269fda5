"""Many random games with every invariant checked after every decision.

    python -m tests.soak --games 10000 --players 5

Prints how the games ended and exits 1 if any game broke an invariant or stalled.
The suite runs a smaller version of the same check (tests/test_invariants.py).
"""
import argparse
import collections
import sys
import time

import numpy as np

from scythe_sim.kernel.invariants import INVARIANTS
from scythe_sim.layout import END_REASONS
from scythe_sim.play import (R_DECISIONS, R_END_REASON, R_STATUS, R_TURNS, STATUS_INVARIANT,
                             STATUS_OK, run_games)
from scythe_sim.tables import default_tables


def soak(games, players, seed=0, chunk=500):
    """Returns (status counter, end-reason counter, first failing seed or None, decisions, turns)."""
    tables = default_tables()
    statuses, reasons = collections.Counter(), collections.Counter()
    first_bad, decisions, turns = None, 0, 0
    for start in range(0, games, chunk):
        seeds = np.arange(seed + start, seed + min(games, start + chunk), dtype=np.uint64)
        out, _ = run_games(tables, seeds, players, check=True)
        for i, row in enumerate(out):
            statuses[int(row[R_STATUS])] += 1
            reasons[END_REASONS[int(row[R_END_REASON])]] += 1
            if row[R_STATUS] != STATUS_OK and first_bad is None:
                first_bad = int(seeds[i])
        decisions += int(out[:, R_DECISIONS].sum())
        turns += int(out[:, R_TURNS].sum())
    return statuses, reasons, first_bad, decisions, turns


def describe_status(code):
    if code == STATUS_OK:
        return "ok"
    if code > STATUS_INVARIANT:
        return f"invariant broken: {INVARIANTS[code - STATUS_INVARIANT - 1]}"
    return {1: "no legal deal", 2: "decision point without a legal action",
            3: "decision limit reached"}.get(code, f"status {code}")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10000)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0, help="first game seed (games use seed, seed+1, ...)")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    statuses, reasons, first_bad, decisions, turns = soak(args.games, args.players, args.seed)
    elapsed = time.perf_counter() - start
    print(f"{args.games} games, {args.players} players, {decisions} decisions, {turns} turns "
          f"checked in {elapsed:.1f} s")
    for code, count in sorted(statuses.items()):
        print(f"  {describe_status(code)}: {count}")
    print("  end reasons: " + ", ".join(f"{k} {v}" for k, v in sorted(reasons.items())))
    if first_bad is not None:
        print(f"first failing seed: {first_bad} (replay: scythe-sim play --seed {first_bad} "
              f"--players {args.players})")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
