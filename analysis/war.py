"""All Out War's effects, read from a war run's tables (docs/schema.md, the `war_*`
columns; null in a game without a war, so a base run has no war games).

A war run's standard columns (`rank`, `winner`, the score) are the standard game played
before the war, the very games a base run with the same seed plays; the war's columns
say who won the war after it. So one war run answers "what does the war change?" seat
by seat: the standard winner against the war winner of the same game.
"""
import polars as pl

from scythe_sim.intervals import holm, holm_levels, interval_p_value, paired_difference, wilson

from .queries import win_rates
from .stats import wilson_bounds

MOBILISED = ("war_mob_place", "war_mob_popularity", "war_mob_resources", "war_mob_factory",
             "war_mob_recruits", "war_mob_territories")
OUTCOME_COLUMNS = ("war_winner", "war_end_reason")   # a run holds wars when these have values


def war_games(run) -> int:
    """Games of the run that played a war (0 for a base run, or a run written before the
    war columns existed)."""
    games = run.scan("games")
    if "war_end_reason" not in games.collect_schema().names():
        return 0
    return games.select(pl.col("war_end_reason").is_not_null().sum()).collect(engine="streaming").item()


def war_seats(run) -> pl.LazyFrame:
    """Seats of the games that played a war, with the game's player count, war winner
    seat, end reason and war rounds."""
    games = run.scan("games").select("game", "players", "war_winner_seat", "war_rounds",
                                     pl.col("war_end_reason").cast(pl.String))
    seats = run.scan("seats").filter(pl.col("war_winner").is_not_null()).with_columns(
        [pl.col(c).cast(pl.String) for c in ("faction", "mat", "strategy")])
    return seats.join(games, on="game", how="left")


def standard_winner_wins_war(seats: pl.LazyFrame) -> pl.DataFrame:
    """How often the war's winner is a winner of the standard game (rank 1, shared first
    places included): over every war and over the wars that had a winner (not a
    stalemate); share with its Wilson 95% interval."""
    per_game = (seats.group_by("game")
                .agg(pl.col("war_winner").any().alias("decided"),
                     (pl.col("war_winner") & pl.col("winner")).any().alias("kept"))
                .select(pl.len().alias("wars"), pl.col("decided").sum().alias("decided"),
                        pl.col("kept").sum().alias("kept"))
                .collect(engine="streaming").row(0, named=True))
    rows = []
    for label, n in (("every war", per_game["wars"]), ("wars with a winner", per_game["decided"])):
        low, high = wilson(per_game["kept"], n) if n else (None, None)
        rows.append({"of": label, "games": n, "standard_winner_wins": per_game["kept"],
                     "share": per_game["kept"] / n if n else None, "ci_low": low, "ci_high": high})
    return pl.DataFrame(rows)


