"""`scythe-sim learn`: bad options are one line and exit 2; a run saves each generation,
resumes from the last one to the very models an uninterrupted run makes, whatever the
worker count; SIGTERM and Ctrl-C stop it with its workers."""
import json
import os
import signal
import subprocess
import sys
import time

import psutil
import pytest
from click.testing import CliRunner

from cli.main import main
from tests.runner.test_model_config import STUDY as CHECK_STUDY

SMALL = ("--games", "16", "--eval-games", "12", "--seed", "5", "--knots", "2")


def _run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def _one_line(result, *parts):
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.output
    for part in parts:
        assert part in lines[0], lines[0]


@pytest.mark.parametrize("args, part", [
    (("--games", "0"), "--games"),
    (("--eval-games", "-3"), "--eval-games"),
    (("--players", "6"), "--players"),
    (("--knots", "0"), "--knots"),
    (("--field", "nobody"), "field 'nobody'"),
    (("--field", "default,nobody"), "field 'nobody'"),
    (("--win-bonus", "-1"), "--win-bonus"),
    (("--workers", "0"), "--workers"),
    (("--target", "wins"), "--target must be one of margin, td"),
    (("--target", "td", "--td-lambda", "1.5"), "--td-lambda must be a number 0..1"),
    (("--td-lambda", "0.5"), "--td-lambda applies only with --target td"),
    (("--penalties", "0.3"), "--penalties must be auto or two numbers"),
    (("--penalties", "0,1"), "--penalties must be auto or two numbers"),
    (("--penalties", "a,b"), "--penalties must be auto or two numbers"),
    (("--teacher", "oracle"), "--teacher must be one of none, search"),
    (("--teacher", "search", "--target", "td"), "--target applies without --teacher"),
    (("--teacher", "search", "--agree-games", "0"), "--agree-games must be"),
    (("--player", "oracle"), "--player must be one of greedy, search"),
    (("--player", "search", "--teacher", "search"), "drop --teacher"),
    (("--player", "search", "--knots", "2"), "--knots must be the shipped model's"),
    (("--study", "quality"), "a declared study"),
    (("--study", "nope"), "no study 'nope'"),
])
def test_a_bad_option_is_one_line_and_exit_2(tmp_path, args, part):
    result = _run("learn", "--out", tmp_path / "run", *args)
    _one_line(result, part)
    assert not (tmp_path / "run").exists()


def test_resume_needs_a_run_and_a_run_needs_resume(tmp_path):
    _one_line(_run("learn", "--resume", "--out", tmp_path / "none", *SMALL), "--resume", "no learning run")
    (tmp_path / "old").mkdir()
    (tmp_path / "old" / "learn.json").write_text(json.dumps({"settings": {}, "generations": [], "incumbent": None}))
    _one_line(_run("learn", "--out", tmp_path / "old", *SMALL), "add --resume")


def test_a_run_saved_before_the_target_existed_resumes_as_a_margin_run(tmp_path):
    """Its settings lack target and td_lambda: it was a margin run, and resumes only as one."""
    from scythe_sim.games.scythe.tools.learn import Settings, start_state

    old = tmp_path / "old"
    old.mkdir()
    settings = {"games": 16, "eval_games": 12, "seed": 5, "players": 4, "field": "default", "knots": 2,
                "win_bonus": 0.0, "generations": 1}
    (old / "learn.json").write_text(json.dumps({"settings": settings, "generations": [], "incumbent": None}))
    same = dict(settings, generations=2, out=str(old))
    assert start_state(Settings(**same), resume=True)["settings"]["generations"] == 2
    _one_line(_run("learn", "--resume", "--out", old, *SMALL, "--target", "td"), "--target", "'margin'")


def _files(folder):
    return {name: (folder / name).read_text() for name in sorted(os.listdir(folder))
            if name.endswith(".toml")}


@pytest.mark.slow
def test_a_resumed_run_makes_the_models_an_uninterrupted_run_makes(tmp_path):
    first = _run("learn", "--generations", 1, "--out", tmp_path / "a", "--workers", 1, *SMALL)
    assert first.exit_code == 0, first.output
    state = json.loads((tmp_path / "a" / "learn.json").read_text())
    assert [g["generation"] for g in state["generations"]] == [1]
    assert (tmp_path / "a" / "gen-001.toml").exists() and (tmp_path / "a" / "report.md").exists()
    _one_line(_run("learn", "--generations", 2, "--resume", "--out", tmp_path / "a", "--workers", 1,
                   *SMALL[:-1], "3"), "--knots")
    again = _run("learn", "--generations", 2, "--resume", "--out", tmp_path / "a", "--workers", 2, *SMALL)
    assert again.exit_code == 0, again.output
    whole = _run("learn", "--generations", 2, "--out", tmp_path / "b", "--workers", 1, *SMALL)
    assert whole.exit_code == 0, whole.output
    assert _files(tmp_path / "a") == _files(tmp_path / "b")
    a = json.loads((tmp_path / "a" / "learn.json").read_text())
    b = json.loads((tmp_path / "b" / "learn.json").read_text())
    for x, y in zip(a["generations"], b["generations"]):
        for key in ("data", "paired", "yardstick", "kept"):
            assert x[key] == y[key]


