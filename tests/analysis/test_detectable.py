"""The smallest shift a comparison detects at 80% power (mde): by hand, on compare's
table (paired and unpaired, shrinking with the games), and printed by compare."""
import math

import pytest
from click.testing import CliRunner

from analysis.compare import compare_runs
from analysis.runs import Run
from cli.main import main
from scythe_sim.intervals import detectable_shift, z_for
from tests.analysis.test_analysis import BASE, fake_run
from tests.analysis.test_paired import replay_deals


def test_detectable_shift_by_hand():
    # the test needs the estimate beyond 2 se (0.02) and beyond min_effect: the larger, plus 0.8416 se
    assert detectable_shift(0.02, 0.01) == pytest.approx(0.02 + 0.8416212 * 0.01)
    assert detectable_shift(0.02, 0.01, min_effect=0.05) == pytest.approx(0.05 + 0.8416212 * 0.01)
    assert detectable_shift(0.02, 0.01, power=0.9) == pytest.approx(0.02 + 1.2815516 * 0.01)


def test_compare_gives_each_group_its_mde_and_prints_the_span(tmp_path):
    small, large = (fake_run(tmp_path / f"b{n}", n, BASE, seed=1) for n in (1000, 4000))
    other = fake_run(tmp_path / "other", 4000, BASE, seed=2)
    unpaired = compare_runs(Run(large), Run(other), min_effect=0.0)
    row = unpaired.row(0, named=True)
    n1, n2, p1, p2 = row["base_n"], row["candidate_n"], row["base_rate"], row["candidate_rate"]
    se = math.sqrt(p1 * (1 - p1) / n1 + p2 * (1 - p2) / n2)
    assert row["method"] == "unpaired"
    assert row["mde"] == pytest.approx((z_for(0.05 / unpaired.height) + 0.8416212) * se)
    # four times the games: about half the detectable shift
    quarter = compare_runs(Run(small), Run(fake_run(tmp_path / "o1", 1000, BASE, seed=2)), min_effect=0.0)
    assert quarter["mde"].mean() == pytest.approx(2 * unpaired["mde"].mean(), rel=0.15)
    # paired: narrower, and never below min_effect
    paired = compare_runs(Run(large), Run(replay_deals(large, tmp_path / "same", crimea_boost=0.0)))
    assert set(paired["method"]) == {"paired"} and (paired["mde"] >= 0.02).all()
    assert paired["mde"].max() < unpaired["mde"].min() + 0.02
    out = CliRunner().invoke(main, ["compare", large, other])
    assert out.exit_code == 0 and "detectable at 80% power with these games (mde): " in out.output
    header = next(line for line in out.output.splitlines() if line.startswith("group"))
    assert "mde" in header.split()
