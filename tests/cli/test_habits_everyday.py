"""The command line's habits (issue 58, item 8 and the run's answer of item 6): one table of
exit codes, shell completion of the game's names, `--format json` on `run` and `list`,
`run --quiet` still printing the run's folder, a finished run pointing at `--extend-to`,
one meaning of `--out` per command in one table, no literal `\\b` in any help, config-key
typos with did-you-mean, an honest first-compile estimate, the run's console answer with
parity (a war run's table named as the standard game's), `list tiles` with a legend, and
numbers in one format."""
import json
import re
from types import SimpleNamespace

import polars as pl
import pytest
from click.testing import CliRunner

from analysis import answer
from analysis.runs import Run
from cli import check, common, compiling, progress
from cli.main import main
from cli.reference import PAGE
from scythe_sim.errors import SIMULATOR_BUG_EXIT
from scythe_sim.runner.spec import spec_for
from tests.analysis.test_analysis import BASE, fake_run
from tests.analysis.test_war import war_run

TINY = ["--games", "4", "--players", "2", "--strategies", "random", "--shard-size", "2", "--workers", "1"]


def _cli(*args, **kwargs):
    return CliRunner(**kwargs).invoke(main, [str(a) for a in args])


# --- exit codes, --out, completion: docs/cli.md ------------------------------------------------
def _exit_table():
    text = PAGE.read_text(encoding="utf-8")
    section = text.split("## Exit codes", 1)[1].split("\n## ", 1)[0]
    return {int(m.group(1)): m.group(2) for m in re.finditer(r"^\| (\d+) \| (.*) \|$", section, re.M)}


def test_one_table_of_exit_codes_matches_the_code():
    table = _exit_table()
    assert {0, 1, 2, 3, 4, 130, 143} <= set(table)
    # every code check exits with has its row (a new one without a row fails here)
    used = {*check.EXIT.values(), *getattr(check, "CONFIRM_EXIT", {}).values()}
    assert used <= set(table), sorted(used - set(table))
    assert {"equivalent": 0, "shifted": 1, "undecided": 3}.items() <= check.EXIT.items()
    assert "equivalent" in table[0] and "shift" in table[1] and "undecided" in table[3]
    assert "compare --fail" in table[1] and "mistake in the input" in table[2]
    assert SIMULATOR_BUG_EXIT == 4 and "simulator bug" in table[4] and "--keep-going" in table[4]
    assert "Ctrl-C" in table[130] and "SIGTERM" in table[143]


def test_out_means_one_thing_per_command_in_one_table():
    text = PAGE.read_text(encoding="utf-8")
    section = text.split("## What `--out` is", 1)[1].split("\n## ", 1)[0]
    rows = {m.group(1): m.group(2) for m in re.finditer(r"^\| `(\w+)` \| (.*?) \|", section, re.M)}
    assert set(rows) >= {"run", "report", "check", "evaluate", "tune", "learn"}
    assert "DIR/<name>" in rows["run"] and "DIR/<key>" in rows["check"] and "report's own folder" in rows["report"]
    run_out = next(p for p in main.commands["run"].params if p.name == "output")
    assert "parent folder of runs" in run_out.help and "DIR/<name>" in run_out.help


def test_shell_completion_is_documented():
    text = PAGE.read_text(encoding="utf-8")
    assert 'eval "$(_SCYTHE_SIM_COMPLETE=bash_source scythe-sim)"' in text
    assert "_SCYTHE_SIM_COMPLETE=zsh_source" in text and "_SCYTHE_SIM_COMPLETE=fish_source" in text


