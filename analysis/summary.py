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


def shifts(base_name, run_name, table, by, method, min_n=0):
    """One sentence on the largest differences of a compare table (compare_runs), among
    the groups with at least `min_n` seats in both runs (a tile's small cells are noise)."""
    done = table.filter(pl.col("difference").is_not_null() & (pl.col("base_n") >= min_n)
                        & (pl.col("candidate_n") >= min_n))
    if not done.height:
        return [f"{run_name} against {base_name}, by {by}: no group has {min_n} seats in both runs, too few "
                "to say; play more games to read them."] if table.height and min_n else []
    ranked = done.sort(pl.col("difference").abs(), descending=True)
    keys = by.split(",")
    named = [f"{' / '.join(str(r[k]) for k in keys)} {100 * r['difference']:+.1f} pp "
             f"({100 * r['ci_low']:+.1f} to {100 * r['ci_high']:+.1f})"
             for r in ranked.head(3).iter_rows(named=True)]
    shifted = int(table["shifted"].sum())
    among = f"; among those with at least {min_n} seats, largest" if min_n else "; largest"
    return [f"{run_name} against {base_name}, by {by}: {shifted} of {table.height} groups shifted "
            f"({method} 95% intervals){among} {'; '.join(named)}."]


def tile_ends(run_name, table, column, title, ends=True):
    """One sentence on a run's tiles (wind_gambit.tile_games): with `ends`, how often games
    ended by the tile rather than the turn cap; the shortest and longest tiles."""
    if not table.height:
        return []
    ended, games = int(table["ended_by_tile"].sum()), int(table["games"].sum())
    by_length = table.sort("mean_rounds")
    short, long = by_length.row(0, named=True), by_length.row(-1, named=True)
    share = (f"{ended:,} of {games:,} games ({ended / games:.1%}) ended by the tile's condition rather than the "
             "turn cap; " if ends else "")
    return [f"{run_name}, by {title}: {share}shortest {short[column]} (mean {short['mean_rounds']:.1f} "
            f"rounds, n={short['games']:,}), longest {long[column]} (mean {long['mean_rounds']:.1f} rounds, "
            f"n={long['games']:,})."]


def length_shifts(base_name, run_name, table, column, title):
    """One sentence on the largest differences of game length in rounds per tile
    (wind_gambit.length_differences)."""
    rounds = table.filter(pl.col("measure") == "rounds")
    if not rounds.height:
        return []
    ranked = rounds.sort(pl.col("difference").abs(), descending=True)
    named = [f"{r[column]} {r['difference']:+.1f} ({r['diff_low']:+.1f} to {r['diff_high']:+.1f})"
             for r in ranked.head(3).iter_rows(named=True)]
    return [f"{run_name} against {base_name}, game length by {title} ({rounds['method'][0]} 95% intervals): "
            f"largest differences in rounds {'; '.join(named)}."]
