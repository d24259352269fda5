"""`scythe-sim check` from the command line: bad options as one line (exit 2, nothing
written), and real games on small budgets: stars_to_end = 5 against 6 decided as
shifted (a fixed deal in which Crimea on the Militant mat gains much from the shorter
game), its cached runs reused by a second check, two existing runs extended, a plan, an
A/A check decided equivalent, a budget too small for a verdict (exit 3), and My Little
Scythe's groups."""
import json
import os

import pytest
from click.testing import CliRunner

from cli.main import main
from scythe_sim.runner.manifest import read_manifest

# Four players on a fixed deal: every game seats Crimea on Militant (mats of the same order)
FIXED = """games = 200
seed = 1
players = 4
shard_size = 100
[setup]
assignment = "fixed"
factions = ["crimea", "albion", "togawa", "saxony"]
mats = ["militant", "agricultural", "innovative", "mechanical"]
[rules]
expansion_factions = 1
"""


def _check(*args):
    return CliRunner().invoke(main, ["check", *map(str, args)])


@pytest.fixture
def fixed(tmp_path):
    path = tmp_path / "fixed.toml"
    path.write_text(FIXED)
    return str(path)


@pytest.mark.parametrize("args, message", [
    (["a.toml", "b.toml", "c.toml"], "check takes a config, two configs or two runs, got 3 arguments"),
    (["nowhere.toml"], "nowhere.toml is neither a config file nor a run folder"),
    (["{fixed}", "--rule", "nope=1"], "unknown"),
    (["{fixed}", "--rule", "stars_to_end"], "--rule 'stars_to_end': give KEY=VALUE"),
    (["{fixed}", "--variant", "nope"], "--variant 'nope' is not a variant of scythe"),
    (["{fixed}", "--base-sim", "/nonexistent/scythe-sim"], "--base-sim /nonexistent/scythe-sim: not an executable"),
    (["{fixed}", "--by", "personality"], "--by personality: scythe seats have no 'personality'"),
    (["{fixed}", "--seed", "-1"], "config 'seed' must be between"),
])
def test_bad_options_are_one_line_exit_2_and_write_nothing(tmp_path, fixed, args, message):
    out = tmp_path / "out"
    result = _check(*[a.format(fixed=fixed) for a in args], "--out", out)
    assert result.exit_code == 2, result.output
    assert message in result.output and len(result.output.strip().splitlines()) == 1, result.output
    assert not out.exists()


def test_runs_given_with_config_flags_or_mixed_with_a_config_are_refused(tmp_path, fixed):
    for name in ("a", "b"):
        result = CliRunner().invoke(main, ["run", fixed, "--games", "4", "--out", str(tmp_path), "--name", name,
                                           "--quiet", "--workers", "1", *(["--seed", "2"] if name == "b" else [])])
        assert result.exit_code == 0, result.output
    a, b = str(tmp_path / "a"), str(tmp_path / "b")
    for args, message in (([a, b, "--rule", "stars_to_end=5"], "--rule, --variant and --seed describe configs"),
                          ([a, fixed], f"{a} is a run: give two runs"),
                          ([a, b], "the runs have different root seeds (1 and 2)")):
        result = _check(*args)
        assert result.exit_code == 2 and message in result.output, result.output
        assert len(result.output.strip().splitlines()) == 1


@pytest.mark.slow
def test_stars_to_end_5_against_6_is_decided_as_shifted(tmp_path, fixed):
    out = tmp_path / "runs"
    # the players of 2026-11-27 (the look-ahead pruned, 4 rows of a long list) decide it at 800
    args = [fixed, "--rule", "stars_to_end=5", "--by", "faction", "--round", "200", "--max-games", "1000",
            "--first-shift", "--out", out, "--workers", "2"]
    result = _check(*args, "--format", "json")
    assert result.exit_code == 1, result.output
    data = json.loads(result.stdout)
    rows = {r["group"]: r for r in data["rows"]}
    crimea = rows["crimea"]
    # the interval shown is the one matching the Holm verdict: at least 95%, clear of 0
    assert crimea["decision"] == "shifted" and crimea["ci_low"] > 0 and crimea["difference"] >= 0.02
    assert crimea["ci_level"] >= 0.95
    assert crimea["p_holm"] <= 0.05 and crimea["games"] <= 1000 and data["outcome"] == "shifted"
    assert data["games"] == crimea["games"] and "round 1: 200 games" in result.output
    assert sorted(os.listdir(out)) == sorted([data["base_key"], data["candidate_key"]])
    assert read_manifest(out / data["base_key"])["games"] == data["games"]
    # a second check reuses the cached runs: the same verdict, no game played again
    before = {k: os.path.getmtime(out / k / "manifest.json") for k in os.listdir(out)}
    again = _check(*args, "--format", "markdown", "--quiet")
    assert again.exit_code == 1 and again.stdout.startswith("**SHIFTED: 1 of 4 groups shifted")
    assert "| faction crimea | +" in again.output and "| shifted |" in again.output
    assert before == {k: os.path.getmtime(out / k / "manifest.json") for k in os.listdir(out)}