def test_completion_gives_the_game_s_names():
    setup = spec_for("scythe").setup
    assert common.complete_variant(None, None, "") == list(setup.variants)
    assert common.complete_variant(None, None, "wi") == ["wind_gambit"]
    assert "stars_to_end=" in common.complete_rule(None, None, "stars")
    assert common.complete_rule(None, None, "resolution=factory") == ["resolution=factory_explosion"]
    assert "airship_aggressive=toll" in common.complete_rule(None, None, "airship_aggressive=")
    assert common.complete_strategies(None, None, "greedy,rus") == ["greedy,rusher"]
    assert set(common.complete_strategies(None, None, "")) == set(setup.strategies)
    assert common.complete_tile(None, None, "d") == ["deja_vu", "doomsday_clock"]
    # --game given first: that game's names; an unknown game completes nothing (never fails)
    mls = SimpleNamespace(params={"game": "my_little_scythe"})
    assert "planner" in common.complete_strategies(mls, None, "")
    assert common.complete_variant(SimpleNamespace(params={"game": "nope"}), None, "") == []


@pytest.mark.parametrize("command, option", [("run", "variant"), ("run", "rules"), ("run", "strategies"),
                                             ("run", "pool"), ("play", "variant"), ("play", "rule_flags"),
                                             ("play", "strategies"), ("play", "resolution")])
def test_the_options_taking_names_complete_them(command, option):
    param = next(p for p in main.commands[command].params if p.name == option)
    assert param._custom_shell_complete is not None, (command, option)


def test_completion_through_click_s_shell_environment():
    env = {"_SCYTHE_SIM_COMPLETE": "bash_complete", "COMP_WORDS": "scythe-sim run --variant a", "COMP_CWORD": "3"}
    out = CliRunner(env=env).invoke(main, [], prog_name="scythe-sim")
    assert out.exit_code == 0 and out.output.splitlines() == ["plain,all_out_war"]
    env.update(COMP_WORDS="scythe-sim play --game my_little_scythe --strategies greedy,pl", COMP_CWORD="5")
    out = CliRunner(env=env).invoke(main, [], prog_name="scythe-sim")
    assert out.output.splitlines() == ["plain,greedy,planner"]


# --- help -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("command", sorted(main.commands))
def test_no_help_shows_a_literal_backslash_b(command):
    out = _cli(command, "-h")
    assert out.exit_code == 0
    assert "\\b" not in out.output and "\b" not in out.output, command


def test_the_reference_page_has_no_literal_backslash_b():
    assert "\\b" not in PAGE.read_text(encoding="utf-8")


# --- list -----------------------------------------------------------------------------------------
def test_list_tiles_has_a_legend_of_its_markers():
    out = _cli("list", "tiles")
    assert out.exit_code == 0
    rows, legend = out.output.split("the markers", 1)
    shown = set(re.findall(r"\[(\w+)\]", rows))
    assert {"placeholder", "medium", "H", "L"} <= shown
    for marker in shown:
        assert re.search(rf"^  \[{marker}\]\s+\S", legend, re.M), marker
    placeholder = next(line for line in legend.splitlines() if "[placeholder]" in line)
    assert "name only" in placeholder and "docs/RULES.md" in placeholder


def test_list_as_json():
    out = _cli("list", "tiles", "--format", "json")
    shown = json.loads(out.output)
    assert shown["game"] == "scythe" and shown["kind"] == "tiles"
    assert {"name": "toll", "values": "airship_aggressive=7"}.items() <= next(
        r for r in shown["rows"] if r["name"] == "toll").items()
    assert "docs/RULES.md" in shown["legend"]["placeholder"]
    strategies = json.loads(_cli("list", "strategies", "--format", "json").output)
    assert "greedy1" in [r["name"] for r in strategies["yardsticks"]]
    assert "greedy1" not in [r["name"] for r in strategies["rows"]]


# --- configs --------------------------------------------------------------------------------------
@pytest.mark.parametrize("text, unknown, near", [("gmaes = 10\n", "gmaes", "games"),
                                                 ("[rule]\nturn_cap = 80\n", "rule", "rules"),
                                                 ('[setup]\nasignment = "fixed"\n', "setup.asignment",
                                                  "setup.assignment")])
