"""Verdicts checked against the reference player (`scythe-sim evaluate
reference-verdicts`, issue 42): a `search` mirror (every seat `search`) and the default mix on
the same deals (base five, bans off, 4 players; game i of both has the same seed, so its
factions and mats sit in the same seats), their faction and mat rankings side by side
with Kendall's tau, and each faction's and mat's win rate paired game by game over the
mirror's deals: the groups whose rate differs beyond chance (McNemar, Holm over every
group, intervals at the Holm-matched level). Both runs are played by the runner into a
runs folder, so an interrupted check restarts where it stopped (search_runs.py)."""
from __future__ import annotations

import numpy as np

from scythe_sim.errors import ConfigError
from scythe_sim.intervals import holm, holm_levels, paired_difference
from scythe_sim.quality import Report, Table, Target, ranking_table

from ..enums import FACTIONS, MATS
from ..strategies.mixes import MIXES
from ..strategies.weights import load_params
from .deal_rules import MIX
from .lineups import check_args, pct
from .search_runs import PLAYED_NOW, block, play, seat_column

SEARCH = "search"
PLAYERS = 4
MIRROR_GAMES = 2000
MIX_GAMES = 20000
MIN_MIRROR_GAMES = 2000        # the least reference mirror
ALPHA = 0.05


def ranking(column, names, runs, players, labels, title, note):
    """(Table, Kendall tau, [{name: (wins, seats)} per run]): two runs' rankings of the
    column's groups (faction or mat) side by side (`labels`: the runs' short names), by
    the first run's rank."""
    rates = [group_rates(run, players, column, names) for run in runs]
    table, tau = ranking_table(f"verdicts_{column}", column, rates, labels, title, note)
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


def paired_groups(mirror, mix, games) -> list:
    """One dict per faction and mat over the first `games` deals: its seats, win rates
    in the mirror and in the mix, the paired difference (mirror - mix) with its
    Holm-matched interval, p and Holm p."""
    cols = {}
    for run, key in ((mirror, "mirror"), (mix, "mix")):
        cols[key] = {c: seat_column(run, c, PLAYERS)[:games] for c in ("faction", "mat", "winner")}
    for c in ("faction", "mat"):
        if not (cols["mirror"][c] == cols["mix"][c]).all():
            raise AssertionError("the mirror and the mix dealt differently: not paired")
    lines = []
    for column, names in (("faction", FACTIONS), ("mat", MATS)):
        for name in names:
            seat = cols["mirror"][column] == name
            n = int(seat.sum())
            if not n:
                continue
            a = cols["mirror"]["winner"][seat].astype(float)
            b = cols["mix"]["winner"][seat].astype(float)
            d = a - b
            lines.append({"group": column, "name": name, "seats": n, "mirror": a.mean(), "mix": b.mean(),
                          "sum": float(d.sum()), "sum_sq": float((d ** 2).sum())})
    ps = [paired_difference(x["seats"], x["sum"], x["sum_sq"])[3] for x in lines]
    for x, p, p_holm, level in zip(lines, ps, holm(ps), holm_levels(ps, ALPHA)):
        diff, low, high, _ = paired_difference(x["seats"], x["sum"], x["sum_sq"], alpha=level)
        x.update(difference=diff, low=low, high=high, p=p, p_holm=p_holm, differs=p_holm < ALPHA)
    return lines


def heatmap_mats(played) -> list:
    mat = seat_column(played, "mat", PLAYERS)
    return [m for m in MATS if (mat == m).any()]


def heatmap_rows(played) -> list:
    """Faction x mat win rates of a run as table rows: 'rate (seats)' per mat dealt
    (heatmap_mats)."""
    faction, mat = seat_column(played, "faction", PLAYERS), seat_column(played, "mat", PLAYERS)
    won = seat_column(played, "winner", PLAYERS).astype(bool)
    rows, mats = [], [m for m in MATS if (mat == m).any()]
    for f in FACTIONS:
        if not (faction == f).any():
            continue
        row = [f]
        for m in mats:
            sel = (faction == f) & (mat == m)
            n = int(sel.sum())
            row.append(f"{pct(won[sel].mean())} ({n})" if n else "")
        rows.append(row)
    return rows


