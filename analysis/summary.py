"""The report's summary in plain words: the largest effects with their intervals, the
cells too small to say anything, and with several runs the largest shifts. Each
function returns sentences (strings) built from tables the report already holds."""
import polars as pl

TOP = 2      # groups named at each end of a ranking


def _rate(row):
    return (f"{row['win_rate']:.1%} (95% CI {row['ci_low']:.1%}-{row['ci_high']:.1%}, "
            f"n={row['seats']:,})")


def _verdict(row):
    if row["ci_low"] > row["parity"]:
        return "above parity"
    if row["ci_high"] < row["parity"]:
        return "below parity"
    return "within noise of parity"


def extremes(run_name, table, by, title):
    """One sentence on the strongest and the weakest groups of a win-rate table."""
    if table.height < 2:
        return []
    ranked = table.sort("win_rate", descending=True)
    parity = float(ranked["parity"].mean())
    top = [f"{r[by]} {_rate(r)}, {_verdict(r)}" for r in ranked.head(TOP).iter_rows(named=True)]
    low = [f"{r[by]} {_rate(r)}, {_verdict(r)}" for r in ranked.tail(TOP).reverse().iter_rows(named=True)]
    spread = float(ranked["win_rate"].max() - ranked["win_rate"].min())
    return [f"{run_name}, by {title} (parity {parity:.1%}; best to worst {100 * spread:.1f} percentage points): "
            f"strongest {'; '.join(top)}. Weakest {'; '.join(low)}."]


def small_cells(run_name, cells, min_cell):
    """Which faction x mat cells have too few seats to say anything."""
    few = cells.filter(pl.col("seats") < min_cell).sort("seats")
    if not few.height:
        return [f"{run_name}: every faction x mat cell has at least {min_cell} seats."]
    named = ", ".join(f"{r['faction']}/{r['mat']} ({r['players']}p, n={r['seats']})"
                      for r in few.head(4).iter_rows(named=True))
    more = f" and {few.height - 4} more" if few.height > 4 else ""
    return [f"{run_name}: {few.height} of {cells.height} faction x mat cells have fewer than {min_cell} seats, "
            f"too few to say: {named}{more}; play more games to read them."]


def shifts(base_name, run_name, table, by, method):
    """One sentence on the largest differences of a compare table (compare_runs)."""
    done = table.filter(pl.col("difference").is_not_null())
    if not done.height:
        return []
    ranked = done.sort(pl.col("difference").abs(), descending=True)
    keys = by.split(",")
    named = [f"{' / '.join(str(r[k]) for k in keys)} {100 * r['difference']:+.1f} pp "
             f"({100 * r['ci_low']:+.1f} to {100 * r['ci_high']:+.1f})"
             for r in ranked.head(3).iter_rows(named=True)]
    shifted = int(table["shifted"].sum())
    return [f"{run_name} against {base_name}, by {by}: {shifted} of {table.height} groups shifted "
            f"({method} 95% intervals); largest {'; '.join(named)}."]
