"""All Out War from the command line: `run --variant`, one-line errors, and tiny runs
end to end: run -> report -> compare (a base and a war run, two war runs)."""
import os

import pytest
from click.testing import CliRunner

from cli.main import main


def _run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def _one_line_error(result, *words):
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.output
    for word in words:
        assert word in lines[0], lines[0]


def _small_run(out, name, *extra):
    result = _run("run", "--games", 6, "--seed", 2, "--shard-size", 3, "--workers", 1, "--out", out,
                  "--name", name, "--quiet", *extra)
    assert result.exit_code == 0, result.output
    return os.path.join(out, name)


def test_an_unknown_variant_is_one_line_naming_the_known_ones_and_writes_nothing(tmp_path):
    _one_line_error(_run("run", "--variant", "resolution", "--games", 2, "--out", tmp_path, "--quiet"),
                    "--variant 'resolution'", "base", "all_out_war")
    assert os.listdir(tmp_path) == []


@pytest.mark.slow
def test_run_report_compare_across_a_base_and_war_runs(tmp_path):
    base = _small_run(tmp_path, "base")
    war = _small_run(tmp_path, "war", "--variant", "all_out_war")
    war2 = _small_run(tmp_path, "war2", "configs/all_out_war.toml")   # same seed and mix as --variant

    result = _run("report", war)
    assert result.exit_code == 0, result.output
    text = open(os.path.join(war, "report", "index.md")).read()
    assert "Variant effects: All Out War" in text and "War win rate by standard-game place" in text
    for name in ("war_standard_winner", "war_win_rate_by_faction", "war_by_place", "war_end_reasons"):
        assert os.path.exists(os.path.join(war, "report", f"{name}.csv")), name
    assert _run("report", base).exit_code == 0
    assert "All Out War" not in open(os.path.join(base, "report", "index.md")).read()
    assert _run("report", base, war, "--out", tmp_path / "both").exit_code == 0
    both = open(os.path.join(tmp_path, "both", "index.md")).read()
    assert "the same deals give the same winners" in both and both.count("### Variant effects: All Out War") == 1

    result = _run("compare", base, war)
    assert result.exit_code == 0, result.output
    assert "variant: base -> all_out_war" in result.output
    words = " ".join(result.output.split())                  # notes are wrapped to the terminal's width
    assert "cannot differ" in words and "0 group(s) shifted" in words
    _one_line_error(_run("compare", base, war, "--outcome", "war_winner"), "played no war", "base")
    result = _run("compare", war, war2, "--outcome", "war_winner")
    assert result.exit_code == 0, result.output
    assert "war win rate" in result.output and "paired" in result.output
