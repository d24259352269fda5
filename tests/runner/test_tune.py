"""`scythe-sim tune`: a tiny CMA-ES search writes a loadable weights file and a report,
the same for the same seed whatever the worker count; bad requests exit 2 in one line."""
import json

import numpy as np
import pytest
from click.testing import CliRunner

from cli.main import main
from scythe_sim.games.scythe.enums import NORDIC, RUSVIET
from scythe_sim.errors import ConfigError
from scythe_sim.games.scythe.strategies import STRATEGIES, TUNING_SLOT
from scythe_sim.games.scythe.strategies.weights import WEIGHTS, load_params, weight_rows
from scythe_sim.games.scythe.tools.tune import Settings, check, games_for, space_for, tune, write_outputs

TINY = Settings("greedy", games=8, generations=2, popsize=4, seed=3, validate=8,
                params=("aggression", "star", "caution"), faction_params=("aggression",),
                factions=("nordic", "rusviet"))


@pytest.fixture(scope="module")
def tuned():
    return tune(TINY, workers=1), tune(TINY, workers=2)


@pytest.mark.slow
def test_tune_is_reproducible_and_independent_of_workers(tuned):
    one, two = tuned
    assert one.history == two.history
    assert one.tuned == two.tuned and one.factions == two.factions
    assert one.validation == two.validation
    assert len(one.history) == 2 and one.validation["games"] == 8


def test_tune_writes_a_loadable_weights_file_and_a_report(tuned, tmp_path):
    result = tuned[0]
    out, report = write_outputs(result, tmp_path / "greedy.toml", tmp_path / "sub" / "greedy.md")
    row, by_faction = weight_rows(out)
    for w, v in result.tuned.items():
        assert row[WEIGHTS.index(w)] == v
    assert set(by_faction) <= {NORDIC, RUSVIET}
    assert NORDIC in by_faction
    params = load_params({"greedy": out})
    assert params[STRATEGIES.index("greedy"), WEIGHTS.index("aggression")] == result.tuned["aggression"]
    text = open(report).read()
    for words in ("# Tuning greedy", "## Validation", "## Weights", "## Per-faction weights",
                  "## Generations", "aggression"):
        assert words in text


def test_the_search_space_leaves_settings_and_zero_weights_out():
    space = space_for(Settings("greedy"), load_params())
    assert "aggression" in space.names and "score" in space.names
    for w in ("plan_sections", "noise", "level", "card_bias"):
        assert w not in space.names
    row = load_params()[STRATEGIES.index("greedy")]
    assert all(row[WEIGHTS.index(w)] != 0 for w in space.names)
    weights, factions = space.values(np.zeros(space.dims))
    assert weights == {w: float(row[WEIGHTS.index(w)]) for w in space.names} and factions == {}


def test_every_candidate_of_a_generation_plays_the_same_games_and_generations_differ():
    a, b = games_for(TINY, 0, 8), games_for(TINY, 0, 8)
    assert np.array_equal(a.seeds, b.seeds) and np.array_equal(a.strategies, b.strategies)
    assert list(a.seats) == [i % 4 for i in range(8)]
    assert all(a.strategies[i, a.seats[i]] == TUNING_SLOT for i in range(8))
    assert not np.array_equal(games_for(TINY, 1, 8).seeds, a.seeds)


@pytest.mark.parametrize("change, words", [
    ({"strategy": "bogus"}, ["bogus"]),
    ({"strategy": "automa"}, ["automa is not tunable"]),
    ({"strategy": "random"}, ["random is not tunable"]),
    ({"games": 0}, ["--games"]),
    ({"field": "nobody"}, ["--field", "nobody"]),
    ({"params": ("bravery",)}, ["--params", "bravery"]),
    ({"params": ("noise",)}, ["--params", "noise", "setting"]),
    ({"faction_params": ("star",), "factions": ("atlantis",)}, ["--factions", "atlantis"]),
])
def test_bad_settings_are_config_errors(change, words):
    import dataclasses

    with pytest.raises(ConfigError) as err:
        check(dataclasses.replace(TINY, **change))
    for word in words:
        assert word in str(err.value)


