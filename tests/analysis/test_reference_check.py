"""The reference check's statuses (analysis/reference.py) on planted data: a reference run
that replays the fast run's deals with one faction made stronger differs on that faction
and holds elsewhere; a faithful replay holds everywhere it can tell; runs dealt
differently are refused; the first screen's line names the groups that differ."""
import numpy as np
import polars as pl
import pytest

from analysis.reference import DIFFERS, HOLDS, TOO_FEW, check_rates, check_shifts, headline, status, summary
from analysis.compare import compare_runs
from analysis.runs import AnalysisError, Run

from .test_paired import replay_deals, rewrite_seats, set_manifest, typed_run

GAMES = 3000
GROUPINGS = [("faction",), ("mat",)]


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    root = tmp_path_factory.mktemp("reference")
    fast = typed_run(root / "fast", GAMES, seed=3)
    return {"fast": fast,
            "stronger": replay_deals(fast, root / "stronger", crimea_boost=0.3, redraw=0.05, seed=5),
            "same": replay_deals(fast, root / "same", crimea_boost=0.0, redraw=0.02, seed=6),
            "root": root}


# (estimate - null, side) of the fast and the reference players, (difference, low, high)
@pytest.mark.parametrize("fast, reference, diff, seats, expected", [
    ((0.05, 1), (0.04, 1), (-0.01, -0.03, 0.01), 500, HOLDS),         # both above parity, alike
    ((0.00, 0), (0.01, 0), (0.01, -0.02, 0.04), 500, HOLDS),          # both at parity
    ((0.05, 1), (-0.06, -1), (-0.11, -0.30, 0.08), 500, DIFFERS),     # opposite sides beyond chance
    ((0.05, 1), (0.15, 1), (0.10, 0.05, 0.15), 500, DIFFERS),         # same side, the difference beyond chance
    ((0.05, 1), (0.06, 1), (0.01, 0.005, 0.015), 500, HOLDS),         # beyond chance but under min effect
    ((0.05, 1), (0.02, 0), (-0.03, -0.09, 0.03), 500, TOO_FEW),       # the reference cannot tell yet
    ((0.05, 1), (-0.01, 0), (-0.06, -0.12, 0.01), 500, TOO_FEW),      # signs differ, nothing beyond chance
    ((0.05, 1), (0.05, 1), (0.0, -0.01, 0.01), 10, TOO_FEW),          # too few reference seats
])
def test_status_rules(fast, reference, diff, seats, expected):
    assert status(seats, fast, reference, diff, min_effect=0.02) == expected


def test_a_planted_stronger_faction_differs_and_the_rest_hold(runs):
    table = check_rates(Run(runs["fast"]), Run(runs["stronger"]), GROUPINGS)
    crimea = table.filter((pl.col("by") == "faction") & (pl.col("group") == "crimea")).row(0, named=True)
    assert crimea["status"] == DIFFERS and crimea["difference"] > 0.1
    assert crimea["ci_low"] > 0 and crimea["paired_n"] == crimea["reference_n"]
    others = table.filter(pl.col("group") != "crimea")
    assert others.height == table.height - 1 and DIFFERS not in others.filter(pl.col("by") == "mat")["status"]
    assert set(table["status"]) <= {HOLDS, DIFFERS, TOO_FEW}


def test_a_faithful_replay_differs_nowhere(runs):
    table = check_rates(Run(runs["fast"]), Run(runs["same"]), GROUPINGS)
    assert DIFFERS not in table["status"].to_list()
    assert (table["status"] == HOLDS).sum() >= table.height // 2
    # the difference is the reference's rate minus the fast rate over the same deals
    row = table.row(0, named=True)
    assert row["difference"] == pytest.approx(row["reference_rate"] - row["fast_rate"], abs=0.02)


def test_the_reference_plays_the_runs_first_deals(runs, tmp_path):
    short = replay_deals(runs["fast"], tmp_path / "short", crimea_boost=0.0, redraw=0.0)
    rewrite_seats(short, lambda s: s.filter(pl.col("game") < 500))
    set_manifest(short, games=500)
    table = check_rates(Run(runs["fast"], hashes=False), Run(short, hashes=False), GROUPINGS)
    assert table["paired_n"].sum() == 2 * 500 * 4            # every seat of 500 games, in both groupings
    assert table["fast_n"].sum() == 2 * GAMES * 4            # the fast verdict stays the whole run's
    assert (table["difference"].abs() < 1e-12).all()


def test_runs_dealt_differently_are_refused(runs, tmp_path):
    other = replay_deals(runs["fast"], tmp_path / "other", crimea_boost=0.0)
    rewrite_seats(other, lambda s: s.with_columns(pl.Series("mat", np.roll(s["mat"].to_numpy(), 1))))
    with pytest.raises(AnalysisError, match="did not play the same deals"):
        check_rates(Run(runs["fast"], hashes=False), Run(other, hashes=False), GROUPINGS)


def test_a_reference_longer_than_the_run_is_refused(runs):
    with pytest.raises(AnalysisError, match="the reference plays the run's first deals"):
        check_rates(Run(runs["stronger"]), Run(_longer(runs)), GROUPINGS)


def _longer(runs):
    path = runs["root"] / "longer"
    if not path.exists():
        replay_deals(runs["fast"], path, crimea_boost=0.0)
        set_manifest(path, games=GAMES + 1)
    return str(path)