def test_a_config_key_typo_names_the_nearest_key(tmp_path, text, unknown, near):
    (tmp_path / "c.toml").write_text(text)
    out = _cli("run", tmp_path / "c.toml", "--out", tmp_path / "out", "--quiet")
    assert out.exit_code == 2
    assert out.output.strip().splitlines() == [f"error: unknown config key {unknown!r}: did you mean {near!r}? "
                                               "(docs/configs.md lists the keys)"]
    assert not (tmp_path / "out").exists()


# --- the first compile ----------------------------------------------------------------------------
def test_the_compile_estimate_is_this_machine_s():
    cpu = compiling.COLD_COMPILE_CPU_SECONDS["scythe"]
    assert cpu >= 700          # measured: 12 min 17 s with a core to itself, 803 CPU seconds at load 3-4
    assert compiling.compile_estimate("scythe", load=0.0, cores=2).startswith("about 12 minutes here")
    assert compiling.compile_estimate("scythe", load=2.0, cores=2).startswith("about 12 minutes here")
    # four processes already busy on two cores: half a core for the compile
    assert compiling.compile_estimate("scythe", load=4.0, cores=2).startswith("about 25 minutes here")
    assert f"({cpu} CPU seconds at load 1.0 on 2 cores)" in compiling.compile_estimate("scythe", load=1.0, cores=2)
    assert compiling.compile_estimate("mls", load=0.0, cores=2).startswith("under a minute")


def test_the_compile_notice_gives_the_estimate(capsys):
    compiling.warm_visibly(lambda: None, cached=False, tty=False, package="scythe")
    err = capsys.readouterr().err
    assert "about 3 minutes" not in err and "CPU seconds at load" in err and "later runs start at once" in err


def test_kernels_compiling_side_by_side_are_each_named_with_their_estimate(capsys):
    compiling.warm_visibly(lambda: None, cached=False, tty=False, package=("scythe", "mls"))
    err = capsys.readouterr().err
    assert "compiling 2 simulation kernels side by side" in err
    assert "scythe: " in err and "mls: " in err and err.count("CPU seconds at load") == 2


@pytest.mark.slow
def test_warmup_makes_every_game_ready_and_compiles_cold_ones_side_by_side(monkeypatch):
    from scythe_sim.compiled import packages

    runner = CliRunner()
    out = runner.invoke(main, ["warmup", "--game", "mls"])
    assert out.exit_code == 2 and "choose one of my_little_scythe, scythe" in out.output
    out = runner.invoke(main, ["warmup", "--game", "my_little_scythe"])
    assert out.exit_code == 0 and out.output.splitlines()[-1].startswith("my_little_scythe kernel ready in")
    # every kernel cold as far as warmup can tell: each warms in a process of its own (they
    # load from the cache the session filled, which is all this test needs of them)
    monkeypatch.setattr(packages, "has_cache", lambda name: False)
    out = runner.invoke(main, ["warmup"])
    assert out.exit_code == 0, out.output
    assert "compiling 2 simulation kernels side by side, a process each" in out.output
    ready = [line.split()[0] for line in out.output.splitlines() if " kernel ready in " in line]
    assert ready == ["scythe", "my_little_scythe"]


# --- the run's answer -----------------------------------------------------------------------------
def _summary(run_dir, played=0, capsys=None):
    result = SimpleNamespace(run_dir=run_dir, manifest=Run(run_dir).manifest, played=played, seconds=12.5,
                             games_per_s=played / 12.5, worker_rss_mb=1234.0, parent_rss_mb=99.0)
    progress.print_summary(result)
    return capsys.readouterr().out


