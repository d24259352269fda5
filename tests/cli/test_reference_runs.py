"""The reference player's games as the commands play them (issue 54): `compare
--reference N` prints the cost, plays both runs' first N deals with search in every seat
and gives each group a status; a second call reuses them and plays nothing; the
notebook's open_run(reference=N) reads the same games; `check --confirm` re-tests a
decided shift and exits with the reference's verdict; a run whose game has no reference
player, or a --reference larger than the run, is one line and exit 2.
Real runs of the simulator, kept tiny: the reference plays 4 games."""
import json
import os
import subprocess

import pytest
from click.testing import CliRunner

from cli.main import main

GAMES, REFERENCE = 30, 4


def _cli(*args):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    root = tmp_path_factory.mktemp("reference_runs")
    for name, rules in (("base", ()), ("five", ("--rule", "stars_to_end=5"))):
        out = _cli("run", "--games", str(GAMES), "--workers", "1", "--out", str(root), "--name", name, "--quiet",
                   *rules)
        assert out.exit_code == 0, out.output
    return root


@pytest.mark.slow
def test_compare_plays_the_reference_once_and_reuses_it(runs):
    base, five = str(runs / "base"), str(runs / "five")
    first = _cli("compare", base, five, "--reference", str(REFERENCE), "--workers", "1", "--format", "json")
    assert first.exit_code == 0, first.output
    assert "games to play, about" in first.output          # the cost, before anything was played
    answer = json.loads(first.output[first.output.index("{"):])
    reference = answer["reference"]
    assert reference["checked"] and reference["games"] == REFERENCE and reference["player"] == "search"
    assert {row["status"] for row in reference["rows"]} <= {"holds", "differs", "too few games"}
    assert len(reference["rows"]) == len(answer["rows"])   # every faction has a status
    kept = sorted(os.listdir(runs / "reference"))
    assert len(kept) == 2                                  # one reference run per run, beside them
    second = _cli("compare", base, five, "--reference", str(REFERENCE), "--workers", "1")
    assert second.exit_code == 0 and "games to play" not in second.output
    assert second.output.count("already played, reused") == 2
    assert "Checked against the reference (4 `search` games on the same deals)" in second.output
    assert sorted(os.listdir(runs / "reference")) == kept


@pytest.mark.slow
def test_the_notebook_reads_the_same_reference_games(runs):
    import scythe_sim

    opened = scythe_sim.open_run(str(runs / "base"), reference=REFERENCE)
    table = opened.reference_check()
    assert set(table["by"]) == {"faction", "mat"} and table["status"].null_count() == 0
    assert opened.reference.manifest["games"] == REFERENCE
    assert opened.reference.manifest["config"]["strategies"] == ["search"]


@pytest.mark.slow
def test_a_reference_larger_than_the_run_is_one_line(runs):
    out = CliRunner().invoke(main, ["compare", str(runs / "base"), str(runs / "five"), "--reference",
                                    str(GAMES + 1)])
    assert out.exit_code == 2
    assert f"--reference {GAMES + 1}: the run has {GAMES} games" in out.output
    assert out.output.count("\n") == 1


@pytest.mark.slow
def test_check_confirm_retests_a_decided_shift(tmp_path):
    # Crimea without its faction ability: a shift the fast players decide within a few rounds
    out = CliRunner().invoke(main, ["check", "--rule", "faction_abilities_off=4", "--by", "faction",
                                    "--min-effect", "10", "--round", "200", "--max-games", "600",
                                    "--confirm", str(REFERENCE), "--out", str(tmp_path), "--workers", "1",
                                    "--format", "json", "--quiet"])
    answer = json.loads(out.output[out.output.index("{"):])
    assert answer["outcome"] == "shifted", out.output
    confirm = answer["confirm"]
    assert confirm["checked"] and confirm["games"] == REFERENCE
    assert [r["group"] for r in confirm["rows"]] == [r["group"] for r in answer["rows"]
                                                    if r["decision"] == "shifted"]
    assert out.exit_code == {"confirmed": 1, "not confirmed": 5, "undecided": 6}[confirm["verdict"]]


@pytest.mark.slow
def test_the_reports_first_screen_says_it_was_checked(runs, tmp_path):
    import re

    from tests.browser import FLAGS, find_browser

    out = _cli("report", str(runs / "base"), "--reference", str(REFERENCE), "--workers", "1",
               "--out", str(tmp_path / "report"))
    assert out.exit_code == 0, out.output
    page = (tmp_path / "report" / "index.html").read_text()
    glance = page.split("<div class='glance'>")[1].split("</div>")[0]
    lines = re.findall(r"<li>(.*?)</li>", glance)
    checked = [line for line in lines if "Checked against the reference (4 " in line]
    assert len(checked) == 1 and re.search(r"\d+ of \d+ groups hold", checked[0]), lines
    assert "reference_check.csv" in page
    browser = find_browser()
    if browser is None and os.environ.get("CI") != "true":
        return                                         # the browser part runs where chromium is (CI)
    done = subprocess.run([browser, *FLAGS, f"--user-data-dir={tmp_path / 'profile'}",
                                         "--dump-dom", (tmp_path / "report" / "index.html").as_uri()],
                                        capture_output=True, text=True, timeout=180)
    assert done.returncode == 0 and "Checked against the reference (4" in done.stdout, done.stderr[-1000:]


@pytest.mark.slow
def test_a_game_without_a_reference_player_says_so(tmp_path):
    out = _cli("run", "--game", "my_little_scythe", "--games", "10", "--workers", "1", "--out", str(tmp_path),
               "--name", "mls", "--quiet")
    assert out.exit_code == 0, out.output
    refused = CliRunner().invoke(main, ["report", str(tmp_path / "mls"), "--reference", "2"])
    assert refused.exit_code == 2 and "my_little_scythe has no reference player" in refused.output
    assert refused.output.count("\n") == 1 and not (tmp_path / "mls" / "report").exists()
    report = _cli("report", str(tmp_path / "mls"), "--format", "json")
    answer = json.loads(report.output)
    assert "Verdicts from my_little_scythe's own players: the game has no reference player" in " ".join(
        answer["glance"])
