"""A declared study's queries as report tables and its targets as PASS or FAIL
(scythe_sim/study.py's records, over the blocks study_engine.py read back). Win rates
carry Wilson 95% intervals; a ranking ranks by win rate, ties sharing a rank; a shift
is decided as `scythe-sim compare` decides it (analysis/compare.py: paired on the same
deals, Holm over the groups)."""
from __future__ import annotations

from scythe_sim.errors import ConfigError
from scythe_sim.intervals import wilson
from scythe_sim.quality import Table, Target, ranking_table
from scythe_sim.study import Agree, Enough, Grid, Ranking, Shift, Shifts, Within

from .compare import compare_groupings
from .pairing import check_pairing
from .compare_view import pct
from .queries import win_rates


def group_rates(played, by) -> dict:
    """{group: (wins, seats)} of a block's seats by the column `by`, in the game's order of
    the column's names (factions as listed, mats by number; other columns sorted)."""
    seats = played.run.seats()
    if by not in seats.collect_schema().names():
        raise ConfigError(f"block {played.name} has no seats column {by!r}: group by faction, mat, seat, "
                          "turn_order or strategy")
    frame = win_rates(seats, by)
    found = {str(row[by]): (int(row["wins"]), int(row["seats"])) for row in frame.iter_rows(named=True)}
    return {name: found[name] for name in _in_order(played, by, found)}


def _in_order(played, column, names) -> list:
    """The names of a seats column in the game's order (factions as listed, mats by
    number); names outside its vocabulary after them, shortest first (seat 2 before 10)."""
    known = [name for name in played.run.vocabulary("seats", column) if name in names]
    return known + sorted((name for name in names if name not in known), key=lambda x: (len(x), x))


def _rate(wins, seats):
    low, high = wilson(wins, seats)
    return (wins / seats if seats else 0.0), low, high


def query_table(study, query, blocks) -> tuple:
    """(Table, its figures) of a Rates, Ranking, Shifts or Grid query over the blocks
    ({name: Played})."""
    if isinstance(query, Shifts):
        return _shifts(study, query, blocks[query.against], blocks[query.block])
    if isinstance(query, Grid):
        return _grid(study, query, blocks[query.block])
    chosen = [blocks[name] for name in query.blocks]
    rates = [group_rates(p, query.by) for p in chosen]
    games = _games_note(chosen)
    if isinstance(query, Ranking):
        return _ranking(study, query, chosen, rates, games)
    names = [n for n in rates[0] if all(n in r for r in rates)]
    columns = [query.by]
    for p in chosen:
        columns += [f"{p.name} seats", f"{p.name} win rate", "95% CI"]
    rows = []
    for name in names:
        row = [name]
        for r in rates:
            wins, seats = r[name]
            rate, low, high = _rate(wins, seats)
            row += [f"{seats:,}", pct(rate), f"{pct(low)} - {pct(high)}"]
        rows.append(row)
    title = query.title or f"win rate by {query.by}: " + ", ".join(p.label for p in chosen)
    table = Table(f"{study}_{query.by}_rates", title, columns, rows, note=games)
    return table, {"rates": rates}


def _ranking(study, query, chosen, rates, games):
    title = query.title or f"{chosen[0].label} and {chosen[1].label}"
    table, tau = ranking_table(f"{study}_{query.by}", query.by, rates, [p.name for p in chosen], title, games)
    return table, {"tau": tau, "rates": rates}


def _games_note(chosen) -> str:
    counts = {p.games for p in chosen}
    if len(counts) == 1:
        return f"{chosen[0].games:,} games each, the same seeds and deals"
    each = ", ".join(f"{p.name} {p.games:,}" for p in chosen)
    return f"games: {each}; the same seeds, so the first games are the same deals"


def _columns(by) -> tuple:
    return (by,) if isinstance(by, str) else tuple(by)


def _compared(against, block, by, min_effect) -> list:
    """compare's rows of each group with a difference, the largest difference first; each
    row also names its group: "column" (faction, mat ...) and "name". Several columns are
    one Holm family, as `compare --by faction --by mat` decides. The blocks may seat
    different players: they pair on the deals (factions and mats in the same seats)."""
    columns = _columns(by)
    pairing = check_pairing(against.run, block.run, columns, players_differ=True)
    frames = compare_groupings(against.run, block.run, [(c,) for c in columns], min_effect=min_effect,
                               pairing=pairing)
    rows = [{**r, "column": column, "name": str(r[column])}
            for column, frame in zip(columns, frames) for r in frame.iter_rows(named=True)
            if r["difference"] is not None]
    return sorted(rows, key=lambda r: -abs(r["difference"]))


def _moved(row) -> str:
    return f"{row['name']} {row['difference']:+.1%} ({row['ci_low']:+.1%} .. {row['ci_high']:+.1%})"


