"""The report in everyday use (issue 58): a comparison never overwrites a run's own report
(nor the reverse), the CSVs give differences of win rates in percentage points as the
pages and compare's JSON do, the first screen says how sure (each group named at a glance
with its interval), leads with a contents line and links each figure to its full size,
the heatmap's cell text stays readable when the page scales the figure down, and no
number is printed as -0.0. Synthetic runs with planted answers, no kernel."""
import json
import re

import matplotlib
import polars as pl
import pytest

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from analysis import figures, queries, summary, war, wind_gambit  # noqa: E402
from analysis.compare import compare_runs  # noqa: E402
from analysis.report import DPI, build_report, default_folder, point_columns, report_folder  # noqa: E402
from analysis.runs import AnalysisError, Run  # noqa: E402
from analysis.shown import cell_text, decimal_text, pct, pct_ci, pct_n, pp_ci, signed_pp  # noqa: E402

from .test_paired import replay_deals, set_manifest, typed_run  # noqa: E402
from .test_war import war_run  # noqa: E402
from .test_wind_gambit import wind_run  # noqa: E402

pytestmark = pytest.mark.slow      # two reports of 2,000-game runs (~20 s of CPU)

GAMES = 2000


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    root = tmp_path_factory.mktemp("everyday")
    base = typed_run(root / "base", GAMES, seed=1)
    # the same deals with crimea's win rate lifted by about 3 points (as a house rule would)
    five = replay_deals(base, root / "five", crimea_boost=0.06, redraw=0.03)
    set_manifest(five, config_hash="rule_five", config={"rules": {"stars_to_end": 5}, "shard_size": 10000})
    return {"base": base, "five": five, "root": root}


@pytest.fixture(scope="module")
def single(runs):
    index = build_report([runs["base"]], None)
    folder = runs["root"] / "base" / "report"
    return {"md": open(index).read(), "html": (folder / "index.html").read_text(), "dir": folder}


@pytest.fixture(scope="module")
def pair(runs, single):
    """The comparison in its default folder, written after the base run's own report."""
    index = build_report([runs["base"], runs["five"]])
    return {"index": index, "md": open(index).read()}


# --- a report never overwrites another ----------------------------------------------------------
def test_a_comparison_and_a_runs_own_report_never_replace_each_other(runs, single, pair):
    base, five = runs["base"], runs["five"]
    own = runs["root"] / "base" / "report"
    index = pair["index"]
    assert index == str(runs["root"] / "base" / "report-vs-five" / "index.md")
    assert "## Runs side by side" in open(index).read()
    assert "Runs side by side" not in (own / "index.md").read_text()      # the run's own report intact
    build_report([base])                                                 # and again: the comparison intact
    assert "## Runs side by side" in open(index).read()
    assert json.loads((own / "report.json").read_text())["kind"] == "run"
    assert json.loads((runs["root"] / "base" / "report-vs-five" / "report.json").read_text())["kind"] == "comparison"
    # three runs: a folder of their own too
    assert default_folder([base, five, "x/six"]).endswith("report-vs-five-six")


def test_a_folder_holding_another_report_is_refused_the_same_report_is_rewritten(runs, single, pair):
    base, five = runs["base"], runs["five"]
    own, both = str(runs["root"] / "base" / "report"), str(runs["root"] / "base" / "report-vs-five")
    with pytest.raises(AnalysisError, match="holds the report of base alone.*drop --out .*report-vs-five"):
        report_folder([base, five], own)
    with pytest.raises(AnalysisError, match="holds the comparison of five against base"):
        report_folder([base], both)
    with pytest.raises(AnalysisError, match="holds the comparison of five against base"):
        report_folder([five, base], both)                     # another base: another report
    with pytest.raises(AnalysisError, match="is a run's folder"):
        report_folder([base], five)
    assert report_folder([base, five], both) == both and report_folder([base], own) == own
    assert report_folder([base], str(runs["root"] / "new")) == str(runs["root"] / "new")


