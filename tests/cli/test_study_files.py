"""A user's study as a TOML file (scythe_sim/study_file.py), played by the engine of
declared studies (analysis/study_engine.py): its blocks go through the run cache, so the
same command reads them back and a larger --games extends them; its targets are marked
PASS or FAIL (--fail: exit 1); a mistake in the file is one line, exit 2, nothing written."""
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.main import main
from scythe_sim.study import Agree, Ranking, Rates, Shift, Shifts, Within
from scythe_sim.study_file import read_study

HOUSE_RULE = """
name = "five-stars"
summary = "my house rule: the game ends at the 5th star"

[[block]]
name = "printed"
label = "the rules as printed"

[[block]]
name = "five"
rules = { stars_to_end = 5 }

[[query]]
kind = "rates"
blocks = ["printed", "five"]
by = "mat"

[[query]]
kind = "ranking"
blocks = ["printed", "five"]

[[query]]
kind = "shifts"
block = "five"
against = "printed"

[[target]]
kind = "shift"
block = "five"
against = "printed"
at_most = 1.0

[[target]]
kind = "within"
block = "five"
high = 0.0
text = "no faction ever wins (fails)"
"""


def _run(*args):
    return CliRunner().invoke(main, ["evaluate", *map(str, args)])


def _body(path):
    return re.sub(r"`scythe-sim evaluate[^`]*`", "`CMD`", path.read_text())


def test_a_toml_study_plays_its_blocks_once_extends_them_and_marks_its_targets(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    study, out = tmp_path / "five.toml", tmp_path / "five.md"
    study.write_text(HOUSE_RULE)
    first = _run(study, "--games", 4, "--players", 3, "--workers", 1, "--out", out)
    assert first.exit_code == 0, first.output
    assert "8 games in" in first.output
    body = _body(out)
    assert "win rate by mat: the rules as printed, five" in body
    assert "faction ranking: the rules as printed and five" in body
    assert "faction win rate from the rules as printed to five" in body and "| no shift |" in body
    assert ("**PASS** no faction's win rate shifts by 100.0% or more from the rules as printed to five "
            "(beyond chance, Holm): none; largest") in body
    assert "**FAIL** no faction ever wins (fails)" in body
    assert "**PASS** no game stopped with status != 0: 0 of 8" in body
    again = _run(study, "--games", 4, "--players", 3, "--workers", 1, "--out", out, "--fail")
    assert again.exit_code == 1 and "0 games in" in again.output, again.output     # read back; a target fails
    assert _body(out) == body
    more = _run(study, "--games", 6, "--players", 3, "--workers", 1)
    assert more.exit_code == 0 and "4 games in" in more.output, more.output        # 2 more a block
    assert len(list((tmp_path / "results" / "study-runs").iterdir())) == 2        # one cached run a block


PLAYERS_ON_THE_SAME_DEALS = """
[[block]]
name = "mix"

[[block]]
name = "mirror"
strategies = { seats = ["greedy"] }
games = 2

[[query]]
kind = "shifts"
block = "mirror"
against = "mix"
by = ["faction", "mat"]

[[query]]
kind = "grid"
block = "mix"

[[target]]
kind = "enough"
block = "mirror"
games = 3
"""


def test_a_block_of_its_own_count_pairs_on_the_deals_both_played(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    study, out = tmp_path / "mirror.toml", tmp_path / "mirror.md"
    study.write_text(PLAYERS_ON_THE_SAME_DEALS)
    result = _run(study, "--games", 4, "--players", 3, "--workers", 1, "--out", out)
    assert result.exit_code == 0, result.output
    assert "6 games in" in result.output                               # 4 of the mix, 2 of the mirror
    body = _body(out)
    assert "faction and mat win rate from mix to mirror" in body
    assert "| group | kind | seats |" in body
    assert "the first 2 games of each, paired (game by game on the same deals); Holm over the" in body
    assert "mix: win rate (seats) by faction x mat" in body
    assert "**FAIL** mirror: at least 3 games: 2" in body
    assert "**PASS** no game stopped with status != 0: 0 of 6" in body


def test_the_example_study_reads_as_its_blocks_queries_and_targets():
    study = read_study(Path(__file__).resolve().parents[2] / "configs" / "studies" / "five_stars.toml")
    assert study.declared and study.keeps_runs and study.games == 2000
    assert [b.name for b in study.blocks] == ["printed", "five"]
    assert study.blocks[1].config == {"rules": {"stars_to_end": 5}}
    assert [type(q) for q in study.queries] == [Rates, Shifts, Shifts, Ranking]
    assert [type(t) for t in study.targets] == [Shift, Shift, Agree, Within]
    assert {key for key, _, _ in study.params} == {"runs", "backend", "scheduler", "weights", "model"}


@pytest.mark.parametrize("text,words", [
    ("[[block]]\nname = 'a'\n[[query]]\nkind = 'rate'\n", ("kind 'rate'", "rates, ranking")),
    ("[[block]]\nname = 'a'\n[[target]]\nkind = 'shift'\nblock = 'a'\nagainst = 'b'\n", ("block 'b'",)),
    ("[[block]]\nname = 'a'\n[[target]]\nkind = 'within'\nblok = 'a'\n", ("takes no 'blok'", "block")),
    ("[[block]]\nname = 'a'\n[[target]]\nkind = 'within'\n", ("needs 'block'",)),
    ("[[block]]\nname = 'a'\n[[block]]\nname = 'a'\n", ("named alike",)),
    ("[[block]]\nlabel = 'x'\n", ("no name",)),
    ("name = 'x'\n", ("no [[block]]",)),
    ("blocks = 1\n", ("unknown key 'blocks'",)),
    ("[[block]]\nname = 'a'\nrules = { nope = 1 }\n", ("block a", "unknown rule 'nope'")),
    ("[[block]\n", ("not valid TOML",)),
    ("[[block]]\nname = 'a'\ngames = 0\n", ("block a's games",)),
    ("[[block]]\nname = 'a'\n[[target]]\nkind = 'enough'\nblock = 'a'\n", ("needs 'games'",)),
])
def test_a_mistake_in_a_study_file_is_one_line_and_writes_nothing(tmp_path, monkeypatch, text, words):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mine.toml").write_text(text)
    result = _run("mine.toml", "--games", 2, "--out", tmp_path / "out.md")
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert result.exit_code == 2 and len(lines) == 1 and lines[0].startswith("error: "), result.output
    for word in words:
        assert word in lines[0], lines[0]
    assert not (tmp_path / "out.md").exists() and not (tmp_path / "results").exists()


def test_a_missing_study_file_is_one_line(tmp_path):
    result = _run(tmp_path / "none.toml")
    assert result.exit_code == 2 and "not found" in result.output