def test_the_first_screen_line_names_what_differs(runs):
    table = check_rates(Run(runs["fast"]), Run(runs["stronger"]), GROUPINGS)
    line = headline(table, 3000)
    holding = (table["status"] == HOLDS).sum()
    assert line.startswith(f"Checked against the reference (3,000 `search` games on the same deals): "
                           f"{holding} of {table.height} groups hold; differ: crimea")
    fields = summary(table, 3000)
    assert fields["differs"][0] == "crimea" and fields["games"] == 3000 and fields["line"] == line


def _fast_table(base, candidate):
    return (compare_runs(base, candidate, ("faction",))
            .with_columns(pl.lit("faction").alias("by"), pl.col("faction").alias("group")))


def test_a_comparisons_shift_the_reference_does_not_see_differs(runs, tmp_path):
    # the fast players shift crimea by a planted amount; the reference runs do not
    fast_base, fast_candidate = Run(runs["fast"]), Run(runs["stronger"])
    reference_base = replay_deals(runs["fast"], tmp_path / "rb", crimea_boost=0.0, redraw=0.02, seed=8)
    reference_candidate = replay_deals(runs["fast"], tmp_path / "rc", crimea_boost=0.0, redraw=0.02, seed=9)
    table = check_shifts(fast_base, fast_candidate, Run(reference_base), Run(reference_candidate),
                         _fast_table(fast_base, fast_candidate), [("faction",)])
    crimea = table.filter(pl.col("group") == "crimea").row(0, named=True)
    assert crimea["fast_shift"] > 0.1 and abs(crimea["reference_shift"]) < 0.05
    assert crimea["status"] == DIFFERS
    assert crimea["difference"] == pytest.approx(crimea["reference_shift"] - crimea["fast_shift"], abs=1e-9)


def test_a_comparisons_shift_the_reference_repeats_holds(runs, tmp_path):
    fast_base, fast_candidate = Run(runs["fast"]), Run(runs["stronger"])
    reference_base = replay_deals(runs["fast"], tmp_path / "rb", crimea_boost=0.0, redraw=0.01, seed=8)
    reference_candidate = replay_deals(runs["stronger"], tmp_path / "rc", crimea_boost=0.0, redraw=0.01, seed=9)
    table = check_shifts(fast_base, fast_candidate, Run(reference_base), Run(reference_candidate),
                         _fast_table(fast_base, fast_candidate), [("faction",)])
    assert table.filter(pl.col("group") == "crimea")["status"].item() == HOLDS
    assert DIFFERS not in table["status"].to_list()


# --- check --confirm ---------------------------------------------------------------------------------
def test_a_shift_the_reference_repeats_is_confirmed(runs, tmp_path):
    from analysis.reference import CONFIRMED, confirm_rows, confirmation

    base = replay_deals(runs["fast"], tmp_path / "rb", crimea_boost=0.0, redraw=0.01, seed=8)
    candidate = replay_deals(runs["stronger"], tmp_path / "rc", crimea_boost=0.0, redraw=0.01, seed=9)
    rows = confirm_rows(Run(base), Run(candidate), [{"by": "faction", "group": "crimea", "difference": 0.2}])
    assert rows[0]["verdict"] == CONFIRMED and rows[0]["ci_low"] > 0 and confirmation(rows) == CONFIRMED


def test_a_shift_the_reference_does_not_see_is_not_confirmed(runs, tmp_path):
    from analysis.reference import NOT_CONFIRMED, confirm_rows, confirmation

    base = replay_deals(runs["fast"], tmp_path / "rb", crimea_boost=0.0, redraw=0.0, seed=8)
    candidate = replay_deals(runs["fast"], tmp_path / "rc", crimea_boost=0.0, redraw=0.0, seed=9)
    rows = confirm_rows(Run(base), Run(candidate), [{"by": "faction", "group": "crimea", "difference": 0.2},
                                                    {"by": "mat", "group": "industrial", "difference": -0.1}])
    assert [r["verdict"] for r in rows] == [NOT_CONFIRMED, NOT_CONFIRMED] and confirmation(rows) == NOT_CONFIRMED
    assert rows[0]["reference_shift"] == 0.0


def test_a_shift_too_small_to_tell_is_undecided(runs, tmp_path):
    from analysis.reference import UNDECIDED, confirm_rows, confirmation

    short = replay_deals(runs["fast"], tmp_path / "rb", crimea_boost=0.0, redraw=0.0, seed=8)
    noisy = replay_deals(runs["fast"], tmp_path / "rc", crimea_boost=0.0, redraw=0.5, seed=9)
    for path in (short, noisy):
        rewrite_seats(path, lambda s: s.filter(pl.col("game") < 100))
        set_manifest(path, games=100)
    rows = confirm_rows(Run(short, hashes=False), Run(noisy, hashes=False),
                        [{"by": "faction", "group": "crimea", "difference": 0.05}])
    assert rows[0]["verdict"] == UNDECIDED and confirmation(rows) == UNDECIDED


def test_the_check_shown_in_percent_and_points_never_reads_minus_zero(runs):
    from analysis.reference_view import json_fields, markdown_lines, text_lines

    table = check_rates(Run(runs["fast"]), Run(runs["same"]), GROUPINGS)
    lines = text_lines(table, 3000)
    assert lines[0] == headline(table, 3000) and len(lines) == table.height + 3
    assert "-0.0" not in "\n".join(lines + markdown_lines(table, 3000))
    fields = json_fields(table, 3000)
    row = next(r for r in fields["rows"] if r["group"] == "crimea")
    crimea = table.filter(pl.col("group") == "crimea").row(0, named=True)
    assert fields["checked"] and row["difference"] == pytest.approx(100 * crimea["difference"], abs=1e-3)
