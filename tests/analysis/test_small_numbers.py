"""Small numbers that must not mislead (issue 41, item 8): star-kind shares as whole
percents that claim no false precision, provenance.csv keeps the rule set and checksum
whole, an airship tile (no end of its own) is not said to end games, and the war's
chart is in percent over decided wars with a parity line."""
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import polars as pl  # noqa: E402

from analysis import figures, war  # noqa: E402
from analysis.report import build_report  # noqa: E402
from analysis.runs import Run  # noqa: E402
from analysis.shown import whole_percent  # noqa: E402
from analysis.wind_gambit_report import tile_games_shown  # noqa: E402

from .test_paired import set_manifest, typed_run  # noqa: E402
from .test_war import war_run  # noqa: E402


def test_star_kind_shares_are_whole_percents_without_false_precision():
    frame = pl.DataFrame({"share": [0.848, 0.005, 0.0, 1.0, 0.995, None]})
    assert frame.select(whole_percent("share").alias("s"))["s"].to_list() == ["85%", "<1%", "0%", "100%", ">99%", None]


def test_provenance_csv_keeps_the_rule_set_and_checksum_whole(tmp_path):
    run = typed_run(tmp_path / "r", 200, seed=1)
    ruleset = "scythe base + stars_to_end=5 + turn_cap=60 + ban_pairs=0"
    set_manifest(run, ruleset=ruleset, data_sha256="ab" * 32)
    build_report([run], str(tmp_path / "rep"))
    provenance = pl.read_csv(tmp_path / "rep" / "provenance.csv")
    assert provenance["ruleset"][0] == ruleset and provenance["data_sha256"][0] == "ab" * 32
    page = (tmp_path / "rep" / "index.md").read_text()
    assert "ab" * 32 not in page and "abababababab..." in page      # shortened on the page only


def test_an_airship_tile_is_not_said_to_end_games():
    games = pl.DataFrame({"airship_aggressive": ["toll"], "games": [10], "ended_by_tile": [10], "share": [1.0],
                          "ci_low": [0.7], "ci_high": [1.0], "turn_caps": [0],
                          **{f"{s}_{m}": [1.0] for m in ("rounds", "turns_per_player", "winning_score")
                             for s in ("median", "mean")}})
    shown = tile_games_shown(games, "airship_aggressive")
    assert "ended by the tile" not in shown.columns and "ended before the turn cap" in shown.columns
    resolution = tile_games_shown(games.rename({"airship_aggressive": "resolution_tile"}), "resolution_tile")
    assert "ended by the tile" in resolution.columns


def test_the_war_chart_is_in_percent_over_decided_wars_with_parity(tmp_path):
    seats = war.war_seats(Run(war_run(tmp_path / "w", 200, seed=1)))
    table = war.standard_vs_war(seats, "faction")
    fig, ax = plt.subplots()
    figures.standard_vs_war_bars(ax, table, "faction", "t", parity=war.parity(seats))
    assert war.parity(seats) == 0.25
    assert isinstance(ax.yaxis.get_major_formatter(), matplotlib.ticker.PercentFormatter)
    assert any(line.get_ydata()[0] == 0.25 for line in ax.get_lines())
    assert "decided" in ax.get_ylabel()
    plt.close(fig)


def test_a_group_above_parity_is_never_called_weakest():
    from analysis.summary import extremes

    # four strategies, all above a 20% parity (mixed player counts), spread beyond chance
    table = pl.DataFrame({"strategy": ["a", "b", "c", "d"], "seats": [4000] * 4, "wins": [1600, 1400, 1200, 1072],
                          "parity": [0.2] * 4})
    table = table.with_columns((pl.col("wins") / pl.col("seats")).alias("win_rate"),
                               (pl.col("wins") / pl.col("seats") - 0.013).alias("ci_low"),
                               (pl.col("wins") / pl.col("seats") + 0.013).alias("ci_high"))
    line = extremes("mls", table, "strategy", "strategy")[0]
    assert "Weakest" not in line and "Lowest d 26.8%" in line and "strongest a 40.0%" in line
