"""How `scythe-sim price` shows a price fit (analysis/price.py) and a table's check: the
answer in sentences first, then the tables as text, CSV or JSON, and the report section
with the price heatmap (a run with the coin handicap gets it in `scythe-sim report`)."""
import json

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (the backend is chosen first)
import numpy as np  # noqa: E402
import polars as pl  # noqa: E402
from matplotlib.colors import TwoSlopeNorm  # noqa: E402

from .price import MIN_HANDICAP, PriceError, fit_prices, seat_frame  # noqa: E402

TITLE = {"faction,mat": "faction x mat", "faction": "faction", "mat": "mat"}
PLURAL = {"faction": "factions", "mat": "mats"}
SHOWN = ("price", "interval", "coins", "fit_win_rate", "win_rate", "seats", "score_price")


def _name(text):
    return "/".join(part.capitalize() for part in str(text).split("/"))


def _whole(price):
    return int(np.floor(price + 0.5))


def _given(rows, key):
    """"give Engineering +3 coins, Militant +1; take 2 from Industrial" from rows (key,
    price), the prices rounded to whole coins."""
    give = [(r[key], _whole(r["price"])) for r in rows if _whole(r["price"]) > 0]
    take = [(r[key], -_whole(r["price"])) for r in rows if _whole(r["price"]) < 0]
    give.sort(key=lambda x: -x[1])
    take.sort(key=lambda x: -x[1])
    parts = []
    if give:
        first, *rest = give
        parts.append("give " + ", ".join([f"{_name(first[0])} {first[1]:+d} coins"]
                                         + [f"{_name(n)} {c:+d}" for n, c in rest]))
    if take:
        parts.append("take " + ", ".join(f"{c} from {_name(n)}" for n, c in take))
    even = [_name(r[key]) for r in rows if _whole(r["price"]) == 0]
    if even:
        parts.append(f"{' and '.join(even) if len(even) < 3 else ', '.join(even)} "
                     f"{'needs' if len(even) == 1 else 'need'} nothing")
    return "; ".join(parts) if parts else "they are even"


def answer_lines(prices) -> list:
    """The answer first: what evens the mats, the factions and the cells, in coins."""
    where = f"{prices.players} players, {prices.games:,} games" + (
        f", the last of {prices.rounds} rounds" if prices.rounds > 1 else "")
    lines = []
    for key in ("mat", "faction"):
        if key in prices.tables:
            rows = prices.tables[key].to_dicts()
            lines.append(f"To even the {PLURAL[key]} at {prices.players} players, {_given(rows, key)} "
                         f"({where}).")
    if "faction,mat" in prices.tables:
        cells = prices.tables["faction,mat"].with_columns(pl.format("{}/{}", "faction", "mat").alias("cell"))
        low, high = cells.sort("price").row(0, named=True), cells.sort("price").row(-1, named=True)
        lines.append(f"To even every faction x mat cell, give from {_whole(low['price']):+d} coins "
                     f"({_name(low['cell'])}) to {_whole(high['price']):+d} ({_name(high['cell'])}), {cells.height} "
                     f"cells priced ({where}).")
    none = (f"; starting with no coin at all costs {-prices.no_coin:.2f} log-odds more"
            if prices.no_coin is not None else "")
    lines.append(f"A coin is worth {prices.slope:.4f} log-odds of winning (95% {prices.slope_low:.4f} to "
                 f"{prices.slope_high:.4f}) and {prices.score_slope:.2f} points of final score{none}; prices "
                 "average 0 over the seats.")
    for by, shift in prices.shift.items():
        if shift:
            what = "the faction x mat table (coins) also gives" if by == "faction,mat" else \
                "the faction and mat tables (coins) also give"
            lines.append(f"A seat's starting coins never go below 0, so {what} every seat "
                         f"{shift:+d} coins: the strongest can then pay its price and keep a coin.")
    if prices.unpriced:
        lines.append(f"Not priced, never dealt (banned pairs): {', '.join(_name(c) for c in prices.unpriced)}; "
                     "price them with --rule ban_pairs=0.")
    beyond = sum(int(t["beyond_handicap"].sum()) for t in prices.tables.values())
    if beyond:
        lines.append(f"{beyond} table entries (marked *) lie beyond the {prices.handicap} coins the run measured "
                     "around them: the fit extrapolates there; handicap runs around the table measure them (--rounds 3, "
                     "or --prices price.csv --handicap 4).")
    return lines


