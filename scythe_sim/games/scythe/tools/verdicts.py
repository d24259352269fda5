"""Verdicts that do not depend on who plays (`scythe-sim evaluate verdicts`, issue 27):
the faction ranking and the mat ranking of the default mix against those of a mirror of
the default player (every seat `greedy`), on the same seeds and deals (base five, bans
off), compared by Kendall's tau. A balance verdict the players' styles make (one mix
ranks Crimea first, another would not) shows as a low tau."""
from __future__ import annotations

import numpy as np

from scythe_sim.quality import Report, Table, Target, play_blocks
from scythe_sim.runner.config import parse_config

from ..enums import FACTIONS, MATS
from ..strategies.mixes import MIXES
from .lineups import CHALLENGER_MIRROR, MIX, check_args, deal_rules, pct, win_rate, with_params

TAU = 0.8                      # each ranking's Kendall tau between the two line-ups, at least


def kendall_tau(a, b) -> float:
    """Kendall's tau-a of two score lists over the same items (pairs tied in either count 0)."""
    n = len(a)
    s = 0
    for i in range(n):
        for j in range(i + 1, n):
            s += int(np.sign(a[i] - a[j]) * np.sign(b[i] - b[j]))
    return s / (n * (n - 1) / 2) if n > 1 else 1.0


def ranking(column, names, runs, players, labels, title, note):
    """(Table, Kendall tau, [{name: (wins, seats)} per run]): two runs' rankings of the
    column's groups (faction or mat) side by side (`labels`: the runs' short names), by
    the first run's rank."""
    rates = [group_rates(run, players, column, names) for run in runs]
    shared = [n for n in names if n in rates[0] and n in rates[1]]
    score = [[rates[k][n][0] / rates[k][n][1] for n in shared] for k in range(2)]
    tau = kendall_tau(score[0], score[1])
    rows = []
    for i, name in enumerate(shared):
        row = [name]
        for k in range(2):
            w, n = rates[k][name]
            rate, low, high = win_rate(w, n)
            rank = 1 + sum(x > score[k][i] for x in score[k])
            row += [str(rank), pct(rate), f"{pct(low)} - {pct(high)}"]
        rows.append(row)
    rows.sort(key=lambda r: int(r[1]))
    columns = [column] + [f"{label} {what}" if what != "95% CI" else what
                          for label in labels for what in ("rank", "win rate", "95% CI")]
    table = Table(f"verdicts_{column}", f"{column} ranking: {title}", columns, rows, note=f"{note}; Kendall tau {tau:.2f}")
    return table, tau, rates


def group_rates(run, players, column, names):
    """{name: (wins, seats)} of the good games' seats by the column (faction or mat)."""
    games_t, seats_t, bad = run
    ok = np.repeat(~np.isin(games_t["game"].to_numpy(), list(bad)), players)
    ids = np.asarray(seats_t[column].combine_chunks().indices)[ok]
    won = seats_t["winner"].to_numpy(zero_copy_only=False)[ok]
    dictionary = seats_t[column].combine_chunks().dictionary.to_pylist()
    out = {}
    for k in np.unique(ids):
        sel = ids == k
        out[dictionary[k]] = (int(won[sel].sum()), int(sel.sum()))
    return {name: out[name] for name in names if name in out}


def verdicts(games=20000, players=4, seed=1, workers=1, params=None) -> Report:
    from ..strategies.weights import load_params

    check_args(games, players, seed, workers)
    params = load_params() if params is None else np.asarray(params, np.float64)
    rules = deal_rules(players, False)
    base = {"name": "verdicts", "games": games, "seed": seed, "players": players, "rules": rules}
    lineups = [("mix", {"pool": list(MIXES[MIX])}), ("mirror", {"seats": [CHALLENGER_MIRROR]})]
    blocks = [(key, None, with_params(parse_config({**base, "strategies": strategies}), params))
              for key, strategies in lineups]
    runs = play_blocks(blocks, workers)
    tables, targets, metrics = [], [], {}
    bad = sum(len(r[2]) for r in runs)
    for column, names in (("faction", FACTIONS), ("mat", MATS)):
        table, tau, rates = ranking(column, names, runs, players, ("mix", "mirror"),
                                    f"the {MIX} mix and a {CHALLENGER_MIRROR} mirror",
                                    f"{games} games each, the same seeds and deals")
        metrics[column] = {"tau": tau, "rates": rates}
        tables.append(table)
        targets.append(Target(f"{column} ranking: Kendall tau >= {TAU} between the {MIX} mix and the "
                              f"{CHALLENGER_MIRROR} mirror", f"{tau:.2f}", tau >= TAU))
    targets.append(Target("no game stopped with status != 0", f"{bad} of {2 * games}", bad == 0))
    return Report(games, players, seed, tables, targets, metrics, 2 * games,
                  f"scythe-sim evaluate verdicts --games {games} --players {players} --seed {seed}")
