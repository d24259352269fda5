"""A game that stops on a simulator bug becomes a reproducer, not a traceback
(runner/reproducer.py): the run stops with one line and exit code 4, naming the game, its
seed and the file written; `replay` shows where the game fails; `--keep-going` leaves
such games out, lists them and finishes. The bug is the test-only planted fault
(house_rules.PLANTED_FAULT_ENV: from a game turn on, no row is offered), set in the
environment of real subprocesses so no other test's tables see it."""
import json
import os
import subprocess
import sys

import polars as pl
import pytest

from scythe_sim.games.scythe.house_rules import PLANTED_FAULT_ENV
from scythe_sim.runner.reproducer import BAD_GAMES

FAULT_TURN = "60"          # about a third of these 2-player games reach it: some fail, most do not
pytestmark = pytest.mark.slow     # real subprocesses: about half a minute in all

CONFIG = 'name = "bugged"\ngames = 12\nseed = 3\nplayers = 2\nshard_size = 6\n'


def _cli(args, cwd, fault=FAULT_TURN):
    env = {**os.environ, PLANTED_FAULT_ENV: fault}
    return subprocess.run([sys.executable, "-m", "cli.main", *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=600)


@pytest.fixture(scope="module")
def stopped(tmp_path_factory):
    """A run stopped on its first planted bug, then resumed with --keep-going."""
    cwd = tmp_path_factory.mktemp("bad")
    (cwd / "c.toml").write_text(CONFIG)
    cwd_env = str(cwd)
    first = _cli(["run", "c.toml", "--out", "out", "--workers", "1", "--quiet"], cwd_env)
    resumed = _cli(["run", "--resume", "--out", "out", "--name", "bugged", "--workers", "1", "--keep-going"],
                   cwd_env)
    return cwd, first, resumed


def test_a_bug_stops_the_run_with_one_line_exit_4_and_a_reproducer(stopped):
    cwd, first, _ = stopped
    assert first.returncode == 4, first.stderr
    assert "Traceback" not in first.stderr
    lines = first.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("simulator bug: game "), first.stderr
    game = int(lines[0].split("game ")[1].split()[0])
    path = cwd / "out" / "bugged" / BAD_GAMES / f"game-{game:09d}.json"
    assert str(path.relative_to(cwd)) in lines[0] or str(path) in lines[0]
    assert "scythe-sim replay" in lines[0] and "--keep-going" in lines[0]
    record = json.loads(path.read_text())
    assert record["game"] == game and record["config"]["players"] == [2]
    failure = record["failure"]
    assert failure["problem"] == "a decision point offered no row"
    assert failure["position_at_failure"]["game"]["turn"] >= int(FAULT_TURN)
    assert isinstance(failure["position_before"], dict) and failure["decision"]
    assert record["replay"] == f"scythe-sim replay out/bugged --game {game}"


def test_replay_shows_where_the_bad_game_fails_and_that_it_plays_once_fixed(stopped):
    cwd, first, _ = stopped
    game = int(first.stderr.split("game ")[1].split()[0])
    again = _cli(["replay", "out/bugged", "--game", str(game)], str(cwd))
    assert again.returncode == 4, again.stderr
    assert f"game {game} fails at decision" in again.stderr and "offered no row" in again.stderr
    fixed = _cli(["replay", "out/bugged", "--game", str(game)], str(cwd), fault="0")
    assert fixed.returncode == 0 and "plays to its end now" in fixed.stdout + fixed.stderr


def test_keep_going_leaves_bad_games_out_lists_them_and_finishes(stopped):
    cwd, first, resumed = stopped
    assert resumed.returncode == 0, resumed.stderr
    run = cwd / "out" / "bugged"
    manifest = json.loads((run / "manifest.json").read_text())
    assert manifest["complete"] and manifest[BAD_GAMES] >= 1
    bad = pl.read_parquet(run / BAD_GAMES / "*.parquet")
    games = pl.read_parquet(run / "games" / "*.parquet")
    assert bad.height == manifest[BAD_GAMES]
    assert set(bad["game"]).isdisjoint(set(games["game"]))
    assert bad.height + games.height == 12
    assert (bad["status"] == 2).all() and bad["problem"].str.contains("no row").all()
    assert "simulator bug" in resumed.stdout


def test_a_report_of_a_run_with_bad_games_says_so_first(stopped):
    cwd, _, _ = stopped
    made = _cli(["report", "out/bugged", "--out", "rep"], str(cwd), fault="0")
    assert made.returncode == 0, made.stderr
    text = (cwd / "rep" / "index.md").read_text().splitlines()
    first_text = next(line for line in text[1:] if line.strip())
    assert first_text.startswith("Warning:") and "simulator bug" in first_text


def test_without_the_fault_the_same_config_has_no_bad_game(tmp_path):
    (tmp_path / "c.toml").write_text(CONFIG)
    clean = _cli(["run", "c.toml", "--out", "out", "--workers", "1", "--quiet"], str(tmp_path), fault="0")
    assert clean.returncode == 0, clean.stderr
    assert not (tmp_path / "out" / "bugged" / BAD_GAMES).exists()