def test_the_console_answer_shows_parity_and_counts_with_separators(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    text = _summary(fake_run(tmp_path / "r", 400, BASE, seed=1), played=12345, capsys=capsys)
    header = next(line for line in text.splitlines() if "win rate" in line and "parity" in line)
    assert header.index("win rate") < header.index("parity")
    rows = [line for line in text.splitlines() if "crimea" in line]
    assert rows and "25.0%" in rows[0].split("│")[-2]          # parity of a 4-player seat
    assert "12,345 games played" in text and "1,234 MB" in text


def test_a_war_run_s_first_table_is_titled_as_the_standard_game_s(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    text = _summary(war_run(tmp_path / "war", 400, seed=1), capsys=capsys)
    title = next(line for line in text.splitlines() if "win rate by faction" in line)
    assert "the standard game, before the war" in title
    base = _summary(fake_run(tmp_path / "base", 40, BASE, seed=1), capsys=capsys)
    assert "before the war" not in base


def test_no_rate_prints_minus_zero():
    assert answer.percent(-1e-9) == "0.0%" and answer.percent(0.2504) == "25.0%"
    table = pl.DataFrame({"faction": ["x"], "seats": [12_000], "wins": [1_000], "win_rate": [-0.0], "ci_low": [-1e-9],
                          "ci_high": [0.1], "parity": [0.25]})
    assert answer.rate_rows(table, "faction") == [("x", "12,000", "1,000", "0.0%", "0.0% - 10.0%", "25.0%")]


def test_differences_print_in_points_and_never_minus_zero():
    # learn's and tune's paired differences (win rates are fractions)
    assert common.signed_points(-0.0004) == "0.0 pp" and common.signed_points(0.0004) == "0.0 pp"
    assert common.signed_points(0.0123) == "+1.2 pp" and common.signed_points(-0.05) == "-5.0 pp"


def test_the_answer_as_json_values(tmp_path):
    shown = answer.as_json(Run(fake_run(tmp_path / "r", 400, BASE, seed=1)))
    assert shown["games"] == 400 and shown["by"] == "faction" and shown["variant"] == "base"
    row = shown["win_rates"][0]
    assert row["faction"] == "crimea" and row["parity_pct"] == pytest.approx(25.0)
    assert row["ci_low_pct"] < row["win_rate_pct"] < row["ci_high_pct"]
    json.dumps(shown)


# --- real (tiny) runs -----------------------------------------------------------------------------
def test_run_quiet_prints_only_the_run_s_folder(tmp_path):
    out = CliRunner().invoke(main, ["run", *TINY, "--out", str(tmp_path), "--name", "q", "--quiet"])
    assert out.exit_code == 0, out.output
    assert out.stdout.splitlines() == [str(tmp_path / "q")]


def test_run_format_json_on_stdout(tmp_path):
    out = CliRunner().invoke(main, ["run", *TINY, "--out", str(tmp_path), "--name", "j",
                                                    "--format", "json", "--rule", "turn_cap=60"])
    assert out.exit_code == 0, out.output
    shown = json.loads(out.stdout)
    assert shown["run"] == str(tmp_path / "j") and shown["games"] == 4 and shown["played"] == 4
    assert shown["rules"]["turn_cap"] == 60
    rates = shown["win_rates"]
    assert sum(r["seats"] for r in rates) == 8
    assert all({"win_rate_pct", "ci_low_pct", "ci_high_pct", "parity_pct"} <= set(r) for r in rates)
    assert all(r["parity_pct"] == pytest.approx(50.0) for r in rates)


def test_a_finished_run_points_at_extend_to_not_resume(tmp_path):
    first = _cli("run", *TINY, "--out", tmp_path, "--name", "done", "--quiet")
    assert first.exit_code == 0, first.output
    again = _cli("run", *TINY, "--out", tmp_path, "--name", "done", "--quiet")
    assert again.exit_code == 2
    lines = again.output.strip().splitlines()
    assert len(lines) == 1 and "already holds a finished run" in lines[0] and "(4 games)" in lines[0]
    assert "--extend-to N" in lines[0] and "--overwrite" in lines[0] and "--resume" not in lines[0]
