"""A run config's `strategies.model`: the learned model the players value positions with.
The shipped model's file given there plays the very games of a run without it; another
model plays other games, and its text goes into the snapshot, so the manifest names it
and a replay plays it; a bad file is one line and exit 2."""
import dataclasses
import json
import shutil

import numpy as np
import polars as pl
import pytest
from click.testing import CliRunner

from cli.main import main
from scythe_sim.games.scythe.learned_models import SHIPPED, model_toml, read_model
from scythe_sim.runner.config import config_from_snapshot, parse_config


def _run(tmp_path, name, model=None):
    """A 6-game greedy mirror of its own config file, with `model` as strategies.model."""
    config = tmp_path / f"{name}.toml"
    line = f'model = "{model}"\n' if model is not None else ""
    config.write_text(f'name = "{name}"\ngames = 6\nseed = 11\n[strategies]\nseats = ["greedy"]\n{line}')
    result = CliRunner().invoke(main, ["run", str(config), "--out", str(tmp_path / "results"), "--workers", "1"])
    assert result.exit_code == 0, result.output
    return tmp_path / "results" / name


def _seats(run_dir):
    return pl.read_parquet(run_dir / "seats").sort("game", "seat").select("game", "seat", "faction", "total", "rank")


def _other_model(tmp_path):
    """The shipped model with its coin and power weights swapped at every knot."""
    m = read_model(SHIPPED)
    base = m.base.copy()
    from scythe_sim.games.scythe.strategies.learned.names import FEATURES

    coins, power = FEATURES.index("coins"), FEATURES.index("power")
    base[:, [coins, power]] = base[:, [power, coins]] * 3
    path = tmp_path / "other_model.toml"
    path.write_text(model_toml(dataclasses.replace(m, name="other_value", version=7, base=base)))
    return path


def test_the_shipped_model_given_plays_the_games_of_a_run_without_it(tmp_path):
    shutil.copy(SHIPPED, tmp_path / "copy.toml")
    plain = _run(tmp_path, "plain")
    given = _run(tmp_path, "given", tmp_path / "copy.toml")
    assert _seats(plain).equals(_seats(given))
    manifest = json.loads((given / "manifest.json").read_text())
    assert manifest["config"]["model"] == SHIPPED.read_text()
    assert "model" not in json.loads((plain / "manifest.json").read_text())["config"], \
        "a run without a model of its own keeps its hash"


def test_another_model_plays_other_games_and_its_manifest_and_replay_name_it(tmp_path):
    other = _other_model(tmp_path)
    plain, changed = _run(tmp_path, "plain"), _run(tmp_path, "other", other)
    assert not _seats(plain).equals(_seats(changed))
    manifest = json.loads((changed / "manifest.json").read_text())
    assert manifest["models"]["learned_value"]["name"] == "other_value"
    assert manifest["models"]["learned_value"]["version"] == 7
    config = config_from_snapshot(manifest["config"])
    assert config.model == other.read_text()
    for game in range(6):                                    # the replay plays the run's model
        result = CliRunner().invoke(main, ["replay", str(changed), "--game", str(game)])
        assert result.exit_code == 0 and "mismatch" not in result.output.lower(), result.output


@pytest.mark.parametrize("text, words", [
    (None, ("cannot read",)),
    ("name = [", ("not valid TOML",)),
    ('name = "x"\nversion = 1\nfeatures = ["bias", "nope"]\n', ("other features",)),
])
def test_a_bad_model_file_is_one_line_and_exit_2(tmp_path, text, words):
    model = tmp_path / "model.toml"
    if text is not None:
        model.write_text(text)
    config = tmp_path / "c.toml"
    config.write_text(f'name = "bad"\n[strategies]\nmodel = "{model}"\n')
    result = CliRunner().invoke(main, ["run", str(config), "--out", str(tmp_path / "out")])
    lines = result.output.strip().splitlines()
    assert result.exit_code == 2 and len(lines) == 1 and lines[0].startswith("error: "), result.output
    assert "strategies.model" in lines[0] and all(w in lines[0] for w in words), lines[0]
    assert not (tmp_path / "out").exists()


def test_my_little_scythe_has_no_learned_model(tmp_path):
    shutil.copy(SHIPPED, tmp_path / "m.toml")
    with pytest.raises(Exception, match="My Little Scythe"):
        parse_config({"game": "my_little_scythe", "strategies": {"model": "m.toml"}}, base=tmp_path)


def test_a_model_path_is_relative_to_the_config(tmp_path):
    shutil.copy(SHIPPED, tmp_path / "m.toml")
    config = parse_config({"strategies": {"model": "m.toml"}}, base=tmp_path)
    assert config.model == SHIPPED.read_text() and "model" in config.snapshot()
    assert np.array_equal(config.params(), parse_config({}).params())


STUDY = """
name = "model-check"
games = 3

[[block]]
name = "greedy"
strategies = { seats = ["greedy"] }

[[query]]
kind = "rates"
blocks = ["greedy"]
"""


def test_a_study_plays_a_model_in_every_block_as_learn_study_does(tmp_path, monkeypatch):
    from cli.study_check import checked_study, play_checked

    monkeypatch.chdir(tmp_path)
    (tmp_path / "check.toml").write_text(STUDY)
    other = _other_model(tmp_path)
    import click

    with click.Context(main):                # as inside `learn`
        play_checked(checked_study("check.toml", 1), "check.toml", "model", str(other), str(other))
    report = (tmp_path / "other_model.model-check.md").read_text()
    assert f"--set model={other}" in report
    runs = tmp_path / "results" / "study-runs"
    manifests = [json.loads(m.read_text()) for m in runs.glob("*/manifest.json")]
    assert [m["models"]["learned_value"]["name"] for m in manifests] == ["other_value"]
    plain = CliRunner().invoke(main, ["evaluate", "check.toml", "--workers", "1"])
    assert plain.exit_code == 0 and "3 games in" in plain.output, plain.output    # the shipped model: another run
