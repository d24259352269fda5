"""A declared study's queries as report tables and its targets as PASS or FAIL
(scythe_sim/study.py's records, over the blocks study_engine.py read back). Win rates
carry Wilson 95% intervals; a ranking ranks by win rate, ties sharing a rank."""
from __future__ import annotations

import polars as pl

from scythe_sim.errors import ConfigError
from scythe_sim.intervals import kendall_tau, wilson
from scythe_sim.quality import Table, Target, ranking_table
from scythe_sim.study import Agree, Ranking, Rates, Shift, Within


def pct(x) -> str:
    return f"{x:.1%}"


def group_rates(played, by) -> dict:
    """{group: (wins, seats)} of a block's seats by the column `by`, in the game's order of
    the column's names (factions as listed, mats by number; other columns sorted)."""
    seats = played.run.seats()
    if by not in seats.collect_schema().names():
        raise ConfigError(f"block {played.name} has no seats column {by!r}: group by faction, mat, seat, "
                          "turn_order or strategy")
    frame = (seats.group_by(by).agg(pl.col("winner").cast(pl.Int64).sum().alias("wins"), pl.len().alias("seats"))
             .collect(engine="streaming"))
    found = {str(row[by]): (int(row["wins"]), int(row["seats"])) for row in frame.iter_rows(named=True)}
    order = [name for name in played.run.vocabulary("seats", by) if name in found]
    rest = sorted((name for name in found if name not in order), key=lambda x: (len(x), x))
    return {name: found[name] for name in order + rest}


def _rate(wins, seats):
    low, high = wilson(wins, seats)
    return (wins / seats if seats else 0.0), low, high


def query_table(study, query, blocks) -> tuple:
    """(Table, its figures) of a Rates or Ranking query over the blocks ({name: Played})."""
    chosen = [blocks[name] for name in query.blocks]
    rates = [group_rates(p, query.by) for p in chosen]
    games = chosen[0].games
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
    table = Table(f"{study}_{query.by}_rates", title, columns, rows,
                  note=f"{games:,} games each, the same seeds and deals")
    return table, {"rates": rates}


def _ranking(study, query, chosen, rates, games):
    title = query.title or f"{chosen[0].label} and {chosen[1].label}"
    table, tau = ranking_table(f"{study}_{query.by}", query.by, rates, [p.name for p in chosen], title,
                               f"{games} games each, the same seeds and deals")
    return table, {"tau": tau, "rates": rates}


def target_result(target, blocks) -> Target:
    """A Within, Agree or Shift target measured on the blocks ({name: Played})."""
    if isinstance(target, Agree):
        a, b = (blocks[name] for name in target.blocks)
        ra, rb = group_rates(a, target.by), group_rates(b, target.by)
        shared = [n for n in ra if n in rb]
        tau = kendall_tau([ra[n][0] / ra[n][1] for n in shared], [rb[n][0] / rb[n][1] for n in shared])
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
        now, before = group_rates(block, target.by), group_rates(against, target.by)
        moves = {n: now[n][0] / now[n][1] - before[n][0] / before[n][1] for n in now if n in before}
        largest = max(moves, key=lambda n: abs(moves[n]))
        text = target.text or (f"no {target.by}'s win rate moves more than {pct(target.at_most)} from "
                               f"{against.label} to {block.label}")
        return Target(text, f"largest: {largest} {moves[largest]:+.1%}", abs(moves[largest]) <= target.at_most)
    raise ConfigError(f"{target!r} is no target: give Within, Agree or Shift")