# --- differences of rates in percentage points in the CSVs --------------------------------------
def test_a_comparisons_csv_holds_points(runs, pair):
    table = pl.read_csv(runs["root"] / "base" / "report-vs-five" / "compare_five_by_faction.csv")
    crimea = table.filter(pl.col("faction") == "crimea").row(0, named=True)
    assert 1.5 < crimea["difference"] < 6                    # the planted ~3-point shift reads ~3, not ~0.03
    assert crimea["ci_low"] < crimea["difference"] < crimea["ci_high"] < 10
    assert crimea["paired_ci_low"] < crimea["difference"] < crimea["paired_ci_high"]
    assert crimea["unpaired_ci_high"] > 1 and 0.5 < crimea["mde"] < 20
    assert crimea["base_rate"] < 1 and crimea["candidate_rate"] < 1          # rates stay fractions
    assert crimea["p_value"] < 1 and crimea["p_holm"] <= 1                 # p-values are not points
    # the same number as compare's JSON gives
    memory = compare_runs(Run(runs["base"]), Run(runs["five"]), by=("faction",)).filter(pl.col("faction") == "crimea")
    assert crimea["difference"] == pytest.approx(100 * memory["difference"][0])


def test_which_columns_are_points(tmp_path, runs):
    base = Run(runs["base"])
    assert point_columns(queries.win_rates(base.seats(), "faction")) == []     # rates and their intervals
    fight = war.standard_vs_war(war.war_seats(Run(war_run(tmp_path / "war", 200, seed=1))), "faction")
    assert set(point_columns(fight)) == {"difference", "diff_ci_low", "diff_ci_high", "decided_difference",
                                         "decided_diff_ci_low", "decided_diff_ci_high"}
    wind = Run(wind_run(runs["base"], tmp_path / "wind"))
    assert set(point_columns(wind_gambit.tile_effects(wind.seats(), "resolution_tile"))) == {
        "difference", "ci_low", "ci_high"}
    assert point_columns(wind_gambit.tile_length_effects(wind.games(), "resolution_tile")) == []   # rounds


# --- the first screen: how sure, a contents line, figures at full size ---------------------------
def test_the_glance_names_each_best_and_worst_group_with_its_interval(single):
    glance = single["md"].split("At a glance:\n")[1].split("\n\n")[0].splitlines()
    factions = next(line for line in glance if ", factions:" in line)
    rate = r"\d+\.\d% \((\d+\.\d)-(\d+\.\d)%\)"
    best = re.search(rf"best crimea {rate}", factions)
    assert best and re.search(rf"worst \w+ {rate}", factions), factions
    assert float(best.group(1)) < float(best.group(2))
    assert "beyond chance" in factions
    table = queries.win_rates(Run(single["dir"].parent).seats(), "faction").filter(pl.col("faction") == "crimea")
    assert best.group(0).endswith(f"({100 * table['ci_low'][0]:.1f}-{100 * table['ci_high'][0]:.1f}%)")


def test_a_comparisons_glance_gives_the_largest_shift_with_its_interval(runs):
    table = compare_runs(Run(runs["base"]), Run(runs["five"]), by=("faction",), min_effect=0.02)
    (line,) = summary.glance_shifts("base", "five", table, "faction", 0.02)
    assert re.search(r"largest crimea \+\d+\.\d pp \([-+]?\d+\.\d to \+\d+\.\d\)\.$", line), line


def test_a_contents_line_under_the_title_and_figures_linked_to_full_size(single):
    html, md = single["html"], single["md"]
    assert html.index("</h1>") < html.index("<nav class='contents'>") < html.index("<h2 id='summary'>")
    nav = html.split("<nav class='contents'>")[1].split("</nav>")[0]
    targets = re.findall(r"href='#([^']+)'", nav)
    assert {"summary", "provenance", "faction-x-mat"} <= set(targets)
    assert all(f" id='{t}'" in html for t in targets)                 # every link lands on its section
    assert md.splitlines()[2].startswith("Contents: [Summary](#summary)")
    images = re.findall(r"<a href='([^']+)'[^>]*><img src='([^']+)'", html)
    assert len(images) == html.count("<img") >= 6 and all(a == b for a, b in images)
    assert "[![faction x mat win rate, 4 players](heatmap_4p.png)](heatmap_4p.png)" in md


def test_the_heatmaps_cell_text_reads_when_the_page_scales_it_down():
    """Seven by seven, shown 800 px wide (the glance's share of a 1,400 px window), a
    cell's text must still be about 12 px tall; drawn at 7 points on a 10-inch figure it
    was 7 px."""
    width, _ = figures.heatmap_size(7, 7)
    assert figures.HEATMAP_FONT * 800 / (72 * width) >= 12
    cells = pl.DataFrame({"players": [4] * 4, "faction": ["a", "a", "b", "b"], "mat": ["x", "y", "x", "y"],
                          "seats": [1200, 40, 12345, 5], "win_rate": [0.3, 0.2, 0.25, 0.0]})
    fig, ax = plt.subplots()
    figures.heatmap(ax, cells, 4, ["a", "b"], ["x", "y"], 30)
    texts = {t.get_text(): t.get_fontsize() for t in ax.texts}
    assert set(texts.values()) == {figures.HEATMAP_FONT}
    assert "30%\nn=1,200" in texts and "25%\nn=12,345" in texts
    plt.close(fig)
    assert DPI * figures.heatmap_size(5, 5)[0] < 1300            # a base game's heatmap fits the page unscaled


