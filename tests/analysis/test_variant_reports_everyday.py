"""The variant reports as a new user reads them (issue 58): The Wind Gambit's placeholder
tiles marked wherever the report names them, and what a run played said as played; the
All Out War report's first screen naming the war's own strongest and weakest faction
and mat over decided wars, and its console table titled as the standard game's; My
Little Scythe's first screen (the at-a-glance lines and a picture); no "-0.0" and counts
with separators. Synthetic runs, no kernel."""
import json
import os
import re

import numpy as np
import polars as pl
import pytest

from analysis import answer, mls, war, war_report, wind_gambit, wind_gambit_report
from analysis.pairing import check_pairing
from analysis.report import Report, build_report
from analysis.runs import Run
from tests.analysis.test_paired import typed_run
from tests.analysis.test_war import war_run
from tests.analysis.test_wind_gambit import _part, wind_run

GAMES = 400


def _section(report_dir):
    return (report_dir / "index.md").read_text(encoding="utf-8")


def _wind_report(run_dir, out):
    """The Wind Gambit's own sections of a run, written as a report page (no standard part)."""
    report = Report(str(out))
    report.heading("wind", 1)
    wind_gambit_report.run_sections(report, Run(run_dir), "")
    report.write()
    return report, _section(out)


def airships_only(base, path, seed=7):
    """A copy of the base run that played airships (a shared pair a game: toll or bounty,
    ferry or boost) and no resolution tile: the Wind Gambit's default config."""
    run = wind_run(base, path, seed=seed, airships=True)
    games = pl.read_parquet(_part(run, "games"))
    games.with_columns(pl.lit(None, pl.String).alias("resolution_tile"),
                       pl.lit("six_stars").alias("end_reason")).write_parquet(_part(run, "games"))
    return run


def resolution_only(base, path):
    """wind_run's resolution tiles (doomsday_clock or land_rush a game) in a base-variant run:
    the Resolution Module without airships (`--rule resolution=random`)."""
    run = wind_run(base, path)
    games = pl.read_parquet(_part(run, "games"))
    games.with_columns(pl.lit("base").alias("variant")).write_parquet(_part(run, "games"))
    return run


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    root = tmp_path_factory.mktemp("variants")
    base = typed_run(root / "base", GAMES, seed=1)
    return {"root": root, "base": base, "wind": resolution_only(base, root / "wind"),
            "air": airships_only(base, root / "air"),
            "per_player": wind_run(base, root / "per_player", airships=True, recorded=False)}


# --- The Wind Gambit: placeholder tiles ----------------------------------------------------------
def test_the_games_data_names_the_placeholder_tiles():
    tiles = wind_gambit.placeholder_tiles()
    # data/resolution.toml and data/airships.toml: confidence "placeholder"
    assert {"land_rush", "spoils_of_war", "negotiate", "bounty", "boost"} <= tiles
    assert not {"doomsday_clock", "factory_explosion", "toll", "ferry", "blitzkrieg"} & tiles
    assert wind_gambit.marked("negotiate") == "negotiate (placeholder)" and wind_gambit.marked("toll") == "toll"


def test_a_placeholder_tile_is_marked_in_the_reports_tables_and_summary(runs, tmp_path):
    # the wind run drew doomsday_clock (medium) and land_rush (a placeholder) a game
    report, text = _wind_report(runs["wind"], tmp_path / "rep")
    rows = [line for line in text.splitlines() if line.startswith("| land_rush")]
    assert rows and all(line.startswith("| land_rush (placeholder) |") for line in rows)
    assert "| doomsday_clock |" in text and "doomsday_clock (placeholder)" not in text
    lines = report.summary.lines()
    pointer = [line for line in lines if "placeholder tile" in line]
    assert pointer and 'docs/RULES.md, "The Wind Gambit: Resolution Module"' in pointer[0]
    assert "land_rush" in pointer[0] and "doomsday_clock" not in pointer[0]
    # every sentence that names the tile names it marked
    named = [line for line in lines if "land_rush" in line and line not in pointer]
    assert named and all(re.findall(r"land_rush(?! \(placeholder\))", line) == [] for line in named)
    # the CSVs keep the mark and say it in a column of their own
    games = pl.read_csv(tmp_path / "rep" / "wg_resolution_tile_games.csv")
    assert dict(zip(games["resolution_tile"], games["placeholder"])) == {"doomsday_clock": False,
                                                                         "land_rush (placeholder)": True}


