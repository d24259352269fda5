"""A declared study's queries as report tables and its targets as PASS or FAIL
(scythe_sim/study.py's records, over the blocks study_engine.py read back). Win rates
carry Wilson 95% intervals; a ranking ranks by win rate, ties sharing a rank; a shift
is decided as `scythe-sim compare` decides it (analysis/compare.py: paired on the same
deals, Holm over the groups)."""
from __future__ import annotations

from scythe_sim.errors import ConfigError
from scythe_sim.intervals import wilson
from scythe_sim.quality import Table, Target, ranking_table
from scythe_sim.study import Agree, Ranking, Rates, Shift, Shifts, Within

from .compare import compare_runs
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
    order = [name for name in played.run.vocabulary("seats", by) if name in found]
    rest = sorted((name for name in found if name not in order), key=lambda x: (len(x), x))
    return {name: found[name] for name in order + rest}


def _rate(wins, seats):
    low, high = wilson(wins, seats)
    return (wins / seats if seats else 0.0), low, high


def query_table(study, query, blocks) -> tuple:
    """(Table, its figures) of a Rates, Ranking or Shifts query over the blocks ({name: Played})."""
    if isinstance(query, Shifts):
        return _shifts(study, query, blocks[query.against], blocks[query.block])
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


def _compared(against, block, by, min_effect) -> list:
    """compare's rows of each group with a difference, the largest difference first."""
    frame = compare_runs(against.run, block.run, by=(by,), min_effect=min_effect)
    rows = [r for r in frame.iter_rows(named=True) if r["difference"] is not None]
    return sorted(rows, key=lambda r: -abs(r["difference"]))


def _moved(row, by) -> str:
    return f"{row[by]} {row['difference']:+.1%} ({row['ci_low']:+.1%} .. {row['ci_high']:+.1%})"


def _shifts(study, query, against, block):
    rows = _compared(against, block, query.by, query.min_effect)
    table_rows = [[str(r[query.by]), f"{r['base_n']:,}", pct(r["base_rate"]), pct(r["candidate_rate"]),
                   f"{r['difference']:+.1%} ({r['ci_low']:+.1%} .. {r['ci_high']:+.1%})", f"{r['p_holm']:.2g}",
                   r["verdict"]] for r in rows]
    columns = [query.by, "seats", f"{against.name} win rate", f"{block.name} win rate", "difference (Holm CI)",
               "Holm p", "verdict"]
    method = rows[0]["method"] if rows else "paired"
    title = query.title or f"{query.by} win rate from {against.label} to {block.label}"
    how = "game by game on the same deals" if method == "paired" else "the deals differ"
    note = f"{against.games:,} games each, {method} ({how}); a shift: beyond chance and at least {pct(query.min_effect)}"
    table = Table(f"{study}_{query.by}_shifts", title, columns, table_rows, note=note)
    return table, {"rows": rows}


def target_result(target, blocks) -> Target:
    """A Within, Agree or Shift target measured on the blocks ({name: Played})."""
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
        text = target.text or (f"no {target.by}'s win rate shifts by {pct(target.at_most)} or more from "
                               f"{against.label} to {block.label} (beyond chance, Holm)")
        if shifted:
            measured = "shifted: " + ", ".join(_moved(r, target.by) for r in shifted)
        else:
            found = max((r["mde"] for r in rows if r["mde"] is not None), default=None)
            power = f"; these games find a shift of {pct(found)} (80% power)" if found is not None else ""
            measured = (f"none; largest {_moved(rows[0], target.by)}" if rows else "none") + power
        return Target(text, measured, not shifted)
    raise ConfigError(f"{target!r} is no target: give Within, Agree or Shift")
