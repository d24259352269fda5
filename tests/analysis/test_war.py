"""All Out War's effects (analysis/war.py) on a synthetic war run with planted answers,
and compare's outcome checks."""
import os

import polars as pl
import pytest

from analysis import war
from analysis.compare import check_outcome, compare_runs, outcome_note
from analysis.pairing import check_pairing
from analysis.runs import AnalysisError, Run
from scythe_sim.intervals import wilson
from tests.analysis.test_analysis import BASE, fake_run

REASONS = ("points", "last_standing", "stalemate_cap", "stalemate_quiet")


def planted_war(game, standard_winner):
    """(war winner seat or None, end reason, rounds, capitulations) of a synthetic game:
    games 0, 2, 4... (not 10s) the standard winner wins the war by points, odd games the
    next seat wins as the last standing (3 capitulations), every 10th is a stalemate."""
    if game % 10 == 0:
        return None, "stalemate_quiet", 30, 0
    if game % 2 == 0:
        return standard_winner, "points", 10, 0
    return (standard_winner + 1) % 4, "last_standing", 14, 3


def war_run(path, games, seed):
    """fake_run's finished run with war columns holding planted_war's outcomes."""
    run_dir = fake_run(path, games, BASE, seed=seed)
    seats_path = os.path.join(run_dir, "seats", "part-000000.parquet")
    games_path = os.path.join(run_dir, "games", "part-000000.parquet")
    seats = pl.read_parquet(seats_path)
    winners = dict(seats.filter(pl.col("winner")).select("game", "seat").iter_rows())
    outcome = {g: planted_war(g, winners[g]) for g in range(games)}
    seats = seats.with_columns(
        pl.struct("game", "seat").map_elements(lambda r: outcome[r["game"]][0] == r["seat"],
                                               return_dtype=pl.Boolean).alias("war_winner"),
        pl.when(pl.col("rank") == 1).then(15).otherwise(0).cast(pl.Int16).alias("war_mob_place"),
        *[pl.lit(0, pl.Int16).alias(c) for c in war.MOBILISED[1:]],
        pl.struct("game", "seat").map_elements(
            lambda r: None if outcome[r["game"]][3] == 0 or outcome[r["game"]][0] == r["seat"]
            else outcome[r["game"]][0], return_dtype=pl.Int8).alias("war_capitulated_by"))
    seats.write_parquet(seats_path)
    frame = pl.read_parquet(games_path)
    frame.with_columns(
        pl.Series("war_winner_seat", [outcome[g][0] for g in frame["game"]], pl.Int8),
        pl.Series("war_end_reason", [outcome[g][1] for g in frame["game"]], pl.Categorical),
        pl.Series("war_rounds", [outcome[g][2] for g in frame["game"]], pl.Int16),
        pl.Series("war_capitulations", [outcome[g][3] for g in frame["game"]], pl.Int8),
        pl.Series("war_combats", [5] * games, pl.Int32),
    ).write_parquet(games_path)
    return run_dir


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    root = tmp_path_factory.mktemp("war")
    return Run(fake_run(root / "base", 400, BASE, seed=1)), Run(war_run(root / "war", 400, seed=1))


def test_a_base_run_has_no_wars_and_a_war_run_has_one_per_game(runs):
    base, war_ = runs
    assert war.war_games(base) == 0 and war.war_games(war_) == 400


def test_how_often_the_standard_winner_wins_the_war(runs):
    table = war.standard_winner_wins_war(war.war_seats(runs[1]))
    # 400 games: 40 stalemates (every 10th), 160 other even games (kept), 200 odd (lost)
    every, decided = table.row(0, named=True), table.row(1, named=True)
    assert (every["games"], every["standard_winner_wins"]) == (400, 160)
    assert (decided["games"], decided["standard_winner_wins"]) == (360, 160)
    assert decided["share"] == pytest.approx(160 / 360)
    assert (decided["ci_low"], decided["ci_high"]) == pytest.approx(wilson(160, 360))


def test_standard_and_war_win_rates_side_by_side_with_a_paired_difference(runs):
    table = war.standard_vs_war(war.war_seats(runs[1]), "faction")
    assert table["seats"].sum() == 1600
    seats = war.war_seats(runs[1]).collect()
    for row in table.iter_rows(named=True):
        mine = seats.filter(pl.col("faction") == row["faction"])
        assert row["standard_rate"] == pytest.approx(mine["winner"].mean())
        assert row["war_rate"] == pytest.approx(mine["war_winner"].mean())
        assert row["difference"] == pytest.approx(row["war_rate"] - row["standard_rate"])
        assert row["diff_ci_low"] < row["difference"] < row["diff_ci_high"]
        assert row["standard_ci_low"] < row["standard_rate"] < row["standard_ci_high"]
        decided = mine.filter(pl.col("war_winner_seat").is_not_null())
        assert row["decided_seats"] == decided.height
        assert row["decided_war_rate"] == pytest.approx(decided["war_winner"].mean())
    # fewer war wins in all: stalemates have no winner
    assert (table["war_rate"] * table["seats"]).sum() == pytest.approx(360)


