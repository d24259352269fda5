"""How the report shows its tables: a long table as a matrix, a rate with its n, and a
compare table (analysis/compare.py) as a forest plot beside its compact table. Shared
by the report's sections (report.py, wind_gambit_report.py)."""
import matplotlib.pyplot as plt
import polars as pl

from . import figures
from .compare_view import detectable_note


def matrix(frame, rows, columns, value, row_order=(), column_order=()):
    """A long table shown as a matrix: one row per `rows` value, one column per `columns`
    value, cells the `value` expression's text; rows and columns in the orders given
    (e.g. Run.vocabulary), else numbers by value and names alphabetically."""
    cells = frame.with_columns(value.alias("_cell"), pl.col(columns).cast(pl.String), pl.col(rows).cast(pl.String))
    wide = cells.pivot(on=columns, index=rows, values="_cell", aggregate_function="first")
    row_rank = {name: k for k, name in enumerate(in_order(cells, rows, row_order))}
    wide = wide.sort(pl.col(rows).replace_strict(row_rank, return_dtype=pl.Int32))
    return wide.select(rows, *[c for c in in_order(cells, columns, column_order) if c in wide.columns])


def in_order(frame, column, order=()) -> list:
    """The values of `column` present in frame, as text: those in `order` first, in its
    order, then the rest with numbers by value and names alphabetically."""
    present = {str(v) for v in frame[column].to_list()}
    rest = sorted(present - set(order), key=lambda v: (0, int(v), "") if v.isdigit() else (1, 0, v))
    return [v for v in order if v in present] + rest


def pct_n(rate="win_rate", n="seats"):
    return pl.format("{}% (n={})", (pl.col(rate) * 100).round(1), pl.col(n))


def _pct(column):
    return (pl.col(column) * 100).round(1)


def pct(column):
    """A rate in percent with one decimal: "38.4%"."""
    return pl.when(pl.col(column).is_null()).then(None).otherwise(pl.format("{}%", _pct(column)))


def pct_ci(rate, low, high):
    """A rate with its interval in one cell, all in percent: "38.4% (36.0-40.9%)"."""
    return (pl.when(pl.col(rate).is_null()).then(None)
            .otherwise(pl.format("{}% ({}-{}%)", _pct(rate), _pct(low), _pct(high))))


def _signed(column):
    """A fraction in percentage points as text with its sign: "+1.5", "-0.3", "0.0"."""
    value = _pct(column)
    return pl.when(value > 0).then(pl.format("+{}", value)).otherwise(value.cast(pl.String))


def interval_text(low, high, digits=2):
    """An interval of a measure that is not a rate (rounds, a log-odds) in one cell,
    both ends with the same decimals: "-2.13 to -1.90"."""
    return pl.struct(low, high).map_elements(
        lambda r: None if r[low] is None else f"{r[low]:.{digits}f} to {r[high]:.{digits}f}", return_dtype=pl.String)


def signed_pp(column):
    """A difference of rates in percentage points: "+1.5 pp"."""
    return pl.when(pl.col(column).is_null()).then(None).otherwise(pl.format("{} pp", _signed(column)))


def whole_percent(column):
    """A share as a whole percent that never claims more precision than it has: "85%",
    "<1%" for a share above 0 that rounds to 0 or 1, ">99%" below 1 that rounds to 100."""
    pct = pl.col(column) * 100
    return (pl.when(pl.col(column).is_null()).then(None)
            .when((pct > 0) & (pct < 1)).then(pl.lit("<1%"))
            .when((pct > 99) & (pct < 100)).then(pl.lit(">99%"))
            .otherwise(pl.format("{}%", pct.round(0).cast(pl.Int64))))


def pp_ci(low, high):
    """An interval of a difference in percentage points: "-16.8 to -9.1 pp"."""
    return (pl.when(pl.col(low).is_null()).then(None)
            .otherwise(pl.format("{} to {} pp", _signed(low), _signed(high))))


def compact(table, keys):
    """The compare table as shown: rates with their n, the verdict's difference and its
    simultaneous (Holm-matched) interval in percentage points, the unadjusted unpaired
    interval beside a paired one (labelled so), Holm's p and the verdict; the CSV has it all."""
    p = pl.col("p_holm").map_elements(lambda v: f"{v:.2g}", return_dtype=pl.String)
    paired = table["method"][0] == "paired" if table.height else False
    method = table["method"][0] if table.height else "unpaired"
    unpaired = (pp_ci("unpaired_ci_low", "unpaired_ci_high").alias("unpaired 95% CI, unadjusted"),) if paired else ()
    return table.select(*keys, pct_n("base_rate", "base_n").alias("base"),
                        pct_n("candidate_rate", "candidate_n").alias("candidate"),
                        signed_pp("difference").alias("difference"),
                        pp_ci("ci_low", "ci_high").alias(f"{method} CI, simultaneous (Holm)"), *unpaired, p.alias("p_holm"),
                        "verdict")


def compare_block(report, name, table, keys, title, caption):
    """A compare table (compare_runs) as a forest plot of its differences, largest first,
    and the compact table (largest first; the CSV holds every column)."""
    ranked = table.sort(pl.col("difference").abs(), descending=True, nulls_last=True)
    done = ranked.filter(pl.col("difference").is_not_null())
    if done.height:
        labels = [" / ".join(str(r[k]) for k in keys) for r in done.iter_rows(named=True)]
        fig, ax = plt.subplots(figsize=(7, 0.28 * done.height + 1.4))
        figures.forest(ax, labels, done["difference"], done["ci_low"], done["ci_high"], done["shifted"], title)
        report.figure(name, fig, caption)
    report.table(name, table, shown=compact(ranked, keys))
    # the mde per group is in the CSV; shown here as one line, so the table keeps its columns
    power = detectable_note(table)
    if power:
        report.text(power[0].upper() + power[1:] + ".")
