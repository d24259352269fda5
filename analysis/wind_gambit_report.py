"""The report's Wind Gambit sections (analysis/wind_gambit.py): in a run's own part, what
its games played, then per tile how games end and last and who wins them; beside a base
run, each tile's effect on faction and mat win rates and on game length. Shown only for
runs whose games recorded a resolution tile or airship tiles. A placeholder tile (its
rule invented, data/resolution.toml and data/airships.toml) is marked wherever it is
named: tables, CSVs, figures and sentences, with a line that points to docs/RULES.md."""
import polars as pl

from . import summary
from .compare import compare_runs
from .queries import MIN_CELL
from .shown import compare_block, interval_text, matrix, pct_ci, pct_n, pp_ci, signed_pp
from .wind_gambit import (AIRSHIP_COLUMNS, RULES_SECTIONS, TITLES, length_differences, mark_tiles, marked,
                          placeholders_in, played, seat_tile_columns, seat_tile_win_rates, tile_columns,
                          tile_effects, tile_games, tile_length_effects, tile_win_rates, tiles_unrecorded)

UNRECORDED = ("This run played airships with a tile pair per player (the advanced variant): the games table "
              "names a game's airship tiles only when every player drew the same one, which happens by chance "
              "in a few games, so its games are not split by airship tile here.")
PER_SEAT = ("Each player drew its own airship tiles: per tile, the seats that held it, their win rate with its "
            "Wilson 95% interval, parity (the mean of 1 / players) and lift (win rate over parity): above 1, "
            "the tile helps the player who drew it. Then the win rate of each faction (mat) holding each tile; "
            f"cells under {MIN_CELL} seats say 'too few'.")


def _cell():
    """A matrix cell: the rate with its n, or 'too few' under MIN_CELL seats."""
    return (pl.when(pl.col("seats") < MIN_CELL).then(pl.format("too few (n={})", pl.col("seats")))
            .otherwise(pct_n()))


def _mean_n(mean, n):
    """A mean with its number of games: "18.25 (n=2,000)"."""
    return pl.struct(mean, n).map_elements(
        lambda r: None if r[mean] is None else f"{r[mean]:.2f} (n={r[n]:,})", return_dtype=pl.String)


def _median_mean(measure):
    return pl.format("{} ({})", pl.col(f"median_{measure}"), pl.col(f"mean_{measure}").round(1))


def tile_games_shown(games, column):
    """wind_gambit.tile_games as shown: the share ended by the tile with its interval in
    one cell (an airship tile has no end of its own: there, the share that ended before
    the turn cap), each length as median (mean); the CSV holds every column."""
    ended = "ended by the tile" if column == "resolution_tile" else "ended before the turn cap"
    return games.select(column, "games", pct_ci("share", "ci_low", "ci_high").alias(ended),
                        "turn_caps", _median_mean("rounds").alias("rounds: median (mean)"),
                        _median_mean("turns_per_player").alias("turns per player: median (mean)"),
                        _median_mean("winning_score").alias("winning score: median (mean)"))


def effects_shown(effects, column, rows=8):
    """The largest rows of wind_gambit.tile_effects, in percentage points."""
    top = effects.filter(pl.col("difference").is_not_null()).sort(pl.col("difference").abs(), descending=True)
    return top.head(rows).select(column, "by", "group", pct_n("rate", "seats").alias("under the tile"),
                                 pct_n("rate_other", "seats_other").alias("under the others"),
                                 signed_pp("difference").alias("difference"),
                                 pp_ci("ci_low", "ci_high").alias("CI, simultaneous (Holm)"), "shifted")


def _lead(report, run, seats, column):
    """A tile column's findings, the summary's "variant" part: its effect on game length
    and its largest effects on faction and mat win rates, within the run."""
    title = TITLES[column]
    lengths = mark_tiles(tile_length_effects(run.games(), column), column)
    report.summary.add("variant", summary.tile_length(run.name, lengths, column, title, column == "resolution_tile"))
    effects = mark_tiles(tile_effects(seats, column), column)
    report.summary.add("variant", summary.tile_rates(run.name, effects, column, title, MIN_CELL))
    return effects


def _names(names, last="and"):
    """"a, b and c" (or "a, b or c")."""
    return ", ".join(names[:-1]) + f" {last} {names[-1]}" if len(names) > 1 else names[0]