def standard_vs_war(seats: pl.LazyFrame, by) -> pl.DataFrame:
    """Per group of `by`: the standard game's win rate and the war's, each with its Wilson
    95% interval, and the war's minus the standard's with its paired 95% interval (the
    same seats, one game each: the war changes the winner, never the deal); then the
    war's win rate over the seats of wars that had a winner (stalemates left out).
    `diff_p` is the difference's McNemar p-value (scythe_sim.intervals.paired_difference).

    The war's effect on a like basis: over the seats of decided wars only (a war without
    a winner gives no seat a win, so the all-wars rate drops by construction), the
    standard game's rate on those same games (`decided_standard_rate`), the war's
    (`decided_war_rate`) and their paired difference (`decided_difference`) with the
    simultaneous interval matching its Holm verdict over the groups (`decided_shifted`);
    `no_winner_share` is the share of the group's seats whose war had no winner."""
    keys = [by] if isinstance(by, str) else list(by)
    d = pl.col("war_winner").cast(pl.Int32) - pl.col("winner").cast(pl.Int32)
    decided = pl.col("war_winner_seat").is_not_null()
    std_low, std_high = wilson_bounds(pl.col("standard_wins"), pl.col("seats"))
    war_low, war_high = wilson_bounds(pl.col("war_wins"), pl.col("seats"))
    dec_low, dec_high = wilson_bounds(pl.col("war_wins"), pl.col("decided_seats"))
    table = (seats.group_by(keys)
             .agg(pl.len().alias("seats"), pl.col("winner").sum().alias("standard_wins"),
                  pl.col("war_winner").sum().alias("war_wins"), d.sum().alias("sum_d"),
                  (d * d).sum().alias("sum_d2"),
                  decided.sum().alias("decided_seats"),
                  pl.col("winner").filter(decided).sum().alias("decided_standard_wins"),
                  d.filter(decided).sum().alias("decided_sum_d"), (d * d).filter(decided).sum().alias("decided_sum_d2"))
             .with_columns((pl.col("standard_wins") / pl.col("seats")).alias("standard_rate"),
                           std_low.alias("standard_ci_low"), std_high.alias("standard_ci_high"),
                           (pl.col("war_wins") / pl.col("seats")).alias("war_rate"),
                           war_low.alias("war_ci_low"), war_high.alias("war_ci_high"),
                           (pl.col("war_wins") / pl.col("decided_seats")).alias("decided_war_rate"),
                           (pl.col("decided_standard_wins") / pl.col("decided_seats")).alias("decided_standard_rate"),
                           (1 - pl.col("decided_seats") / pl.col("seats")).alias("no_winner_share"),
                           dec_low.alias("decided_ci_low"), dec_high.alias("decided_ci_high"))
             .sort(keys).collect(engine="streaming"))
    paired = [paired_difference(n, s, s2) for n, s, s2 in
              zip(table["seats"].to_list(), table["sum_d"].to_list(), table["sum_d2"].to_list())]
    return (table.with_columns(pl.Series("difference", [p[0] for p in paired], pl.Float64),
                               pl.Series("diff_ci_low", [p[1] for p in paired], pl.Float64),
                               pl.Series("diff_ci_high", [p[2] for p in paired], pl.Float64),
                               pl.Series("diff_p", [p[3] for p in paired], pl.Float64),
                               *_decided_shifts(table))
            .select(*keys, "seats", "standard_rate", "standard_ci_low", "standard_ci_high", "war_rate",
                    "war_ci_low", "war_ci_high", "difference", "diff_ci_low", "diff_ci_high", "diff_p",
                    "decided_seats", "decided_war_rate", "decided_ci_low", "decided_ci_high",
                    "decided_standard_rate", "no_winner_share", "decided_difference", "decided_diff_ci_low",
                    "decided_diff_ci_high", "decided_p_holm", "decided_shifted"))


def decided_win_rates(seats: pl.LazyFrame, by) -> pl.DataFrame:
    """The war's win rate per group of `by` over the decided wars (the wars with a winner
    seat), as queries.win_rates gives a standard game's: seats, wins, win_rate, the
    Wilson 95% interval, parity and lift; the same numbers as standard_vs_war's
    decided_seats, decided_war_rate and decided_ci_low / decided_ci_high."""
    decided = seats.filter(pl.col("war_winner_seat").is_not_null())
    return win_rates(decided.with_columns(pl.col("war_winner").alias("winner")), by)


def parity(seats: pl.LazyFrame):
    """The mean parity win rate of the seats of decided wars (1 / players), or None."""
    value = (seats.filter(pl.col("war_winner_seat").is_not_null())
             .select((1.0 / pl.col("players")).mean()).collect(engine="streaming").item())
    return None if value is None else float(value)