def _shown(table, keys):
    """A table as text columns: price with its sign, interval, rates in percent."""
    return table.select(
        *[pl.col(k).map_elements(_name, return_dtype=pl.String) for k in keys],
        pl.col("price").map_elements(lambda v: f"{v:+.1f}", return_dtype=pl.String),
        pl.struct("price_low", "price_high").map_elements(
            lambda r: f"{r['price_low']:+.1f} to {r['price_high']:+.1f}", return_dtype=pl.String).alias("interval"),
        pl.struct("coins", "beyond_handicap").map_elements(
            lambda r: f"{r['coins']:+d}{'*' if r['beyond_handicap'] else ''}", return_dtype=pl.String).alias("coins"),
        pl.format("{}%", (pl.col("fit_win_rate") * 100).round(1)).alias("fit_win_rate"),
        pl.format("{}%", (pl.col("win_rate") * 100).round(1)).alias("win_rate"),
        "seats",
        pl.col("score_price").map_elements(lambda v: f"{v:+.1f}", return_dtype=pl.String))


def _text_table(frame) -> list:
    cols = frame.columns
    cells = [[str(v) for v in row] for row in frame.iter_rows()]
    width = [max(len(c), *(len(r[i]) for r in cells)) for i, c in enumerate(cols)]
    out = ["  ".join(c.rjust(w) for c, w in zip(cols, width))]
    out += ["  ".join(v.rjust(w) for v, w in zip(r, width)) for r in cells]
    return out


def render(prices, fmt) -> str:
    if fmt == "json":
        return json.dumps(as_json(prices), indent=2)
    if fmt == "csv":
        return price_table(prices).write_csv()
    lines = answer_lines(prices) + [""]
    lines.append("price: coins that bring the group to the average seat's strength (95% interval); coins: what the "
                 "table applies, the price plus the table's shift, rounded; fit_win_rate: its win rate without an adjustment, from the fit; "
                 "win_rate: over the run's seats; score_price: the price the final score gives (a cross-check).")
    for by, table in prices.tables.items():
        lines += ["", f"By {TITLE[by]} ({prices.players} players):"]
        lines += _text_table(_shown(table, by.split(",")))
    return "\n".join(lines)


def as_json(prices) -> dict:
    return {"players": prices.players, "games": prices.games, "seats": prices.seats, "handicap": prices.handicap,
            "rounds": prices.rounds,
            "coin_slope": {"log_odds": prices.slope, "low": prices.slope_low, "high": prices.slope_high},
            "no_coin_log_odds": prices.no_coin,
            "score_points_per_coin": prices.score_slope, "unpriced": prices.unpriced, "shift": prices.shift,
            "answer": answer_lines(prices), "tables": {by: t.to_dicts() for by, t in prices.tables.items()}}


def price_table(prices, cells=True) -> pl.DataFrame:
    """The table to apply (a run config's `prices`): the cells when fitted (and `cells`),
    else the faction and mat rows (which add; None when neither was fitted); keys, coins,
    then the fit's columns."""
    if cells and "faction,mat" in prices.tables:
        return prices.tables["faction,mat"].select("faction", "mat", "coins", pl.exclude("faction", "mat", "coins"))
    parts = []
    for key in ("faction", "mat"):
        if key in prices.tables:
            other = "mat" if key == "faction" else "faction"
            parts.append(prices.tables[key].with_columns(pl.lit(None, pl.String).alias(other))
                         .select("faction", "mat", "coins", pl.exclude("faction", "mat", "coins")))
    return pl.concat(parts) if parts else None


def section(report, prices, prefix):
    """The report's coin prices: the answer, each table and the faction x mat heatmap."""
    report.heading(f"Coin prices ({prices.players} players)", 3)
    report.text("From the coin handicap: every seat started with its mat's coins moved by a random draw in "
                f"-{prices.handicap}..{prices.handicap}, so the fit weighs each faction and mat against coins. "
                "A price is the coins that bring the group to the average seat's strength (negative: coins to "
                "take); docs/price.md says how to read and check one.")
    for line in answer_lines(prices):
        report.text(line)
    for by, table in prices.tables.items():
        name = f"{prefix}price_by_{by.replace(',', '_')}"
        report.table(name, table, shown=_shown(table, by.split(",")))
    if "faction,mat" in prices.tables:
        table = prices.tables["faction,mat"]
        factions = list(dict.fromkeys(table["faction"].to_list()))
        mats = list(dict.fromkeys(m for m in table["mat"].to_list()))
        fig, ax = plt.subplots(figsize=(max(7.0, 1.0 * len(mats) + 2.6), max(4.0, 0.6 * len(factions) + 1.8)))
        heatmap(ax, table, factions, mats, prices.players)
        report.figure(f"{prefix}price_heatmap_{prices.players}p", fig,
                      f"coin price of each faction x mat, {prices.players} players")


