"""`run --extend-to N` and cached runs: an extended run is the longer run byte for byte,
table by table (shard boundaries, the manifest and `_SUCCESS` included), an extension
stopped halfway resumes, the refusals are one line and touch nothing, and a cached run
is reused, extended and keyed by what decides its games."""
import dataclasses
import json
import os

import pytest
from click.testing import CliRunner

from analysis.runs import Run
from cli.main import main
from scythe_sim.runner.cache import cache_key, ensure_cached, held_games
from scythe_sim.runner.config import parse_config
from scythe_sim.runner.extend import extension
from scythe_sim.runner.manifest import SUCCESS, read_manifest, write_manifest
from scythe_sim.runner.run import execute

SAME_KEYS = ("config", "config_hash", "games", "shard_size", "shards_total", "complete", "root_seed", "rule_set",
             "data_sha256", "ruleset", "assumptions", "name", "game", "variant", "code_sha256")


def config(tmp_path, name, games, **fields):
    data = {"name": name, "games": games, "seed": 5, "players": [3, 4], "shard_size": 5, "log_turns": True,
            "output": str(tmp_path), "strategies": {"seats": ["random"]}, **fields}
    return parse_config(data)


def files(run_dir):
    """{table/part: bytes} of every Parquet file of a run."""
    out = {}
    for table in sorted(os.listdir(run_dir)):
        folder = os.path.join(run_dir, table)
        if os.path.isdir(folder):
            for part in sorted(os.listdir(folder)):
                with open(os.path.join(folder, part), "rb") as fh:
                    out[f"{table}/{part}"] = fh.read()
    return out


def assert_same_run(extended, longer):
    a, b = read_manifest(extended), read_manifest(longer)
    assert {k: a[k] for k in SAME_KEYS} == {k: b[k] for k in SAME_KEYS}
    assert a["config_hash"] == b["config_hash"]
    strip = lambda shards: {k: {**v, "seconds": 0} for k, v in shards.items()}     # noqa: E731 (timings differ)
    assert strip(a["shards"]) == strip(b["shards"])
    assert files(extended) == files(longer)          # byte for byte, table by table
    assert os.path.exists(os.path.join(extended, SUCCESS))


@pytest.mark.slow
def test_an_extended_run_is_the_longer_run_byte_for_byte(tmp_path):
    # 13 games in shards of 5 end in a short shard (3 games) that the 22-game run holds whole
    longer = execute(config(tmp_path / "b", "run", 22), workers=1).run_dir
    short = config(tmp_path / "a", "run", 13)
    execute(short, workers=1)
    assert read_manifest(short.run_dir())["shards"]["000002"]["games"] == 3
    execute(extension(short, 18), workers=1, resume=True)          # 18: a short shard again
    execute(extension(dataclasses.replace(short, games=18), 22), workers=2, resume=True)
    assert_same_run(str(short.run_dir()), str(longer))
    assert {"games/part-000004.parquet", "seats/part-000004.parquet", "turns/part-000004.parquet"} <= \
        set(files(longer))
    # the first 13 games of the longer run are the 13-game run
    again = execute(config(tmp_path / "c", "run", 13), workers=1).run_dir
    for table in ("games", "seats"):
        first = Run(longer).first(13).scan(table).collect().sort("game")
        assert first.equals(Run(again).scan(table).collect().sort("game"))
    assert Run(longer).first(13).manifest["games"] == 13


def test_an_extension_stopped_before_its_games_resumes_from_the_command_line(tmp_path):
    longer = execute(config(tmp_path / "b", "run", 12), workers=1).run_dir
    short = config(tmp_path / "a", "run", 7)
    execute(short, workers=1)
    extension(short, 12)                 # the manifest is the longer run's; no game played yet
    run_dir = str(short.run_dir())
    assert not os.path.exists(os.path.join(run_dir, SUCCESS)) and not read_manifest(run_dir)["complete"]
    assert not os.path.exists(os.path.join(run_dir, "seats", "part-000001.parquet"))   # the short shard
    out = CliRunner().invoke(main, ["run", "--resume", "--out", str(tmp_path / "a"), "--name", "run", "--quiet",
                                    "--workers", "1"])
    assert out.exit_code == 0, out.output
    assert_same_run(run_dir, str(longer))