@pytest.mark.slow
def test_two_existing_runs_are_extended_as_the_check_needs(tmp_path, fixed):
    for name, rule in (("base", []), ("five", ["--rule", "stars_to_end=5"])):
        result = CliRunner().invoke(main, ["run", fixed, *rule, "--games", "150", "--out", str(tmp_path),
                                           "--name", name, "--quiet", "--workers", "2"])
        assert result.exit_code == 0, result.output
    result = _check(tmp_path / "base", tmp_path / "five", "--by", "faction", "--round", "300", "--max-games", "300",
                    "--first-shift", "--workers", "2")
    assert result.exit_code in (1, 3), result.output
    assert "paired: 300 games with identical deals" in result.output
    for name in ("base", "five"):
        manifest = read_manifest(tmp_path / name)
        assert manifest["games"] == 300 and manifest["complete"]


def test_a_plan_estimates_the_games_from_a_pilot(tmp_path, fixed):
    result = _check(fixed, "--rule", "stars_to_end=5", "--plan", "--round", "200", "--out", tmp_path / "runs",
                    "--quiet", "--workers", "2")
    assert result.exit_code == 0, result.output
    # where the default check stops comes first (issue 58), then the --every-group figure
    lines = result.stdout.splitlines()
    assert lines[0].startswith("plan from a pilot of 200 games: the check stops at its first shift (the default) "
                               "after about"), lines[0]
    assert lines[1].startswith("--every-group (every group decided, 80% each): about")
    assert "games if no shift" in result.output and "faction crimea" in result.output


def test_an_aa_check_is_equivalent_and_a_small_budget_undecided(tmp_path, fixed):
    out = tmp_path / "runs"
    same = _check(fixed, "--min-effect", "10", "--round", "100", "--max-games", "100", "--out", out)
    assert same.exit_code == 0, same.output
    assert same.stdout.startswith("EQUIVALENT: 0 of 8 groups shifted by at least 10 pp, 8 equivalent")
    assert "base and candidate are the same games" in same.output and len(os.listdir(out)) == 1
    short = _check(fixed, "--rule", "stars_to_end=5", "--round", "100", "--max-games", "100", "--out", out)
    assert short.exit_code == 3 and short.stdout.startswith("UNDECIDED:"), short.output


def test_my_little_scythe_is_checked_by_personality_and_turn_order(tmp_path):
    config = os.path.join(os.path.dirname(__file__), "..", "..", "configs", "my_little_scythe.toml")
    result = _check(config, "--rule", "trophies_to_win=5", "--round", "100", "--max-games", "100", "--out",
                    tmp_path, "--format", "json", "--quiet", "--workers", "2")
    assert result.exit_code in (0, 1, 3), result.output
    data = json.loads(result.stdout)
    assert {r["by"] for r in data["rows"]} == {"personality", "turn_order"}
    assert data["games"] == 100 and data["candidate_key"].startswith("my_little_scythe-")


@pytest.mark.slow
def test_check_stops_at_the_first_shift_by_default_and_says_what_would_decide(tmp_path, fixed):
    out = tmp_path / "runs"
    args = [fixed, "--rule", "stars_to_end=5", "--by", "faction", "--round", "200", "--out", out, "--workers", "2",
            "--quiet"]
    first = _check(*args, "--max-games", "1000", "--format", "json")
    assert first.exit_code == 1, first.output
    data = json.loads(first.stdout)
    assert data["outcome"] == "shifted" and data["games"] < 1000          # it stopped when CI had its answer
    every = _check(*args, "--max-games", data["games"] + 200, "--every-group", "--format", "json")
    assert json.loads(every.stdout)["games"] > data["games"]             # --every-group plays on
    # undecided: one line says what would decide it (the plan's games, a wider margin, fewer groups)
    short = _check(fixed, "--rule", "stars_to_end=5", "--round", "100", "--max-games", "100", "--out", out,
                   "--min-effect", "1", "--quiet")
    assert short.exit_code == 3, short.output
    line = short.stdout.strip().splitlines()[-1]
    assert line.startswith("to decide: ") and "--min-effect 2" in line and "--by faction" in line
    assert "--max-games" in line or "--plan" in line