@pytest.mark.parametrize("args, word", [
    (["tune", "automa"], "automa"),
    (["tune", "nobody"], "nobody"),
    (["tune", "greedy", "--games", "0"], "--games"),
    (["tune", "greedy", "--params", "bravery"], "bravery"),
    (["tune", "greedy", "--field", "nobody"], "nobody"),
])
def test_cli_errors_exit_2_in_one_line(args, word):
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and word in lines[0]


def test_cli_tune_writes_its_files(tmp_path):
    out = tmp_path / "t.toml"
    result = CliRunner().invoke(main, ["tune", "rusher", "--games", "4", "--generations", "1",
                                       "--popsize", "2", "--params", "aggression", "--validate", "4",
                                       "--workers", "1", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "generation 1/1" in result.output and "validation (4 paired games)" in result.output
    assert out.exists() and (tmp_path / "t.md").exists()
    assert 'based_on = "rusher"' in out.read_text()


CHECK_STUDY = """
name = "rusher-check"
games = 3

[[block]]
name = "mix"
strategies = { pool = ["rusher", "greedy"] }

[[block]]
name = "greedy"
strategies = { seats = ["greedy"] }

[[query]]
kind = "rates"
blocks = ["mix"]
by = "strategy"

[[target]]
kind = "within"
block = "mix"
by = "strategy"
group = "rusher"
low = 0.0
"""


def test_tune_then_plays_a_study_with_the_tuned_weights(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "check.toml").write_text(CHECK_STUDY)
    out = tmp_path / "t.toml"
    result = CliRunner().invoke(main, ["tune", "rusher", "--games", "4", "--generations", "1", "--popsize", "2",
                                       "--params", "aggression", "--validate", "4", "--workers", "1",
                                       "--out", str(out), "--study", "check.toml"])
    assert result.exit_code == 0, result.output
    report = (tmp_path / "t.rusher-check.md").read_text()
    assert f"--set weights=rusher={out}" in report and "**PASS** rusher's win rate in mix" in report
    runs = tmp_path / "results" / "study-runs"
    tuned = [json.load(open(m))["config"] for m in runs.glob("*/manifest.json")]
    assert len(tuned) == 2                                      # the tuned weights reach the block playing rusher
    shipped = CliRunner().invoke(main, ["evaluate", "check.toml", "--workers", "1"])
    assert shipped.exit_code == 0 and "3 games in" in shipped.output, shipped.output   # the greedy block is shared
    manifests = [json.loads(m.read_text()) for m in runs.glob("*/manifest.json")]
    rows = {json.dumps(m["config"]["weights"]["rusher"]) for m in manifests if "rusher" in m["config"]["weights"]}
    assert len(rows) == 2, "the mix played with the tuned rusher, then with the shipped one"


@pytest.mark.parametrize("args, word", [
    (["--study", "quality"], "declared study"),
    (["--study", "greedy.toml"], "no block of it plays rusher"),
    (["--study", "nope"], "no study 'nope'"),
])
def test_tune_refuses_a_study_it_cannot_check_before_tuning(args, word, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "greedy.toml").write_text("[[block]]\nname = 'g'\nstrategies = { seats = ['greedy'] }\n")
    result = CliRunner().invoke(main, ["tune", "rusher", "--out", str(tmp_path / "t.toml"), *args])
    lines = result.output.strip().splitlines()
    assert result.exit_code == 2 and len(lines) == 1 and word in lines[0], result.output
    assert not (tmp_path / "t.toml").exists()


def test_a_study_refuses_weights_no_block_plays(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "check.toml").write_text(CHECK_STUDY)
    for pair, word in (("automa=x.toml", "plays 'automa'"), ("rusher", "STRATEGY=FILE"),
                       ("rusher=missing.toml", "missing.toml")):
        result = CliRunner().invoke(main, ["evaluate", "check.toml", "--set", f"weights={pair}"])
        lines = result.output.strip().splitlines()
        assert result.exit_code == 2 and len(lines) == 1 and word in lines[0], result.output
    assert not (tmp_path / "results").exists()
