"""The Wind Gambit's effects, read from a run's games table (docs/schema.md: the tile
columns `resolution_tile`, `airship_aggressive`, `airship_passive`; null in a base run).

A game plays one resolution tile (with the Resolution Module) and, with airships, one
aggressive and one passive tile (`played` reads which from a run's tables), so a run
that draws its tiles at random splits into one sub-run per tile: its games, how they end,
how long they last, who wins them. Against a base run with the same seed
(the same deals: the tiles come from the variant's own random stream) game i of the base
is game i of the Wind Gambit run without the module, so each tile's effect is measured
game by game (analysis/pairing.py). Tiles whose rule no source gives are placeholders
(placeholder_tiles): the report marks them wherever it names them.
"""
import functools

import polars as pl

from scythe_sim.games.scythe.data_files import read_data
from scythe_sim.intervals import holm, holm_levels, interval_p_value, newcombe_difference

from .pairing import with_tiles
from .queries import MIN_CELL, win_rates
from .runs import TILE_COLUMNS
from .stats import normal_interval, wilson_bounds

TITLES = {"resolution_tile": "resolution tile", "airship_aggressive": "aggressive airship tile",
          "airship_passive": "passive airship tile"}
LENGTHS = ("rounds", "turns_per_player")    # game length, compared per tile


AIRSHIP_COLUMNS = ("airship_aggressive", "airship_passive")
# the section of docs/RULES.md that lists each column's tiles with the confidence of their text
RULES_SECTIONS = {"resolution_tile": "The Wind Gambit: Resolution Module",
                  "airship_aggressive": "The Wind Gambit: airships", "airship_passive": "The Wind Gambit: airships"}
PLACEHOLDER = "placeholder"      # the mark beside a tile whose text no source gives


@functools.cache
def placeholder_tiles() -> frozenset:
    """The tiles whose rule no source gives (confidence "placeholder" in the game's
    data/resolution.toml and data/airships.toml): what they do is the simulator's
    invention, so their effects measure a guess, not the game."""
    data = read_data()
    return frozenset(tile["name"] for kind in ("resolution", "airships") for tile in data[kind]["tile"]
                     if tile.get("confidence") == PLACEHOLDER)


def marked(name) -> str:
    """A tile's name as the report gives it: "land_rush (placeholder)" for a placeholder."""
    return f"{name} ({PLACEHOLDER})" if name in placeholder_tiles() else name


def mark_tiles(frame: pl.DataFrame, column) -> pl.DataFrame:
    """The frame with each placeholder tile of `column` marked by name, and a `placeholder`
    column (True on its rows): the mark travels with every number the report shows or
    writes of such a tile, its CSVs included."""
    names = sorted(placeholder_tiles())
    tile = pl.col(column).cast(pl.String)
    return frame.with_columns(tile.replace({name: marked(name) for name in names}),
                              tile.is_in(names).alias(PLACEHOLDER))


def placeholders_in(run, columns, table="games") -> list:
    """The placeholder tiles the run played in these tile columns of its games (or, a tile
    pair per player, its seats) table, sorted."""
    found = set()
    present = run.scan(table).collect_schema().names()
    for column in (c for c in columns if c in present):
        values = run.scan(table).select(pl.col(column).cast(pl.String).unique()).collect(engine="streaming")
        found |= set(values[column].to_list()) & placeholder_tiles()
    return sorted(found)


def tile_columns(run) -> list:
    """The tile columns a run filled (none for a base run; no airship columns for airships
    with a tile pair per player, see tiles_unrecorded)."""
    per_player = tiles_unrecorded(run)
    return [c for c in TILE_COLUMNS if run.has_tiles(c) and not (per_player and c in AIRSHIP_COLUMNS)]


def tiles_unrecorded(run) -> bool:
    """A Wind Gambit run that dealt a tile pair per player: some of its games name no
    shared airship tile. The games table names a tile only when every player holds it,
    which with a pair per player happens by chance in a few games: too biased a sample
    to split the run by."""
    games = run.games()
    names = games.collect_schema().names()
    if "variant" not in names or not set(AIRSHIP_COLUMNS) <= set(names):
        return False
    unnamed = pl.any_horizontal(pl.col(c).is_null() for c in AIRSHIP_COLUMNS)
    return bool(games.filter(pl.col("variant").cast(pl.String) == "wind_gambit")
                .select(unnamed.any()).collect(engine="streaming").item())


