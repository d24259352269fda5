"""`scythe-sim compare` cannot mislead (issue 18, item 4): the same run twice is refused
without --allow-same, shared seeds under different rule sets are said, what differs
comes first, differences are in percentage points, text fits 80 columns, and the
Markdown and JSON forms carry the same rows."""
import json
import shutil

import pytest
from click.testing import CliRunner

from cli.main import main

from .test_analysis import BASE, fake_run
from .test_paired import set_manifest


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    root = tmp_path_factory.mktemp("cmp")
    return {"base": fake_run(root / "base", 3000, BASE, seed=1),
            "nerfed": fake_run(root / "nerfed", 3000, dict(BASE, crimea=1.0), seed=3),
            "root": root}


def _compare(*args, columns=None):
    env = {"COLUMNS": str(columns)} if columns else {}
    return CliRunner(env=env).invoke(main, ["compare", *args])


def test_the_same_run_twice_is_refused_unless_allowed(runs):
    out = _compare(runs["base"], runs["base"])
    assert out.exit_code == 2 and out.output.count("\n") == 1
    assert "same run folder" in out.output and "--allow-same" in out.output
    copy = str(runs["root"] / "copy")
    shutil.copytree(runs["base"], copy)
    out = _compare(runs["base"], copy)
    assert out.exit_code == 2 and "are the same run" in out.output
    out = _compare(runs["base"], copy, "--allow-same")
    assert out.exit_code == 0 and out.output.startswith("base base")
    assert "copy are the same run" in " ".join(out.output.split())


def test_shared_seeds_under_another_rule_set_are_said_and_the_diff_comes_first(runs):
    other = str(runs["root"] / "other_rules")
    shutil.copytree(runs["base"], other)
    set_manifest(other, config_hash="changed", data_sha256="beef", config={"rules": {"stars_to_end": 5}})
    out = _compare(runs["base"], other)
    assert out.exit_code == 0, out.output
    lines = out.output.splitlines()
    assert lines[1].startswith("warning: both runs share root seed 1 under different rule sets")
    diff = lines.index("what differs:")
    table = next(i for i, line in enumerate(lines) if line.startswith("group"))
    assert diff < table
    assert "  rules.stars_to_end: - -> 5" in lines and "  data_sha256: - -> beef" in lines


@pytest.mark.parametrize("columns", [80, 120])
def test_text_fits_the_terminal_and_speaks_percentage_points(runs, columns):
    out = _compare(runs["base"], runs["nerfed"], "--by", "faction,mat", columns=columns)
    assert out.exit_code == 0, out.output
    assert max(len(line) for line in out.output.splitlines()) <= columns
    assert " pp" in out.output and "SHIFT" in out.output
    rows = [line for line in out.output.splitlines() if line.startswith("crimea")]
    assert rows and rows[0].split()[0] == "crimea"     # largest differences first: crimea's
    first = next(line for line in out.output.splitlines() if " / " in line)
    assert first.startswith("crimea /")


def test_markdown_and_json(runs):
    md = _compare(runs["base"], runs["nerfed"], "--format", "markdown", "--by", "seat")
    assert md.exit_code == 0 and "| group | base | candidate | difference | interval |" in md.output
    assert "| root_seed | 1 | 3 |" in md.output
    data = json.loads(_compare(runs["base"], runs["nerfed"], "--format", "json").output)
    assert {"differences", "rows", "warnings", "shifted", "method"} <= set(data)
    assert len(data["rows"]) == 5 and data["shifted"] >= 1
    assert ["root_seed", 1, 3] in data["differences"]