def _decided_shifts(table, alpha=0.05):
    """The paired difference over decided wars per group: the difference, the
    simultaneous interval that matches Holm over the groups, Holm's p and the verdict."""
    sums = list(zip(table["decided_seats"].to_list(), table["decided_sum_d"].to_list(),
                    table["decided_sum_d2"].to_list()))
    at = [(lambda a, n=n, s=s, s2=s2: paired_difference(n, s, s2, a)[1:3]) if n else None for n, s, s2 in sums]
    p = [interval_p_value(f) if f else 1.0 for f in at]
    cells = [(s / n, *f(level)) if f else (None, None, None)
             for (n, s, _), f, level in zip(sums, at, holm_levels(p, alpha))]
    adjusted = holm(p)
    return (pl.Series("decided_difference", [c[0] for c in cells], pl.Float64),
            pl.Series("decided_diff_ci_low", [c[1] for c in cells], pl.Float64),
            pl.Series("decided_diff_ci_high", [c[2] for c in cells], pl.Float64),
            pl.Series("decided_p_holm", adjusted, pl.Float64),
            pl.Series("decided_shifted", [q < alpha and c[0] is not None for q, c in zip(adjusted, cells)],
                      pl.Boolean))


def war_by_place(seats: pl.LazyFrame) -> pl.DataFrame:
    """The war's win rate by the standard game's rank (what the place bonuses buy), per
    player count, with the mean divisions mobilised in all and for the place."""
    low, high = wilson_bounds(pl.col("war_wins"), pl.col("seats"))
    return (seats.group_by("players", "rank")
            .agg(pl.len().alias("seats"), pl.col("war_winner").sum().alias("war_wins"),
                 pl.sum_horizontal(*MOBILISED).mean().alias("mean_mobilised"),
                 pl.col("war_mob_place").mean().alias("mean_place_bonus"),
                 pl.col("war_capitulated_by").is_not_null().mean().alias("capitulated"))
            .with_columns((pl.col("war_wins") / pl.col("seats")).alias("war_rate"), low, high)
            .select("players", "rank", "seats", "war_wins", "war_rate", "ci_low", "ci_high",
                    "mean_mobilised", "mean_place_bonus", "capitulated")
            .sort("players", "rank").collect(engine="streaming"))


def war_end_reasons(games: pl.LazyFrame) -> pl.DataFrame:
    """Per player count and war end reason: wars, their share of the player count's wars
    (Wilson 95%), the median and quartiles of war rounds and capitulations per war."""
    wars = games.filter(pl.col("war_end_reason").is_not_null()).with_columns(
        pl.col("war_end_reason").cast(pl.String))
    low, high = wilson_bounds(pl.col("wars"), pl.col("of"))
    return (wars.group_by("players", "war_end_reason")
            .agg(pl.len().alias("wars"), pl.col("war_rounds").median().alias("median_rounds"),
                 pl.col("war_rounds").quantile(0.25).alias("q1_rounds"),
                 pl.col("war_rounds").quantile(0.75).alias("q3_rounds"),
                 pl.col("war_capitulations").cast(pl.Float64).mean().alias("capitulations_per_war"))
            .with_columns(pl.col("wars").sum().over("players").alias("of"))
            .with_columns((pl.col("wars") / pl.col("of")).alias("share"), low, high)
            .select("players", "war_end_reason", "wars", "share", "ci_low", "ci_high", "median_rounds",
                    "q1_rounds", "q3_rounds", "capitulations_per_war")
            .sort("players", "war_end_reason").collect(engine="streaming"))


def war_summary(games: pl.LazyFrame) -> pl.DataFrame:
    """Per player count: wars, median war rounds, capitulations and combats per war, and
    the share of wars with at least one capitulation."""
    return (games.filter(pl.col("war_end_reason").is_not_null())
            .group_by("players")
            .agg(pl.len().alias("wars"), pl.col("war_rounds").median().alias("median_rounds"),
                 pl.col("war_capitulations").cast(pl.Float64).mean().alias("capitulations_per_war"),
                 (pl.col("war_capitulations") > 0).mean().alias("with_capitulation"),
                 pl.col("war_combats").cast(pl.Float64).mean().alias("combats_per_war"),
                 pl.col("war_winner_seat").is_null().mean().alias("no_winner"))
            .sort("players").collect(engine="streaming"))
