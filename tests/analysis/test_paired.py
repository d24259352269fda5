"""Paired comparisons: the paired interval by hand, pairing detected (or refused, with
its reason) on synthetic runs whose deals are known, the paired interval narrower
than the unpaired one when outcomes are correlated, the verdict and the report using
it, and two real runs of the simulator (same seed, one house rule) found paired."""
import json
import math
import os
import shutil
import statistics
import subprocess
import sys

import numpy as np
import polars as pl
import pytest
from click.testing import CliRunner

from analysis.compare import compare_runs
from analysis.pairing import check_pairing, run_differences
from analysis.report import build_report
from analysis.runs import Run
from cli.main import main
from scythe_sim.intervals import holm_levels, newcombe_difference, paired_difference, z_for
from tests.analysis.test_analysis import BASE, FACTIONS, fake_run

GAMES = 2000


# --- the paired interval -------------------------------------------------------------------------
def test_paired_interval_by_hand():
    # ten seats: candidate won and base lost 4 times, the reverse once, 5 alike
    diffs = [1, 1, 1, 1, -1, 0, 0, 0, 0, 0]
    d, low, high, p = paired_difference(len(diffs), sum(diffs), sum(x * x for x in diffs))
    # mean 0.3; s^2 = (5 - 10 * 0.3^2) / 9 = 0.455556; se = sqrt(s^2 / 10) = 0.213437;
    # half width 1.959964 * 0.213437 = 0.418330; McNemar (continuity corrected)
    # z = (3 - 1) / sqrt(5) = 0.894427, p = 0.371093
    assert d == pytest.approx(0.3)
    assert low == pytest.approx(-0.118330, abs=1e-6) and high == pytest.approx(0.718330, abs=1e-6)
    assert p == pytest.approx(0.371093, abs=1e-6)
    # ... close to the exact sign test of 4 changes one way and 1 the other: 2 * (1 + 5) / 32
    assert p == pytest.approx(2 * (math.comb(5, 0) + math.comb(5, 1)) / 2 ** 5, abs=0.01)
    # the same from the per-seat differences with the standard library
    half = statistics.NormalDist().inv_cdf(0.975) * statistics.stdev(diffs) / math.sqrt(len(diffs))
    assert (low, high) == pytest.approx((0.3 - half, 0.3 + half), abs=1e-6)
    # alpha moves the width only
    _, low90, high90, p90 = paired_difference(10, 3, 5, alpha=0.10)
    assert high90 - low90 == pytest.approx((high - low) * z_for(0.10) / z_for(0.05)) and p90 == p


def test_paired_interval_edges():
    assert paired_difference(1, 1, 1) == (1.0, -1.0, 1.0, 1.0)          # one pair says nothing
    assert paired_difference(50, 0, 0) == (0.0, 0.0, 0.0, 1.0)          # nothing changed anywhere
    d, low, high, p = paired_difference(50, 50, 50)                     # the candidate won every seat
    assert (d, low, high) == (1.0, 1.0, 1.0) and p < 1e-10


