"""The report's Wind Gambit sections (analysis/wind_gambit.py): in a run's own part, per
tile how games end and last and who wins them; beside a base run, each tile's effect on
faction and mat win rates and on game length. Shown only for runs whose games recorded
a resolution tile or airship tiles."""
import polars as pl

from . import summary
from .compare import compare_runs
from .queries import MIN_CELL
from .shown import compare_block, matrix, pct_n
from .wind_gambit import (TITLES, length_differences, seat_tile_columns, seat_tile_win_rates, tile_columns, tile_games,
                         tile_win_rates, tiles_unrecorded)

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


def run_sections(report, run, prefix):
    """Per tile column the run filled: its games, ends and lengths, then the faction and
    mat win rates under each tile (matrices; the CSVs hold the long tables)."""
    columns = tile_columns(run)
    if not columns:
        if tiles_unrecorded(run):
            report.heading("Variant effects: The Wind Gambit", 3)
            report.text(UNRECORDED)
            _seat_sections(report, run, prefix)
        return
    seats = run.seats()
    report.heading("Variant effects: The Wind Gambit", 3)
    report.text("Each game played one resolution tile (which replaces the 6th-star end with its own condition) "
                "and, with airships, one aggressive and one passive tile shared by all players: the run splits "
                "into one part per tile. `ended_by_tile`: games ended by the tile's own condition (for an "
                "airship tile, which has no end of its own: not by the turn cap), share with its Wilson 95% "
                "interval; rounds, turns per player and the winner's score as median and mean. Win rates per "
                f"tile with Wilson 95% intervals in the CSVs; cells under {MIN_CELL} seats say 'too few'. What "
                "each tile changes against the base game is in the side-by-side part of `scythe-sim report "
                "BASE RUN` with a base run of the same seed.")
    if tiles_unrecorded(run):
        report.text(UNRECORDED)
        _seat_sections(report, run, prefix)
    faction_order, mat_order = run.vocabulary("seats", "faction"), run.vocabulary("seats", "mat")
    for column in columns:
        title = TITLES[column]
        report.heading(f"By {title}", 4)
        games = tile_games(run, column)
        report.table(f"{prefix}wg_{column}_games", games)
        report.summary.extend(summary.tile_ends(run.name, games, column, title, column == "resolution_tile"))
        for by, order in (("faction", faction_order), ("mat", mat_order)):
            table = tile_win_rates(seats, column, by)
            report.table(f"{prefix}wg_{column}_{by}", table,
                         shown=matrix(table, column, by, _cell(), column_order=order))


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
        report.table(f"{prefix}wg_seat_{column}", seat_tile_win_rates(seats, column))
        for by, order in (("faction", faction_order), ("mat", mat_order)):
            table = tile_win_rates(seats, column, by)
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
    for column in columns:
        title = TITLES[column]
        for by in ("faction", "mat"):
            keys = (column, by)
            table = compare_runs(base, run, by=keys, pairing=pairing)
            report.summary.extend(summary.shifts(base.name, run.name, table, f"{column},{by}", pairing.method,
                                                 MIN_CELL))
            name = f"wg_compare_{run.name}_{column}_{by}"
            compare_block(report, name, table, keys, f"{run.name} - {base.name}: win rate by {title} and {by}",
                          f"difference of {by} win rate per {title}, {pairing.method} 95% intervals")
        lengths = length_differences(base, run, column, pairing)
        report.summary.extend(summary.length_shifts(base.name, run.name, lengths, column, title))
        report.table(f"wg_length_{run.name}_{column}", lengths)
