"""The batch runner: determinism across workers, shard sizes and backends; Parquet
tables and manifest; resume after a SIGKILL; refusing to mix configs."""
import json
import os
import signal
import subprocess
import sys
import time

import polars as pl
import psutil
import pytest
from click.testing import CliRunner

from cli.main import main
from scythe_sim.runner.config import load_config, parse_config
from scythe_sim.runner.plan import game_seed
from scythe_sim.runner.run import execute


def config(tmp_path, **fields):
    # random play: these tests are about the runner, and random games are the cheapest
    data = {"name": "t", "games": 60, "seed": 5, "players": [3, 4], "shard_size": 16,
            "output": str(tmp_path), "strategies": {"seats": ["random"]}}
    data.update(fields)
    return parse_config(data)


def tables(run_dir):
    games = pl.read_parquet(os.path.join(run_dir, "games", "*.parquet")).sort("game")
    seats = pl.read_parquet(os.path.join(run_dir, "seats", "*.parquet")).sort("game", "seat")
    return games, seats


def rerecord(path):
    """Record a rewritten shard file in its run's manifest, as a version that wrote those
    rows would have: the run passes the file check, and only a replay can tell."""
    from scythe_sim.runner.parquet import file_sha256

    run_dir = os.path.dirname(os.path.dirname(path))
    manifest = json.loads(open(os.path.join(run_dir, "manifest.json")).read())
    entry = manifest["shards"][os.path.basename(path)[5:11]]["files"][os.path.basename(os.path.dirname(path))]
    entry.update(bytes=os.path.getsize(path), sha256=file_sha256(path))
    with open(os.path.join(run_dir, "manifest.json"), "w") as fh:
        json.dump(manifest, fh)


def assert_same_tables(a, b):
    for x, y in zip(tables(a), tables(b)):
        assert x.equals(y)


def test_tables_are_the_same_for_any_worker_count_and_shard_size(tmp_path):
    one = execute(config(tmp_path / "a"), workers=1)
    two = execute(config(tmp_path / "b", shard_size=7), workers=2)
    assert_same_tables(one.run_dir, two.run_dir)
    games, seats = tables(one.run_dir)
    assert games["game"].to_list() == list(range(60))
    assert games["seed"].to_list() == [game_seed(5, i) for i in range(60)]
    assert games["players"].to_list() == [3, 4] * 30
    assert seats.height == 30 * 3 + 30 * 4
    assert seats.group_by("game").agg(pl.col("winner").sum())["winner"].min() >= 1


@pytest.mark.slow
def test_dask_backend_writes_the_same_tables(tmp_path):
    local = execute(config(tmp_path / "a", games=24, shard_size=8), workers=1)
    dask = execute(config(tmp_path / "b", games=24, shard_size=5), workers=2, backend="dask")
    assert_same_tables(local.run_dir, dask.run_dir)


def test_manifest_records_config_versions_and_every_shard(tmp_path):
    result = execute(config(tmp_path), workers=1)
    manifest = json.loads(open(os.path.join(result.run_dir, "manifest.json")).read())
    assert manifest["complete"] and manifest["root_seed"] == 5 and manifest["shards_total"] == 4
    assert sorted(manifest["shards"]) == ["000000", "000001", "000002", "000003"]
    assert sum(e["files"]["seats"]["rows"] for e in manifest["shards"].values()) == 210
    assert manifest["versions"]["numba"] and manifest["config"]["players"] == [3, 4]
    assert os.path.exists(os.path.join(result.run_dir, "_SUCCESS"))


def test_the_result_reports_the_workers_peak_memory_outside_the_manifest(tmp_path):
    """Peak resident memory of the processes that played (the forked workers with two),
    for the run summary; the manifest's shard entries do not carry it (it is no fact of the
    games)."""
    one = execute(config(tmp_path / "a", games=8, shard_size=4), workers=1)
    two = execute(config(tmp_path / "b", games=8, shard_size=4), workers=2)
    for result in (one, two):
        assert 50 < result.worker_rss_mb < 4000 and 50 < result.parent_rss_mb < 4000
        manifest = json.loads(open(os.path.join(result.run_dir, "manifest.json")).read())
        assert all(set(e) == {"shard", "games", "files", "seconds"} for e in manifest["shards"].values())
    assert "peak memory" in open(os.path.join(two.run_dir, "run.log")).read()


@pytest.mark.slow
def test_a_finished_or_foreign_run_folder_is_refused_unless_resume_or_overwrite(tmp_path):
    execute(config(tmp_path), workers=1)
    runner = CliRunner()
    args = ["run", "--games", "60", "--seed", "6", "--name", "t", "--out", str(tmp_path), "--workers", "1",
            "--quiet"]
    out = runner.invoke(main, args)
    assert out.exit_code == 2 and "another config" in out.output
    out = runner.invoke(main, args + ["--overwrite"])
    assert out.exit_code == 0, out.output
    out = runner.invoke(main, args)       # finished: grown with --extend-to, not resumed
    assert out.exit_code == 2 and "--extend-to N" in out.output and "--overwrite" in out.output