def played_text(run) -> str:
    """What the run's games played, in one sentence from its tables (wind_gambit.played):
    the resolution tiles drawn, or none (the 6th star ended the games), and the airships
    with their tiles shared by all players, a pair per player, or none."""
    seen = played(run)
    tiles = [marked(t) for t in seen["resolution"]]
    if not seen["with_resolution"]:
        resolution = "no resolution tile (the 6th star ended the games, as in the base game)"
    else:
        some = (f" in {seen['with_resolution']:,} of its {seen['games']:,} games"
                if seen["with_resolution"] < seen["games"] else "")
        each = (f"the resolution tile {tiles[0]} in every game" if len(tiles) == 1 and not some else
                f"one resolution tile a game{some}, drawn from {len(tiles):,} ({_names(tiles)})")
        resolution = f"{each}, whose own end condition replaces the 6th star's"
    if seen["airships"] == "per player":
        airships = "an airship for every player with its own aggressive and passive tile (the Advanced Variant)"
    elif seen["airships"] == "shared":
        pair = [_names([marked(t) for t in seen[kind]], "or") if len(seen[kind]) < 4 else
                f"one of {len(seen[kind]):,}" for kind in ("aggressive", "passive")]
        airships = (f"an airship for every player, with one aggressive tile ({pair[0]}) and one passive tile "
                    f"({pair[1]}) shared by all players in a game")
    else:
        airships = "no airships"
    return f"What {run.name} played: {resolution}; and {airships}."


def placeholder_lines(label, tiles, columns):
    """The line on the placeholder tiles played (their rule is the simulator's invention),
    with where docs/RULES.md lists them; [] when none."""
    if not tiles:
        return []
    where = " and ".join(f'"{section}"' for section in dict.fromkeys(RULES_SECTIONS[c] for c in columns))
    are = "is a placeholder tile" if len(tiles) == 1 else "are placeholder tiles"
    return [f"{label}, The Wind Gambit: {_names(tiles)} {are} (marked \"(placeholder)\" wherever named): no "
            "source gives their rule, so the simulator plays one it invented, and what they do here measures that "
            f"invention, not the published tile (docs/RULES.md, {where}, gives each tile's confidence)."]


def run_sections(report, run, prefix):
    """What the run played, then per tile column it filled: its games, ends and lengths,
    then the faction and mat win rates under each tile (matrices; the CSVs hold the long
    tables); with a tile pair per player, each seat's own tiles. The tiles' largest
    effects lead the summary; a placeholder tile is marked wherever it is named."""
    columns = tile_columns(run)
    per_player = tiles_unrecorded(run)
    if not columns and not per_player:
        return
    report.heading("Variant effects: The Wind Gambit", 3)
    seat_columns = seat_tile_columns(run)
    tiles = sorted(set(placeholders_in(run, columns)) | set(placeholders_in(run, seat_columns, "seats")))
    notes = placeholder_lines(run.name, tiles, columns + seat_columns)
    report.summary.add("variant", notes)
    report.text(played_text(run))
    for line in notes:
        report.text(line)
    if columns:
        airship = (" (for an airship tile, which has no end of its own: those the turn cap did not end)"
                   if set(columns) & set(AIRSHIP_COLUMNS) else "")
        report.text("The run splits into one part per tile. `ended_by_tile`: the games ended by the tile's own "
                    f"condition{airship}, as a share with its Wilson 95% interval; rounds, turns per player and the "
                    f"winner's score as median and mean. Win rates per tile with Wilson 95% intervals in the CSVs; "
                    f"cells under {MIN_CELL} seats say 'too few'. What each tile changes against the base game is in "
                    "the side-by-side part of `scythe-sim report BASE RUN` with a base run of the same seed.")
    if per_player:
        report.text(UNRECORDED)
        _seat_sections(report, run, prefix)
    faction_order, mat_order = run.vocabulary("seats", "faction"), run.vocabulary("seats", "mat")
    seats = run.seats()
    for column in columns:
        title = TITLES[column]
        report.heading(f"By {title}", 4)
        games = mark_tiles(tile_games(run, column), column)
        report.table(f"{prefix}wg_{column}_games", games, shown=tile_games_shown(games, column))
        effects = _lead(report, run, seats, column)
        report.text(f"The largest effects of a {title} on a faction's or mat's win rate within this run: its rate "
                    "under the tile against under the run's other tiles, the difference in percentage points "
                    f"with Newcombe's interval, simultaneous over the cells with {MIN_CELL} seats on both sides "
                    "to match the Holm verdict; every cell in the CSV.")
        report.table(f"{prefix}wg_{column}_effects", effects, shown=effects_shown(effects, column))
        for by, order in (("faction", faction_order), ("mat", mat_order)):
            table = mark_tiles(tile_win_rates(seats, column, by), column)
            report.table(f"{prefix}wg_{column}_{by}", table,
                         shown=matrix(table, column, by, _cell(), column_order=order))


