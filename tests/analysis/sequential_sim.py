"""Simulated paired checks: the statistics of `scythe-sim check` (scythe_sim/sequential.py)
on paired binary data with known shifts, fast enough for the test suite.

Each simulated check has `len(shares)` groups; group g has a seat in a game with
probability shares[g] (4/7 for a faction of a 4-player game dealing seven). A seat's
paired difference is +1 with probability (q + shift) / 2, -1 with (q - shift) / 2 and 0
otherwise (q: the share of seats whose result the change flips). The check looks after
every round of `round_games` games until it is decided or `max_games` are played.

    python -m tests.analysis.sequential_sim      # the table in docs/ci-balance-check.md
"""
from typing import NamedTuple

import numpy as np

from scythe_sim.sequential import SequentialCheck


class Outcome(NamedTuple):
    outcome: str          # shifted | equivalent | undecided
    games: int            # games played when the check stopped
    decisions: tuple      # per group
    decided_at: tuple     # per group: games of the look that decided it (the last look if undecided)


def simulate(checks, shares, shifts, discordance, alpha=0.05, min_effect=0.02, round_games=1000,
             max_games=20000, seed=1):
    """[Outcome, ...] of `checks` independent simulated checks."""
    rng = np.random.default_rng(seed)
    shares, shifts = np.asarray(shares, float), np.asarray(shifts, float)
    rounds = -(-max_games // round_games)
    seats = rng.binomial(round_games, np.broadcast_to(shares, (checks, rounds, len(shares))))
    probs = np.stack([(discordance + shifts) / 2, (discordance - shifts) / 2,
                      1 - discordance + 0 * shifts], axis=-1)
    counts = np.zeros((checks, rounds, len(shares), 3), np.int64)
    for g in range(len(shares)):
        counts[:, :, g] = rng.multinomial(seats[:, :, g], probs[g])
    cumulative = counts.cumsum(axis=1)
    out = []
    for c in range(checks):
        check = SequentialCheck(alpha, min_effect)
        for r in range(rounds):
            games = min((r + 1) * round_games, max_games)
            sums = {}
            for g in range(len(shares)):
                up, down, _ = cumulative[c, r, g]
                sums[g] = (int(cumulative[c, r, g].sum()), int(up - down), int(up + down))
            check.look(games, sums)
            if check.done:
                break
        rows = check.rows()
        out.append(Outcome(check.outcome(), check.games, tuple(r["decision"] for r in rows),
                           tuple(r["games"] for r in rows)))
    return out


FACTIONS = [4 / 7] * 7            # 4-player games dealing all seven factions


def main():
    cases = (("A/A, q = 0.15", [0.0] * 7, 0.15), ("A/A, q = 0.30", [0.0] * 7, 0.30),
             ("A/A, q = 0.05", [0.0] * 7, 0.05),
             ("+3 pp in one group, q = 0.15", [0.03] + [0.0] * 6, 0.15),
             ("+3 pp in one group, q = 0.30", [0.03] + [0.0] * 6, 0.30),
             ("+8 pp in one group, q = 0.15", [0.08] + [0.0] * 6, 0.15))
    print("| case | checks | shifted | equivalent | undecided | mean games to stop | mean games to decide the shifted group |")
    print("|---|---|---|---|---|---|---|")
    for name, shifts, q in cases:
        results = simulate(500, FACTIONS, shifts, q, seed=7)
        counts = {k: sum(r.outcome == k for r in results) for k in ("shifted", "equivalent", "undecided")}
        found = [r.decided_at[0] for r in results if r.decisions[0] == "shifted"]
        mean_found = f"{np.mean(found):,.0f}" if found and shifts[0] else "-"
        print(f"| {name} | {len(results)} | {counts['shifted']} | {counts['equivalent']} | {counts['undecided']} | "
              f"{np.mean([r.games for r in results]):,.0f} | {mean_found} |")


if __name__ == "__main__":
    main()
