"""One unit for effects and intervals that agree with their verdicts (issue 41, items 1
and 2): `--min-effect` is in percentage points in `compare` as in `check`, a fraction
given there is refused with the points meant, a planted 3-point shift fails
`compare --min-effect 2 --fail` and an A/A pair passes it; the interval beside each
Holm-corrected verdict excludes 0 exactly when the verdict is not "no shift", in the
command, its JSON and the report."""
import json
import os

import polars as pl
import pytest
from click.testing import CliRunner

from analysis.compare import compare_runs
from analysis.report import build_report
from analysis.runs import Run
from cli.main import main
from scythe_sim.intervals import holm, holm_levels, interval_p_value, newcombe_difference

from .test_paired import replay_deals, set_manifest, typed_run

GAMES = 3000


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    root = tmp_path_factory.mktemp("units")
    base = typed_run(root / "base", GAMES, seed=1)
    out = {"base": base, "shifted": replay_deals(base, root / "shifted", crimea_boost=0.06, redraw=0.03),
           "same": replay_deals(base, root / "same", crimea_boost=0.0, redraw=0.03), "root": root}
    for name in ("shifted", "same"):     # a house rule played on the same deals
        set_manifest(out[name], config_hash=f"rule_{name}", config={"rules": {"stars_to_end": 5}})
    return out


def _compare(*args):
    return CliRunner(env={"COLUMNS": "160"}).invoke(main, ["compare", *args])


def test_the_planted_shift_is_about_three_points(runs):
    table = compare_runs(Run(runs["base"]), Run(runs["shifted"]), by=("faction",))
    crimea = table.filter(pl.col("faction") == "crimea").row(0, named=True)
    assert 0.025 < crimea["difference"] < 0.04


def test_min_effect_is_in_points_and_the_gate_can_fail(runs):
    out = _compare(runs["base"], runs["shifted"], "--min-effect", "2", "--fail")
    assert out.exit_code == 1, out.output
    assert "1 group(s) shifted by at least 2 pp" in out.output
    same = _compare(runs["base"], runs["same"], "--min-effect", "2", "--fail")
    assert same.exit_code == 0, same.output
    assert "0 group(s) shifted" in same.output
    # a shift smaller than the margin does not fail the gate
    wide = _compare(runs["base"], runs["shifted"], "--min-effect", "5", "--fail")
    assert wide.exit_code == 0, wide.output


@pytest.mark.parametrize("command", [["compare", "A", "B"], ["check"]])
def test_a_fraction_where_points_are_meant_is_refused(runs, command, tmp_path):
    args = [runs["base"], runs["shifted"]] if command[0] == "compare" else []
    out = CliRunner().invoke(main, [command[0], *args, "--min-effect", "0.02", "--out", str(tmp_path)]
                             if command[0] == "check" else [command[0], *args, "--min-effect", "0.02"])
    assert out.exit_code == 2 and out.output.count("\n") == 1, out.output
    assert "--min-effect 0.02 is in percentage points: did you mean 2 points?" in out.output
    assert not os.listdir(tmp_path)


def test_json_speaks_points(runs):
    data = json.loads(_compare(runs["base"], runs["shifted"], "--format", "json").output)
    assert data["min_effect_pp"] == 2
    crimea = next(r for r in data["rows"] if r["faction"] == "crimea")
    assert 2.5 < crimea["difference_pp"] < 4 and crimea["verdict"] == "shift"
    assert crimea["ci_low_pp"] > 0 and 0 < crimea["base_rate_pct"] < 100
    assert "difference" not in crimea and "ci_low" not in crimea


def _agrees(rows):
    """Rows whose interval and verdict disagree (an interval excluding 0 beside "no shift",
    or one holding 0 beside a shift)."""
    return [r for r in rows if (r["ci_low"] > 0 or r["ci_high"] < 0) != (r["verdict"] != "no shift")]


def test_the_interval_beside_each_verdict_matches_it(runs):
    for other in ("shifted", "same"):
        for keys in (("faction",), ("mat",), ("faction", "mat")):
            table = compare_runs(Run(runs["base"]), Run(runs[other]), by=keys)
            assert not _agrees(table.filter(pl.col("difference").is_not_null()).to_dicts())
    # unpaired too, and its p-value is the interval's own
    table = compare_runs(Run(runs["base"]), Run(typed_run(runs["root"] / "other", GAMES, seed=5)),
                         by=("faction", "mat"), min_effect=0.0)
    assert not _agrees(table.to_dicts())
    row = table.row(0, named=True)
    b, c = round(row["base_rate"] * row["base_n"]), round(row["candidate_rate"] * row["candidate_n"])
    assert row["p_value"] == pytest.approx(
        interval_p_value(lambda a: newcombe_difference(b, row["base_n"], c, row["candidate_n"], a)[1:3]), rel=1e-6)


def test_holm_levels_match_holm_exactly():
    p = [0.001, 0.011, 0.02, 0.04, 0.3]
    for value, adjusted, level in zip(p, holm(p), holm_levels(p, 0.05)):
        assert (value < level) == (adjusted < 0.05)
    assert holm_levels([0.01], 0.05) == [0.05]


def test_the_report_shows_no_interval_beside_a_contrary_verdict(runs, tmp_path):
    index = build_report([runs["base"], runs["shifted"]], str(tmp_path / "rep"))
    for by in ("faction", "mat", "faction_mat"):
        table = pl.read_csv(tmp_path / "rep" / f"compare_shifted_by_{by}.csv")
        assert not _agrees(table.filter(pl.col("difference").is_not_null()).to_dicts())
    text = open(index).read()
    assert "CI, simultaneous (Holm)" in text and "unpaired 95% CI, unadjusted" in text
    assert "| shift |" in text or "| shift" in text


def test_the_checks_interval_matches_its_holm_verdict():
    from scythe_sim.sequential import Boundary, SequentialCheck

    # group "edge" excludes 0 at alpha alone but not after Holm over 10 groups
    b = Boundary.tuned(0.02)
    n, variance = 4000, 0.3
    total = n * 1.02 * b.half_width(n, variance, 0.05)
    sums = {"edge": (n, total, n * variance + total * total / n)}
    sums.update({f"g{i}": (n, 0.0, n * variance) for i in range(9)})
    sums["big"] = (n, 0.1 * n, n * variance + 0.01 * n)
    check = SequentialCheck(0.05, 0.02)
    check.look(n, sums)
    rows = {r["key"]: r for r in check.rows()}
    assert rows["big"]["decision"] == "shifted" and rows["big"]["ci_low"] > 0 and rows["big"]["ci_level"] > 0.95
    edge = rows["edge"]
    assert edge["decision"] == "undecided" and edge["p_value"] < 0.05 < edge["p_holm"]
    assert edge["ci_low"] < 0 < edge["ci_high"]          # the unadjusted sequence would exclude 0
    assert check.interval(check.groups["edge"])[0] > 0


def test_a_tiles_effects_show_the_interval_of_their_holm_verdict(runs):
    from analysis import wind_gambit

    from .test_wind_gambit import wind_run

    run = Run(wind_run(runs["base"], runs["root"] / "wind"))
    effects = wind_gambit.tile_effects(run.seats(), "resolution_tile", min_cell=30)
    done = effects.filter(pl.col("difference").is_not_null())
    assert done["shifted"].any() and not done["shifted"].all()
    for r in done.iter_rows(named=True):
        assert (r["ci_low"] > 0 or r["ci_high"] < 0) == r["shifted"]