@pytest.mark.slow
def test_the_interval_module_is_pure_python():
    code = ("import sys, scythe_sim.intervals; "
            "print(sorted(m for m in ('numpy', 'polars', 'numba', 'analysis') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


# --- synthetic runs with known deals --------------------------------------------------------------
def rewrite_seats(path, change):
    """Apply `change` (a function of the seats DataFrame, sorted by game and seat) to a run."""
    part = os.path.join(path, "seats", "part-000000.parquet")
    change(pl.read_parquet(part).sort("game", "seat")).write_parquet(part)


def set_manifest(path, **fields):
    with open(os.path.join(path, "manifest.json")) as fh:
        manifest = json.load(fh)
    manifest.update(fields)
    with open(os.path.join(path, "manifest.json"), "w") as fh:
        json.dump(manifest, fh)


def replay_deals(base, path, crimea_boost, redraw=0.05, seed=11):
    """A copy of the base run (the same deals) whose winners mostly repeat the base's: in a
    `redraw` share of games the winner is drawn again at random, and where crimea sat and
    lost, it takes the win with probability `crimea_boost` (a planted shift)."""
    shutil.copytree(base, path)
    set_manifest(path, name=os.path.basename(path))
    rng = np.random.default_rng(seed)

    def change(seats):
        won = seats["winner"].to_numpy().reshape(-1, 4).copy()
        crimea = (seats["faction"].to_numpy() == "crimea").reshape(-1, 4)
        again = rng.random(len(won)) < redraw
        won[again] = np.eye(4, dtype=bool)[rng.integers(0, 4, again.sum())]
        boost = crimea.any(axis=1) & ~(won & crimea).any(axis=1) & (rng.random(len(won)) < crimea_boost)
        won[boost] = crimea[boost]
        return seats.with_columns(pl.Series("winner", won.ravel()),
                                  pl.Series("rank", np.where(won.ravel(), 1, 2).astype(np.int64)))
    rewrite_seats(path, change)
    return str(path)


def typed_run(path, games, seed):
    """fake_run with the star turn columns typed as a real run's (never-earned kinds are all
    null there, which the report's star table cannot stack)."""
    fake_run(path, games, BASE, seed=seed)
    rewrite_seats(path, lambda s: s.with_columns(pl.col("^star_turn_.*$").cast(pl.Int32)))
    return str(path)


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    root = tmp_path_factory.mktemp("paired")
    base = typed_run(root / "base", GAMES, seed=1)
    return {"base": base, "same_deals": replay_deals(base, root / "same_deals", crimea_boost=0.06),
            "other_seed": typed_run(root / "other_seed", GAMES, seed=2), "root": root}


def test_identical_deals_are_paired_and_the_paired_interval_is_narrower(runs):
    base, candidate = Run(runs["base"]), Run(runs["same_deals"])
    pairing = check_pairing(base, candidate)
    assert pairing.paired and pairing.reason == f"paired: {GAMES:,} games with identical deals"
    table = compare_runs(base, candidate, by=("faction",))
    assert table["method"].to_list() == ["paired"] * len(FACTIONS)
    levels = holm_levels(table["p_value"].to_list(), 0.05)
    for r, level in zip(table.iter_rows(named=True), levels):
        assert r["difference"] == pytest.approx(r["candidate_rate"] - r["base_rate"])
        # the verdict's interval: the paired one, widened to the level matching Holm
        assert level < 0.05
        assert r["ci_low"] <= r["paired_ci_low"] and r["paired_ci_high"] <= r["ci_high"]
        assert (r["ci_low"], r["ci_high"]) == pytest.approx(paired_difference(
            r["base_n"], r["difference"] * r["base_n"], _changed(base, candidate, r["faction"]), level)[1:3])
        assert r["paired_ci_high"] - r["paired_ci_low"] < 0.6 * (r["unpaired_ci_high"] - r["unpaired_ci_low"])
    crimea = table.filter(pl.col("faction") == "crimea").row(0, named=True)
    # the planted +~3 point shift: the paired interval excludes 0, the unpaired one does not
    assert crimea["shifted"] and crimea["paired_ci_low"] > 0 and crimea["unpaired_ci_low"] < 0


def _changed(base, candidate, faction):
    """The sum of squared seat differences of one faction (the seats whose result changed)."""
    a = base.seats().filter(pl.col("faction") == faction).select("game", "seat", "winner").collect()
    b = candidate.seats().select("game", "seat", pl.col("winner").alias("other")).collect()
    joined = a.join(b, on=["game", "seat"])
    return int(((joined["other"].cast(pl.Int32) - joined["winner"].cast(pl.Int32)) ** 2).sum())


def test_different_seeds_are_unpaired(runs):
    base, candidate = Run(runs["base"]), Run(runs["other_seed"])
    pairing = check_pairing(base, candidate)
    assert not pairing.paired
    assert pairing.reason == "unpaired: runs do not share deals (different seeds 1 and 2)"
    table = compare_runs(base, candidate, by=("mat",), pairing=pairing)
    assert set(table["method"]) == {"unpaired"} and table["paired_ci_low"].null_count() == table.height
    # the verdict's interval: Newcombe's, at the level that matches Holm over the mats
    levels = holm_levels(table["p_value"].to_list(), 0.05)
    for r, level in zip(table.iter_rows(named=True), levels):
        b, c = round(r["base_rate"] * r["base_n"]), round(r["candidate_rate"] * r["candidate_n"])
        assert (r["ci_low"], r["ci_high"]) == pytest.approx(
            newcombe_difference(b, r["base_n"], c, r["candidate_n"], level)[1:3])
        assert r["ci_low"] <= r["unpaired_ci_low"] and r["unpaired_ci_high"] <= r["ci_high"]
    assert table.schema["paired_ci_low"] == pl.Float64


def test_one_seat_dealt_another_faction_is_unpaired_with_the_reason(runs):
    path = str(runs["root"] / "one_seat")
    shutil.copytree(runs["base"], path)
    seats = pl.read_parquet(os.path.join(path, "seats", "*.parquet"))
    sat = set(seats.filter(pl.col("game") == 7)["faction"])
    absent = next(f for f in FACTIONS if f not in sat)      # a faction not dealt in game 7
    was = seats.filter((pl.col("game") == 7) & (pl.col("seat") == 2))["faction"][0]
    rewrite_seats(path, lambda s: s.with_columns(
        pl.when((pl.col("game") == 7) & (pl.col("seat") == 2)).then(pl.lit(absent))
        .otherwise(pl.col("faction")).alias("faction")))
    pairing = check_pairing(Run(runs["base"]), Run(path))
    assert not pairing.paired
    assert pairing.reason == (f"unpaired: 1 game(s) deal differently, first game 7 seat 2: faction {was} in "
                              f"base, {absent} in candidate")
    assert set(compare_runs(Run(runs["base"]), Run(path))["method"]) == {"unpaired"}


def test_runs_of_different_lengths_pair_on_their_common_games(runs, tmp_path):
    shorter = typed_run(tmp_path / "shorter", 50, seed=1)               # the first 50 deals only
    pairing = check_pairing(Run(runs["base"]), Run(shorter))
    # the same seed's first 50 games are the same deals: paired on them (issue 58)
    assert pairing.paired and pairing.games == 50
    assert pairing.reason.startswith("paired: on the first 50 games, common to both runs (base 2,000, candidate 50)")
    # whole runs only: different games
    whole = check_pairing(Run(runs["base"]), Run(shorter), common_prefix=False)
    assert not whole.paired and whole.reason.startswith("unpaired: the runs hold different games")


def test_compare_shows_both_intervals_says_which_one_decided_and_what_differs(runs, tmp_path):
    candidate = str(tmp_path / "variant")
    shutil.copytree(runs["same_deals"], candidate)
    set_manifest(candidate, variant="wind_gambit")
    runner = CliRunner(env={"COLUMNS": "160"})          # wide enough for both intervals
    out = runner.invoke(main, ["compare", runs["base"], candidate, "--fail"])
    assert out.exit_code == 1, out.output                 # crimea's planted shift, seen by the paired test
    assert "interval: paired, simultaneous" in out.output and " unpaired " in out.output   # both intervals shown
    assert f"verdict uses the paired interval; paired: {GAMES:,} games with identical deals" in out.output
    assert "variant: - -> wind_gambit" in out.output
    out = runner.invoke(main, ["compare", runs["base"], runs["other_seed"], "--by", "seat"])
    assert out.exit_code == 0, out.output
    assert "interval: unpaired, simultaneous" in out.output and "root_seed: 1 -> 2" in out.output
    assert "verdict uses the unpaired interval; unpaired: runs do not share deals" in out.output
    assert [d[0] for d in run_differences(Run(runs["base"]), Run(candidate))] == ["variant"]
    # a run whose config snapshot also names the variant lists it once
    config = {**Run(candidate).manifest.get("config", {}), "variant": "wind_gambit"}
    set_manifest(candidate, config=config)
    assert [d[0] for d in run_differences(Run(runs["base"]), Run(candidate))] == ["variant"]


@pytest.mark.slow
def test_report_shows_paired_differences_by_faction_and_mat(runs, tmp_path):
    index = build_report([runs["base"], runs["same_deals"], runs["other_seed"]], str(tmp_path / "rep"))
    text = open(index).read()
    assert f"Verdict from the paired interval; paired: {GAMES:,} games with identical deals." in text
    assert "Verdict from the unpaired interval; unpaired: runs do not share deals" in text
    for by in ("faction", "mat"):
        table = pl.read_csv(tmp_path / "rep" / f"compare_same_deals_by_{by}.csv")
        assert set(table["method"]) == {"paired"} and table["paired_ci_low"].null_count() == 0
        assert set(pl.read_csv(tmp_path / "rep" / f"compare_other_seed_by_{by}.csv")["method"]) == {"unpaired"}


# --- end to end: two real runs, same seed, one house rule -------------------------------------------
def test_a_house_rule_run_with_the_same_seed_is_paired(tmp_path):
    from scythe_sim.runner.config import parse_config
    from scythe_sim.runner.run import execute

    dirs = []
    for name, rules in (("base", {}), ("four_stars", {"stars_to_end": 4})):
        cfg = parse_config({"name": name, "games": 150, "seed": 3, "players": 4, "shard_size": 150,
                            "output": str(tmp_path), "strategies": {"seats": ["random"]}, "rules": rules})
        dirs.append(str(execute(cfg, workers=1).run_dir))
    base, candidate = Run(dirs[0]), Run(dirs[1])
    assert check_pairing(base, candidate, ("faction", "mat")) == (True, "paired: 150 games with identical deals",
                                                                   150)
    assert ("rules.stars_to_end", None, 4) in run_differences(base, candidate)
    table = compare_runs(base, candidate, by=("mat",))
    assert set(table["method"]) == {"paired"}
    # the rule changed some results: 4 stars change the winner of several random games
    # (5 stars changed one game's winner, or none once the random games moved)
    assert (table["paired_ci_high"] > table["paired_ci_low"]).any()
    out = CliRunner().invoke(main, ["compare", dirs[0], dirs[1], "--by", "faction,mat"])
    assert out.exit_code == 0, out.output
    assert "verdict uses the paired interval; paired: 150 games with identical deals" in out.output