def heatmap(ax, table, factions, mats, players):
    """Faction (rows) x mat (columns) prices in coins, annotated with the price and its
    interval; a diverging scale centred on 0 (white): orange cells pay coins, purple
    cells get them; a cell no game dealt is grey."""
    grid = np.full((len(factions), len(mats)), np.nan)
    notes = [["not dealt" for _ in mats] for _ in factions]
    for r in table.iter_rows(named=True):
        i, j = factions.index(r["faction"]), mats.index(r["mat"])
        grid[i, j] = r["price"]
        notes[i][j] = f"{r['price']:+.1f}\n{_whole(r['price_low']):+d}..{_whole(r['price_high']):+d}"
    top = max(1.0, float(np.nanmax(np.abs(grid))) if np.isfinite(grid).any() else 1.0)
    norm = TwoSlopeNorm(vmin=-top, vcenter=0.0, vmax=top)
    cmap = matplotlib.colormaps["PuOr"].with_extremes(bad="#d9d9d9")
    image = ax.imshow(grid, cmap=cmap, norm=norm, aspect="auto")
    for i in range(len(factions)):
        for j in range(len(mats)):
            strong = not np.isnan(grid[i, j]) and abs(norm(grid[i, j]) - 0.5) > 0.3
            ax.text(j, i, notes[i][j], ha="center", va="center", fontsize=7, color="white" if strong else "black")
    ax.set_xticks(range(len(mats)), [m.capitalize() for m in mats], rotation=30, ha="right")
    ax.set_yticks(range(len(factions)), [f.capitalize() for f in factions])
    ax.set_title(f"coin price, {players} players (coins to give, against the average seat; 95% interval)")
    ax.figure.colorbar(image, ax=ax, fraction=0.046).set_label("coins")
    return ax


def run_section(report, run, prefix):
    """A handicap run's prices in its report (nothing for a run without the handicap): the
    cells, factions and mats, or the factions and mats alone when the cells are too few."""
    rules = run.manifest.get("config", {}).get("rules", {})
    if int(rules.get("coin_handicap", 0)) < MIN_HANDICAP:
        return
    counts = sorted(run.seats().select("players").unique().collect()["players"].to_list())
    order = run.vocabulary("seats", "faction"), run.vocabulary("seats", "mat")
    for players in counts:
        seats, k = seat_frame(run, players)
        note = None
        try:
            prices = fit_prices(seats, k, *order)
        except PriceError as exc:
            note = f"The faction x mat cells are not priced: {exc}."
            try:
                prices = fit_prices(seats, k, *order, by=("faction", "mat"))
            except PriceError as again:
                report.heading(f"Coin prices ({players} players)", 3)
                report.text(f"The run carries the coin handicap, but it cannot be priced: {again}.")
                continue
        section(report, prices, f"{prefix}{players}p_" if len(counts) > 1 else prefix)
        if note:
            report.text(note)


# --- a table's check ---------------------------------------------------------------------
def check_lines(result, table, players) -> list:
    rows = result["rows"]
    lines = [f"{result['outcome']}: {table} on {result['games']:,} fresh games at {players} players."]
    for by in ("faction", "mat"):
        part = [r for r in rows if r["by"] == by]
        worst = max(part, key=lambda r: abs(r["difference"]))
        lines.append(f"{PLURAL[by].capitalize()}: every one within {100 * result['margin']:g} points of parity: "
                     f"{'yes' if all(r['within'] for r in part) else 'no'} (the farthest: {_name(worst['group'])} "
                     f"{100 * worst['difference']:+.1f} points).")
    cells = [r for r in rows if r["by"] == "faction,mat"]
    beyond = [r for r in cells if r["beyond_chance"]]
    lines.append(f"Cells beyond chance (Holm over {len(cells)}): {len(beyond)}"
                 + (f" ({', '.join(_name(r['group']) for r in beyond)})" if beyond else "") + ".")
    lines += [f"FAIL: {f}" for f in result["failures"]]
    return lines


def render_check(result, table, players, fmt) -> str:
    if fmt == "json":
        return json.dumps({**result, "table": str(table), "players": players,
                           "answer": check_lines(result, table, players)}, indent=2)
    frame = pl.DataFrame(result["rows"])
    if fmt == "csv":
        return frame.write_csv()
    lines = check_lines(result, table, players)
    shown = frame.select(
        "by", pl.col("group").map_elements(_name, return_dtype=pl.String), "seats",
        pl.format("{}%", (pl.col("win_rate") * 100).round(1)).alias("win_rate"),
        pl.format("{}%", (pl.col("parity") * 100).round(1)).alias("parity"),
        pl.struct("difference", "low", "high").map_elements(
            lambda r: f"{100 * r['difference']:+.1f} ({100 * r['low']:+.1f} to {100 * r['high']:+.1f})",
            return_dtype=pl.String).alias("points from parity (Holm)"),
        pl.col("beyond_chance").map_elements(lambda v: "beyond chance" if v else "", return_dtype=pl.String)
        .alias("verdict"))
    for by in ("faction", "mat", "faction,mat"):
        lines += ["", f"By {TITLE[by]}:"] + _text_table(shown.filter(pl.col("by") == by).drop("by"))
    return "\n".join(lines)
