"""`scythe-sim evaluate STUDY`: the studies that replaced evaluate's mode flags play the
same games and print the same figures as the flags did on the same seeds (the expected
reports were taken from the flags' command before the change, their command line aside),
and the listing, the parameters and the former flags answer in one line."""
import hashlib
import re

import pytest
from click.testing import CliRunner

from cli.main import main
from scythe_sim.games.scythe.tools.studies import studies
from scythe_sim.study import Study, parse_sets

MLS = "my_little_scythe"

# study and its arguments -> (sha256 of the Markdown report, its command line aside; games
# played), as `evaluate` printed them with the former flags:
#   --games 4 --players 2 / --games 2 --players 3 --expansion / --ablation --games 3 --players 2
#   --seed 5 / --mix-only --counts 4 --games 2 --expansion / --wind-gambit --games 2 /
#   --verdicts --games 4 / --game my_little_scythe --games 4 (each --workers 1)
SAME = {
    ("quality", "--games", "4", "--players", "2"):
        ("a563497532b2b01dc5033c2bd74f92e6803c7ab6bbe6fb2d15a07c873aaf2b0f", 84),
    ("quality", "--games", "2", "--players", "3", "--set", "expansion=true"):
        ("2d03c9b93e9832513c57b13435e29cf7522618d9452216b0f2b4293a7ad82210", 42),
    ("ablation", "--games", "3", "--players", "2", "--seed", "5"):
        ("35aa41c6e2e1ff822c3ad54a4fdfa774f2c23b09583c187c7ca01c7facf653cd", 84),
    ("mix-counts", "--set", "counts=4", "--games", "2", "--set", "expansion=true"):
        ("b04599851ec6d524eaa5ac29a348c3edc97a96b80247f15640f9595f7c7b8717", 2),
    ("wind-gambit", "--games", "2"):
        ("d8b05307763d9695143cafdadb07cb61cbe117db4b564de4ec651e3899f07e01", 12),
    ("verdicts", "--games", "4"):
        ("9910afb4ba845ee977f6741b840816e4433c1d141e9abf9db18b00de1f09f156", 8),
    ("quality", "--game", MLS, "--games", "4"):
        ("e62c4cba260dd91b7799f5a6342346660130153d0ae392bab9ef9e025ea41169", 36),
}


def _run(*args):
    return CliRunner().invoke(main, ["evaluate", *map(str, args)])


def _one_line(result, *words):
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert result.exit_code == 2 and len(lines) == 1 and lines[0].startswith("error: "), result.output
    for word in words:
        assert word in lines[0], lines[0]


@pytest.mark.slow
@pytest.mark.parametrize("args", list(SAME), ids=[" ".join(a) for a in SAME])
def test_each_study_prints_the_figures_its_flag_printed(args, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)                                        # a declared study's run cache: results/
    out = tmp_path / "report.md"
    result = _run(*args, "--workers", 1, "--out", out)
    assert result.exit_code == 0, result.output
    text = out.read_text()
    assert f"`scythe-sim evaluate {args[0]} " in text                 # the new command line...
    body = re.sub(r"`scythe-sim evaluate[^`]*`", "`CMD`", text)       # ...and nothing else differs
    digest, played = SAME[args]
    assert hashlib.sha256(body.encode()).hexdigest() == digest
    assert f"{played:,} games in" in result.output
    if studies()[args[0]].declared:                                    # played once, then read back
        again = _run(*args, "--workers", 1, "--out", out)
        assert again.exit_code == 0 and "0 games in" in again.output, again.output
        assert hashlib.sha256(re.sub(r"`scythe-sim evaluate[^`]*`", "`CMD`", out.read_text()).encode()
                              ).hexdigest() == digest


def test_without_a_study_evaluate_lists_each_games_studies_and_parameters():
    result = _run()
    assert result.exit_code == 0, result.output
    for name in ("quality", "ablation", "mix-counts", "verdicts", "reference-verdicts", "agreement", "speed", "search",
                 "fast", "wind-gambit"):
        assert f"\n  {name} " in result.output
    assert "--set mirror_games=300" in result.output and "--set expansion=false" in result.output
    mls = _run("--game", MLS)
    assert mls.exit_code == 0 and "quality" in mls.output and "ablation" not in mls.output


def test_evaluate_takes_at_most_eight_options():
    options = [p for p in main.commands["evaluate"].params if p.param_type_name == "option"]
    assert len(options) <= 8, [p.name for p in options]


@pytest.mark.parametrize("args, words", [
    (("--ablation",), ("--ablation is now a study: scythe-sim evaluate ablation",)),
    (("--mix-only", "--counts", "4"), ("scythe-sim evaluate mix-counts",)),
    (("--verdicts", "--reference"), ("scythe-sim evaluate reference-verdicts",)),
    (("--fast",), ("scythe-sim evaluate fast",)),
    (("quality", "--expansion"), ("--set expansion=VALUE",)),
    (("search", "--mirror-games", "5"), ("--set mirror_games=VALUE",)),
    (("qualty",), ("did you mean 'quality'",)),
    (("--games", "100"), ("scythe-sim evaluate quality ...",)),
    (("fast", "--set", "nope=1"), ("study fast takes no parameter 'nope'", "pace_games, model, weights")),
    (("search", "--set", "sweep_games=x"), ("sweep_games is a whole number",)),
    (("quality", "--set", "expansion=maybe"), ("true or false",)),
    (("search", "--players", "3"), ("drop --players",)),
    (("search", "--set", "backend=cloud"), ("choose local or dask",)),
    (("ablation", "--game", MLS), ("no study 'ablation' for my_little_scythe", "quality")),
    (("quality", "--game", "chess"), ("--game 'chess'",)),
])
def test_a_bad_study_parameter_or_former_flag_is_one_line(args, words):
    _one_line(_run(*args, "--workers", 1), *words)


