"""Many All Out War games (standard game + war) with every invariant checked after every
decision, each seat playing a strategy in turn from the list given.

    python -m tests.scythe.war.soak --games 10000 --players 4

Exits 1 if any game broke an invariant or stalled. The suite runs 200 games
(tests/scythe/war/test_war_soak.py).
"""
import argparse
import collections
import sys
import time

import numpy as np

from scythe_sim.games.scythe.kernel.invariants import INVARIANTS
from scythe_sim.games.scythe.layout import MAX_PLAYERS
from scythe_sim.games.scythe.play import R_DECISIONS, R_STATUS, STATUS_INVARIANT, STATUS_OK, run_games
from scythe_sim.games.scythe.strategies import STRATEGIES
from scythe_sim.games.scythe.tables import build_tables


def war_soak(games, players, strategies=STRATEGIES, seed=0, chunk=200, rules=None):
    """(status counter, first failing seed or None, decisions) over `games` war games;
    game i gives seat k the strategy strategies[(i + k) % len(strategies)]; rules are
    added to all_out_war (the Wind Gambit, say)."""
    tables = build_tables({"all_out_war": 1, **(rules or {})})
    ids = [STRATEGIES.index(name) for name in strategies]
    statuses, first_bad, decisions = collections.Counter(), None, 0
    for start in range(0, games, chunk):
        seeds = np.arange(seed + start, seed + min(games, start + chunk), dtype=np.uint64)
        lineup = np.array([[ids[(int(i) + k) % len(ids)] for k in range(MAX_PLAYERS)]
                           for i in range(start, start + len(seeds))], np.int64)
        out, _ = run_games(tables, seeds, players, strategies=lineup, check=True)
        for i, row in enumerate(out):
            statuses[int(row[R_STATUS])] += 1
            decisions += int(row[R_DECISIONS])
            if row[R_STATUS] != STATUS_OK and first_bad is None:
                first_bad = int(seeds[i])
    return statuses, first_bad, decisions


def _status_name(code):
    if code >= STATUS_INVARIANT:
        return f"invariant: {INVARIANTS[code - STATUS_INVARIANT - 1]}"
    return {0: "ok", 1: "bad setup", 2: "no legal action", 3: "step limit"}.get(code, str(code))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--strategies", default=",".join(STRATEGIES))
    args = parser.parse_args(argv)
    t0 = time.time()
    statuses, first_bad, decisions = war_soak(args.games, args.players,
                                              tuple(args.strategies.split(",")), args.seed)
    print(f"{args.games} games in {time.time() - t0:.1f}s, {decisions} decisions")
    for code, count in sorted(statuses.items()):
        print(f"  {_status_name(code)}: {count}")
    if first_bad is not None:
        print(f"first failing seed: {first_bad}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
