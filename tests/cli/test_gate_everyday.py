"""The CI gate as a user drives it (issue 58, items 1, 3, 7 and 8), on synthetic paired
runs and no kernel: `compare --by faction --by mat --fail` checks both groupings as one
Holm family and fails when either shifts, in either order; `compare` and `check` each
say in one line why their intervals differ; `check --plan` leads with where the
default check stops; `check --format markdown` names no absolute path."""
import json
import os

import pytest
from click.testing import CliRunner

from analysis.check_view import ANYTIME_NOTE
from analysis.compare import FIXED_SAMPLE_NOTE
from cli.main import main
from scythe_sim.intervals import holm
from scythe_sim.runner.config import load_config
from tests.analysis.test_paired import replay_deals, set_manifest, typed_run

GAMES = 3000


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """A base, a candidate on the same deals where only crimea gains (about +3 points:
    the faction grouping shifts, no mat does), one where crimea gains much more (a pilot
    of 1,000 games sees it), and an A/A candidate; each with the config snapshot `check`
    reads from a run."""
    root = tmp_path_factory.mktemp("gate")
    base = typed_run(root / "base", GAMES, seed=1)
    out = {"root": root, "base": base,
           "shifted": replay_deals(base, root / "shifted", crimea_boost=0.06, redraw=0.03),
           "boosted": replay_deals(base, root / "boosted", crimea_boost=0.25, redraw=0.03),
           "same": replay_deals(base, root / "same", crimea_boost=0.0, redraw=0.03)}
    snapshot = load_config(None, seed=1).snapshot()
    for name in ("base", "shifted", "boosted", "same"):
        rules = {**snapshot["rules"], "stars_to_end": 5} if name != "base" else snapshot["rules"]
        set_manifest(out[name], config_hash=f"rule_{name}", config={**snapshot, "rules": rules})
    return out


def _invoke(*args):
    return CliRunner(env={"COLUMNS": "160"}).invoke(main, [*map(str, args)])


def _flat(text):
    return " ".join(text.split())


# --- item 1: every --by is checked, as one family -------------------------------------------------
def test_only_the_faction_grouping_shifts(runs):
    assert _invoke("compare", runs["base"], runs["shifted"], "--by", "faction", "--fail").exit_code == 1
    alone = _invoke("compare", runs["base"], runs["shifted"], "--by", "mat", "--fail")
    assert alone.exit_code == 0, alone.output


@pytest.mark.parametrize("order", [("faction", "mat"), ("mat", "faction")])
def test_a_repeated_by_fails_the_gate_when_either_grouping_shifts(runs, order):
    args = [a for by in order for a in ("--by", by)]
    out = _invoke("compare", runs["base"], runs["shifted"], *args, "--fail")
    assert out.exit_code == 1, out.output
    lines = out.output.splitlines()
    # both groupings in one table, each group named with its grouping, largest first
    assert any(line.startswith("faction crimea") for line in lines)
    assert any(line.startswith("mat ") for line in lines)
    assert "win rate by " + " and ".join(order) + ":" in out.output
    assert "simultaneous over the groups of every grouping, one Holm family" in _flat(out.output)
    assert "1 group(s) shifted by at least 2 pp at alpha 0.05 (" in _flat(out.output)
    assert f"{order[0]}: " in lines[-1] and f"{order[1]}: " in lines[-1]


def test_the_json_says_which_grouping_each_row_belongs_to_and_holm_spans_both(runs):
    out = _invoke("compare", runs["base"], runs["shifted"], "--by", "faction", "--by", "mat", "--format", "json")
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["groupings"] == ["faction", "mat"] and data["shifted_by"] == {"faction": 1, "mat": 0}
    rows = data["rows"]
    assert {r["by"] for r in rows} == {"faction", "mat"} and len(rows) == 5 + 5
    crimea = next(r for r in rows if r["by"] == "faction" and r["group"] == "crimea")
    assert crimea["verdict"] == "shift" and crimea["faction"] == "crimea"
    assert all(r["mat"] == r["group"] for r in rows if r["by"] == "mat")
    # one Holm family over all 10 groups, not one per grouping
    assert [r["p_holm"] for r in rows] == pytest.approx(holm([r["p_value"] for r in rows]))
    alone = json.loads(_invoke("compare", runs["base"], runs["shifted"], "--format", "json").output)["rows"]
    alone_crimea = next(r for r in alone if r["faction"] == "crimea")
    assert crimea["p_holm"] > alone_crimea["p_holm"]          # more groups, a stricter family


def test_markdown_shows_every_grouping(runs):
    out = _invoke("compare", runs["base"], runs["shifted"], "--by", "mat", "--by", "faction,mat",
                  "--format", "markdown")
    assert out.exit_code == 0, out.output
    assert "| mat patriotic |" in out.output and "| faction,mat crimea / " in out.output


def test_a_repeated_identical_by_counts_once(runs):
    data = json.loads(_invoke("compare", runs["base"], runs["shifted"], "--by", "mat", "--by", "mat",
                              "--format", "json").output)
    assert data["groupings"] == ["mat"] and len(data["rows"]) == 5


