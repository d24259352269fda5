"""The report's All Out War part (analysis/war.py), for a run whose games played a war:
the war's findings lead the summary (how often the standard game's winner also wins the
war, how many wars had a winner, the largest faction and mat shifts from the standard
game to the war), its first screen names the war's strongest and weakest faction and mat
over the decided wars with their intervals, and its sections open the run's part, before
the standard game's."""
import matplotlib.pyplot as plt
import polars as pl

from . import figures, summary, war
from .shown import pct, pct_ci, pp_ci, signed_pp

INTRO = ("The war that follows each standard game: who wins it, seat by seat against the standard game's "
         "result (the sections after this one are the standard game, the very games a base run with the "
         "same seed plays). Shared first places count as standard wins; a war ended by a stalemate has no "
         "winner, so the war's win rates over all wars add up to the share of wars won and fall by "
         "construction; the war's effect is therefore measured over the wars that had a winner (`decided`), "
         "against the standard game's rate on those same games, with the share of wars without a winner "
         "beside it. Wilson 95% intervals; the difference (war minus standard game, in percentage points) "
         "has a paired interval, simultaneous over the groups to match its Holm verdict.")


def standard_vs_war_shown(table, by):
    """war.standard_vs_war as shown, on decided wars (the like basis): the share of the
    group's seats whose war had no winner, the standard game's and the war's rates over
    the decided wars, their difference in percentage points with the simultaneous
    interval that matches the Holm verdict (the CSV holds every column, the all-wars
    rates included)."""
    return table.select(by, "seats", pct("no_winner_share").alias("no winner"), "decided_seats",
                        pct("decided_standard_rate").alias("standard game (decided wars)"),
                        pct_ci("decided_war_rate", "decided_ci_low", "decided_ci_high").alias("war (decided)"),
                        signed_pp("decided_difference").alias("war - standard"),
                        pp_ci("decided_diff_ci_low", "decided_diff_ci_high").alias("paired CI, simultaneous (Holm)"),
                        "decided_shifted")


def run_sections(report, run, prefix):
    """The war's sections and its summary lines (the summary's "variant" part), for a run
    that played wars."""
    if not war.war_games(run):
        return
    seats, games = war.war_seats(run), run.games()
    report.heading("Variant effects: All Out War", 3)
    report.text(INTRO)
    kept = war.standard_winner_wins_war(seats)
    report.summary.add("variant", summary.war_outcome(run.name, kept))
    report.summary.short("variant", summary.glance_war(run.name, kept))
    report.summary.short("variant", glance_lines(run.name, seats))
    report.heading("Does the standard game's winner also win the war?", 4)
    report.table(f"{prefix}war_standard_winner", kept)
    for by, title in (("faction", "faction"), ("mat", "player mat")):
        table = war.standard_vs_war(seats, by)
        report.summary.add("variant", summary.war_shifts(run.name, table, by, title))
        report.heading(f"Win rate by {title}: standard game and war", 4)
        report.table(f"{prefix}war_win_rate_by_{by}", table,
                     shown=standard_vs_war_shown(table.sort(pl.col("decided_difference").abs(),
                                                            descending=True, nulls_last=True), by))
        fig, ax = plt.subplots(figsize=(7, 3.5))
        figures.standard_vs_war_bars(ax, table, by, f"standard game and war win rate by {title} ({run.name})",
                                     parity=war.parity(seats))
        report.figure(f"{prefix}war_win_rate_by_{by}", fig, f"win rate by {title} over the decided wars, standard "
                                                             "game and war (95% intervals), dashed: parity")
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


def glance_lines(label, seats):
    """The first screen's lines on the war's own strongest and weakest faction and mat,
    each with its win rate and Wilson 95% interval over the decided wars (the numbers of
    the war tables' "war (decided)" column), as the standard game's are given."""
    return [line for by, title in (("faction", "factions"), ("mat", "player mats"))
            for line in summary.glance_rates(f"{label}, All Out War (decided wars)", war.decided_win_rates(seats, by),
                                             by, title)]


def standard_label(run):
    """A war run's standard games, named as such, else None."""
    return f"{run.name} (the standard game, before the war)" if war.war_games(run) else None


def same_standard_games(report, base, run, pairing):
    """True when the two runs deal the same games and one of them played a war after each:
    both play the same standard games with the same winners (the report says so)."""
    if not pairing.paired or (war.war_games(base) > 0) == (war.war_games(run) > 0):
        return False
    report.text("One of these runs played All Out War after each game: a win here is the standard "
                "game's, which the war does not change, so the same deals give the same winners; "
                "the war's effect is in the war run's own variant-effects section.")
    report.summary.add("differences", [
        f"{run.name} against {base.name}: the same deals, with All Out War played after the standard "
        "game in one of them, so both play the same standard games with the same winners (every "
        "difference of the standard game's win rates is 0 by construction); the war's own effect "
        "follows."])
    return True


def answer_lines(run):
    """Who wins the wars, the war's strongest and weakest faction and mat (decided wars,
    with their intervals) and the largest faction shifts, for the run's answer (after the
    standard game's table, which answer.rates_title names so); [] without wars."""
    if not war.war_games(run):
        return []
    seats = war.war_seats(run)
    return (summary.war_outcome(run.name, war.standard_winner_wins_war(seats)) + glance_lines(run.name, seats)
            + summary.war_shifts(run.name, war.standard_vs_war(seats, "faction"), "faction", "faction"))


def outcome_missing(outcome, role, run):
    """Why the run cannot compare the war's winner (it played no war), else None."""
    if outcome != "war_winner" or war.war_games(run):
        return None
    return (f"--outcome war_winner: the {role} run {run.name} played no war "
            "(not an All Out War run); compare two war runs, or see the war's "
            f"effect in `scythe-sim report {run.path if role == 'candidate' else '<war run>'}`")


def outcome_note(base, candidate, outcome, pairing):
    """One line on what the comparison means when a run played wars, or None."""
    wars = (war.war_games(base) > 0, war.war_games(candidate) > 0)
    if outcome != "winner" or not any(wars):
        return None
    note = ("note: `winner` is the standard game's winner, decided before any war")
    if pairing.paired and wars[0] != wars[1]:
        note += ("; these runs deal the same games, so a base run and an All Out War run play the same "
                 "standard games and their winners cannot differ: the war's effect is in "
                 "`scythe-sim report` on the war run")
    if all(wars):
        note += "; compare the wars with --outcome war_winner"
    return note


def outcome_rates(run, outcome, by):
    """The war's win rates per group of `by` over the decided wars (the wars with a
    winner), the report's numbers, for the notebook's win_rates; None for another outcome."""
    if outcome != "war_winner":
        return None
    winner_seat = run.scan("games").select("game", "war_winner_seat")
    seats = run.seats().filter(pl.col("war_winner").is_not_null()).join(winner_seat, on="game")
    return war.decided_win_rates(seats, by)
