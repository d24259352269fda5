"""The notebook answers as the report and the commands do (issue 58): a war run's win rates
over the decided wars, as the report reads them, unless every war is asked for; and a
comparison's differences in percentage points, as `compare` prints them."""
import shutil

import numpy as np
import polars as pl
import pytest

import scythe_sim
from analysis import war
from analysis.runs import Run
from tests.analysis.test_paired import rewrite_seats, set_manifest, typed_run
from tests.analysis.test_war import war_run


@pytest.fixture(scope="module")
def war_folder(tmp_path_factory):
    return war_run(tmp_path_factory.mktemp("war") / "war", 400, seed=1)


def test_the_war_s_win_rates_count_decided_wars_as_the_report_does(war_folder):
    rates = scythe_sim.open_run(war_folder).win_rates(outcome="war_winner").sort("faction")
    report = war.standard_vs_war(war.war_seats(Run(war_folder)), "faction").sort("faction")
    # the report's rate of decided wars, its Wilson interval and its seats, group by group
    assert rates["faction"].to_list() == report["faction"].to_list()
    assert rates["seats"].to_list() == report["decided_seats"].to_list()
    assert rates["win_rate"].to_list() == pytest.approx(report["decided_war_rate"].to_list())
    assert rates["ci_low"].to_list() == pytest.approx(report["decided_ci_low"].to_list())
    assert rates["ci_high"].to_list() == pytest.approx(report["decided_ci_high"].to_list())
    # parity of the decided wars' seats: a decided war has one winner among its players
    assert rates["parity"].to_list() == pytest.approx([war.parity(war.war_seats(Run(war_folder)))] * rates.height)
    assert (rates["wins"].sum(), rates["seats"].sum()) == (360, 1440)       # 40 stalemates of 400 left out


def test_every_war_is_counted_when_asked(war_folder):
    rates = scythe_sim.open_run(war_folder).win_rates(outcome="war_winner", decided_only=False).sort("faction")
    report = war.standard_vs_war(war.war_seats(Run(war_folder)), "faction").sort("faction")
    assert rates["seats"].to_list() == report["seats"].to_list()
    assert rates["win_rate"].to_list() == pytest.approx(report["war_rate"].to_list())
    assert (rates["wins"].sum(), rates["seats"].sum()) == (360, 1600)


def test_the_standard_game_s_rates_ignore_decided_only(war_folder):
    run = scythe_sim.open_run(war_folder)
    assert run.win_rates().equals(run.win_rates(decided_only=False))
    assert run.win_rates()["seats"].sum() == 1600


SHIFT = 0.03      # three points of crimea's win rate, planted exactly


@pytest.fixture(scope="module")
def shifted(tmp_path_factory):
    """A base run and the same deals where crimea wins SHIFT more of its seats: of the
    games where it sat and lost, just enough become crimea's wins."""
    root = tmp_path_factory.mktemp("units")
    base = typed_run(root / "base", 2000, seed=1)
    candidate = root / "candidate"
    shutil.copytree(base, candidate)
    set_manifest(candidate, name="candidate")
    flips = {}

    def change(seats):
        won = seats["winner"].to_numpy().reshape(-1, 4).copy()
        crimea = (seats["faction"].to_numpy() == "crimea").reshape(-1, 4)
        lost = np.flatnonzero(crimea.any(axis=1) & ~(won & crimea).any(axis=1))
        flips["n"] = round(SHIFT * crimea.sum())
        chosen = lost[:flips["n"]]
        won[chosen] = crimea[chosen]
        return seats.with_columns(pl.Series("winner", won.ravel()),
                                  pl.Series("rank", np.where(won.ravel(), 1, 2).astype(np.int64)))
    rewrite_seats(candidate, change)
    return base, str(candidate), flips["n"]


def test_a_planted_three_point_shift_reads_three_points(shifted):
    base, candidate, flipped = shifted
    run = scythe_sim.open_run(base)
    table = run.compare(candidate)
    crimea = table.filter(pl.col("faction") == "crimea").row(0, named=True)
    seats = crimea["base_n"]
    assert crimea["method"] == "paired"
    assert crimea["difference"] == pytest.approx(100 * flipped / seats)        # points: exactly the flips
    assert crimea["difference"] == pytest.approx(3.0, abs=0.1)
    assert crimea["ci_low"] < crimea["difference"] < crimea["ci_high"] and crimea["ci_low"] > 1
    assert crimea["paired_ci_low"] > 1 and crimea["unpaired_ci_high"] > 3 and crimea["mde"] >= 2
    # the rates stay fractions, as in win_rates
    assert crimea["candidate_rate"] - crimea["base_rate"] == pytest.approx(flipped / seats)
    assert crimea["shifted"]


def test_the_points_match_compare_s_json(shifted):
    from analysis.compare import compare_runs
    from analysis.compare_view import json_rows

    base, candidate, _ = shifted
    table = scythe_sim.open_run(base).compare(candidate)
    rows = json_rows(compare_runs(Run(base), Run(candidate), ["faction"]))
    for mine, shown in zip(table.to_dicts(), rows):
        for column in ("difference", "ci_low", "ci_high", "paired_ci_low", "unpaired_ci_high", "mde"):
            assert mine[column] == pytest.approx(shown[f"{column}_pp"])