def played(run) -> dict:
    """What the run's games played of The Wind Gambit, from its tables: `games`, the games
    that played a resolution tile (`with_resolution`) and the tiles they drew
    (`resolution`, sorted), and the airships: "shared" (one aggressive and one passive
    tile for all players, `aggressive` and `passive` the tiles drawn), "per player" (a
    pair each, the Advanced Variant) or None (no airships: the Resolution Module alone,
    or a base run)."""
    games = run.games()
    names = set(games.collect_schema().names())
    drawn = {}
    for column in TILE_COLUMNS:
        if column in names:
            values = games.select(pl.col(column).drop_nulls().unique()).collect(engine="streaming")[column]
            drawn[column] = sorted(values.to_list())
    counts = games.select(pl.len().alias("games"),
                          (pl.col("resolution_tile").is_not_null().sum() if "resolution_tile" in names
                           else pl.lit(0)).alias("with_resolution")).collect(engine="streaming").row(0, named=True)
    if tiles_unrecorded(run):
        airships = "per player"
    elif drawn.get("airship_aggressive") or drawn.get("airship_passive"):
        airships = "shared"
    else:
        airships = None
    return {**counts, "resolution": drawn.get("resolution_tile", []), "airships": airships,
            "aggressive": drawn.get("airship_aggressive", []), "passive": drawn.get("airship_passive", [])}


def seat_tile_columns(run) -> list:
    """With a tile pair per player: the airship columns the seats table holds (each seat's
    own tiles; none in runs written before the seats table had them)."""
    if not tiles_unrecorded(run):
        return []
    names = run.scan("seats").collect_schema().names()
    return [c for c in AIRSHIP_COLUMNS if c in names]


def seat_tile_win_rates(seats: pl.LazyFrame, column) -> pl.DataFrame:
    """Per tile a seat held itself: its seats, wins and win rate (Wilson 95%), parity and
    lift (win rate over parity): whether a tile helps the player who drew it."""
    return win_rates(seats.filter(pl.col(column).is_not_null()), column)


def _ended_by_tile(column):
    """A game ended by the tile's own condition: a resolution tile's name is the end
    reason; an airship tile has no end of its own, so there the game's own end (six
    stars or the resolution tile) as opposed to the turn cap."""
    if column == "resolution_tile":
        return pl.col("end_reason") == pl.col(column)
    return pl.col("end_reason") != "turn_cap"


def _with_length(games: pl.LazyFrame) -> pl.LazyFrame:
    return games.with_columns((pl.col("turns") / pl.col("players")).alias("turns_per_player"))


def tile_games(run, column) -> pl.DataFrame:
    """Per tile of `column`: games, those ended by the tile's condition (share, Wilson
    95%) and by the turn cap, rounds and turns per player (median, mean) and the
    winning score (median, mean)."""
    winning = (run.scan("seats").filter(pl.col("winner")).group_by("game")
               .agg(pl.col("total").max().alias("winning_score")))
    games = (_with_length(run.games()).filter(pl.col(column).is_not_null())
             .join(winning, on="game", how="left"))
    low, high = wilson_bounds(pl.col("ended_by_tile"), pl.col("games"))
    spread = [f(pl.col(c)).alias(f"{name}_{c}") for c in ("rounds", "turns_per_player", "winning_score")
              for name, f in (("median", pl.Expr.median), ("mean", pl.Expr.mean))]
    return (games.group_by(column)
            .agg(pl.len().alias("games"), _ended_by_tile(column).sum().alias("ended_by_tile"),
                 (pl.col("end_reason") == "turn_cap").sum().alias("turn_caps"), *spread)
            .with_columns((pl.col("ended_by_tile") / pl.col("games")).alias("share"), low, high,
                          (pl.col("turn_caps") / pl.col("games")).alias("turn_cap_rate"))
            .select(column, "games", "ended_by_tile", "share", "ci_low", "ci_high", "turn_caps", "turn_cap_rate",
                    *[s.meta.output_name() for s in spread])
            .sort(column).collect(engine="streaming"))


