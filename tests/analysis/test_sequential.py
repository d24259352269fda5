"""The statistics of `scythe-sim check` (scythe_sim/sequential.py): the confidence sequence
by hand, its interval and anytime p-value agreeing, decisions, and on simulated paired
binary data (tests/analysis/sequential_sim.py) the error rates under repeated looks: 500
A/A checks keep the false-alarm rate within alpha, a planted +3-point shift is found
with at least 90% power, and the games to decision."""
import math
import subprocess
import sys

import pytest

from scythe_sim.intervals import wilson
from scythe_sim.sequential import (DESIGN_VARIANCE, EQUIVALENT, SHIFTED, UNDECIDED, Boundary, SequentialCheck,
                                   design_seats, games_to_decide)
from tests.analysis.sequential_sim import FACTIONS, simulate

ALPHA = 0.05


# --- the confidence sequence ------------------------------------------------------------------------
def test_the_boundary_by_hand():
    b = Boundary(rho2=0.01)
    # n = 400 seats of variance 0.25: V = 100, rho^2 V + 1 = 2;
    # half-width = sqrt(2 * 2 / (400^2 * 0.01) * log(sqrt(2) / 0.05)) = sqrt(0.0025 * 3.342) = 0.091409
    assert b.half_width(400, 0.25, 0.05) == pytest.approx(math.sqrt(0.0025 * math.log(math.sqrt(2) / 0.05)))
    # the p-value of a sum of 30: sqrt(2) * exp(-0.01 * 900 / 4) = 0.148957
    assert b.p_value(400, 30, 0.25) == pytest.approx(math.sqrt(2) * math.exp(-2.25))
    assert b.half_width(1, 0.25, 0.05) == math.inf and b.p_value(1, 1, 0.0) == 1.0


def test_the_interval_excludes_zero_exactly_when_the_p_value_is_below_alpha():
    b = Boundary.tuned(0.02)
    for n in (50, 400, 3000, 20000):
        for variance in (0.0, 0.05, 0.3):
            w = b.half_width(n, variance, ALPHA)
            for total in (0.5 * w * n, 0.99 * w * n, 1.01 * w * n, 2 * w * n):
                assert (abs(total / n) > w) == (b.p_value(n, total, variance) < ALPHA)


def test_the_sequence_is_wider_than_a_fixed_sample_interval_and_narrowest_near_its_design():
    b = Boundary.tuned(0.02)
    seats = design_seats(0.02)
    v = DESIGN_VARIANCE
    ratio = {n: b.half_width(n, v, ALPHA) / (1.959964 * math.sqrt(v / n)) for n in (seats / 10, seats, seats * 10)}
    assert all(r > 1.2 for r in ratio.values())
    assert ratio[seats] < ratio[seats / 10] and ratio[seats] < ratio[seats * 10]
    # at the design point a no-shift group of the design variance reaches the margin
    assert b.half_width(seats, v, ALPHA) == pytest.approx(0.02, rel=1e-6)


# --- decisions ----------------------------------------------------------------------------------------
def test_decisions_are_made_once_and_kept():
    check = SequentialCheck(ALPHA, 0.02)
    # group a: 2,000 seats, +10 points; group b: 6,000 seats, nothing changed; c: one seat
    check.look(1000, {"a": (2000, 200, 600), "b": (6000, 0, 0), "c": (1, 1, 1)})
    rows = {r["key"]: r for r in check.rows()}
    assert rows["a"]["decision"] == SHIFTED and rows["a"]["ci_low"] > 0 and rows["a"]["games"] == 1000
    assert rows["b"]["decision"] == EQUIVALENT and -0.02 < rows["b"]["ci_low"] <= rows["b"]["ci_high"] < 0.02
    assert rows["c"]["decision"] == UNDECIDED and (rows["c"]["ci_low"], rows["c"]["ci_high"]) == (-1.0, 1.0)
    assert check.outcome() == SHIFTED and not check.done
    # a later look cannot undo a verdict: the group keeps the numbers that decided it
    check.look(2000, {"a": (4000, 0, 1200), "b": (12000, 600, 600), "c": (12000, 0, 0)})
    rows = {r["key"]: r for r in check.rows()}
    assert rows["a"]["decision"] == SHIFTED and rows["a"]["games"] == 1000 and rows["a"]["difference"] == 0.1
    assert rows["b"]["decision"] == EQUIVALENT and rows["b"]["seats"] == 6000
    assert rows["c"]["decision"] == EQUIVALENT and check.done and check.looks == 2


