"""Everyday use of `scythe-sim run`: runs shaped by flags (the same run as the TOML that
says the same), --resume from the run's own manifest, the rule-set identity, the first
compile shown and kept out of games/s, and runs too large to list their shards."""
import dataclasses
import json
import os
import shutil
import time

import pytest
from click.testing import CliRunner

from cli.compiling import warm_visibly
from cli.main import main
from scythe_sim.errors import ConfigError
from scythe_sim.runner.config import MAX_GAMES, flag_overrides, load_config, parse_config
from scythe_sim.runner.run import execute
from scythe_sim.games.scythe.spec import answers as scythe_spec

from .test_runner import assert_same_tables

FLAGS = ["--games", "12", "--seed", "9", "--players", "2,3", "--strategies", "random",
         "--rule", "turn_cap=60", "--rule", "ban_pairs=0", "--shard-size", "5"]
TOML = ('games = 12\nseed = 9\nplayers = [2, 3]\nshard_size = 5\n[strategies]\nseats = ["random"]\n'
        '[rules]\nturn_cap = 60\nban_pairs = 0\nexpansion_factions = 1\n')   # the last as configs/default.toml


def _run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def _manifest(run_dir):
    with open(os.path.join(run_dir, "manifest.json")) as fh:
        return json.load(fh)


def test_a_run_shaped_by_flags_is_the_run_of_the_same_toml(tmp_path):
    toml = tmp_path / "run.toml"
    toml.write_text(TOML)
    assert _run("run", *FLAGS, "--out", tmp_path, "--name", "flags", "--workers", 1, "--quiet").exit_code == 0
    assert _run("run", toml, "--out", tmp_path, "--name", "toml", "--workers", 1, "--quiet").exit_code == 0
    a, b = _manifest(tmp_path / "flags"), _manifest(tmp_path / "toml")
    assert a["config"] == {**b["config"], "name": "flags"}
    assert a["config"]["players"] == [2, 3]
    assert a["config"]["rules"] == {"ban_pairs": 0, "expansion_factions": 1, "turn_cap": 60}
    assert_same_tables(tmp_path / "flags", tmp_path / "toml")


def test_flags_override_the_config_table_by_table(tmp_path):
    toml = tmp_path / "run.toml"
    toml.write_text('[strategies]\npool = ["greedy", "rusher"]\n[rules]\nturn_cap = 70\n')
    seats = {"factions": ["nordic", "saxony"], "mats": ["industrial", "patriotic"]}
    cfg = load_config(str(toml), **flag_overrides(strategies=["random"], rules=["ban_pairs=0"],
                                                  seat_lists=seats, players=["2"]))
    assert cfg.strategy_mode == "seats" and cfg.strategies == ("random",)
    assert dict(cfg.rules) == {"turn_cap": 70, "ban_pairs": 0}
    assert cfg.assignment == "fixed" and cfg.fixed_dict["factions"] == ("nordic", "saxony")


@pytest.mark.parametrize("kwargs,words", [
    (dict(players=["three"]), "--players 'three'"),
    (dict(rules=["turn_cap"]), "--rule 'turn_cap': give KEY=VALUE"),
    (dict(strategies=["random"], pool=["greedy"]), "exclude each other"),
])
def test_bad_shaping_flags_are_refused_in_one_line(kwargs, words):
    with pytest.raises(ConfigError, match=words.replace("(", r"\(")):
        flag_overrides(**kwargs)


def test_a_rule_flag_that_is_no_number_is_refused_when_the_config_is_read():
    """--rule passes a name through (a rule may take one: resolution = "factory_explosion");
    a rule that takes none refuses it in one line."""
    shaped = flag_overrides(rules=["turn_cap=high"])
    with pytest.raises(ConfigError, match=r"config \[rules\]: rule 'turn_cap' needs a whole number"):
        parse_config(shaped)
    assert dict(parse_config(flag_overrides(rules=["resolution=backup_plan"])).rules) == {"resolution": 8}