def test_war_win_rate_by_standard_place(runs):
    table = war.war_by_place(war.war_seats(runs[1]))
    first = table.filter(pl.col("rank") == 1).row(0, named=True)
    second = table.filter(pl.col("rank") == 2).row(0, named=True)
    assert (first["seats"], first["war_wins"]) == (400, 160)
    assert (second["seats"], second["war_wins"]) == (1200, 200)
    assert first["mean_place_bonus"] == 15 and second["mean_place_bonus"] == 0
    # every odd game: 3 of 4 seats capitulated, the standard winner among them
    assert first["capitulated"] == pytest.approx(200 / 400)


def test_war_end_reasons_rounds_and_capitulations(runs):
    reasons = {r["war_end_reason"]: r for r in war.war_end_reasons(runs[1].games()).iter_rows(named=True)}
    assert {k: r["wars"] for k, r in reasons.items()} == {"points": 160, "last_standing": 200,
                                                           "stalemate_quiet": 40}
    assert reasons["points"]["share"] == pytest.approx(0.4)
    assert (reasons["points"]["ci_low"], reasons["points"]["ci_high"]) == pytest.approx(wilson(160, 400))
    assert sum(r["share"] for r in reasons.values()) == pytest.approx(1.0)
    assert reasons["last_standing"]["median_rounds"] == 14
    assert reasons["last_standing"]["capitulations_per_war"] == 3
    summary = war.war_summary(runs[1].games()).row(0, named=True)
    assert summary["wars"] == 400 and summary["median_rounds"] == 14
    assert summary["capitulations_per_war"] == pytest.approx(600 / 400)
    assert summary["no_winner"] == pytest.approx(0.1)


def test_compare_war_outcomes_only_between_war_runs(runs, tmp_path):
    base, war_ = runs
    with pytest.raises(AnalysisError, match="played no war"):
        check_outcome(base, war_, "war_winner")
    other = Run(war_run(tmp_path / "war2", 400, seed=1))
    table = compare_runs(war_, other, outcome="war_winner")
    assert table["paired_ci_low"].is_not_null().all()
    assert table["difference"].to_list() == pytest.approx([0.0] * table.height)
    # the standard game of a base and a war run with the same deals: identical, and said so
    pairing = check_pairing(base, war_)
    assert pairing.paired
    assert compare_runs(base, war_)["difference"].to_list() == pytest.approx([0.0] * 5)
    assert "cannot differ" in outcome_note(base, war_, "winner", pairing)
    assert "--outcome war_winner" in outcome_note(war_, other, "winner", check_pairing(war_, other))
    assert outcome_note(base, base, "winner", check_pairing(base, base)) is None


def test_the_wars_effect_is_measured_over_decided_wars_with_the_no_winner_share_beside(runs, tmp_path):
    # a war run where half the wars have no winner and every decided war goes to its
    # standard winner: over all wars every faction "drops", over decided wars none moves
    path = fake_run(tmp_path / "half", 400, BASE, seed=4)
    seats_path = os.path.join(path, "seats", "part-000000.parquet")
    games_path = os.path.join(path, "games", "part-000000.parquet")
    seats = pl.read_parquet(seats_path)
    seats.with_columns((pl.col("winner") & (pl.col("game") % 2 == 0)).alias("war_winner"),
                       *[pl.lit(0, pl.Int16).alias(c) for c in war.MOBILISED],
                       pl.lit(None, pl.Int8).alias("war_capitulated_by")).write_parquet(seats_path)
    winners = dict(seats.filter(pl.col("winner")).select("game", "seat").iter_rows())
    frame = pl.read_parquet(games_path)
    frame.with_columns(
        pl.Series("war_winner_seat", [winners[g] if g % 2 == 0 else None for g in frame["game"]], pl.Int8),
        pl.Series("war_end_reason", ["points" if g % 2 == 0 else "stalemate_quiet" for g in frame["game"]],
                  pl.Categorical),
        pl.Series("war_rounds", [10] * 400, pl.Int16), pl.Series("war_capitulations", [0] * 400, pl.Int8),
        pl.Series("war_combats", [5] * 400, pl.Int32)).write_parquet(games_path)
    table = war.standard_vs_war(war.war_seats(Run(path)), "faction")
    assert (table["difference"] < 0).all()                                  # the unlike basis
    assert table["decided_difference"].to_list() == [0.0] * table.height     # the like basis
    assert not table["decided_shifted"].any()
    assert table["no_winner_share"].to_list() == pytest.approx(
        [1 - d / n for d, n in zip(table["decided_seats"], table["seats"])])
    from analysis.summary import war_shifts
    line = war_shifts("half", table, "faction", "faction")[0]
    assert "on the wars that had a winner (50% had none)" in line and f"0 of {table.height} shifted" in line
    # a decided war won by another seat is a shift on the like basis
    table = war.standard_vs_war(war.war_seats(runs[1]), "faction")
    for row in table.iter_rows(named=True):
        assert row["decided_difference"] == pytest.approx(row["decided_war_rate"] - row["decided_standard_rate"])
        excludes = row["decided_diff_ci_low"] > 0 or row["decided_diff_ci_high"] < 0
        assert excludes == row["decided_shifted"]