def test_a_real_shift_smaller_than_the_minimum_effect_ends_equivalent_not_shifted():
    check = SequentialCheck(ALPHA, 0.02)
    check.look(50000, {"small": (100000, 1000, 20000)})        # +1 point, clearly not 0
    row = check.rows()[0]
    assert row["p_holm"] < ALPHA and row["decision"] == EQUIVALENT and row["ci_high"] < 0.02


def test_holm_across_groups_is_stricter_than_one_group_alone():
    # one group whose sequence excludes 0 at alpha but not at alpha / 10
    b = Boundary.tuned(0.02)
    n, variance = 4000, 0.3
    total = n * 1.02 * b.half_width(n, variance, ALPHA)
    sums = (n, total, variance * (n - 1) + total * total / n)
    alone, among = SequentialCheck(ALPHA, 0.02), SequentialCheck(ALPHA, 0.02)
    alone.look(7000, {"g": sums})
    among.look(7000, {"g": sums, **{k: (n, 0, variance * (n - 1)) for k in range(9)}})
    assert alone.rows()[0]["decision"] == SHIFTED
    assert next(r for r in among.rows() if r["key"] == "g")["decision"] == UNDECIDED


# --- error rates on simulated paired data ---------------------------------------------------------------
def test_500_aa_checks_keep_the_false_alarm_rate_within_alpha():
    for discordance in (0.30, 0.05):        # most results reshuffled; few
        results = simulate(500, FACTIONS, [0.0] * 7, discordance, seed=11)
        alarms = sum(r.outcome == SHIFTED for r in results)
        low, high = wilson(alarms, len(results))
        assert low <= ALPHA, (discordance, alarms)     # not above alpha, within its interval
        assert alarms / len(results) <= ALPHA


def test_a_planted_three_point_shift_is_found_with_90_percent_power():
    results = simulate(500, FACTIONS, [0.03] + [0.0] * 6, 0.30, seed=12)
    found = [r for r in results if r.decisions[0] == SHIFTED]
    assert len(found) / len(results) >= 0.90
    # the shift is never called equivalent, and the other groups rarely shifted
    assert sum(r.decisions[0] == EQUIVALENT for r in results) / len(results) <= ALPHA
    assert sum(any(d == SHIFTED for d in r.decisions[1:]) for r in results) / len(results) <= ALPHA
    mean_games = sum(r.decided_at[0] for r in found) / len(found)
    large = simulate(200, FACTIONS, [0.08] + [0.0] * 6, 0.30, seed=13)
    mean_large = sum(r.decided_at[0] for r in large) / len(large)
    print(f"\nmean games to find the shift: +3 pp {mean_games:,.0f}, +8 pp {mean_large:,.0f} "
          "(20,000-game budget, rounds of 1,000)")
    assert mean_large < mean_games < 20000
    # the plan's estimate (80% power) lies beyond the typical decision and within the budget
    b = Boundary.tuned(0.02)
    planned = games_to_decide(0.03, 0.30, 4 / 7, b, ALPHA, 7, 0.02)
    assert mean_games < planned <= 20000


def test_the_plan_grows_with_the_variance_and_the_closeness_to_the_margin():
    b = Boundary.tuned(0.02)
    args = (4 / 7, b, ALPHA, 14, 0.02)
    assert games_to_decide(0.0, 0.1, *args) < games_to_decide(0.0, 0.3, *args)
    assert games_to_decide(0.08, 0.3, *args) < games_to_decide(0.03, 0.3, *args)
    assert games_to_decide(0.015, 0.3, *args) > games_to_decide(0.0, 0.3, *args)
    assert games_to_decide(0.02, 0.3, *args) is None           # at the margin itself: never decided


def test_the_sequential_module_is_pure_python():
    code = ("import sys, scythe_sim.sequential; "
            "print(sorted(m for m in ('numpy', 'polars', 'numba', 'analysis') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