def base_hint(run):
    """For a Wind Gambit run reported alone: how to measure its tiles against the
    standard game (a base run beside it), as a summary line; [] for a run without tiles."""
    if not tile_columns(run) and not seat_tile_columns(run):
        return []
    return [f"{run.name}: the tiles above are compared with the run's other tiles; against the standard game, "
            "report the run beside a base run of the same seed and game count (`scythe-sim report BASE_RUN "
            f"{run.path}`): each tile's effect is then measured game by game, paired."]


def _seat_sections(report, run, prefix):
    """A tile pair per player: each airship tile's effect on the seats that held it."""
    columns = seat_tile_columns(run)
    if not columns:
        return
    report.text(PER_SEAT)
    seats = run.seats()
    faction_order, mat_order = run.vocabulary("seats", "faction"), run.vocabulary("seats", "mat")
    for column in columns:
        title = TITLES[column]
        report.heading(f"By the seat's own {title}", 4)
        table = mark_tiles(seat_tile_win_rates(seats, column), column)
        report.summary.add("variant", summary.extremes(f"{run.name}, The Wind Gambit", table, column,
                                                       f"the seat's own {title}"))
        report.table(f"{prefix}wg_seat_{column}", table)
        for by, order in (("faction", faction_order), ("mat", mat_order)):
            table = mark_tiles(tile_win_rates(seats, column, by), column)
            report.table(f"{prefix}wg_seat_{column}_{by}", table,
                         shown=matrix(table, column, by, _cell(), column_order=order))


def compare_sections(report, base, run, pairing):
    """Each tile's effect against the base run: per tile and faction (mat) the difference
    of win rate, paired when the runs deal alike, each with its forest plot; per
    tile the difference of game length. Nothing when neither run recorded tiles."""
    columns = [c for c in TITLES if c in set(tile_columns(base)) | set(tile_columns(run))]
    if not columns:
        return
    report.heading(f"The Wind Gambit by tile: {run.name} against {base.name}", 4)
    report.text("Per tile, the win rate under the tile minus the base run's: when the runs are paired the base's "
                "games are those same deals played without the module (game i against game i, a paired "
                "interval), else the whole base run against each tile's games (Newcombe's interval); Holm's "
                "correction runs over every tile and group. Game length: the mean under the tile minus the "
                "base's, in rounds and turns per player, with a normal 95% interval (paired game by game, or "
                "Welch's).")
    tiles = sorted(set(placeholders_in(base, columns)) | set(placeholders_in(run, columns)))
    for line in placeholder_lines(f"{run.name} against {base.name}", tiles, columns):
        report.text(line)
    for column in columns:
        title = TITLES[column]
        for by in ("faction", "mat"):
            keys = (column, by)
            table = mark_tiles(compare_runs(base, run, by=keys, pairing=pairing), column)
            report.summary.add("differences", summary.shifts(base.name, run.name, table, f"{column},{by}",
                                                             pairing.method, MIN_CELL))
            name = f"wg_compare_{run.name}_{column}_{by}"
            compare_block(report, name, table, keys, f"{run.name} - {base.name}: win rate by {title} and {by}",
                          f"difference of {by} win rate per {title}, {pairing.method} 95% intervals")
        lengths = mark_tiles(length_differences(base, run, column, pairing), column)
        report.summary.add("differences", summary.length_shifts(base.name, run.name, lengths, column, title))
        report.table(f"wg_length_{run.name}_{column}", lengths, shown=lengths.select(
            column, "measure", _mean_n("base_mean", "base_games").alias("base"),
            _mean_n("candidate_mean", "candidate_games").alias("candidate"),
            pl.col("difference").round(2).alias("mean difference"),
            interval_text("diff_low", "diff_high").alias("95% CI"),
            "method"))


def answer_lines(run):
    """Each tile's effect on game length, for the run's answer (a placeholder tile marked,
    and said so); [] for a run without tiles."""
    columns = tile_columns(run)
    return [line for column in columns
            for line in summary.tile_length(run.name, mark_tiles(tile_length_effects(run.games(), column), column),
                                            column, TITLES[column], column == "resolution_tile")
            ] + placeholder_lines(run.name, placeholders_in(run, columns), columns)