def _unfinished(tmp_path, name="u", shards=2, **fields):
    """A run stopped (like a kill) after `shards` shards landed."""
    data = {"name": name, "games": 30, "seed": 3, "players": [2, 4], "shard_size": 6,
            "output": str(tmp_path), "strategies": {"pool": ["random", "greedy"]}, **fields}
    cfg = parse_config(data)

    def stop(done, total):          # progress counts games within shards too: stop on the landed ones
        if len(_manifest(tmp_path / name)["shards"]) >= shards:
            raise KeyboardInterrupt
    with pytest.raises(KeyboardInterrupt):
        execute(cfg, workers=1, progress=stop)
    return cfg


@pytest.mark.slow
def test_resume_plays_the_run_s_own_config_from_its_manifest(tmp_path):
    cfg = _unfinished(tmp_path, rules={"turn_cap": 60})
    result = _run("run", "--resume", "--out", tmp_path, "--name", "u", "--workers", 1, "--quiet")
    assert result.exit_code == 0, result.output
    whole = execute(dataclasses.replace(cfg, output=str(tmp_path / "w")), workers=1)
    assert_same_tables(tmp_path / "u", whole.run_dir)


def test_resume_where_no_run_was_started_is_an_error(tmp_path):
    result = _run("run", "--resume", "--out", tmp_path, "--name", "nothing", "--quiet")
    assert result.exit_code == 2 and "there is no run at" in result.output
    assert os.listdir(tmp_path) == []


def test_a_kill_during_the_first_manifest_write_leaves_a_folder_resume_accepts(tmp_path):
    run_dir = tmp_path / "first"
    run_dir.mkdir()
    (run_dir / ".manifest.json.tmp").write_text('{"format": "scythe-sim/ru')   # cut short
    result = _run("run", "--games", 4, "--players", 2, "--strategies", "random", "--out", tmp_path,
                  "--name", "first", "--workers", 1, "--quiet", "--resume")
    assert result.exit_code == 0, result.output
    assert _manifest(run_dir)["complete"] and not (run_dir / ".manifest.json.tmp").exists()


def test_the_rule_set_is_part_of_the_identity_and_resume_refuses_a_changed_one(tmp_path, monkeypatch):
    cfg = _unfinished(tmp_path, name="r")
    manifest = _manifest(tmp_path / "r")
    assert manifest["rule_set"] == {"data_sha256": scythe_spec.data_sha256(), "scythe_sim": "0.1.0"}
    assert "git_commit" in manifest["versions"]
    data = tmp_path / "data"                        # the game's data with one card edited
    shutil.copytree(scythe_spec._data_folder(), data)
    toml = sorted(data.glob("*.toml"))[0]
    toml.write_text(toml.read_text() + "\n# edited\n")
    monkeypatch.setattr(scythe_spec, "_data_folder", lambda: data)
    scythe_spec.data_sha256.cache_clear()
    try:
        assert cfg.config_hash() != manifest["config_hash"]
        result = _run("run", "--resume", "--out", tmp_path, "--name", "r", "--quiet", "--workers", 1)
    finally:
        scythe_spec.data_sha256.cache_clear()
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "was played with other game data" in lines[0]
    assert len(_manifest(tmp_path / "r")["shards"]) == 2     # untouched


def test_the_kernel_is_warmed_before_the_clock_and_the_first_progress(tmp_path):
    events = []
    cfg = parse_config({"name": "w", "games": 4, "players": 2, "shard_size": 2, "output": str(tmp_path),
                        "strategies": {"seats": ["random"]}})
    execute(cfg, workers=1, warm=lambda w: events.append(("warm", w())),
            progress=lambda done, total: events.append(done))
    # then the games as they are played (a few times a second) and as each shard lands
    assert events[0][0] == "warm" and events[1] == 0 and events[-1] == 4 and 2 in events
    assert events[1:] == sorted(events[1:])