def tile_win_rates(seats: pl.LazyFrame, column, by) -> pl.DataFrame:
    """Win rate of each group of `by` (faction, mat) under each tile, Wilson 95%, with a
    too_few flag for cells under MIN_CELL seats."""
    table = win_rates(seats.filter(pl.col(column).is_not_null()), [column, by])
    return table.with_columns((pl.col("seats") < MIN_CELL).alias("too_few"))


def tile_effects(seats: pl.LazyFrame, column, groups=("faction", "mat"), min_cell=MIN_CELL) -> pl.DataFrame:
    """What a tile does to each faction (mat) within one run: per tile and group, the
    group's win rate in the games under the tile (`rate`) against its win rate under the
    run's other tiles (`rate_other`), the difference with Newcombe's interval,
    Holm-corrected over every cell with at least `min_cell` seats on both sides (the others
    are kept with a null difference: too few to say): the p-value is the interval's own and
    the interval the simultaneous one that matches Holm, so it excludes 0 exactly when
    `shifted`. `by` names the grouping column (faction or mat), `group` its value."""
    frames = []
    for by in groups:
        cells = (seats.filter(pl.col(column).is_not_null()).group_by(column, by)
                 .agg(pl.len().alias("seats"), pl.col("winner").sum().alias("wins"))
                 .with_columns(pl.col("seats").sum().over(by).alias("all_seats"),
                               pl.col("wins").sum().over(by).alias("all_wins"))
                 .collect(engine="streaming"))
        frames.append(cells.select(pl.col(column).cast(pl.String), pl.lit(by).alias("by"),
                                   pl.col(by).cast(pl.String).alias("group"), "seats", "wins",
                                   (pl.col("all_seats") - pl.col("seats")).alias("seats_other"),
                                   (pl.col("all_wins") - pl.col("wins")).alias("wins_other")))
    rows = []
    for r in pl.concat(frames).sort(column, "by", "group").iter_rows(named=True):
        n, w, n2, w2 = r["seats"], r["wins"], r["seats_other"], r["wins_other"]
        tested = n >= min_cell and n2 >= min_cell
        at = (lambda a, n=n, w=w, n2=n2, w2=w2: newcombe_difference(w2, n2, w, n, a)[1:3]) if tested else None
        rows.append({**r, "rate": w / n if n else None, "rate_other": w2 / n2 if n2 else None,
                     "difference": w / n - w2 / n2 if tested else None, "ci_low": None, "ci_high": None,
                     "p_value": interval_p_value(at) if tested else None, "p_holm": None, "_at": at})
    tested = [r for r in rows if r["p_value"] is not None]
    p_values = [r["p_value"] for r in tested]
    for r, p, level in zip(tested, holm(p_values), holm_levels(p_values, 0.05)):
        r["p_holm"] = p
        r["ci_low"], r["ci_high"] = r["_at"](level)
    for r in rows:
        r.pop("_at")
        r["shifted"] = r["p_holm"] is not None and r["p_holm"] < 0.05
    floats = ("rate", "rate_other", "difference", "ci_low", "ci_high", "p_value", "p_holm")
    schema = {column: pl.String, "by": pl.String, "group": pl.String, "seats": pl.Int64, "wins": pl.Int64,
              "seats_other": pl.Int64, "wins_other": pl.Int64, **{f: pl.Float64 for f in floats},
              "shifted": pl.Boolean}
    return pl.DataFrame(rows, schema=schema)