@pytest.mark.slow
@pytest.mark.parametrize("signum, code, word", [(signal.SIGTERM, 143, "terminated"),
                                                (signal.SIGINT, 130, "interrupted")])
def test_a_signal_stops_learn_and_its_workers(tmp_path, signum, code, word):
    out = tmp_path / "run"
    proc = subprocess.Popen([sys.executable, "-m", "cli.main", "learn", "--generations", "5", "--games", "400",
                             "--eval-games", "300", "--knots", "2", "--out", str(out), "--workers", "2"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    deadline = time.time() + 900
    workers = []
    while time.time() < deadline and proc.poll() is None and len(workers) < 2:
        workers = psutil.Process(proc.pid).children(recursive=True)
        time.sleep(0.2)
    time.sleep(3)
    assert proc.poll() is None, "learn ended before it could be stopped"
    workers = psutil.Process(proc.pid).children(recursive=True)
    proc.send_signal(signum)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == code, err
    last = err.strip().splitlines()[-1]
    assert last.startswith(f"{word}: ") and "--resume" in last, err
    _, alive = psutil.wait_procs(workers, timeout=10)
    assert not alive


def test_a_teacher_run_fits_to_the_search_and_reports_the_agreement(tmp_path):
    out = tmp_path / "taught"
    result = _run("learn", "--teacher", "search", "--generations", "1", "--out", out, "--games", "10",
                  "--eval-games", "10", "--agree-games", "2", "--players", "2", "--seed", "3", "--workers", "1")
    assert result.exit_code == 0, result.output
    assert "first choice is the search's" in result.output
    state = json.loads((out / "learn.json").read_text())
    (gen,) = state["generations"]
    taught = gen["teaching"]
    assert taught["decisions"] > 0 and taught["held_decisions"] > 0 and taught["rows"] >= 2 * taught["decisions"]
    assert 0.0 <= taught["student_incumbent"] <= 1.0 and 0.0 <= taught["ranking_candidate"] <= 1.0
    assert "## Agreement with the search" in (out / "report.md").read_text()
    assert "--teacher search" in (out / "report.md").read_text()


@pytest.mark.slow
def test_the_search_learns_from_its_own_games_and_is_gated_as_a_search(tmp_path):
    """--player search: the data games are search games, and the candidate plays a search
    seat among search seats in the paired games (expert iteration)."""
    out = tmp_path / "search"
    result = _run("learn", "--player", "search", "--generations", 1, "--games", 10, "--eval-games", 10,
                  "--players", 2, "--seed", 3, "--workers", 1, "--out", out)
    assert result.exit_code == 0, result.output
    state = json.loads((out / "learn.json").read_text())
    assert state["settings"]["player"] == "search" and state["settings"]["field"] == "search"
    generation = state["generations"][0]
    assert generation["paired"]["games"] == 10 and generation["data"]["rows"] > 0
    report = (out / "report.md").read_text()
    assert "the candidate's search in one seat (rotated) against three incumbent search seats" in report
    assert "players (the shipped model until a model is kept)" in report and "| 1 | shipped model |" in report
    _one_line(_run("learn", "--generations", 2, "--resume", "--out", out, "--games", 10, "--eval-games", 10,
                   "--players", 2, "--seed", 3), "--player", "'search'")


def test_learn_checks_its_study_first_and_plays_none_without_a_kept_model(tmp_path, monkeypatch):
    # (with a kept model it plays the study as `evaluate --set model=` does:
    # tests/runner/test_model_config.py plays one through the same function)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "check.toml").write_text(CHECK_STUDY)
    result = _run("learn", "--generations", 1, "--out", tmp_path / "a", "--workers", 1, *SMALL,
                  "--study", "check.toml")
    assert result.exit_code == 0, result.output
    assert json.loads((tmp_path / "a" / "learn.json").read_text())["incumbent"] is None    # seed 5: none kept
    assert "study model-check not played: no generation was kept" in result.output
    assert not (tmp_path / "results").exists()
