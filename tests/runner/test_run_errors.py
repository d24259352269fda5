"""Bad input to `scythe-sim run`: each case prints one line naming the problem, exits
with code 2 and writes nothing (docs/internals.md, "Errors and bad input")."""
import os

import pytest
from click.testing import CliRunner

from cli.main import main

GOOD = 'name = "bad"\ngames = 4\nplayers = 2\n'
_WEIGHTS = '[strategies]\nseats = ["greedy"]\n[strategies.weights]\n'

# (case id, config text or None for no config file, extra CLI args, words the message must hold)
CASES = [
    ("unknown key", GOOD + "gmes = 3\n", [], "unknown config key 'gmes'"),
    ("unknown nested key", GOOD + "[setup]\nfactionz = []\n", [], "setup.factionz"),
    ("games wrong type", 'games = "ten"\n', [], "'games' must be a whole number"),
    ("games zero", "games = 0\n", [], "'games' must be between 1"),
    ("games negative flag", None, ["--games", "-5"], "'games' must be between 1"),
    ("seed negative", "seed = -1\n", [], "'seed' must be between 0"),
    ("players too many", "players = 6\n", [], "player counts are whole numbers 1..5"),
    ("players zero", "players = [0, 4]\n", [], "player counts"),
    ("players empty", "players = []\n", [], "'players' is empty"),
    ("unknown faction", GOOD + '[setup]\nassignment = "fixed"\nfactions = ["nordic", "elves"]\n'
     'mats = ["industrial", "patriotic"]\n', [], "unknown 'elves'"),
    ("unknown mat", GOOD + '[setup]\nassignment = "fixed"\nfactions = ["nordic", "saxony"]\n'
     'mats = ["industrial", "royal"]\n', [], "unknown 'royal'"),
    ("fixed banned pair", GOOD + '[setup]\nassignment = "fixed"\nfactions = ["crimea", "saxony"]\n'
     'mats = ["patriotic", "industrial"]\n', [], "crimea with patriotic is a banned pair"),
    ("fixed wrong count", GOOD + '[setup]\nassignment = "fixed"\nfactions = ["nordic"]\nmats = ["industrial"]\n',
     [], "needs 2 names"),
    ("players past seven", "players = 8\n[rules]\nexpansion_factions = 1\n", [],
     "player counts are whole numbers 1..7"),
    ("factions without fixed", GOOD + '[setup]\nfactions = ["nordic", "saxony"]\n', [], "only used with"),
    ("unknown assignment", GOOD + '[setup]\nassignment = "draft"\n', [], "choose one of random, fixed, balanced"),
    ("unknown strategy", GOOD + '[strategies]\nseats = ["random", "genius"]\n', [], "unknown strategy 'genius'"),
    ("seats and pool", GOOD + '[strategies]\nseats = ["random"]\npool = ["random"]\n', [], "keep one"),
    ("strategy count", GOOD + '[strategies]\nseats = ["random", "random", "random"]\n', [], "give 1"),
    ("unknown rule", GOOD + "[rules]\nstars_to_win = 4\n", [], "unknown rule 'stars_to_win'"),
    ("negative rule", GOOD + "[rules]\nturn_cap = -3\n", [], "must be 1 or more"),
    ("invalid toml", "games = = 3\n", [], "is not valid TOML"),
    ("missing config", "MISSING", [], "cannot read config"),
    ("bad run name", 'name = "a/b"\n', [], "must be a folder name"),
    ("shard size zero", GOOD + "shard_size = 0\n", [], "'shard_size' must be between 1"),
    ("resume and overwrite", GOOD, ["--resume", "--overwrite"], "exclude each other"),
    ("zero workers", GOOD, ["--workers", "0"], "--workers must be 1 or more"),
    ("scheduler without dask", GOOD, ["--scheduler", "tcp://127.0.0.1:1"], "needs the dask backend"),
    ("unreachable scheduler", GOOD, ["--backend", "dask", "--scheduler", "tcp://127.0.0.1:1"],
     "cannot reach the Dask scheduler"),
    ("output is a file", GOOD, ["--out", "FILE"], "is a file, not a folder"),
    ("output is a file itself", GOOD, ["--out", "BLOCKER"], "is a file, not a folder"),
    ("resume with no run", GOOD, ["--resume"], "there is no run at"),
    ("resume with no run nor config", None, ["--resume"], "there is no run at"),
    ("players flag not a count", None, ["--players", "three"], "--players 'three'"),
    ("players flag too many", None, ["--players", "3,8"], "player counts are whole numbers 1..7"),
    ("rule flag without value", None, ["--rule", "turn_cap"], "give KEY=VALUE"),
    ("rule flag not a number", None, ["--rule", "turn_cap=high"], "needs a whole number"),
    ("unknown rule flag", None, ["--rule", "stars_to_win=4"], "unknown rule 'stars_to_win'"),
    ("factions flag without mats", None, ["--factions", "nordic,saxony"], "--factions and --mats go together"),
    ("unknown faction flag", None, ["--players", "2", "--factions", "nordic,elves", "--mats",
                                    "industrial,patriotic"], "unknown 'elves'"),
    ("unknown strategy flag", None, ["--strategies", "genius"], "unknown strategy 'genius'"),
    ("strategies and pool flags", None, ["--strategies", "random", "--strategy-pool", "greedy"],
     "exclude each other"),
    ("strategy count flag", None, ["--players", "3", "--strategies", "random,greedy"], "give 1"),
    ("scheduler not an address", None, ["--backend", "dask", "--scheduler", "tcp://nohost"], "is not an address"),
    ("weights not a table", GOOD + '[strategies]\nseats = ["greedy"]\nweights = "w.toml"\n', [],
     "'strategies.weights' must be a table"),
    ("weights unknown strategy", GOOD + _WEIGHTS + 'genius = "w.toml"\n', [], "unknown strategy 'genius'"),
    ("weights strategy not played", GOOD + '[strategies]\nseats = ["random"]\n[strategies.weights]\n'
     'greedy = "w.toml"\n', [], "the run does not play greedy"),
    ("weights path not a string", GOOD + _WEIGHTS + "greedy = 3\n", [], "must be a weights file path"),
    ("weights file missing", GOOD + _WEIGHTS + 'greedy = "nope.toml"\n', [], "weights file"),
    ("weights file not toml", GOOD + _WEIGHTS + 'greedy = "broken.toml"\n', [], "is not valid TOML"),
    ("weight unknown", GOOD + _WEIGHTS + 'greedy = "typo.toml"\n', [], "unknown weight 'scroe'"),
    ("weight not a number", GOOD + _WEIGHTS + 'greedy = "text.toml"\n', [], "weight 'score' must be a number"),
    ("weight not finite", GOOD + _WEIGHTS + 'greedy = "nan.toml"\n', [], "not a finite number"),
    ("weights all zero", GOOD + _WEIGHTS + 'greedy = "zero.toml"\n', [], "hold no weights"),
    ("automa level 0", GOOD + '[strategies]\nseats = ["automa"]\n[strategies.weights]\nautoma = "level0.toml"\n',
     [], "the Automa's level is 1"),
    ("automa level 5", GOOD + '[strategies]\nseats = ["automa"]\n[strategies.weights]\nautoma = "level5.toml"\n',
     [], "level = 5"),
    ("ban_pairs not a switch", GOOD + "[rules]\nban_pairs = 3\n", [], "'ban_pairs' must be at most 1"),
]
# weights files written beside the config (relative paths are relative to the config file)
WEIGHT_FILES = {"broken.toml": "[weights\n", "typo.toml": "[weights]\nscroe = 1\n",
                "text.toml": '[weights]\nscore = "high"\n', "nan.toml": "[weights]\nscore = nan\n",
                "zero.toml": "[weights]\nscore = 0\nstar = 0.0\n",
                "level0.toml": 'based_on = "automa"\n[weights]\nlevel = 0\n',
                "level5.toml": 'based_on = "automa"\n[weights]\nlevel = 5\n'}