@pytest.mark.slow
def test_resume_after_sigkill_completes_the_same_tables(tmp_path):
    cfg = tmp_path / "run.toml"
    cfg.write_text('name = "k"\ngames = 1200\nseed = 3\nplayers = 4\nshard_size = 40\n'
                   f'output = "{tmp_path / "out"}"\n[strategies]\nseats = ["random"]\n')
    cmd = [sys.executable, "-m", "cli.main", "run", str(cfg), "--workers", "1", "--quiet"]
    proc = subprocess.Popen(cmd, cwd=os.getcwd())
    manifest = tmp_path / "out" / "k" / "manifest.json"
    deadline = time.time() + 600
    while time.time() < deadline:
        if manifest.exists():
            try:
                if len(json.loads(manifest.read_text())["shards"]) >= 3:
                    break
            except ValueError:
                pass
        if proc.poll() is not None:
            break
        time.sleep(0.05)
    assert proc.poll() is None, "the run finished before it could be killed: give it more games"
    workers = psutil.Process(proc.pid).children(recursive=True)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    _, alive = psutil.wait_procs(workers, timeout=10)
    assert not alive, "a worker outlived its killed parent"
    run_dir = tmp_path / "out" / "k"
    assert not (run_dir / "_SUCCESS").exists()
    for table in ("games", "seats"):     # nothing half-written is visible
        assert all(name.endswith(".parquet") for name in os.listdir(run_dir / table)
                   if not name.count(".tmp-"))
    done = len(json.loads(manifest.read_text())["shards"])
    assert 3 <= done < 30
    out = CliRunner().invoke(main, ["run", str(cfg), "--workers", "1", "--quiet", "--resume"])
    assert out.exit_code == 0, out.output
    whole = execute(load_config(str(cfg), output=str(tmp_path / "whole")), workers=2)
    assert_same_tables(run_dir, whole.run_dir)
    assert (run_dir / "_SUCCESS").exists()


def test_default_config_file_matches_the_built_in_default():
    here = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    assert load_config(os.path.join(here, "configs", "default.toml")) == load_config(None)


@pytest.mark.slow
def test_replay_re_simulates_a_stored_game_and_confirms_it(tmp_path):
    result = execute(config(tmp_path), workers=1)
    out = CliRunner().invoke(main, ["replay", result.run_dir, "--game", "7"])
    assert out.exit_code == 0, out.output
    assert out.output.strip().endswith("replay of game 7 matches the stored rows")
    assert "turn order:" in out.output
    # a stored row that disagrees is reported and the command fails
    path = os.path.join(result.run_dir, "seats", "part-000000.parquet")
    seats = pl.read_parquet(path)
    seats.with_columns(pl.when(pl.col("game") == 7).then(pl.col("total") + 1).otherwise(pl.col("total"))
                       .alias("total")).write_parquet(path)
    rerecord(path)
    out = CliRunner().invoke(main, ["replay", result.run_dir, "--game", "7", "--quiet"])
    assert out.exit_code == 1 and "does NOT match" in out.output


def test_schema_doc_lists_every_column_with_its_type(tmp_path):
    import re

    import pyarrow.parquet as pq

    result = execute(config(tmp_path, games=8, log_turns=True), workers=1)
    here = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    doc = open(os.path.join(here, "docs", "schema.md")).read()
    for table in ("games", "seats", "turns"):
        section = doc.split(f"## {table}\n")[1].split("\n## ")[0]
        documented = re.findall(r"^\| `(\w+)` \| ([\w<>]+) \|", section, re.M)
        schema = pq.read_schema(os.path.join(result.run_dir, table, "part-000000.parquet"))
        kinds = {f.name: ("enum" if str(f.type).startswith("dictionary") else
                          "list<int8>" if str(f.type).startswith("list") else str(f.type))
                 for f in schema}
        assert [name for name, _ in documented] == schema.names
        assert {name: kind for name, kind in documented} == kinds


def test_turn_log_has_one_row_per_turn_and_matches_the_seats(tmp_path):
    result = execute(config(tmp_path, games=6, log_turns=True), workers=1)
    games, seats = tables(result.run_dir)
    turns = pl.read_parquet(os.path.join(result.run_dir, "turns", "*.parquet"))
    per_game = turns.group_by("game").agg(pl.len().alias("n"), pl.col("turn").max().alias("last"))
    joined = games.join(per_game, on="game")
    assert (joined["n"] == joined["turns"]).all() and (joined["last"] == joined["turns"]).all()
    # stars only grow, and never past the final count (others' turns may add some: a
    # defender's combat star, a neighbour's recruit bonus)
    by_seat = turns.sort("turn").group_by("game", "seat").agg(
        pl.col("stars").diff().min().alias("drop"), pl.col("stars").max().alias("most"))
    both = seats.join(by_seat, on=["game", "seat"])
    assert both["drop"].fill_null(0).min() >= 0 and (both["most"] <= both["stars"]).all()
    assert turns["round"].min() == 1 and (turns["section"].drop_nulls().is_between(1, 5)).all()
    assert set(turns["top_action"].drop_nulls().to_list()) <= {"skip", "gain_coins", "move", "bolster_power",
                                                               "bolster_cards", "trade_resources",
                                                               "trade_popularity", "produce", "factory_top"}