def test_parameters_take_their_defaults_type():
    study = Study("x", "", run=lambda settings: None, params=(("n", 3, ""), ("on", False, ""), ("name", "a", "")))
    assert parse_sets(study, ["n=1,000", "on=yes", "name=b=c"]) == {"n": 1000, "on": True, "name": "b=c"}
    assert parse_sets(study, []) == {"n": 3, "on": False, "name": "a"}


def test_every_study_of_scythe_has_a_summary_and_distinct_name():
    found = studies()
    assert list(found)[0] == "quality" and all(s.summary and s.name == k for k, s in found.items())


def _report(args, tmp_path):
    out = tmp_path / "report.md"
    result = _run(*args, "--workers", 1, "--out", out)
    assert result.exit_code == 0, result.output
    text = out.read_text()
    assert f"`scythe-sim evaluate {args[0]} " in text
    return re.sub(r"`scythe-sim evaluate[^`]*`", "`CMD`", text)


@pytest.mark.slow
def test_the_fast_study_prints_what_evaluate_fast_printed(tmp_path):
    # before: evaluate --fast --games 100 --pace-games 100 --seed 1; games per CPU-second
    # (its last table and target) are timed, so they differ run to run
    body = _report(("fast", "--games", "100", "--set", "pace_games=100"), tmp_path)
    head = body.split("## the default mix's games per CPU-second")[0]
    assert hashlib.sha256(head.encode()).hexdigest() == \
        "560bab5346c5f203d16e00b1eb69ddba574d3b897751467659ed9b15a39b691f"
    assert [line for line in body.splitlines() if line.startswith("- **")][:5] == [
        "- **FAIL** new greedy vs 3 greedy2 >= 35% over >= 4,000 games: 23.0% over 100",
        "- **FAIL** paired vs 29bb04a's greedy >= +5%, interval above 0: -7.0% (-15.5% .. +1.5%)",
        "- **FAIL** median turns a player 18-22: 24",
        "- **FAIL** bottom-row action on >= 65% of turns: 49.2%",
        "- **FAIL** mats within 2x of each other: 3.21x"]


USER_STUDY = '''
from scythe_sim.intervals import wilson
from scythe_sim.quality import Report, Table, Target, play_blocks
from scythe_sim.runner.config import parse_config
from scythe_sim.study import Study


def run(s):
    base = {"name": "mine", "games": s.games, "seed": s.seed, "players": s.players}
    blocks = [(name, name, parse_config({**base, "rules": rules}))
              for name, rules in (("base", {}), ("five stars", {"stars_to_end": s.own["stars"]}))]
    played = play_blocks(blocks, s.workers)
    turns = [float(g.column("turns").to_numpy().mean()) for g, _, _ in played]
    table = Table("mine", "my house rule", ["block", "mean turns"], [[b[0], f"{t:.1f}"] for b, t in zip(blocks, turns)])
    target = Target("the house rule shortens the game", f"{turns[1]:.1f} < {turns[0]:.1f}", turns[1] < turns[0])
    return Report(s.games, s.players, s.seed, [table], [target], {"turns": turns}, s.games * 2)


STUDY = Study("five-stars", "my house rule: the game ends at the 5th star", run, games=10,
              params=(("stars", 5, "stars that end the game"),))
'''


@pytest.mark.slow
def test_a_users_study_file_plays_its_own_blocks_and_targets(tmp_path):
    path = tmp_path / "mine.py"
    path.write_text(USER_STUDY)
    out = tmp_path / "mine.md"
    result = _run(path, "--games", 6, "--workers", 1, "--set", "stars=4", "--out", out)
    assert result.exit_code == 0, result.output
    assert "my house rule" in result.output and "the house rule shortens the game" in result.output
    assert f"`scythe-sim evaluate {path} --games 6 --players 4 --seed 1 --set stars=4`" in out.read_text()
    _one_line(_run(tmp_path / "none.py"), "not found")
    (tmp_path / "empty.py").write_text("x = 1\n")
    _one_line(_run(tmp_path / "empty.py"), "defines no STUDY")


@pytest.mark.slow
def test_the_search_study_prints_what_evaluate_search_printed(tmp_path):
    # before: evaluate --search --games 4 --mirror-games 2 --relentless-games 4 --sweep-games 1
    # --seed 3 --runs DIR; the CPU seconds (three decimals) are timed, so they differ run to run
    body = _report(("search", "--games", "4", "--seed", "3", "--set", "mirror_games=2", "--set", "relentless_games=4",
                    "--set", "sweep_games=1", "--set", f"runs={tmp_path / 'runs'}"), tmp_path)
    assert hashlib.sha256(re.sub(r"-?\d+\.\d{3}", "T", body).encode()).hexdigest() == \
        "6f791790e7f8c8111e063250fab5d89ea5f6714c758a5ae8303a79198f5d9680"


@pytest.mark.slow
def test_the_speed_study_times_the_same_pairs_evaluate_speed_timed(tmp_path):
    # before: evaluate --speed --games 2 --players 3: 6 alternating pairs of 2 games each side
    # (its figures are games per second: only what it plays and shows is the same)
    body = _report(("speed", "--games", "2", "--players", "3"), tmp_path)
    assert "(6 alternating pairs of 2 games)" in body and "| players | games/s per core |" in body
    assert "default mix: games/s per core with the learned value >= hand-valued" in body
