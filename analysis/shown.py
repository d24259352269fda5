"""How the report shows its tables: a long table as a matrix, a rate with its n, and a
compare table (analysis/compare.py) as a forest plot beside its compact table; a cell's
text (a number that rounds to zero never signed, counts with separators); the page's
contents line, anchors and figures linked to full size. Shared by the report's sections
(report.py, wind_gambit_report.py)."""
import html
import re

import matplotlib.pyplot as plt
import polars as pl

from . import figures
from .compare_view import detectable_note

# fractions shown as percentages besides the *rate columns and the intervals (is_percent)
PERCENT_NAMES = ("ci_low", "ci_high", "parity", "share", "ahead", "share_of_winners", "with_capitulation",
                 "no_winner", "capitulated")
# integer columns that name something (a seed, a game number) rather than count: no separators
IDENTIFIERS = ("root_seed", "seed", "game")
# inline, no dependency: a click on a column head sorts the table by it (numbers as numbers)
# (the column is the head's own cellIndex: an index over every head of the page sorted a
# later table by another column, or by none)
SORT_JS = """document.querySelectorAll('table.sortable th').forEach(function (th) {
 th.addEventListener('click', function () {
  var i = th.cellIndex, body = th.closest('table').tBodies[0], rows = Array.from(body.rows),
      up = th.dataset.up !== '1';
  th.dataset.up = up ? '1' : '0';
  rows.sort(function (a, b) {
   var x = a.cells[i].textContent, y = b.cells[i].textContent, nx = parseFloat(x.replace(/,/g, '')),
       ny = parseFloat(y.replace(/,/g, '')), c = isNaN(nx) || isNaN(ny) ? x.localeCompare(y) : nx - ny;
   return up ? c : -c;
  });
  rows.forEach(function (r) { body.appendChild(r); });
 });
});"""


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


def decimal_text(value, decimals=1, signed=False):
    """A number as text with `decimals` decimals ("+" before a positive one when `signed`),
    never "-0.0": a value that rounds to zero prints without a sign ("0.0"), so a
    difference too small to show reads as none rather than as a loss."""
    if value is None:
        return None
    text = f"{value:+.{decimals}f}" if signed else f"{value:.{decimals}f}"
    return f"{0:.{decimals}f}" if float(text) == 0 else text


def count_text(n):
    """A count with thousands separators: "2,000"."""
    return None if n is None else f"{n:,}"


def _no_minus_zero(value):
    """A rounded expression whose -0.0 becomes 0.0 (polars prints the sign of a negative zero)."""
    return pl.when(value == 0).then(pl.lit(0.0)).otherwise(value)


def _counted(column):
    return pl.col(column).map_elements(count_text, return_dtype=pl.String)


def pct_n(rate="win_rate", n="seats"):
    """A rate with its number of seats: "38.4% (n=1,200)"."""
    return pl.format("{}% (n={})", _pct(rate), _counted(n))


def _pct(column):
    return _no_minus_zero((pl.col(column) * 100).round(1))


def pct(column):
    """A rate in percent with one decimal: "38.4%"."""
    return pl.when(pl.col(column).is_null()).then(None).otherwise(pl.format("{}%", _pct(column)))


def pct_ci(rate, low, high):
    """A rate with its interval in one cell, all in percent: "38.4% (36.0-40.9%)"."""
    return (pl.when(pl.col(rate).is_null()).then(None)
            .otherwise(pl.format("{}% ({}-{}%)", _pct(rate), _pct(low), _pct(high))))


def _signed(column):
    """A fraction in percentage points as text with its sign: "+1.5", "-0.3", "0.0" (a
    value that rounds to zero has no sign)."""
    value = _pct(column)
    return pl.when(value > 0).then(pl.format("+{}", value)).otherwise(value.cast(pl.String))


def interval_text(low, high, digits=2):
    """An interval of a measure that is not a rate (rounds, a log-odds) in one cell,
    both ends with the same decimals: "-2.13 to -1.90"."""
    return pl.struct(low, high).map_elements(
        lambda r: None if r[low] is None else f"{decimal_text(r[low], digits)} to {decimal_text(r[high], digits)}",
        return_dtype=pl.String)


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


# --- the page: a table's cells, the contents line, figures linked to full size ----------------
def page_anchors(blocks) -> dict:
    """Each heading's id (by its index in blocks) as GitHub makes it for index.md: lower
    case, punctuation dropped, spaces as hyphens, a repeat numbered -1, -2... (so one link
    works on both pages)."""
    seen, out = {}, {}
    for k, block in enumerate(blocks):
        if block[0] == "heading":
            slug = re.sub(r"[^\w\- ]", "", block[2].lower()).replace(" ", "-")
            out[k] = slug if slug not in seen else f"{slug}-{seen[slug]}"
            seen[slug] = seen.get(slug, 0) + 1
    return out


def page_contents(blocks, anchors) -> list:
    """[(text, anchor, [(text, anchor) of its subsections])] of the page's sections (level
    2, their level-3 headings as subsections), the title left out."""
    entries = []
    for k, block in enumerate(blocks):
        if k and block[0] == "heading" and block[1] == 2:
            entries.append((block[2], anchors[k], []))
        elif k and block[0] == "heading" and block[1] == 3 and entries:
            entries[-1][2].append((block[2], anchors[k]))
    return entries


def contents_line(blocks, anchors, link) -> str:
    """"Contents: Summary · Run base (Win rate by faction, ...) · Provenance (...)", each
    name made a link by `link(text, anchor)` (Markdown or HTML)."""
    return "Contents: " + " · ".join(
        link(text, anchor) + (" (" + ", ".join(link(t, a) for t, a in subs) + ")" if subs else "")
        for text, anchor, subs in page_contents(blocks, anchors))


def section_link(text, anchor):
    return f"<a href='#{anchor}'>{html.escape(text)}</a>"


def linked_image(path, caption, more=""):
    """A figure's picture, linked to itself at full size (the page may show it smaller)."""
    return (f"<a href='{path}' title='full size'><img src='{path}' alt='{html.escape(caption)}'></a>"
            f"<figcaption>{html.escape(caption)} (<a href='{path}'>full size</a>){more}</figcaption>")


def is_percent(column):
    return column.endswith("rate") or column in PERCENT_NAMES or column.endswith(("_ci_low", "_ci_high"))


def table_cells(frame, digits):
    """Rates as "38.4%", other floats rounded (never shown as -0.0)."""
    out = []
    for column, dtype in frame.schema.items():
        if dtype.is_float() and is_percent(column):
            out.append(pct(column).alias(column))
        elif dtype.is_float():
            out.append(pl.col(column).round(digits))
        else:
            out.append(pl.col(column))
    return frame.select(out)


def cell_text(value, column=""):
    """A value as a table shows it: floats with three decimals (a value that rounds to
    zero without a minus sign), counts of 1,000 or more with separators, identifiers
    (IDENTIFIERS) as they are."""
    if value is None:
        return ""
    if isinstance(value, float):
        return decimal_text(value, 3)
    if isinstance(value, int) and not isinstance(value, bool) and column not in IDENTIFIERS:
        return count_text(value)
    return str(value)


_CODE = re.compile(r"`([^`]+)`")
_STRONG = re.compile(r"\*\*([^*]+)\*\*")


def inline_html(text) -> str:
    """A line of the report's Markdown as HTML: escaped, with `code` and **bold** kept as
    such (the Markdown page shows them the same way)."""
    escaped = html.escape(text)
    return _STRONG.sub(r"<strong>\1</strong>", _CODE.sub(r"<code>\1</code>", escaped))