def test_an_all_out_war_turn_log_holds_the_wars_turns_after_the_standard_games(tmp_path):
    result = execute(config(tmp_path, games=4, players=[3], log_turns=True, variant="all_out_war",
                            strategies={"seats": ["greedy"]}), workers=1)
    games, seats = tables(result.run_dir)
    turns = pl.read_parquet(os.path.join(result.run_dir, "turns", "*.parquet"))
    stages = turns.group_by("game", "seat").agg(
        (pl.col("stage") == "standard").sum().alias("standard"), (pl.col("stage") == "war").sum().alias("war"))
    both = seats.join(stages, on=["game", "seat"])
    assert (both["standard"] == both["turns"]).all() and (both["war"] == both["war_turns"]).all()
    war = turns.filter(pl.col("stage") == "war")
    assert war.height > 0 and war["war_action"].null_count() == 0
    assert war["section"].null_count() == war.height and war["top_action"].null_count() == war.height
    assert war["war_points"].null_count() == 0 and war["divisions"].null_count() == 0
    assert turns.filter(pl.col("stage") == "standard")["war_action"].null_count() == turns.height - war.height
    # war turns are numbered on from the standard game's last turn, rounds are the war's
    per_game = war.group_by("game").agg(pl.col("turn").min().alias("first"), pl.len().alias("n"),
                                        pl.col("turn").max().alias("last"), pl.col("round").max().alias("last_round"))
    joined = games.join(per_game, on="game")
    assert (joined["first"] == joined["turns"] + 1).all() and (joined["last"] == joined["turns"] + joined["n"]).all()
    assert (joined["last_round"] == joined["war_rounds"]).all()


MAT_BOTTOM = ["upgrade", "deploy", "build", "enlist"]   # the Factory card's Move is not one


def _seat_play_columns_match_the_turn_log(run_dir):
    """Per seat: turns add up to the game's turns and bottom_actions counts the turn rows
    with a player-mat bottom action; returns the seats table."""
    games, seats = tables(run_dir)
    turns = pl.read_parquet(os.path.join(run_dir, "turns", "*.parquet"))
    logged = turns.group_by("game", "seat").agg(
        pl.len().alias("logged_turns"),
        pl.col("bottom_action").cast(pl.Utf8).is_in(MAT_BOTTOM).sum().alias("logged_bottom"))
    both = seats.join(logged, on=["game", "seat"], how="left")
    assert (both["turns"] == both["logged_turns"]).all()
    assert (both["bottom_actions"] == both["logged_bottom"]).all()
    assert (seats["bottom_actions"] <= seats["turns"]).all()
    per_game = seats.group_by("game").agg(pl.col("turns").sum()).sort("game")
    assert per_game["turns"].to_list() == games["turns"].to_list()
    # the analysis view keeps the seat's turns and names the game's game_turns
    from analysis.runs import Run

    joined = Run(run_dir).seats().collect().sort("game", "seat")
    assert joined["turns"].to_list() == seats["turns"].to_list()
    assert joined["game_turns"].to_list() == seats.join(games, on="game")["turns_right"].to_list()
    return seats


def test_seat_turns_and_bottom_actions_match_the_turn_log(tmp_path):
    seats = _seat_play_columns_match_the_turn_log(execute(config(tmp_path / "r", log_turns=True),
                                                          workers=1).run_dir)
    assert seats["bottom_actions"].sum() > 0
    scripted = config(tmp_path / "s", games=6, players=[4], log_turns=True,
                      strategies={"pool": ["greedy", "economist", "automa", "greedy1"]})
    seats = _seat_play_columns_match_the_turn_log(execute(scripted, workers=1).run_dir)
    assert (seats["bottom_actions"] > 0).all()      # every scripted seat takes some


def test_a_config_rebuilt_from_its_snapshot_is_the_same_config(tmp_path):
    from scythe_sim.runner.config import config_from_snapshot

    cfg = config(tmp_path, rules={"turn_cap": 60}, strategies={"pool": ["random"]})
    again = config_from_snapshot(json.loads(json.dumps(cfg.snapshot())))
    assert again.config_hash() == cfg.config_hash() and again.snapshot() == cfg.snapshot()
