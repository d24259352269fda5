"""The report's summary leads with the run's own question (issue 33): the first line names
the players, the rule set and where their quality is measured; the first bullet is the
variant's own finding (base: the factions; All Out War: who wins the war; The Wind
Gambit: the tiles; My Little Scythe: turn order), the standard rates follow, and a
grouping whose spread is beyond chance is named. Every index.md table keeps one number
format and at most MAX_COLUMNS columns. Synthetic runs with planted answers; the My
Little Scythe report is a real small run (tests/analysis/test_mls.py plays it)."""
import os
import re

import numpy as np
import polars as pl
import pytest

from analysis import players, report as report_module, summary, wind_gambit
from analysis.report import build_report
from analysis.runs import Run
from analysis.stats import spread_p
from tests.analysis.test_paired import rewrite_seats, set_manifest, typed_run
from tests.analysis.test_war import war_run
from tests.analysis.test_wind_gambit import wind_run

pytestmark = pytest.mark.slow      # builds four runs and their reports (~10 s of CPU)

GAMES = 1200
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def summary_of(md):
    """(first line, bullets) of a report's summary."""
    part = md.split("## Summary\n")[1].split("\n## ")[0]
    lines = [line for line in part.splitlines() if line.strip()]
    return lines[0], [line[2:] for line in lines if line.startswith("- ")]


def first_seat_wins(path, share, seed=7):
    """Plant a turn-order effect: in `share` of the games the winner becomes the first player."""
    rng = np.random.default_rng(seed)
    games = pl.read_parquet(os.path.join(path, "games", "part-000000.parquet"))["game"].to_numpy()
    moved = set(games[rng.random(len(games)) < share].tolist())

    def change(seats):
        first = pl.col("game").is_in(list(moved))
        won = pl.when(first).then(pl.col("turn_order") == 1).otherwise(pl.col("winner"))
        return seats.with_columns(won.alias("winner")).with_columns(
            pl.when(pl.col("winner")).then(1).otherwise(2).cast(pl.Int64).alias("rank"))
    rewrite_seats(path, change)
    return path


@pytest.fixture(scope="module")
def reports(tmp_path_factory):
    root = tmp_path_factory.mktemp("leads")
    base = typed_run(root / "base", GAMES, seed=1)
    war = war_run(root / "war", GAMES, seed=1)
    rewrite_seats(war, lambda s: s.with_columns(pl.col("^star_turn_.*$").cast(pl.Int32)))
    set_manifest(war, variant="all_out_war", ruleset="scythe-2022+all_out_war=1")
    wind = wind_run(base, root / "wind", airships=True)
    set_manifest(wind, variant="wind_gambit", ruleset="scythe-2022+wind_gambit=1")
    seats_first = first_seat_wins(typed_run(root / "first", GAMES, seed=3), 0.3)
    out = {}
    for name, runs in (("base", [base]), ("war", [war]), ("wind", [wind]), ("first", [seats_first]),
                       ("pair", [base, wind])):
        build_report(runs, str(root / f"out_{name}"))
        out[name] = (root / f"out_{name}" / "index.md").read_text()
    return out


def test_the_first_line_names_the_players_the_rules_and_where_their_quality_is_measured(reports):
    first, _ = summary_of(reports["war"])
    assert not first.startswith("- ")
    assert "scripted strategies" in first and "war: random 100% of 4,800 seats" in first
    assert "rule set scythe-2022+all_out_war=1 (scythe, variant all_out_war)" in first
    assert 'docs/STRATEGIES.md, "Now" and "All Out War"' in first
    # a random player among others is called out: every other rate depends on it
    first, _ = summary_of(reports["pair"])
    assert first.count("docs/STRATEGIES.md") == 2          # base and wind differ in rule set


def test_the_documented_quality_sections_exist():
    with open(os.path.join(ROOT, players.STRATEGIES_DOC), encoding="utf-8") as fh:
        headings = [line.lstrip("#").strip() for line in fh if line.startswith("#")]
    for sections in players.QUALITY.values():
        for section in sections:
            assert any(h.startswith(section) for h in headings), section


def test_a_base_run_leads_with_its_factions(reports):
    _, bullets = summary_of(reports["base"])
    assert bullets[0].startswith("base, by faction (parity 25.0%")
    assert "strongest crimea" in bullets[0] and "beyond chance" in bullets[0]
    assert bullets[1].startswith("base, by player mat") and "within chance" in bullets[1]
    assert not any("by turn order" in b for b in bullets)       # no seat effect planted


