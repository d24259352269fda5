"""--game NAME on run, play, bench and evaluate: the game's defaults apply (its default
config, strategies and rules), and an option of another game is refused in one line
with exit code 2."""
import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.main import main
from scythe_sim.runner.config import load_config

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_CONFIGS = {"scythe": "default.toml", "my_little_scythe": "my_little_scythe.toml"}
MLS = "my_little_scythe"


def _run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def _one_line(result, *words):
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert result.exit_code == 2, (result.output, result.exception)
    assert len(lines) == 1 and lines[0].startswith("error: "), result.output
    for word in words:
        assert word in lines[0], lines[0]


@pytest.mark.parametrize("command", ["run", "play", "bench", "evaluate"])
def test_every_game_command_takes_game_the_same_way(command):
    option = next(p for p in main.commands[command].params if p.name == "game")
    assert option.opts == ["--game"] and "scythe or my_little_scythe" in option.help


@pytest.mark.parametrize("game", sorted(DEFAULT_CONFIGS))
def test_a_games_built_in_default_is_its_shipped_config(game):
    built_in = load_config(None, game=game)
    shipped = load_config(ROOT / "configs" / DEFAULT_CONFIGS[game])
    assert built_in.snapshot() == shipped.snapshot() and built_in.config_hash() == shipped.config_hash()


REFUSED = [
    (("run", "--game", MLS, "--variant", "all_out_war"), ("--variant all_out_war", "my_little_scythe has no variant")),
    (("run", "--game", MLS, "--factions", "nordic,saxony", "--mats", "industrial,patriotic"),
     ("--factions does not apply to my_little_scythe",)),
    (("run", "configs/default.toml", "--game", MLS), ("--game my_little_scythe but configs/default.toml plays scythe",)),
    (("run", "configs/my_little_scythe.toml", "--variant", "wind_gambit"), ("my_little_scythe has no variant",)),
    (("play", "--game", MLS, "--variant", "all_out_war"), ("my_little_scythe has no variant",)),
    (("play", "--game", MLS, "--expansion"), ("--expansion does not apply to my_little_scythe",)),
    (("play", "--game", MLS, "--resolution", "random"), ("--resolution does not apply",)),
    (("play", "--game", MLS, "--mix", "default"), ("--mix does not apply",)),
    (("play", "--game", MLS, "--factions", "nordic"), ("--factions does not apply",)),
    (("play", "--game", MLS, "--mats", "industrial"), ("--mats does not apply",)),
    (("bench", "--game", MLS, "--mix", "default"), ("--mix does not apply",)),
    (("bench", "--game", MLS, "--strategy-mix", "default"), ("--strategy-mix does not apply",)),
    (("bench", "--game", MLS, "--profile"), ("--profile does not apply",)),
    (("bench", "--game", MLS, "--perf-map"), ("--perf-map does not apply",)),
    (("bench", "--game", MLS, "--no-baseline"), ("--baseline does not apply",)),
    (("evaluate", "ablation", "--game", MLS), ("no study 'ablation' for my_little_scythe",)),
    (("evaluate", "quality", "--game", MLS, "--set", "expansion=true"), ("study quality takes no parameter",)),
    (("evaluate", "mix-counts", "--game", MLS), ("no study 'mix-counts'",)),
    (("evaluate", "wind-gambit", "--game", MLS), ("no study 'wind-gambit'",)),
] + [((command, "--game", "chess"), ("--game 'chess': choose one of my_little_scythe, scythe",))
     for command in ("run", "play", "bench", "evaluate")]


@pytest.mark.parametrize("args,words", REFUSED, ids=[" ".join(a) for a, _ in REFUSED])
def test_an_option_the_game_lacks_is_one_line(tmp_path, monkeypatch, args, words):
    monkeypatch.chdir(ROOT)
    extra = ("--out", str(tmp_path / "out"), "--quiet", "--workers", "1") if args[0] == "run" else ()
    _one_line(_run(*args, *extra), *words)
    assert not (tmp_path / "out").exists()


def test_run_game_plays_the_games_default_config(tmp_path):
    result = _run("run", "--game", MLS, "--games", 6, "--players", 2, "--out", tmp_path, "--workers", 1, "--quiet")
    assert result.exit_code == 0, result.output
    with open(tmp_path / MLS / "manifest.json") as fh:          # the game's run name, pool and shard size
        manifest = json.load(fh)
    assert manifest["game"] == MLS and manifest["config"]["strategies"] == [
        "planner", "deliverer", "pie_fighter", "quester"]
    assert manifest["config"]["shard_size"] == 1000 and os.path.exists(tmp_path / MLS / "_SUCCESS")
    again = _run("run", "--game", MLS, "--resume", "--out", tmp_path, "--workers", 1, "--quiet")
    assert again.exit_code == 0, again.output          # --resume finds the game's own run name


def test_play_game_draws_the_games_default_pool_and_names_each_seat():
    result = _run("play", "--game", MLS, "--seed", 5, "--players", 3, "--quiet")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].split()[:3] == ["rank", "seat", "strategy"] and len(lines) == 4
    assert {line.split()[2] for line in lines[1:]} <= {"planner", "deliverer", "pie_fighter", "quester"}
    loud = _run("play", "--game", MLS, "--seed", 5, "--players", 3)
    assert loud.output.endswith(result.output) and "turn 1 seat 0 " in loud.output
    chosen = _run("play", "--game", MLS, "--seed", 5, "--players", 2, "--strategies", "quester", "--quiet")
    assert chosen.exit_code == 0 and all(" quester " in line for line in chosen.output.splitlines()[1:])
    _one_line(_run("play", "--game", MLS, "--strategies", "automa", "--players", 2), "unknown 'automa'")
    _one_line(_run("play", "--game", MLS, "--seed", -1), "seed -1 is out of range")


def test_bench_game_times_that_games_play():
    result = _run("bench", "--game", MLS, "--games", 20, "--repeats", 1, "--players", 3, "--no-compile")
    assert result.exit_code == 0, result.output
    assert "random play, 3 players:" in result.output and "games/s per core" in result.output
    _one_line(_run("bench", "--game", MLS, "--players", 7, "--no-compile"), "my_little_scythe's benchmark plays 1 to 6 players")