@pytest.mark.parametrize("command", ["compare", "check"])
def test_help_says_a_comma_is_the_cross_and_a_repeat_is_both(command):
    out = _invoke(command, "--help")
    assert out.exit_code == 0, out.output
    text = _flat(out.output)
    assert "`--by faction,mat` is the faction x mat cross (each pair a group)" in text
    assert "repeat --by to check each grouping (`--by faction --by mat`: both, one Holm family" in text


# --- item 3: one line on why compare and check differ ------------------------------------------
@pytest.mark.parametrize("fmt", ["text", "markdown", "json"])
def test_compare_says_why_check_may_disagree(runs, fmt):
    out = _invoke("compare", runs["base"], runs["shifted"], "--format", fmt)
    assert out.exit_code == 0, out.output
    if fmt == "json":
        assert json.loads(out.output)["interval_note"] == FIXED_SAMPLE_NOTE
    else:
        assert _flat(out.output).count(FIXED_SAMPLE_NOTE) == 1
    assert "one fixed-sample look" in FIXED_SAMPLE_NOTE and "always-valid" in FIXED_SAMPLE_NOTE


def _check(runs, *args, candidate="shifted"):
    return _invoke("check", runs["base"], runs[candidate], "--round", "1000", "--max-games", str(GAMES),
                   "--quiet", "--workers", "1", *args)


@pytest.mark.parametrize("fmt", ["text", "markdown", "json"])
def test_check_says_why_compare_may_disagree(runs, fmt):
    out = _check(runs, "--format", fmt)
    assert out.exit_code in (1, 3), out.output
    if fmt == "json":
        assert json.loads(out.stdout)["interval_note"] == ANYTIME_NOTE
    else:
        assert _flat(out.stdout).count(ANYTIME_NOTE) == 1
    assert "always-valid" in ANYTIME_NOTE and "one fixed-sample look" in ANYTIME_NOTE


# --- item 7: --plan leads with where the default check stops ------------------------------------
def test_a_plan_leads_with_the_first_shift_then_every_group(runs):
    out = _check(runs, "--plan", candidate="boosted")
    assert out.exit_code == 0, out.output
    lines = out.stdout.splitlines()
    assert lines[0].startswith("plan from a pilot of 1,000 games: the check stops at its first shift (the default) "
                               "after about ") and lines[0].endswith("games a side (faction crimea, 80%)")
    assert lines[1].startswith("--every-group (every group decided, 80% each): about ")
    data = json.loads(_check(runs, "--plan", "--format", "json", candidate="boosted").stdout)
    assert list(data)[:3] == ["stops_after", "stops_when", "first_shift_group"]
    assert data["stops_when"] == "first shift" and data["first_shift_group"] == "faction crimea"
    assert data["stops_after"] == data["games_to_first_shift"] <= (data["games_needed"] or 10 ** 12)
    assert f"{data['stops_after']:,} games a side" in lines[0]
    markdown = _check(runs, "--plan", "--format", "markdown", candidate="boosted").stdout.splitlines()
    assert markdown[0].startswith("**plan from a pilot of 1,000 games: the check stops at its first shift")
    assert markdown[1].startswith("--every-group")


def test_a_plan_without_a_shift_leads_with_all_equivalent(runs):
    out = _check(runs, "--plan", "--min-effect", "5", candidate="same")
    assert out.exit_code == 0, out.output
    first = out.stdout.splitlines()[0]
    assert first.startswith("plan from a pilot of 1,000 games: no group is expected to shift; the check stops "
                            "when every group is equivalent within +-5 pp, after about "), first
    data = json.loads(_check(runs, "--plan", "--min-effect", "5", "--format", "json", candidate="same").stdout)
    assert data["stops_when"] == "every group equivalent" and data["stops_after"] == data["games_needed"]


# --- item 8: no absolute path in check's Markdown ---------------------------------------------
def test_check_markdown_names_runs_without_absolute_paths(runs, monkeypatch, tmp_path):
    monkeypatch.chdir(runs["root"])                 # the runs below the current folder: relative
    out = _check(runs, "--format", "markdown")
    assert out.exit_code in (1, 3), out.output
    assert "base: `base`" in out.stdout and "candidate: `shifted`" in out.stdout
    assert str(runs["root"]) not in out.stdout and os.sep + "tmp" not in out.stdout
    monkeypatch.chdir(tmp_path)                     # elsewhere: the folder's own name
    out = _check(runs, "--format", "markdown")
    assert "base: `base`" in out.stdout and str(runs["root"]) not in out.stdout
    # the terminal keeps the path as given
    assert str(runs["root"]) in _check(runs).stdout


def test_compare_numbers_use_one_format(runs):
    out = _invoke("compare", runs["base"], runs["shifted"], "--by", "faction", "--by", "mat")
    assert out.exit_code == 0, out.output
    assert "(n=2,4" in out.output and "(n=24" not in out.output         # counts with separators
    for zero in ("-0.0", "+0.0"):                                        # a zero carries no sign
        assert zero not in out.output, out.output
    assert " 0.0 pp" in out.output