# --- no -0.0, counts with separators ------------------------------------------------------------
def test_a_value_that_rounds_to_zero_prints_without_a_minus_sign():
    assert summary.pp(-0.0004) == "0.0 pp" and summary.pp(0.0) == "0.0 pp" and summary.pp(0.015) == "+1.5 pp"
    assert summary.pp_interval(-0.0003, 0.02) == "0.0 to +2.0"
    frame = pl.DataFrame({"d": [-0.0004, 0.0123, -0.02], "low": [-1e-17, -0.03, -0.05], "high": [0.01, 0.05, -0.0001],
                          "n": [1200, 5, 12345]})
    shown = frame.select(signed_pp("d").alias("a"), pp_ci("low", "high").alias("b"), pct("low").alias("c"),
                         pct_ci("d", "low", "high").alias("e"), pct_n("d", "n").alias("f"))
    assert shown["a"].to_list() == ["0.0 pp", "+1.2 pp", "-2.0 pp"]
    assert shown["b"].to_list() == ["0.0 to +1.0 pp", "-3.0 to +5.0 pp", "-5.0 to 0.0 pp"]
    assert shown["c"].to_list()[0] == "0.0%" and shown["e"].to_list()[2] == "-2.0% (-5.0-0.0%)"
    assert shown["f"].to_list() == ["0.0% (n=1,200)", "1.2% (n=5)", "-2.0% (n=12,345)"]
    assert decimal_text(-0.04) == "0.0" and decimal_text(-0.04, 1, signed=True) == "0.0"
    assert decimal_text(0.06, 1, signed=True) == "+0.1" and decimal_text(-1.26, 1, signed=True) == "-1.3"
    assert decimal_text(-0.0004, 3) == "0.000" and decimal_text(None) is None
    assert cell_text(-0.0001) == "0.000" and cell_text(1200, "games") == "1,200" and cell_text(946) == "946"
    assert cell_text(12345, "root_seed") == "12345" and cell_text(True) == "True"
    assert summary.length_shifts("b", "c", pl.DataFrame(
        {"t": ["x"], "measure": ["rounds"], "difference": [-0.01], "diff_low": [-0.04], "diff_high": [0.5],
         "method": ["paired"]}), "t", "tile")[0].endswith("largest differences in rounds x 0.0 (0.0 to +0.5).")


def test_no_page_prints_a_negative_zero(single, pair):
    for text in (single["md"], single["html"], pair["md"]):
        # a minus not after a digit or % (those are a range's hyphen: "5.0-0.0")
        assert not re.search(r"(?<![\d%])-0\.0+(?!\d)", text), re.search(r".{60}(?<![\d%])-0\.0+(?!\d).{20}", text)
        assert not re.search(r"\b\d{4,}(?= games| seats| wars)", text)     # "2,000 games", never "2000 games"
    provenance = pair["md"].split("## Provenance")[1]
    assert re.search(r"\| base \| [^|]+ \| 2,000 \| 1 \|", provenance)       # games counted, the seed as typed
    assert "| shard_size | - | 10,000 |" in provenance


def test_the_html_shows_the_markdowns_code_and_bold_as_such():
    from analysis.shown import inline_html

    line = "Verdicts from the fast players (`--reference 1,000`, **not** <checked>)"
    assert inline_html(line) == ("Verdicts from the fast players (<code>--reference 1,000</code>, "
                                 "<strong>not</strong> &lt;checked&gt;)")


def test_the_same_tie_of_several_runs_is_one_line_at_a_glance():
    from analysis.summary import Summary, glance_tied

    summary = Summary()
    summary.short("spread", glance_tied("base", "turn_order", "mat") + glance_tied("five", "turn_order", "mat"))
    summary.short("spread", glance_tied("war", "seat", "turn_order"))
    assert summary.glance_lines() == [
        "base and five, turn order: tied to the player mat by the deal; its own effect is in the joint model.",
        glance_tied("war", "seat", "turn_order")[0]]