@pytest.mark.parametrize("case,text,args,words", CASES, ids=[c[0] for c in CASES])
def test_bad_input_gives_one_line_exit_2_and_writes_nothing(tmp_path, case, text, args, words):
    out_dir = tmp_path / "out"
    cli = ["run", "--workers", "1", "--quiet"]
    for name, content in WEIGHT_FILES.items():
        (tmp_path / name).write_text(content)
    if text is not None:
        path = tmp_path / "run.toml"
        if text != "MISSING":
            path.write_text(text)
        cli.append(str(path))
    if "FILE" in args or "BLOCKER" in args:
        blocker = tmp_path / "blocker"
        blocker.write_text("not a folder")
        args = [{"FILE": str(blocker / "sub"), "BLOCKER": str(blocker)}.get(a, a) for a in args]
    else:
        cli += ["--out", str(out_dir)]
    result = CliRunner().invoke(main, cli + args)
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), result.output
    assert words in lines[0]
    assert not out_dir.exists() or not os.listdir(out_dir)


def test_an_occupied_folder_that_is_not_a_run_is_left_alone(tmp_path):
    run_dir = tmp_path / "out" / "bad"
    run_dir.mkdir(parents=True)
    (run_dir / "notes.txt").write_text("mine")
    result = CliRunner().invoke(main, ["run", "--name", "bad", "--out", str(tmp_path / "out"),
                                       "--games", "4", "--quiet", "--workers", "1"])
    assert result.exit_code == 2 and "is not a scythe-sim run" in result.output
    assert os.listdir(run_dir) == ["notes.txt"]