@pytest.mark.slow
def test_placeholder_airship_tiles_are_marked_against_a_base_run_and_in_the_answer(runs, tmp_path):
    base, air = Run(runs["base"]), Run(runs["air"])
    report = Report(str(tmp_path / "rep"))
    report.heading("air against base", 1)
    wind_gambit_report.compare_sections(report, base, air, check_pairing(base, air))
    wind_gambit_report.run_sections(report, air, "run2_")
    report.write()
    text = _section(tmp_path / "rep")
    # bounty and boost are placeholders, toll and ferry are not
    named = "\n".join(line for line in text.splitlines() if "are placeholder tiles" not in line)
    for tile in ("bounty", "boost"):
        assert f"{tile} (placeholder) / " in text                      # the comparison's sentences
        assert f"| {tile} (placeholder) |" in text                     # its tables
        assert re.search(rf"\b{tile}\b(?! \(placeholder\))", named) is None
    assert "toll (placeholder)" not in text and "ferry (placeholder)" not in text
    assert 'docs/RULES.md, "The Wind Gambit: airships"' in text
    lines = wind_gambit_report.answer_lines(Run(runs["air"]))
    assert any("bounty (placeholder)" in line for line in lines)
    assert any("are placeholder tiles" in line for line in lines)


# --- The Wind Gambit: what was played -------------------------------------------------------------
def test_a_run_of_airships_without_a_resolution_tile_says_so(runs, tmp_path):
    _, text = _wind_report(runs["air"], tmp_path / "rep")
    assert "resolution tile (which replaces" not in text and "Each game played one resolution tile" not in text
    assert ("What air played: no resolution tile (the 6th star ended the games, as in the base game); and an "
            "airship for every player, with one aggressive tile (bounty (placeholder) or toll) and one passive "
            "tile (boost (placeholder) or ferry) shared by all players in a game.") in text
    assert "#### By aggressive airship tile" in text and "#### By resolution tile" not in text


def test_a_resolution_run_says_which_tiles_its_games_drew(runs, tmp_path):
    _, text = _wind_report(runs["wind"], tmp_path / "rep")
    assert ("What wind played: one resolution tile a game, drawn from 2 (doomsday_clock and land_rush "
            "(placeholder)), whose own end condition replaces the 6th star's; and no airships.") in text
    # one tile in every game
    one = resolution_only(runs["base"], tmp_path / "one")
    games = pl.read_parquet(_part(one, "games"))
    games.with_columns(pl.lit("doomsday_clock").alias("resolution_tile")).write_parquet(_part(one, "games"))
    assert wind_gambit_report.played_text(Run(one)) == (
        "What one played: the resolution tile doomsday_clock in every game, whose own end condition replaces "
        "the 6th star's; and no airships.")


def test_a_run_with_a_tile_pair_per_player_says_so(runs, tmp_path):
    _, text = _wind_report(runs["per_player"], tmp_path / "rep")
    assert ("an airship for every player with its own aggressive and passive tile (the Advanced Variant)."
            in text)
    assert wind_gambit_report.UNRECORDED in text


# --- All Out War's first screen ---------------------------------------------------------------------
def test_the_war_reports_first_screen_names_the_wars_strongest_and_weakest(tmp_path):
    run = Run(war_run(tmp_path / "war", GAMES, seed=1))
    report = Report(str(tmp_path / "rep"))
    report.heading("war", 1)
    war_report.run_sections(report, run, "")
    glance = report.summary.glance_lines()
    seats = war.war_seats(run)
    for by, title in (("faction", "factions"), ("mat", "player mats")):
        line = next(line for line in glance if line.startswith(f"war, All Out War (decided wars), {title}:"))
        table = war.standard_vs_war(seats, by).sort("decided_war_rate", descending=True)
        for row, word in ((table.row(0, named=True), "best"), (table.row(-1, named=True), "worst")):
            # the war table's own numbers over decided wars: rate and Wilson interval
            shown = (f"{word} {row[by]} {100 * row['decided_war_rate']:.1f}% "
                     f"({100 * row['decided_ci_low']:.1f}-{100 * row['decided_ci_high']:.1f}%)")
            assert shown in line, (shown, line)
    assert any("All Out War (decided wars), factions" in line for line in war_report.answer_lines(run))


def test_the_wars_rates_over_decided_wars_are_the_war_tables(tmp_path):
    run = Run(war_run(tmp_path / "war", GAMES, seed=2))
    seats = war.war_seats(run)
    rates = war.decided_win_rates(seats, "faction")
    table = war.standard_vs_war(seats, "faction")
    assert rates["seats"].to_list() == table["decided_seats"].to_list()
    assert rates["win_rate"].to_list() == pytest.approx(table["decided_war_rate"].to_list())
    assert rates["ci_low"].to_list() == pytest.approx(table["decided_ci_low"].to_list())
    assert rates["parity"].mean() == pytest.approx(war.parity(seats))


def test_the_war_consoles_first_table_is_titled_as_the_standard_games(tmp_path):
    # the war run's answer prints the standard game's win rates first, then the war's lines
    run = Run(war_run(tmp_path / "war", GAMES, seed=1))
    title = answer.rates_title(run, "faction")
    assert title.startswith("war (the standard game, before the war): win rate by faction")
    base = Run(typed_run(tmp_path / "base", GAMES, seed=1))
    assert answer.rates_title(base, "faction").startswith("win rate by faction")


# --- My Little Scythe's first screen ------------------------------------------------------------------
PERSONALITIES = ("friendly", "gadgeteer", "spellbound", "adventurous", "apple_lover", "gem_lover", "stubborn",
                 "sweet_tooth")