def tile_length_effects(games: pl.LazyFrame, column) -> pl.DataFrame:
    """What a tile does to game length within one run: per tile, its games, those ended by
    the tile's condition, the mean rounds under it and under the run's other tiles, and
    the difference with Welch's normal 95% interval."""
    sums = (games.filter(pl.col(column).is_not_null()).group_by(column)
            .agg(pl.len().alias("games"), _ended_by_tile(column).sum().alias("ended_by_tile"),
                 pl.col("rounds").cast(pl.Float64).sum().alias("sum"),
                 (pl.col("rounds").cast(pl.Float64) ** 2).sum().alias("sum_sq"))
            .sort(column).collect(engine="streaming"))
    total = {k: float(sums[k].sum()) for k in ("games", "sum", "sum_sq")}

    def mean_var(n, s, s2):
        return s / n, (s2 - s * s / n) / (n - 1) if n > 1 else 0.0
    rows = []
    for r in sums.iter_rows(named=True):
        n, n2 = r["games"], total["games"] - r["games"]
        mean, var = mean_var(n, r["sum"], r["sum_sq"])
        if n2:
            other, var2 = mean_var(n2, total["sum"] - r["sum"], total["sum_sq"] - r["sum_sq"])
            low, high = normal_interval(mean - other, var / n + var2 / n2)
        else:
            other = low = high = None
        rows.append({column: str(r[column]), "games": n, "ended_by_tile": r["ended_by_tile"], "mean_rounds": mean,
                     "mean_rounds_other": other, "difference": None if other is None else mean - other,
                     "ci_low": low, "ci_high": high})
    return pl.DataFrame(rows, schema={column: pl.String, "games": pl.Int64, "ended_by_tile": pl.Int64,
                                      "mean_rounds": pl.Float64, "mean_rounds_other": pl.Float64,
                                      "difference": pl.Float64, "ci_low": pl.Float64, "ci_high": pl.Float64})


def length_differences(base, candidate, column, pairing) -> pl.DataFrame:
    """Per tile and length measure (LENGTHS): each run's games and mean, the candidate's
    mean minus the base's and its normal 95% interval: game by game when the runs are
    paired (the base's game i under the tile game i drew), else Welch's over the whole
    base against each tile's games. A run without tiles takes the other's (with_tiles)."""
    frames = [with_tiles(_with_length(run.games()), run, other, [column], pairing.paired)
              .filter(pl.col(column).is_not_null()).select("game", column, *LENGTHS)
              for run, other in ((base, candidate), (candidate, base))]
    spread = [e for m in LENGTHS for e in (pl.col(m).mean().alias(f"mean_{m}"), pl.col(m).var().alias(f"var_{m}"))]
    sides = [f.group_by(column).agg(pl.len().alias("n"), *spread) for f in frames]
    table = sides[0].join(sides[1], on=column, how="inner", suffix="_candidate")
    if pairing.paired:
        d = [(pl.col(f"{m}_candidate") - pl.col(m)) for m in LENGTHS]
        table = table.join(frames[0].join(frames[1].drop(column), on="game", suffix="_candidate")
                           .group_by(column).agg(pl.len().alias("pairs"),
                                                 *[e.var().alias(f"var_d_{m}") for e, m in zip(d, LENGTHS)]),
                           on=column, how="left")
    rows = []
    for r in table.sort(column).collect(engine="streaming").iter_rows(named=True):
        for m in LENGTHS:
            a, b = r[f"mean_{m}"], r[f"mean_{m}_candidate"]
            if pairing.paired:
                variance = (r[f"var_d_{m}"] or 0.0) / r["pairs"] if r["pairs"] and r["pairs"] > 1 else float("inf")
            else:
                variance = (r[f"var_{m}"] or 0.0) / r["n"] + (r[f"var_{m}_candidate"] or 0.0) / r["n_candidate"]
            low, high = normal_interval(b - a, variance)
            rows.append({column: r[column], "measure": m, "base_games": r["n"], "base_mean": a,
                         "candidate_games": r["n_candidate"], "candidate_mean": b, "difference": b - a,
                         "diff_low": low, "diff_high": high, "method": pairing.method})
    return pl.DataFrame(rows, schema={column: pl.String, "measure": pl.String, "base_games": pl.Int64,
                                      "base_mean": pl.Float64, "candidate_games": pl.Int64,
                                      "candidate_mean": pl.Float64, "difference": pl.Float64,
                                      "diff_low": pl.Float64, "diff_high": pl.Float64, "method": pl.String})