def test_an_all_out_war_run_leads_with_the_war(reports):
    _, bullets = summary_of(reports["war"])
    # test_war.planted_war: 1,200 wars, every 10th a stalemate, the standard winner keeps 480
    assert bullets[0].startswith("war, All Out War: the standard game's winner also won 480 of the 1,080 wars "
                                 "that had a winner (44.4%")
    assert "1,080 of 1,200 wars (90.0%) were decided, 120 ended without a winner" in bullets[0]
    # the war's effect on the like basis: over the decided wars, the share without a winner beside it
    assert bullets[1].startswith("war, All Out War by faction, on the wars that had a winner (10% had none): ")
    assert re.search(r"largest crimea \d+\.\d% -> \d+\.\d%", bullets[1]) and " pp (" not in bullets[1]
    assert bullets[2].startswith("war, All Out War by player mat")
    assert bullets[3].startswith("war (the standard game, before the war), by faction")


def test_a_wind_gambit_run_leads_with_its_tiles(reports):
    _, bullets = summary_of(reports["wind"])
    # the invented tiles are named as such before any effect of theirs (issue 58, item 5)
    note = bullets.pop(0)
    assert note.startswith("wind, The Wind Gambit: boost, bounty and land_rush are placeholder tiles")
    assert bullets[0].startswith("wind, The Wind Gambit by resolution tile: game length from doomsday_clock "
                                 "(mean 16.0 rounds")
    assert "largest against the other tiles doomsday_clock -4.0 rounds" in bullets[0]
    assert bullets[1].startswith("wind, The Wind Gambit by resolution tile: faction and mat win rates under a "
                                 "tile against under the run's other tiles")
    assert "largest doomsday_clock / crimea 100.0% against" in bullets[1]
    assert "land_rush / crimea" not in bullets[1]            # a mirror of two tiles is named once
    tiles = [b for b in bullets if "The Wind Gambit by" in b]
    assert len(tiles) == 6 and bullets.index(tiles[-1]) == 5   # the tiles first, the standard rates after
    # alone, the run says how to measure its tiles against the standard game
    assert bullets[6].startswith("wind: the tiles above are compared with the run's other tiles") \
        and "scythe-sim report BASE_RUN" in bullets[6]
    assert bullets[7].startswith("wind, by faction")
    _, beside = summary_of(reports["pair"])
    assert not any("report the run beside a base run" in b for b in beside)


def test_with_two_runs_the_differences_stay_first(reports):
    _, bullets = summary_of(reports["pair"])
    assert bullets[0].startswith("wind against base, by faction:")
    first_own = next(k for k, b in enumerate(bullets) if not b.startswith("wind against base"))
    assert "are placeholder tiles" in bullets[first_own]         # the invented tiles named first (issue 58)
    assert bullets[first_own + 1].startswith("wind, The Wind Gambit by resolution tile")


def test_a_significant_spread_is_named_whatever_the_grouping(reports):
    _, bullets = summary_of(reports["first"])
    turn = [b for b in bullets if ", by turn order" in b]
    assert len(turn) == 1 and "beyond chance" in turn[0]
    assert turn[0].index("1: ") < turn[0].index("2: ") < turn[0].index("4: ")   # in order, every position
    assert any(", by seat" in b for b in bullets)        # seats rotate with turn order in the fake run


def test_the_spread_test():
    assert spread_p([1000] * 4, [250] * 4, [0.25] * 4) == pytest.approx(1.0)
    assert spread_p([1000] * 4, [300, 250, 250, 200], [0.25] * 4) < 0.01
    assert spread_p([1000] * 4, [262, 250, 250, 238], [0.25] * 4) > 0.05
    # shared first places lift every group alike: not a spread
    assert spread_p([1000] * 4, [280] * 4, [0.25] * 4) == pytest.approx(1.0)
    # mixed player counts: each group against its own parity
    assert spread_p([1000, 1000], [500, 250], [0.5, 0.25]) == pytest.approx(1.0)
    assert spread_p([1000], [600], [0.25]) == 1.0


def test_tile_effects_within_a_run(tmp_path):
    base = typed_run(tmp_path / "base", 2000, seed=1)
    run = Run(wind_run(base, tmp_path / "wind"))
    effects = wind_gambit.tile_effects(run.seats(), "resolution_tile")
    row = effects.filter((pl.col("resolution_tile") == "doomsday_clock") & (pl.col("group") == "crimea")).row(
        0, named=True)
    assert row["rate"] == 1.0 and row["shifted"]
    assert row["difference"] == pytest.approx(1.0 - row["rate_other"])
    assert row["seats"] + row["seats_other"] == run.seats().filter(pl.col("faction") == "crimea").collect().height
    assert not effects.filter(pl.col("by") == "mat")["shifted"].any()    # nothing planted on the mats
    lengths = wind_gambit.tile_length_effects(run.games(), "resolution_tile")
    clock = lengths.filter(pl.col("resolution_tile") == "doomsday_clock").row(0, named=True)
    assert clock["mean_rounds"] == 16 and clock["mean_rounds_other"] == 20
    assert clock["difference"] == -4 and clock["ci_low"] == pytest.approx(-4)


