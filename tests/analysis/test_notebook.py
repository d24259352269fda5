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
    assert_frame_equal(run.win_rates("mat"), queries.win_rates(run.run.seats(), "mat"))   # sums in any order
    direct = (run.seats.group_by("faction").agg(pl.col("winner").sum().alias("wins"), pl.len().alias("seats"))
              .sort("faction").collect())
    rates = run.win_rates().sort("faction")
    assert rates["wins"].to_list() == direct["wins"].to_list() and rates["seats"].to_list() == direct["seats"].to_list()
    assert ((rates["ci_low"] <= rates["win_rate"]) & (rates["win_rate"] <= rates["ci_high"])).all()
    table = run.compare(str(folder / "results/notebook/five"), by="faction,mat")
    expected = compare.compare_runs(run.run, five.run, ["faction", "mat"])
    assert_frame_equal(table, expected)
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
