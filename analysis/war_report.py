"""The report's All Out War part (analysis/war.py), for a run whose games played a war:
the war's findings lead the summary (how often the standard game's winner also wins the
war, how many wars had a winner, the largest faction and mat shifts from the standard
game to the war), and its sections open the run's part, before the standard game's."""
import matplotlib.pyplot as plt
import polars as pl

from . import figures, summary, war
from .shown import pct_ci, pp_ci, signed_pp

INTRO = ("The war that follows each standard game: who wins it, seat by seat against the standard game's "
         "result (the sections after this one are the standard game, the very games a base run with the "
         "same seed plays). Shared first places count as standard wins; a war ended by a stalemate has no "
         "winner, so the war's win rates add up to the share of wars won, and `decided wars` is the war's "
         "win rate over the wars that had a winner. Wilson 95% intervals; the difference (war minus "
         "standard game, in percentage points) has a paired 95% interval.")


def standard_vs_war_shown(table, by):
    """war.standard_vs_war as shown: each rate with its interval in one cell, the
    difference and its interval in percentage points (the CSV holds every column)."""
    return table.select(by, "seats", pct_ci("standard_rate", "standard_ci_low", "standard_ci_high")
                        .alias("standard game"), pct_ci("war_rate", "war_ci_low", "war_ci_high").alias("war"),
                        signed_pp("difference").alias("war - standard"),
                        pp_ci("diff_ci_low", "diff_ci_high").alias("paired 95% CI"), "decided_seats",
                        pct_ci("decided_war_rate", "decided_ci_low", "decided_ci_high").alias("decided wars"))


def run_sections(report, run, prefix):
    """The war's sections and its summary lines (the summary's "variant" part)."""
    seats, games = war.war_seats(run), run.games()
    report.heading("Variant effects: All Out War", 3)
    report.text(INTRO)
    kept = war.standard_winner_wins_war(seats)
    report.summary.add("variant", summary.war_outcome(run.name, kept))
    report.heading("Does the standard game's winner also win the war?", 4)
    report.table(f"{prefix}war_standard_winner", kept)
    for by, title in (("faction", "faction"), ("mat", "player mat")):
        table = war.standard_vs_war(seats, by)
        report.summary.add("variant", summary.war_shifts(run.name, table, by, title))
        report.heading(f"Win rate by {title}: standard game and war", 4)
        report.table(f"{prefix}war_win_rate_by_{by}", table,
                     shown=standard_vs_war_shown(table.sort(pl.col("difference").abs(), descending=True,
                                                            nulls_last=True), by))
        fig, ax = plt.subplots(figsize=(7, 3.5))
        figures.standard_vs_war_bars(ax, table, by, f"standard game and war win rate by {title} ({run.name})")
        report.figure(f"{prefix}war_win_rate_by_{by}", fig, f"win rate by {title}, standard game and war, "
                                                             "95% intervals")
    report.heading("War win rate by standard-game place", 4)
    report.text("The mobilisation bonuses favour the standard game's leaders (docs/RULES.md \"All Out War\"): "
                "the war's win rate and the divisions mobilised by the seat's standard rank; `capitulated`: "
                "the share of those seats that capitulated.")
    places = war.war_by_place(seats)
    report.table(f"{prefix}war_by_place", places, shown=places.select(
        "players", "rank", "seats", "war_wins", pct_ci("war_rate", "ci_low", "ci_high").alias("war rate"),
        "mean_mobilised", "mean_place_bonus", "capitulated"))
    report.heading("How the wars ended", 4)
    report.table(f"{prefix}war_summary", war.war_summary(games))
    reasons = war.war_end_reasons(games)
    report.table(f"{prefix}war_end_reasons", reasons, shown=reasons.select(
        "players", "war_end_reason", "wars", pct_ci("share", "ci_low", "ci_high").alias("share"),
        pl.format("{} ({}-{})", "median_rounds", "q1_rounds", "q3_rounds").alias("war rounds: median (q1-q3)"),
        "capitulations_per_war"))