def test_trophies_sentence():
    table = pl.DataFrame({"trophy": ["quests", "pies", "spells"], "share": [0.4, 0.5, 0.2],
                          "share_of_winners": [0.9, 0.5, 0.1], "placed": [40, 50, 20],
                          "median_turn": [20.0, 12.0, 30.0]})
    (line,) = summary.trophies("run", table)
    assert line == ("run, by trophy: the share of winners that placed each kind (of all seats): quests 90% (40%), "
                    "pies 50% (50%), spells 10% (20%); the earliest placed pies (median game turn 12).")


# --- one number format per table, at most MAX_COLUMNS columns -------------------------------------
# columns that are measures of their own (a ratio, a count per war, a p-value, a log-odds), not
# fractions: a bare decimal there is right beside percentages
BARE = ("lift", "p_holm", "capitulations_per_war", "combats_per_war", "effect", "odds x", "mean difference")
BARE_PREFIXES = ("mean_", "median_", "q1_", "q3_", "p10_", "p25_", "p50_", "p75_", "p90_")


def tables(md):
    """[(header cells, rows of cells, the line after the table)] of a Markdown page."""
    lines, out, k = md.splitlines(), [], 0
    while k < len(lines):
        if lines[k].startswith("| ") and k + 1 < len(lines) and lines[k + 1].startswith("|---"):
            end = k + 2
            while end < len(lines) and lines[end].startswith("| "):
                end += 1
            cells = [[c.strip() for c in line.strip("|").split(" | ")] for line in lines[k:end] if line != lines[k + 1]]
            out.append((cells[0], cells[1:], lines[end + 1] if end + 1 < len(lines) else ""))
            k = end
        else:
            k += 1
    return out


def check_formats(md):
    for header, rows, link in tables(md):
        assert len(header) <= report_module.MAX_COLUMNS, header
        assert "more columns there" not in link, link
        formatted = any(c.endswith(("%", "pp", "%)")) for row in rows for c in row)
        for k, name in enumerate(header):
            if name in BARE or name.startswith(BARE_PREFIXES) or not formatted:
                continue
            for row in rows:
                cell = row[k].replace(" pp", "")
                assert not re.fullmatch(r"-?[01]?\.\d{3}", cell), f"{name}: {cell} beside percentages {header}"


def test_every_table_keeps_one_number_format_and_fits(reports):
    for md in reports.values():
        check_formats(md)
    war = reports["war"]
    table = war.split("#### Win rate by player mat: standard game and war")[1]
    header = next(line for line in table.splitlines() if line.startswith("| "))
    assert header == ("| mat | seats | no winner | decided_seats | standard game (decided wars) | war (decided) | "
                      "war - standard | paired CI, simultaneous (Holm) | decided_shifted |")
    assert re.search(r"\| patriotic \| 946 \| \d+\.\d% \| \d+ \| \d+\.\d% \| \d+\.\d% \(\d+\.\d-\d+\.\d%\) \| "
                     r"[-+]\d+\.\d pp \| [-+]\d+\.\d to [-+]\d+\.\d pp \|", table)


def test_the_format_check_finds_a_fraction_beside_percentages():
    old = ("| faction | seats | standard_rate | difference | diff_ci_low |\n|---|---|---|---|---|\n"
           "| polania | 900 | 31.0% | -0.124 | -16.8% |\n\n[war.csv](war.csv)\n")
    with pytest.raises(AssertionError, match="difference: -0.124"):
        check_formats(old)


def test_a_wide_table_sends_the_reader_to_its_csv(tmp_path):
    page = report_module.Report(str(tmp_path))
    wide = pl.DataFrame({f"c{k}": [k] for k in range(12)})
    page.table("wide", wide)
    page.write()
    md = (tmp_path / "index.md").read_text()
    assert "| c0 | c1 | c2 | c3 | c4 | c5 | c6 | c7 | c8 |" in md and "c9" not in md
    assert "[wide.csv](wide.csv) (3 more columns there)" in md
    assert pl.read_csv(tmp_path / "wide.csv").width == 12