def reference_verdicts(mirror_games=MIRROR_GAMES, games=MIX_GAMES, seed=1, workers=1, runs="results/evaluate-reference",
                       backend="local", scheduler=None, progress=None, params=None) -> Report:
    check_args(games, PLAYERS, seed, workers)
    check_args(mirror_games, PLAYERS, seed, workers)
    if mirror_games > games:
        raise ConfigError(f"--set mirror_games={mirror_games} must be at most --games ({games}): the mirror "
                          "is paired with the mix's first deals")
    params = load_params() if params is None else np.asarray(params, np.float64)
    mirror = block(f"reference-mirror-{mirror_games}g-seed{seed}", mirror_games, seed, PLAYERS,
                   {"seats": [SEARCH]}, params, runs)
    mix = block(f"reference-mix-{games}g-seed{seed}", games, seed, PLAYERS, {"pool": list(MIXES[MIX])}, params, runs)
    got = play([mix, mirror], workers, backend, scheduler, progress)
    report = _report(got[mirror.name], got[mix.name], mirror_games, games, seed, runs, mirror.config.run_dir())
    report.played = got[PLAYED_NOW]
    return report


def _report(mirror, mix, mirror_games, games, seed, runs, mirror_dir) -> Report:
    tables, targets, metrics = [], [], {}
    for column, names in (("faction", FACTIONS), ("mat", MATS)):
        table, tau, rates = ranking(column, names, [(mirror.games, mirror.seats, set()), (mix.games, mix.seats, set())],
                                    PLAYERS, ("search", "mix"), f"a {SEARCH} mirror and the {MIX} mix",
                                    f"the mirror {mirror_games:,} games, the mix {games:,}, the same seeds and deals")
        tables.append(table)
        metrics[column] = {"tau": tau, "rates": rates}
    lines = paired_groups(mirror, mix, mirror_games)
    metrics["paired"] = lines
    rows = [[x["name"], x["group"], str(x["seats"]), pct(x["mirror"]), pct(x["mix"]),
             f"{x['difference']:+.1%} ({x['low']:+.1%} .. {x['high']:+.1%})", f"{x['p']:.2g}", f"{x['p_holm']:.2g}",
             "differs" if x["differs"] else "within chance"] for x in lines]
    tables.append(Table("reference_paired", "each faction and mat: the search mirror against the mix on the same deals",
                        ["group", "kind", "seats", "search mirror", "mix", "difference (Holm-matched CI)", "p",
                         "Holm p", "verdict"], rows,
                        note=f"the first {mirror_games:,} deals of both runs, game by game (McNemar; Holm over "
                             f"{len(lines)} groups)"))
    tables.append(Table("reference_heatmap", f"the search mirror: win rate (seats) by faction x mat",
                        ["faction"] + heatmap_mats(mirror), heatmap_rows(mirror), note=f"{mirror_games:,} games; run: {mirror_dir}"))
    differ = [x["name"] for x in lines if x["differs"]]
    metrics["differ"] = differ
    for column in ("faction", "mat"):
        targets.append(Target(f"{column} ranking: Kendall tau between the search mirror and the {MIX} mix (shown)",
                              f"{metrics[column]['tau']:.2f}", True))
    targets.append(Target("groups whose win rate differs beyond chance (paired, Holm; shown)",
                          ", ".join(differ) or "none", True))
    targets.append(Target(f"reference mirror of >= {MIN_MIRROR_GAMES:,} games", f"{mirror_games:,}",
                          mirror_games >= MIN_MIRROR_GAMES))
    return Report(mirror_games, PLAYERS, seed, tables, targets, metrics, 0,
                  f"scythe-sim evaluate reference-verdicts --games {games} --seed {seed} "
                  f"--set mirror_games={mirror_games} --set runs={runs}")
