"""`replay`, `report` and `compare` explain a run they cannot read, in one line with exit
code 2: an unfinished run (how many shards are done, and the --resume command), a
manifest missing a field (named), a run of another game or of another version (named).
The run folders are made by hand from a real config's manifest: no game is played."""
import json
import os

import pytest
from click.testing import CliRunner

from cli.main import main
from scythe_sim.runner.config import load_config
from scythe_sim.runner.manifest import new_manifest, write_manifest


def _fake_run(folder, name, shards=0, edit=None):
    """A run folder of 20 games in 4 shards with `shards` of them recorded done (the files
    are not needed: every refusal comes before they are read)."""
    config = load_config(None, games=20, shard_size=5, name=name, output=str(folder), players=2)
    manifest = new_manifest(config)
    for k in range(shards):
        manifest["shards"][f"{k:06d}"] = {"shard": k, "games": 5, "files": {}, "seconds": 0.1}
    if edit:
        edit(manifest)
    run_dir = folder / name
    os.makedirs(run_dir)
    write_manifest(str(run_dir), manifest)
    return str(run_dir)


def _one_line(args):
    result = CliRunner().invoke(main, args)
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert result.exit_code == 2, (result.output, result.exception)
    assert len(lines) == 1 and lines[0].startswith("error: "), result.output
    return lines[0]


def _commands(run_dir, other):
    return {"replay": ["replay", run_dir, "--game", "12"], "report": ["report", run_dir],
            "compare": ["compare", run_dir, other]}


@pytest.fixture
def finished(tmp_path):
    """compare's other run (the broken one comes first, so compare names it)."""
    return _fake_run(tmp_path, "other", shards=4, edit=lambda m: m.update(complete=True))


@pytest.mark.parametrize("command", ["replay", "report", "compare"])
def test_an_unfinished_run_says_how_far_it_got_and_how_to_resume(tmp_path, command):
    run_dir = _fake_run(tmp_path, "half", shards=1)
    other = _fake_run(tmp_path, "other0", shards=0)
    line = _one_line(_commands(run_dir, other)[command])
    assert "unfinished run: 1 of 4 shards done (5 of 20 games)" in line
    assert f"scythe-sim run --resume --out {tmp_path} --name half" in line
    if command == "replay":
        assert line.startswith("error: game 12 is in shard 2, not played yet")


def test_a_run_with_no_finished_shard_is_unfinished_not_unreadable(tmp_path):
    run_dir = _fake_run(tmp_path, "empty")
    for args in (["replay", run_dir, "--game", "0"], ["report", run_dir]):
        line = _one_line(args)
        assert "0 of 4 shards done" in line and "unreadable" not in line


# the fields each command reads (report and compare read no config: a run of any version has the rest)
NEEDED = [("replay", field) for field in ("config", "shards", "game", "shard_size", "games")] + \
    [(command, field) for command in ("report", "compare") for field in ("shards", "games", "root_seed", "name")]


@pytest.mark.parametrize("command,field", NEEDED)
def test_a_manifest_missing_a_field_names_it(tmp_path, finished, command, field):
    run_dir = _fake_run(tmp_path, "cut", shards=4, edit=lambda m: (m.update(complete=True), m.pop(field)))
    open(os.path.join(run_dir, "_SUCCESS"), "w").close()
    line = _one_line(_commands(run_dir, finished)[command])
    assert f"lacks the field {field!r}" in line


def test_a_config_snapshot_missing_a_field_names_it(tmp_path):
    run_dir = _fake_run(tmp_path, "cut", shards=4, edit=lambda m: m["config"].pop("seed"))
    assert "the manifest's config lacks the field 'seed'" in _one_line(["replay", run_dir, "--game", "1"])


@pytest.mark.parametrize("command", ["replay", "report", "compare"])
def test_a_run_of_another_game_names_it(tmp_path, finished, command):
    run_dir = _fake_run(tmp_path, "chess", shards=4, edit=lambda m: m.update(complete=True, game="chess"))
    open(os.path.join(run_dir, "_SUCCESS"), "w").close()
    line = _one_line(_commands(run_dir, finished)[command])
    assert "a run of the game 'chess'" in line and "it plays my_little_scythe, scythe" in line


def test_replay_of_a_run_played_by_another_version_names_it(tmp_path):
    def older(manifest):
        manifest["rule_set"]["scythe_sim"] = "0.0.1"
    run_dir = _fake_run(tmp_path, "old", shards=4, edit=older)
    line = _one_line(["replay", run_dir, "--game", "3"])
    assert "was played by scythe-sim 0.0.1" in line and "replay it with the version that played it" in line


def test_replay_of_a_run_played_with_other_game_data_names_it(tmp_path):
    def edited(manifest):
        manifest["rule_set"]["data_sha256"] = "0" * 64
    line = _one_line(["replay", _fake_run(tmp_path, "data", shards=4, edit=edited), "--game", "3"])
    assert "was played with other game data (scythe's data/*.toml changed since)" in line


@pytest.mark.parametrize("command", ["report", "compare"])
def test_a_run_in_another_format_names_the_version_that_wrote_it(tmp_path, finished, command):
    def newer(manifest):
        manifest.update(format="scythe-sim/run-2", complete=True)
        manifest["versions"]["scythe-sim"] = "9.0.0"
    run_dir = _fake_run(tmp_path, "new", shards=4, edit=newer)
    line = _one_line(_commands(run_dir, finished)[command])
    assert "written by scythe-sim 9.0.0 in run format 'scythe-sim/run-2'" in line


def test_a_manifest_field_of_the_wrong_type_is_named(tmp_path):
    run_dir = _fake_run(tmp_path, "typed", shards=4, edit=lambda m: m.update(complete=True, games="20"))
    open(os.path.join(run_dir, "_SUCCESS"), "w").close()
    assert "the field 'games' holds str" in _one_line(["report", run_dir])
    with open(os.path.join(run_dir, "manifest.json")) as fh:
        assert json.load(fh)["games"] == "20"          # nothing rewritten
