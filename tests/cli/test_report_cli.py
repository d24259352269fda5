"""`scythe-sim report` in everyday use (issue 58): a comparison goes to a folder of its
own and says so, a folder holding another report is refused in one line (exit 2),
`--format json` gives the report's summary to tools, and the help shows no literal \\b.
Small synthetic runs, no kernel."""
import json
import os

import pytest
from click.testing import CliRunner

from cli.main import main
from tests.analysis.test_paired import replay_deals, typed_run

pytestmark = pytest.mark.slow      # four small reports (~10 s of CPU)


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    root = tmp_path_factory.mktemp("report_cli")
    base = typed_run(root / "base", 400, seed=1)
    return {"base": base, "five": replay_deals(base, root / "five", crimea_boost=0.06), "root": root}


def _report(*args):
    return CliRunner().invoke(main, ["report", *map(str, args)])


def test_single_then_comparison_then_single_leaves_both_reports(runs):
    base, five = runs["base"], runs["five"]
    own, both = os.path.join(base, "report", "index.md"), os.path.join(base, "report-vs-five", "index.md")
    first = _report(base)
    assert first.exit_code == 0 and first.output == f"report: {own} (and index.html beside it)\n", first.output
    compared = _report(base, five)
    assert compared.exit_code == 0, compared.output
    assert compared.output == f"report: {both} (and index.html beside it; a comparison, in a folder of its own)\n"
    assert _report(base).exit_code == 0
    assert "## Runs side by side" in open(both).read() and "## Runs side by side" not in open(own).read()
    # a folder holding the other report is refused in one line, and left as it was
    before = open(own).read()
    refused = CliRunner().invoke(main, ["report", base, five, "--out", os.path.join(base, "report")])
    assert refused.exit_code == 2 and len(refused.output.strip().splitlines()) == 1, refused.output
    assert "holds the report of base alone" in refused.output and "drop --out" in refused.output
    assert open(own).read() == before


def test_format_json_gives_the_summary_to_tools(runs):
    done = _report(runs["base"], "--out", runs["root"] / "json", "--format", "json")
    assert done.exit_code == 0, done.output
    answer = json.loads(done.output)
    assert answer["kind"] == "run" and answer["index"] == str(runs["root"] / "json" / "index.md")
    assert answer["runs"] == [{"name": "base", "path": runs["base"], "games": 400}]
    assert any(line.startswith("base, factions: best ") for line in answer["glance"])
    assert answer["summary"] and answer["players"].startswith("Played by scripted strategies")
    assert {"index.md", "index.html", "report.json", "win_rate_by_faction.csv", "heatmap_4p.png"} \
        <= set(answer["files"])
    assert all(os.path.exists(runs["root"] / "json" / name) for name in answer["files"])


def test_the_help_shows_no_literal_backslash_b():
    done = CliRunner().invoke(main, ["report", "-h"])
    assert done.exit_code == 0 and "\\b" not in done.output, done.output
    assert "  scythe-sim report results/default --show-game 12\n" in done.output     # kept unwrapped
    assert "--format [text|json]" in done.output and "report-vs-" in done.output