def mls_run(path, games, seed, players=4):
    """A finished My Little Scythe run whose first player wins twice as often as the
    others and whose 'stubborn' card wins half as often (a planted turn-order and card
    effect); the trophy columns are filled with a few placed trophies."""
    rng = np.random.default_rng(seed)
    seat_rows, game_rows = [], []
    for g in range(games):
        cards = rng.permutation(PERSONALITIES)[:players]
        weights = np.array([2.0 if seat == 0 else 1.0 for seat in range(players)])
        weights *= np.array([0.5 if card == "stubborn" else 1.0 for card in cards])
        winner = rng.choice(players, p=weights / weights.sum())
        for seat in range(players):
            row = {"game": g, "seat": seat, "strategy": ("planner", "quester")[seat % 2], "turn_order": seat + 1,
                   "rank": 1 if seat == winner else 2, "winner": seat == winner, "personality": cards[seat]}
            for kind in mls.TROPHIES:
                placed = bool(rng.random() < 0.3)
                row[f"trophy_{kind}"] = placed
                row[f"trophy_turn_{kind}"] = int(rng.integers(5, 40)) if placed else None
            seat_rows.append(row)
        game_rows.append({"game": g, "seed": g, "players": players, "end_reason": "trophies",
                          "turns": 60 + g % 7, "rounds": 15})
    for name, rows in (("games", game_rows), ("seats", seat_rows)):
        os.makedirs(os.path.join(path, name))
        pl.DataFrame(rows).write_parquet(os.path.join(path, name, "part-000000.parquet"))
    manifest = {"format": "scythe-sim/run-1", "name": os.path.basename(path), "game": mls.GAME, "games": games,
                "root_seed": seed, "config_hash": f"mls{seed}", "complete": True,
                "versions": {"scythe-sim": "test"}, "shards": {}}
    with open(os.path.join(path, "manifest.json"), "w") as fh:
        json.dump(manifest, fh)
    open(os.path.join(path, "_SUCCESS"), "w").close()
    return str(path)


@pytest.mark.slow
def test_an_mls_report_leads_with_the_glance_lines_and_a_picture(tmp_path):
    run_dir = mls_run(tmp_path / "little", 1000, seed=3)
    out = tmp_path / "rep"
    build_report([run_dir], str(out))
    text = _section(out)
    assert "Run little: 1,000 games of My Little Scythe" in text
    glance = text.split("At a glance:\n")[1].split("\n\n")[0].splitlines()
    rates = mls.glance_lines("little", {by: pl.read_csv(out / f"win_rate_by_{by}.csv")
                                        for by in ("turn_order", "personality")})
    assert [line[2:] for line in glance[:2]] == rates
    turn, card = rates
    first = pl.read_csv(out / "win_rate_by_turn_order.csv").row(0, named=True)
    assert turn.startswith(f"little, turn order: best 1st {100 * first['win_rate']:.1f}% "
                           f"({100 * first['ci_low']:.1f}-{100 * first['ci_high']:.1f}%)")
    assert "worst stubborn" in card and "spread beyond chance" in turn
    # the first screen's picture: the personality card x turn order heatmap, beside the glance lines
    page = (out / "index.html").read_text(encoding="utf-8")
    lead = page.split("<div class='glance'>")[1].split("</div>")[0]
    assert "heatmap_4p_personality_turn_order.png" in lead
    assert (out / "heatmap_4p_personality_turn_order.png").exists()
    assert "### Personality card x turn order" in text


def test_turn_positions_read_as_ordinals():
    assert [mls.ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22)] == \
        ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd"]


# --- numbers: separators, never -0.0 ----------------------------------------------------------------
def test_the_wind_gambits_lengths_print_no_minus_zero_and_separate_thousands(tmp_path):
    base = typed_run(tmp_path / "base", 1200, seed=4)
    one = resolution_only(base, tmp_path / "one")
    # every game drew doomsday_clock and lasted as long as the base's, but one a round shorter:
    # a mean difference of -1/1,200 rounds, which rounds to zero
    games = pl.read_parquet(_part(one, "games"))
    rounds = pl.when(pl.col("game") == 0).then(19).otherwise(20)
    games.with_columns(pl.lit("doomsday_clock").alias("resolution_tile"), pl.lit("doomsday_clock").alias("end_reason"),
                       rounds.cast(pl.Int64).alias("rounds"), (rounds * pl.col("players")).cast(pl.Int64).alias("turns")
                       ).write_parquet(_part(one, "games"))
    report = Report(str(tmp_path / "rep"))
    report.heading("lengths", 1)
    wind_gambit_report.compare_sections(report, Run(base), Run(one), check_pairing(Run(base), Run(one)))
    report.write()
    text = _section(tmp_path / "rep")
    assert "(n=1,200)" in text and "(n=1200)" not in text
    assert not re.search(r"-0\.0+(?![0-9])", text), re.search(r".{60}-0\.0+(?![0-9]).{20}", text)