def test_a_compile_is_told_with_its_elapsed_time_and_a_cached_load_is_silent(capsys):
    assert warm_visibly(lambda: time.sleep(0.2) or 7, cached=False, tty=False) == 7
    err = capsys.readouterr().err
    assert "compiling the simulation kernel once for this machine" in err
    # the estimate is this machine's: the measured CPU seconds over the share of a core it gets
    assert "CPU seconds at load" in err and "later runs start at once" in err and "kernel compiled in 0:00" in err
    warm_visibly(lambda: None, cached=True, tty=False)
    assert capsys.readouterr().err == ""


@pytest.mark.slow
def test_a_run_of_the_maximum_games_does_not_list_its_shards(tmp_path):
    for workers in (1, 2):
        cfg = parse_config({"name": f"max{workers}", "games": MAX_GAMES, "shard_size": 1, "players": 2,
                            "output": str(tmp_path), "strategies": {"seats": ["random"]}})

        def stop(done, total):
            if done >= 4:
                raise KeyboardInterrupt
        start = time.perf_counter()
        with pytest.raises(KeyboardInterrupt):
            execute(cfg, workers=workers, progress=stop)
        assert time.perf_counter() - start < 120
        assert _manifest(tmp_path / f"max{workers}")["shards_total"] == MAX_GAMES


def test_a_compile_is_foreseen_from_the_package_s_cache_folder(tmp_path, monkeypatch):
    from scythe_sim.compiled.packages import has_cache, registered, source_key

    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    assert not has_cache("scythe")               # an empty cache: the run will compile
    folder = tmp_path / f"scythe-{source_key(registered('scythe'))}" / "kernel_0"
    folder.mkdir(parents=True)
    (folder / "move.f-1.py311.nbi").write_bytes(b"")
    assert has_cache("scythe") and not has_cache("mls")


@pytest.mark.parametrize("game,module", [("scythe", "scythe_sim.games.scythe.play"), ("my_little_scythe", "scythe_sim.games.mls.play")])
def test_warming_compiles_the_signature_the_runner_plays(game, module):
    # else the first shard compiles again after the clock started (games/s would count it)
    import importlib

    from scythe_sim.runner.batch import play_range

    cfg = parse_config({"game": game, "games": 2, "players": 2, "strategies": {"seats": ["random"]}})
    cfg.spec.warm()
    play_batch = importlib.import_module(module).play_batch
    warmed = set(play_batch.signatures)
    play_range(cfg, 0, 2)
    assert set(play_batch.signatures) == warmed


def test_the_progress_bar_appears_with_the_first_games_not_before():
    # a refusal raised while preparing the run, or the compile, comes before any bar
    from cli.progress import ProgressBar

    bar = ProgressBar(True, 10)
    with bar as update:
        assert bar.bar is None
        update(0, 10)
        assert bar.bar is not None


def test_every_shipped_scythe_config_deals_and_seats_as_the_default_run():
    import glob

    here = os.path.join(os.path.dirname(__file__), "..", "..", "configs")
    shipped = [load_config(path) for path in sorted(glob.glob(os.path.join(here, "*.toml")))]
    scythe = [c for c in shipped if c.game == "scythe"]
    assert {c.variant for c in scythe} == {"base", "all_out_war", "wind_gambit"}
    assert all(c.rules_dict.get("expansion_factions") == 1 for c in scythe), [c.name for c in scythe]
    pools = {c.name: (c.strategy_mode, c.strategies) for c in scythe}
    default = load_config(None)
    assert set(pools.values()) == {(default.strategy_mode, default.strategies)}, pools


def test_the_default_runs_deal_all_seven_factions():
    assert load_config(None).rules_dict == {"expansion_factions": 1}
    assert load_config(None, rules={"ban_pairs": 0}).rules_dict == {"ban_pairs": 0, "expansion_factions": 1}
    assert load_config(None, rules={"expansion_factions": 0}).rules_dict == {"expansion_factions": 0}
    assert load_config(None, variant="all_out_war").rules_dict == {"all_out_war": 1, "expansion_factions": 1}
    here = os.path.join(os.path.dirname(__file__), "..", "..", "configs")
    assert load_config(os.path.join(here, "all_out_war.toml")) == load_config(None, variant="all_out_war",
                                                                               name="all_out_war")
