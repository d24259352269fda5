"""Many random games with every invariant checked after every decision.

    python -m tests.scythe.soak --games 10000 --players 5
    python -m tests.scythe.soak --games 10000 --players 7      # 6-7: all seven factions dealt

Prints how the games ended and how often each encounter option, Factory card and
objective card was used, and exits 1 if any game broke an invariant or stalled, or
(with --require-every-card) if some card was never used. The suite runs a smaller
version of the same check (tests/scythe/test_invariants.py).
"""
import argparse
import collections
import sys
import time

import numpy as np

from scythe_sim.games.scythe.kernel.invariants import INVARIANTS
from scythe_sim.games.scythe.layout import END_REASONS
from scythe_sim.games.scythe.enums import (ALBION, FACTION_ABILITIES, MECH_ABILITIES, N_ENCOUNTER_CARDS,
                              N_ENCOUNTER_OPTIONS, TOGAWA)
from scythe_sim.games.scythe.play import (N_USAGE, BatchOptions, R_COMBATS, R_DECISIONS, R_ENCOUNTERS, R_END_REASON,
                             R_STATUS, R_TURNS, STATUS_INVARIANT, STATUS_OK, USAGE_ENCOUNTER0,
                             USAGE_FACTORY_KEPT0, USAGE_FACTORY_TOP0, USAGE_OBJECTIVE0,
                             SR_ABILITY_USES, SR_FACTION, SR_MECH_USES0, run_games)
from scythe_sim.games.scythe.strategies import STRATEGIES
from scythe_sim.games.scythe.tables import build_tables, default_tables

INVADERS = (ALBION, TOGAWA)


def soak(games, players, seed=0, chunk=500, strategy="random", uses=None):
    """Returns (status counter, end-reason counter, first failing seed or None, totals,
    usage counters) where totals counts decisions, turns, combats and encounters.
    Past 5 players all seven factions are dealt (house rule expansion_factions); with a
    Counter as `uses`, the games in which each Albion and Togawa ability was used are
    added to it (keyed by ability name; "seats:<faction>" counts the seats dealt)."""
    tables = build_tables({"expansion_factions": 1}) if players > 5 else default_tables()
    ids = [STRATEGIES.index(strategy)] * 7
    statuses, reasons, totals = collections.Counter(), collections.Counter(), collections.Counter()
    first_bad = None
    usage = np.zeros(N_USAGE, np.int64)
    for start in range(0, games, chunk):
        seeds = np.arange(seed + start, seed + min(games, start + chunk), dtype=np.uint64)
        out, seats = run_games(tables, seeds, players, strategies=ids, check=True, options=BatchOptions(usage=usage))
        if uses is not None:
            count_invader_uses(tables, seats, players, uses)
        for i, row in enumerate(out):
            statuses[int(row[R_STATUS])] += 1
            reasons[END_REASONS[int(row[R_END_REASON])]] += 1
            if row[R_STATUS] != STATUS_OK and first_bad is None:
                first_bad = int(seeds[i])
        for name, column in (("decisions", R_DECISIONS), ("turns", R_TURNS),
                             ("combats", R_COMBATS), ("encounters", R_ENCOUNTERS)):
            totals[name] += int(out[:, column].sum())
    return statuses, reasons, first_bad, totals, usage


def count_invader_uses(tables, seats, players, uses):
    """Add to `uses` the games in which each Albion/Togawa ability was used at least once."""
    for row in seats[:, :players]:
        for seat in row:
            f = int(seat[SR_FACTION])
            if f not in INVADERS:
                continue
            uses[f"seats:{FACTION_ABILITIES[tables.fac_ability[f]]}"] += 1
            uses[FACTION_ABILITIES[tables.fac_ability[f]]] += seat[SR_ABILITY_USES] > 0
            for m in range(4):
                uses[MECH_ABILITIES[tables.fac_mechs[f, m]]] += seat[SR_MECH_USES0 + m] > 0


def use_shares(uses):
    """{ability: share of its faction's seats that used it} from count_invader_uses."""
    seats = {}
    for f in INVADERS:
        owner = FACTION_ABILITIES[default_tables().fac_ability[f]]
        for a in [owner] + [MECH_ABILITIES[m] for m in default_tables().fac_mechs[f]]:
            seats[a] = uses[f"seats:{owner}"]
    return {a: uses[a] / max(1, n) for a, n in seats.items()}


def usage_report(usage):
    """Lines of the card-usage table and the list of cards never used."""
    enc = usage[USAGE_ENCOUNTER0:USAGE_FACTORY_TOP0].reshape(N_ENCOUNTER_CARDS, N_ENCOUNTER_OPTIONS)
    top = usage[USAGE_FACTORY_TOP0:USAGE_FACTORY_KEPT0]
    kept = usage[USAGE_FACTORY_KEPT0:USAGE_OBJECTIVE0]
    objectives = usage[USAGE_OBJECTIVE0:]
    lines = ["encounter cards (options a/b/c taken):"]
    lines += ["  " + "  ".join(f"{c + 1:>2}: {'/'.join(str(int(x)) for x in enc[c])}"
                               for c in range(row, min(row + 6, N_ENCOUNTER_CARDS)))
              for row in range(0, N_ENCOUNTER_CARDS, 6)]
    lines.append("Factory cards kept: " + " ".join(f"{c + 1}:{int(x)}" for c, x in enumerate(kept)))
    lines.append("Factory top actions: " + " ".join(f"{c + 1}:{int(x)}" for c, x in enumerate(top)))
    lines.append("objectives revealed: " + " ".join(f"{c + 1}:{int(x)}" for c, x in enumerate(objectives)))
    unused = ([f"encounter {c + 1}" for c in range(N_ENCOUNTER_CARDS) if enc[c].sum() == 0]
              + [f"factory {c + 1}" for c, x in enumerate(kept) if x == 0]
              + [f"objective {c + 1}" for c, x in enumerate(objectives) if x == 0])
    return lines, unused


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
    parser.add_argument("--strategy", default="random", choices=STRATEGIES, help="every seat's strategy")
    parser.add_argument("--require-every-card", action="store_true",
                        help="fail unless every encounter, Factory and objective card was used")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    uses = collections.Counter()
    statuses, reasons, first_bad, totals, usage = soak(args.games, args.players, args.seed,
                                                       strategy=args.strategy, uses=uses)
    elapsed = time.perf_counter() - start
    print(f"{args.games} games, {args.players} players, {totals['decisions']} decisions, "
          f"{totals['turns']} turns checked in {elapsed:.1f} s "
          f"({totals['combats']} combats, {totals['encounters']} encounters)")
    for code, count in sorted(statuses.items()):
        print(f"  {describe_status(code)}: {count}")
    print("  end reasons: " + ", ".join(f"{k} {v}" for k, v in sorted(reasons.items())))
    lines, unused = usage_report(usage)
    print("\n".join(lines))
    print("never used: " + (", ".join(unused) if unused else "none"))
    if uses:
        print("Albion/Togawa abilities, share of their seats using each: "
              + ", ".join(f"{k} {share:.0%}" for k, share in use_shares(uses).items()))
    if first_bad is not None:
        print(f"first failing seed: {first_bad} (replay: scythe-sim play --seed {first_bad} "
              f"--players {args.players})")
        return 1
    if args.require_every_card and unused:
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