def _shifts(study, query, against, block):
    rows = _compared(against, block, query.by, query.min_effect)
    columns = _columns(query.by)
    several = len(columns) > 1
    table_rows = [[r["name"]] + ([r["column"]] if several else []) +
                  [f"{r['base_n']:,}", pct(r["base_rate"]), pct(r["candidate_rate"]),
                   f"{r['difference']:+.1%} ({r['ci_low']:+.1%} .. {r['ci_high']:+.1%})", f"{r['p_holm']:.2g}",
                   r["verdict"]] for r in rows]
    heads = (["group", "kind"] if several else [columns[0]]) + [
        "seats", f"{against.name} win rate", f"{block.name} win rate", "difference (Holm CI)", "Holm p", "verdict"]
    method = rows[0]["method"] if rows else "paired"
    what = " and ".join(columns)
    title = query.title or f"{what} win rate from {against.label} to {block.label}"
    if method == "paired":
        shared = min(against.games, block.games)
        compared = f"the first {shared:,} games of each, paired (game by game on the same deals)"
    else:
        compared = f"{against.games:,} and {block.games:,} games, unpaired (the deals differ)"
    family = f"; Holm over the {len(rows)} groups" if several else ""
    note = f"{compared}{family}; a shift: beyond chance and at least {pct(query.min_effect)}"
    table = Table(f"{study}_{'_'.join(columns)}_shifts", title, heads, table_rows, note=note)
    return table, {"rows": rows}


def _grid(study, query, played):
    """Win rate (seats) of each rows x columns cell of a block, in the game's orders."""
    seats = played.run.seats()
    frame = win_rates(seats, [query.rows, query.columns])
    cells = {(str(r[query.rows]), str(r[query.columns])): (r["win_rate"], r["seats"])
             for r in frame.iter_rows(named=True)}
    order = {column: _in_order(played, column, {key[index] for key in cells})
             for index, column in enumerate((query.rows, query.columns))}
    rows = [[r] + [f"{pct(cells[r, c][0])} ({cells[r, c][1]:,})" if (r, c) in cells else ""
                   for c in order[query.columns]] for r in order[query.rows]]
    title = query.title or f"{played.label}: win rate (seats) by {query.rows} x {query.columns}"
    table = Table(f"{study}_{query.rows}_{query.columns}_grid", title, [query.rows] + order[query.columns], rows,
                  note=f"{played.games:,} games")
    return table, {"cells": cells}


def target_result(target, blocks) -> Target:
    """A Within, Agree, Shift or Enough target measured on the blocks ({name: Played})."""
    if isinstance(target, Agree):
        a, b = (blocks[name] for name in target.blocks)
        _, figures = _ranking("target", Ranking((a.name, b.name), target.by), [a, b],
                              [group_rates(a, target.by), group_rates(b, target.by)], a.games)
        tau = figures["tau"]
        text = target.text or f"{target.by} ranking: Kendall tau >= {target.tau} between {a.label} and {b.label}"
        return Target(text, f"{tau:.2f}", tau >= target.tau)
    if isinstance(target, Within):
        block = blocks[target.block]
        rates = {n: w / s for n, (w, s) in group_rates(block, target.by).items()}
        if target.group:
            if target.group not in rates:
                raise ConfigError(f"block {block.name} has no {target.by} {target.group!r}: it has "
                                  f"{', '.join(rates)}")
            rates = {target.group: rates[target.group]}
        whose = target.group + "'s" if target.group else f"every {target.by}'s"
        text = target.text or (f"{whose} win rate in {block.label} within {pct(target.low)} .. "
                               f"{pct(target.high)}")
        out = [n for n, r in rates.items() if not target.low <= r <= target.high]
        low, high = min(rates, key=rates.get), max(rates, key=rates.get)
        measured = (pct(rates[low]) if target.group else
                    f"{low} {pct(rates[low])} .. {high} {pct(rates[high])}")
        return Target(text, measured + (f"; outside: {', '.join(out)}" if out else ""), not out)
    if isinstance(target, Shift):
        block, against = blocks[target.block], blocks[target.against]
        rows = _compared(against, block, target.by, target.at_most)
        shifted = [r for r in rows if r["shifted"]]
        what = " or ".join(_columns(target.by))
        size = f"by {pct(target.at_most)} or more" if target.at_most > 0 else "at all"
        whose = f"at most {target.allowed} groups' ({what})" if target.allowed else f"no {what}'s"
        text = target.text or (f"{whose} win rate shifts {size} from {against.label} to {block.label} "
                               "(beyond chance, Holm)")
        if shifted:
            measured = f"{len(shifted)} shifted: " + ", ".join(_moved(r) for r in shifted)
        else:
            found = max((r["mde"] for r in rows if r["mde"] is not None), default=None)
            power = f"; these games find a shift of {pct(found)} (80% power)" if found is not None else ""
            measured = (f"none; largest {_moved(rows[0])}" if rows else "none") + power
        return Target(text, measured, len(shifted) <= target.allowed)
    if isinstance(target, Enough):
        block = blocks[target.block]
        text = target.text or f"{block.label}: at least {target.games:,} games"
        return Target(text, f"{block.games:,}", block.games >= target.games)
    raise ConfigError(f"{target!r} is no target: give Within, Agree, Shift or Enough")