def test_run_extend_to_from_the_command_line_and_its_refusals(tmp_path):
    short = config(tmp_path, "run", 6)
    execute(short, workers=1)
    run_dir = str(short.run_dir())
    before = read_manifest(run_dir)
    runner = CliRunner()
    base = ["run", "--out", str(tmp_path), "--quiet"]
    bad = [(["--name", "run", "--extend-to", "4"], "already holds 6 games"),
           (["--name", "run", "--extend-to", "9", "--games", "9"], "--extend-to and --games exclude each other"),
           (["--name", "run", "--extend-to", "0"], "give the number of games"),
           (["--name", "run", "--extend-to", "9", "--seed", "6"], "holds results of another config"),
           (["--name", "none", "--extend-to", "9"], "--extend-to: there is no run at")]
    for args, message in bad:
        out = runner.invoke(main, base + args)
        assert out.exit_code == 2 and message in out.output and len(out.output.strip().splitlines()) == 1, out.output
    assert read_manifest(run_dir) == before
    # other code than the run's: refused too
    write_manifest(run_dir, {**before, "code_sha256": "0" * 64})
    out = runner.invoke(main, ["run", "--extend-to", "9", "--out", str(tmp_path), "--name", "run", "--quiet"])
    assert out.exit_code == 2 and "played by other code" in out.output
    write_manifest(run_dir, before)
    out = runner.invoke(main, ["run", "--extend-to", "9", "--out", str(tmp_path), "--name", "run", "--quiet",
                               "--workers", "1"])
    assert out.exit_code == 0, out.output
    manifest = read_manifest(run_dir)
    assert manifest["games"] == 9 and manifest["complete"] and Run(run_dir).games().collect().height == 9


def test_a_cached_run_is_reused_extended_and_keyed_by_what_decides_its_games(tmp_path):
    cfg = config(tmp_path, "anything", 6, log_turns=False)
    key = cache_key(cfg)
    assert key == cache_key(dataclasses.replace(cfg, games=600, name="other", output="elsewhere"))
    assert key != cache_key(dataclasses.replace(cfg, seed=6))
    assert key != cache_key(parse_config({**json.loads(json.dumps({"name": "anything", "games": 6, "seed": 5})),
                                          "players": [3, 4], "shard_size": 5, "output": str(tmp_path),
                                          "strategies": {"seats": ["random"]}, "rules": {"stars_to_end": 5}}))
    cache = tmp_path / "cache"
    assert held_games(cfg, cache) == 0
    assert ensure_cached(cfg, cache, 6, workers=1) == (str(cache / key), 6, "played")
    assert ensure_cached(cfg, cache, 4, workers=1) == (str(cache / key), 6, "reused")
    assert ensure_cached(cfg, cache, 11, workers=1) == (str(cache / key), 11, "extended")
    assert held_games(cfg, cache) == 11
    fresh = execute(dataclasses.replace(cfg, games=11, name=key, output=str(tmp_path / "fresh")), workers=1)
    assert files(str(cache / key)) == files(fresh.run_dir)
    # the command line prints the key, and plays or reuses the cached run
    runner = CliRunner()
    toml = tmp_path / "run.toml"
    toml.write_text('games = 3\nseed = 5\nplayers = [3, 4]\nshard_size = 5\n[strategies]\nseats = ["random"]\n')
    args = [str(toml)]
    out = runner.invoke(main, ["run", *args, "--cache-key"])
    assert out.exit_code == 0 and out.output.strip() == key, out.output
    out = runner.invoke(main, ["run", *args, "--cache", str(cache), "--games", "8", "--workers", "1"])
    assert out.exit_code == 0 and f"cache key: {key}" in out.output and "(11 games, reused)" in out.output
    out = runner.invoke(main, ["run", *args, "--cache", str(cache), "--games", "8", "--name", "x"])
    assert out.exit_code == 2 and "--cache and --name exclude each other" in out.output


def test_a_my_little_scythe_run_extends_too(tmp_path):
    data = {"game": "my_little_scythe", "games": 9, "seed": 2, "players": 3, "shard_size": 4,
            "output": str(tmp_path / "a"), "name": "mls"}
    short = parse_config({**data, "games": 6})
    execute(short, workers=1)
    execute(extension(short, 9), workers=1, resume=True)
    longer = execute(parse_config({**data, "output": str(tmp_path / "b")}), workers=1).run_dir
    assert files(str(short.run_dir())) == files(longer)
    for table in ("games", "seats"):
        assert Run(str(short.run_dir())).scan(table).collect().height == (9 if table == "games" else 27)
