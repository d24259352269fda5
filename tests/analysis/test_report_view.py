"""The report leads with the answer (issue 18, item 3): a plain-words summary first,
percentages, sorted bars, matrices instead of long tables, a per-player-count view for
runs that mix counts, a diverging heatmap centred on parity, a game-length histogram,
the config and rules in the provenance, sortable tables, and with several runs their
differences (forest plots) and what differs between them before anything else."""
import json
import os
import shutil

import matplotlib
import pytest

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import polars as pl  # noqa: E402

from analysis import figures, queries  # noqa: E402
from analysis.report import build_report  # noqa: E402
from analysis.runs import Run  # noqa: E402

from tests.browser import needs_browser, run_browser  # noqa: E402

from .test_analysis import BASE, FACTIONS, MATS, fake_run  # noqa: E402


def _mixed_run(path, weights, seed):
    """A finished fake run of 3- and 4-player games (the 3-player part appended)."""
    four = fake_run(path, 1200, weights, seed=seed, players=4)
    three = fake_run(str(path) + "_3", 600, weights, seed=seed + 50, players=3)
    for table in ("games", "seats"):
        a = pl.read_parquet(os.path.join(four, table, "part-000000.parquet"))
        b = pl.read_parquet(os.path.join(three, table, "part-000000.parquet")).with_columns(pl.col("game") + 1200)
        typed = {c: pl.Int64 if t == pl.Null else t for c, t in a.schema.items()}   # all-null columns
        pl.concat([a.cast(typed), b.cast(typed)]).write_parquet(
            os.path.join(four, table, "part-000000.parquet"))
    shutil.rmtree(three)
    with open(os.path.join(four, "manifest.json")) as fh:
        manifest = json.load(fh)
    manifest.update(games=1800, config={"players": [3, 4], "rules": {"stars_to_end": 6 if seed == 1 else 5}})
    with open(os.path.join(four, "manifest.json"), "w") as fh:
        json.dump(manifest, fh)
    return four


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    root = tmp_path_factory.mktemp("rep")
    base = _mixed_run(root / "base", BASE, seed=1)
    nerfed = _mixed_run(root / "nerfed", dict(BASE, crimea=1.0), seed=2)
    build_report([base, nerfed], str(root / "out"))
    out = root / "out"
    return {"dir": out, "md": (out / "index.md").read_text(), "html": (out / "index.html").read_text()}


@pytest.mark.slow
def test_the_summary_comes_first_in_plain_words_with_intervals(report):
    md = report["md"]
    headings = [line for line in md.splitlines() if line.startswith("## ")]
    assert headings[:2] == ["## Summary", "## Runs side by side: what changed against the first run"]
    summary = md.split("## Summary")[1].split("## ")[0]
    assert "nerfed against base, by faction:" in summary and "largest crimea -" in summary
    assert "strongest crimea" in summary and "95% CI" in summary and "above parity" in summary
    assert "faction x mat cells have fewer than 30 seats" in summary or "every faction x mat cell" in summary


def test_differences_first_with_forest_plots_and_what_differs(report):
    md = report["md"]
    # (the section's heading: the contents line under the title names every section first)
    assert md.index("compare_nerfed_by_faction.png") < md.index("\n## Run base:")
    for by in ("faction", "mat", "faction_mat"):
        assert (report["dir"] / f"compare_nerfed_by_{by}.png").exists()
    assert "| rules.stars_to_end | 6 | 5 |" in md
    assert " pp |" in md                                   # differences in percentage points


def test_percentages_matrices_and_the_player_count_view(report):
    md = report["md"]
    assert "| crimea | 4" in md or "% (n=" in md
    faction_mat = md.split("#### Faction x mat, 3 players")[1]
    assert "| faction | agricultural | engineering | industrial | mechanical | patriotic |" in faction_mat
    assert "### By player count" in md and "| faction | 3 | 4 |" in md
    assert (report["dir"] / "run1_faction_by_players.png").exists()
    assert (report["dir"] / "run1_game_length.png").exists()
    stars = md.split("### Star kinds")[1].split("###")[0]
    # a matrix, not faction x kind rows: a row per star kind, a column per faction (narrow enough for index.md)
    assert stars.count("\n| ") == 1 + len(queries.STAR_KINDS)
    assert "| star | crimea | nordic | polania | rusviet | saxony |" in stars
    long = pl.read_csv(report["dir"] / "run1_star_kinds.csv")  # the CSV keeps the long table
    assert long.height == 5 * len(queries.STAR_KINDS)


def test_provenance_holds_config_and_rules_and_tables_sort(report):
    md = report["md"]
    config = md.split("### Config and rules of each run")[1]
    assert "| rules.stars_to_end | 6 | 5 |" in config and "| players | [3, 4] | [3, 4] |" in config
    assert "<table class='sortable'>" in report["html"] and "addEventListener('click'" in report["html"]


def test_heatmap_diverges_from_parity_over_the_full_scale(tmp_path):
    run = Run(fake_run(tmp_path / "a", 600, BASE, seed=4))
    fig, ax = plt.subplots()
    figures.heatmap(ax, queries.heatmap(run.seats()), 4, FACTIONS, MATS, min_cell=30)
    image = ax.images[0]
    assert image.get_cmap().name.startswith("PuOr_r")
    assert image.norm.vmin == 0.0 and image.norm.vmax == 1.0 and image.norm.vcenter == 0.25
    assert image.norm(0.25) == pytest.approx(0.5)             # parity is the middle colour
    plt.close("all")


@pytest.mark.slow
@needs_browser
def test_the_html_renders_in_a_headless_browser(report, tmp_path):
    shot = tmp_path / "report.png"
    run_browser(f"--screenshot={shot}", "--window-size=1200,2000", f"file://{report['dir'] / 'index.html'}")
    assert shot.stat().st_size > 10_000


@pytest.mark.slow
def test_the_default_run_reports_seven_by_seven_per_player_count_in_the_games_order(tmp_path):
    """The default run deals all seven factions and mats: the faction x mat matrix of each
    player count is 7 x 7, rows in the game's faction order and columns by mat number
    (the Parquet dictionary's order, not the alphabet)."""
    from click.testing import CliRunner

    from cli.main import main

    result = CliRunner().invoke(main, ["run", "--games", "80", "--players", "4,7", "--strategies", "random",
                                       "--out", str(tmp_path), "--workers", "1", "--quiet"])
    assert result.exit_code == 0, result.output
    build_report([str(tmp_path / "default")], str(tmp_path / "rep"))
    md = (tmp_path / "rep" / "index.md").read_text()
    mats = "| faction | industrial | engineering | militant | patriotic | innovative | mechanical | agricultural |"
    for players in (4, 7):
        part = md.split(f"#### Faction x mat, {players} players")[1].split("\n#")[0]
        rows = [line.split(" |")[0].lstrip("| ") for line in part.splitlines() if line.startswith("| ")]
        assert mats in part
        assert rows[1:] == ["nordic", "rusviet", "crimea", "saxony", "polania", "albion", "togawa"]
        assert (tmp_path / "rep" / f"heatmap_{players}p.png").exists()
