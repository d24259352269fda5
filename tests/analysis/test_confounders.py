"""Confounders named (issue 41, item 3): turn order follows the mats dealt (the lowest mat
number moves first), so a strong mat makes "turn order 1" look strong. The report says
which grouping is tied to which and headlines a tied grouping from the joint model,
never from its marginal spread. The Industrial-first case: Industrial, mat 1, always
moves first and wins three times as often; turn order itself does nothing."""
import re

import numpy as np
import polars as pl
import pytest

from analysis import queries
from analysis.report import build_report
from analysis.runs import Run

from .test_paired import rewrite_seats, typed_run

MAT_NUMBER = {"industrial": 1, "engineering": 2, "patriotic": 3, "mechanical": 4, "agricultural": 5}


def industrial_first(path, games=3000, seed=3):
    run = typed_run(path, games, seed=seed)
    rng = np.random.default_rng(seed)

    def change(seats):
        seats = seats.with_columns(pl.col("mat").replace_strict(MAT_NUMBER).alias("_n"))
        seats = seats.with_columns((pl.col("_n").rank("ordinal").over("game")).cast(pl.Int64).alias("turn_order"))
        weight = np.where(seats["mat"].to_numpy() == "industrial", 3.0, 1.0).reshape(-1, 4)
        pick = np.array([rng.choice(4, p=w / w.sum()) for w in weight])
        won = np.eye(4, dtype=bool)[pick].ravel()
        return seats.drop("_n").with_columns(pl.Series("winner", won),
                                             pl.Series("rank", np.where(won, 1, 2).astype(np.int64)))
    rewrite_seats(run, change)
    return run


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    return industrial_first(tmp_path_factory.mktemp("ties") / "ind")


def test_the_deals_ties_are_measured(run, tmp_path):
    seats = Run(run).seats()
    assert queries.association(seats, "turn_order", "mat") > 0.5
    tied = queries.ties(seats)
    assert tied["turn_order"][0] == "mat"
    # seats dealt at random are not tied to the mats
    assert queries.association(Run(typed_run(tmp_path / "free", 2000, seed=5)).seats(), "seat", "mat") < 0.1


def test_turn_order_is_headlined_from_the_joint_model_not_its_marginal_rates(run, tmp_path):
    index = build_report([run], str(tmp_path / "rep"))
    text = open(index).read()
    summary = text.split("## Summary")[1].split("\n## ")[0]
    marginal = queries.win_rates(Run(run).seats(), "turn_order")
    assert marginal["win_rate"][0] > 0.3              # turn order 1 looks strong on its own ...
    assert "ind, by turn order (parity" not in summary      # ... and is not headlined so
    line = next(b for b in summary.splitlines() if "by turn order" in b)
    assert "tied to the player mat by the deal" in line and "the joint model, which separates them" in line
    # the joint model gives the planted effect to the mat, not to moving first
    fit = pl.read_csv(tmp_path / "rep" / "strength_model.csv")
    effect = {(r["factor"], str(r["level"])): r["effect"] for r in fit.iter_rows(named=True)}
    assert effect[("mat", "industrial")] > 2 * abs(effect[("turn_order", "1")])
    assert "Turn order is tied to the player mat by the deal" in text.split("### Win rate by turn order")[1]
    assert re.search(r"by player mat .*(strongest|highest) industrial", summary)   # the mat keeps its effect
