"""Everyday use (issue 18, item 9): -h and examples in every command's help, one flag
spelling across commands with the old one kept, `play` drawing the default mix and
naming each seat's strategy, bad seeds as one line, and run.log / -v carrying the
workers' log."""
import os

import click
import pytest
from click.testing import CliRunner

from cli.main import main


def _run(*args):
    return CliRunner().invoke(main, list(args))


@pytest.mark.parametrize("command", sorted(main.commands))
def test_every_command_has_short_help_an_example_and_defaults(command):
    out = _run(command, "-h")
    assert out.exit_code == 0, out.output
    assert "Example:" in out.output and "scythe-sim " in out.output.split("Example:")[1]
    unset = getattr(click.core, "UNSET", None)             # click's "no default" sentinel
    params = [p for p in main.commands[command].params if isinstance(p, click.Option)
              and p.default is not unset and p.default not in (None, False, ()) and not p.hidden
              and not p.is_flag]
    if params:
        assert "[default:" in out.output


def test_the_group_help_answers_h():
    out = _run("-h")
    assert out.exit_code == 0 and "Commands:" in out.output


@pytest.mark.slow
def test_play_draws_the_default_mix_and_names_each_seats_strategy():
    out = _run("play", "--seed", "4", "--players", "3", "--quiet")
    assert out.exit_code == 0, out.output
    lines = out.output.splitlines()
    assert lines[0].split()[:4] == ["rank", "faction", "mat", "strategy"]
    strategies = {line.split()[3] for line in lines[1:]}
    assert strategies <= {"greedy", "economist", "rusher", "warmonger", "objective", "automa"}
    old = _run("play", "--seed", "4", "--players", "2", "--strategy", "random", "--quiet")
    new = _run("play", "--seed", "4", "--players", "2", "--strategies", "random", "--quiet")
    assert old.exit_code == 0 and old.output == new.output and " random " in new.output


@pytest.mark.parametrize("seed", ["-1", str(2**64)])
def test_play_with_a_seed_outside_0_to_2_64_is_one_line(seed):
    out = _run("play", "--seed", seed, "--players", "2")
    assert out.exit_code == 2, out.output
    lines = out.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: seed") and "2^64-1" in lines[0]


def test_bench_takes_mix_and_the_old_strategy_mix_spelling():
    for flag in ("--mix", "--strategy-mix"):
        out = _run("bench", flag, "nope", "--no-compile")
        assert out.exit_code == 2 and "unknown strategy mix 'nope'" in out.output


def test_run_log_holds_each_shards_start_and_end_from_the_workers(tmp_path):
    out = CliRunner().invoke(main, [
        "run", "--games", "8", "--shard-size", "4", "--workers", "2", "--name", "logged", "--out",
        str(tmp_path), "--quiet", "-v"])
    assert out.exit_code == 0, out.output
    text = (tmp_path / "logged" / "run.log").read_text()
    for shard in (0, 1):
        assert f"shard {shard}: start" in text and f"shard {shard}: end, 4 games" in text
    assert "run logged finished: 8 games played" in text
    assert any("MainProcess" not in line for line in text.splitlines() if "shard 0: end" in line)
    assert "shard 1: end" in out.stderr                       # -v: on stderr as well
    assert os.path.exists(tmp_path / "logged" / "_SUCCESS")
