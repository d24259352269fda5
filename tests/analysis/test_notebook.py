"""Runs in a notebook: every code block of docs/analysis.md runs, in order, in a fresh
folder (the shell blocks play its two runs; pandas and DuckDB are in the test extra);
`open_run`'s numbers are the report's and compare's own."""
import os
import re
import subprocess
import sys
from pathlib import Path

import polars as pl
import pytest
from polars.testing import assert_frame_equal

import scythe_sim
from analysis import compare, notebook, queries
from analysis.runs import AnalysisError

PAGE = Path(__file__).resolve().parents[2] / "docs" / "analysis.md"
BLOCK = re.compile(r"^```(sh|python)\n(.*?)^```", re.S | re.M)


def _blocks():
    return BLOCK.findall(PAGE.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def session(tmp_path_factory):
    """The page's blocks run in order in a fresh folder: (folder, the Python namespace)."""
    folder = tmp_path_factory.mktemp("notebook")
    env = dict(os.environ, PATH=os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", ""))
    namespace, here = {}, os.getcwd()
    os.chdir(folder)
    try:
        for kind, code in _blocks():
            if kind == "sh":
                done = subprocess.run(["bash", "-euo", "pipefail", "-c", code], env=env, capture_output=True,
                                      text=True, timeout=1800)
                assert done.returncode == 0, done.stderr
            else:
                exec(compile(code, str(PAGE), "exec"), namespace)
    finally:
        os.chdir(here)
    return folder, namespace


def test_the_page_has_shell_polars_pandas_and_duckdb_blocks():
    kinds = [kind for kind, _ in _blocks()]
    text = "\n".join(code for _, code in _blocks())
    assert kinds.count("sh") >= 1 and kinds.count("python") >= 4
    assert "to_pandas()" in text and "import duckdb" in text and "open_run(" in text


@pytest.mark.slow
def test_every_block_of_the_page_runs(session):
    folder, namespace = session
    run = namespace["run"]
    assert isinstance(run, notebook.OpenRun) and isinstance(run.seats, pl.LazyFrame)
    assert namespace["seats"].shape[0] == run.seats.select(pl.len()).collect().item()   # pandas, every seat
    assert namespace["games"] == 400


@pytest.mark.slow
def test_open_run_counts_as_the_report_and_compare_do(session):
    folder, namespace = session
    run, five = namespace["run"], namespace["five"]
    assert scythe_sim.open_run is notebook.open_run
    by_mat = run.win_rates("mat")
    assert by_mat["win_rate"].to_list() == sorted(by_mat["win_rate"].to_list(), reverse=True)   # best first
    assert_frame_equal(by_mat.sort("mat"), queries.win_rates(run.run.seats(), "mat"))   # sums in any order
    direct = (run.seats.group_by("faction").agg(pl.col("winner").sum().alias("wins"), pl.len().alias("seats"))
              .sort("faction").collect())
    rates = run.win_rates().sort("faction")
    assert rates["wins"].to_list() == direct["wins"].to_list() and rates["seats"].to_list() == direct["seats"].to_list()
    assert ((rates["ci_low"] <= rates["win_rate"]) & (rates["win_rate"] <= rates["ci_high"])).all()
    table = run.compare(str(folder / "results/notebook/five"), by="faction,mat")
    expected = compare.compare_runs(run.run, five.run, ["faction", "mat"])
    # the same table, its differences in percentage points as compare prints them (issue 58)
    points = ("difference", "ci_low", "ci_high", "unpaired_ci_low", "unpaired_ci_high", "paired_ci_low",
              "paired_ci_high", "mde")
    assert_frame_equal(table, expected.with_columns(pl.col(c) * 100 for c in points))
    assert set(table["method"]) == {"paired"}
    assert table["paired_ci_low"].null_count() == 0


@pytest.mark.slow
def test_a_run_without_a_turns_table_says_how_to_get_one(session):
    run = session[1]["run"]
    with pytest.raises(AnalysisError, match="has no turns table: play the run with --log-turns"):
        run.turns


def test_open_run_refuses_what_report_refuses(tmp_path):
    with pytest.raises(AnalysisError, match="not a run folder"):
        scythe_sim.open_run(tmp_path)


def test_open_run_sorts_by_rate_takes_an_outcome_and_names_a_mistyped_column(tmp_path):
    from .test_analysis import BASE, fake_run

    run = scythe_sim.open_run(fake_run(tmp_path / "r", 400, dict(BASE, crimea=3.0), seed=1))
    rates = run.win_rates()
    assert rates["win_rate"].to_list() == sorted(rates["win_rate"].to_list(), reverse=True)
    assert rates["faction"][0] == "crimea"
    with pytest.raises(AnalysisError) as caught:
        run.win_rates(by="facton")
    assert str(caught.value) == "unknown seat column 'facton': did you mean 'faction'?"
    with pytest.raises(AnalysisError, match="played no war"):
        run.win_rates(outcome="war_winner")
    with pytest.raises(AnalysisError, match="did you mean min_effect=2"):
        run.compare(run, min_effect=0.02)


def test_the_pages_pandas_and_duckdb_come_with_the_notebook_extra():
    import tomllib

    project = tomllib.loads((PAGE.parents[1] / "pyproject.toml").read_text())["project"]
    extra = " ".join(project["optional-dependencies"]["notebook"])
    assert "pandas" in extra and "duckdb" in extra
    assert not any(d.startswith(("pandas", "duckdb")) for d in project["dependencies"])
    assert 'pip install "scythe-sim[notebook]"' in PAGE.read_text()
