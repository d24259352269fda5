"""The Wind Gambit's report side on synthetic runs with planted tile effects (the same
deals as a base run, or another seed), the airship tile columns of a Wind Gambit run,
`compare --by` a tile column, and a real resolution run through the CLI."""
import os
import shutil

import numpy as np
import polars as pl
import pytest
from click.testing import CliRunner

from analysis import wind_gambit
from analysis.compare import compare_runs
from analysis.pairing import check_pairing
from analysis.report import build_report
from analysis.runs import Run
from analysis.wind_gambit_report import UNRECORDED
from cli.main import main
from tests.analysis.test_paired import set_manifest, typed_run

GAMES = 2000
TILES = ("doomsday_clock", "land_rush")
AGGRESSIVE, PASSIVE = ("toll", "bounty"), ("ferry", "boost")


def _part(path, table):
    return os.path.join(path, table, "part-000000.parquet")


def wind_run(base, path, seed=5, airships=False, recorded=True):
    """A copy of the base run (the same deals) whose games drew a resolution tile each
    (and with airships a tile pair): under doomsday_clock crimea takes the win wherever
    it sat and lost, games end by the tile 4 rounds earlier; a tenth of land_rush games
    reach the turn cap. Without `recorded`, airships with a tile pair per player: the
    variant says wind_gambit, the airship columns name a tile only in game 0, where every
    player drew the same one by chance."""
    shutil.copytree(base, path)
    set_manifest(path, name=os.path.basename(path))
    rng = np.random.default_rng(seed)
    games = pl.read_parquet(_part(path, "games")).sort("game")
    tile = rng.choice(TILES, games.height)
    doomsday = tile == "doomsday_clock"
    capped = (tile == "land_rush") & (rng.random(games.height) < 0.1)
    rounds = np.where(doomsday, 16, 20)
    columns = [pl.Series("resolution_tile", tile), pl.Series("end_reason", np.where(capped, "turn_cap", tile)),
               pl.Series("rounds", rounds), pl.Series("turns", rounds * games["players"].to_numpy()),
               pl.lit("wind_gambit").alias("variant")]
    for name, names in (("airship_aggressive", AGGRESSIVE), ("airship_passive", PASSIVE)):
        values = [None] * games.height
        if airships:
            values = rng.choice(names, games.height) if recorded else [names[0], *values[1:]]
        columns.append(pl.Series(name, values, pl.String))
    games.with_columns(columns).write_parquet(_part(path, "games"))
    seats = pl.read_parquet(_part(path, "seats")).sort("game", "seat")
    won = seats["winner"].to_numpy().reshape(-1, 4).copy()
    crimea = (seats["faction"].to_numpy() == "crimea").reshape(-1, 4)
    boost = doomsday & crimea.any(axis=1)
    won[boost] = crimea[boost]
    seats.with_columns(pl.Series("winner", won.ravel()),
                       pl.Series("rank", np.where(won.ravel(), 1, 2).astype(np.int64))).write_parquet(
        _part(path, "seats"))
    return str(path)


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    root = tmp_path_factory.mktemp("wind")
    base = typed_run(root / "base", GAMES, seed=1)
    return {"base": base, "wind": wind_run(base, root / "wind"),
            "air": wind_run(base, root / "air", airships=True),
            "per_player": wind_run(base, root / "per_player", airships=True, recorded=False),
            "other_seed": typed_run(root / "other_seed", GAMES, seed=2), "root": root}


def test_a_base_run_has_no_tiles_and_a_wind_run_has_those_it_recorded(runs):
    assert wind_gambit.tile_columns(Run(runs["base"])) == []
    assert wind_gambit.tile_columns(Run(runs["wind"])) == ["resolution_tile"]
    assert wind_gambit.tile_columns(Run(runs["air"])) == ["resolution_tile", "airship_aggressive", "airship_passive"]
    assert wind_gambit.tile_columns(Run(runs["per_player"])) == ["resolution_tile"]
    assert wind_gambit.tiles_unrecorded(Run(runs["per_player"])) and not wind_gambit.tiles_unrecorded(Run(runs["air"]))


def test_tile_games_count_the_tiles_end_the_turn_cap_and_the_length(runs):
    table = wind_gambit.tile_games(Run(runs["wind"]), "resolution_tile")
    assert table["resolution_tile"].to_list() == sorted(TILES) and table["games"].sum() == GAMES
    clock, rush = table.row(0, named=True), table.row(1, named=True)
    assert clock["share"] == 1.0 and clock["turn_caps"] == 0
    assert clock["median_rounds"] == clock["mean_rounds"] == 16 and clock["mean_turns_per_player"] == 16
    assert rush["ended_by_tile"] + rush["turn_caps"] == rush["games"]
    assert rush["ci_low"] < 0.9 < rush["ci_high"] and rush["mean_rounds"] == 20
    assert clock["mean_winning_score"] == 48     # every fake seat scores 48


def test_an_airship_tile_ends_a_game_unless_the_turn_cap_does(runs):
    table = wind_gambit.tile_games(Run(runs["air"]), "airship_aggressive")
    assert table["airship_aggressive"].to_list() == sorted(AGGRESSIVE)
    assert (table["ended_by_tile"] + table["turn_caps"] == table["games"]).all()
    assert table["turn_caps"].sum() > 0


def test_win_rates_per_tile_find_the_planted_faction_and_mark_small_cells(runs):
    table = wind_gambit.tile_win_rates(Run(runs["wind"]).seats(), "resolution_tile", "faction")
    clock = table.filter(pl.col("resolution_tile") == "doomsday_clock")
    assert clock.filter(pl.col("faction") == "crimea")["win_rate"][0] == 1.0
    assert table["seats"].sum() == GAMES * 4 and not table["too_few"].any()
    small = wind_gambit.tile_win_rates(Run(runs["wind"]).seats().filter(pl.col("game") < 20), "resolution_tile",
                                      "faction")
    assert small["too_few"].all()


def test_the_tiles_are_not_part_of_the_deal_so_a_base_and_a_wind_run_pair(runs):
    base, wind = Run(runs["base"]), Run(runs["wind"])
    assert check_pairing(base, wind, ("resolution_tile", "faction")).paired


def test_each_tiles_effect_against_a_paired_base_run(runs):
    base, wind = Run(runs["base"]), Run(runs["wind"])
    table = compare_runs(base, wind, by=("resolution_tile", "faction"))
    assert table["method"].unique().to_list() == ["paired"]
    # the base's seats are counted under the tile their game drew in the wind run
    assert table["base_n"].to_list() == table["candidate_n"].to_list() and table["base_n"].sum() == GAMES * 4
    row = {(r["resolution_tile"], r["faction"]): r for r in table.iter_rows(named=True)}
    clock = row[("doomsday_clock", "crimea")]
    assert clock["shifted"] and clock["candidate_rate"] == 1.0 and clock["ci_low"] > 0.4
    assert row[("land_rush", "crimea")]["difference"] == 0 and not row[("land_rush", "crimea")]["shifted"]
    lengths = wind_gambit.length_differences(base, wind, "resolution_tile", check_pairing(base, wind))
    rounds = {r["resolution_tile"]: r for r in lengths.filter(pl.col("measure") == "rounds").iter_rows(named=True)}
    assert rounds["doomsday_clock"]["difference"] == -4 and rounds["doomsday_clock"]["diff_low"] == -4
    assert rounds["land_rush"]["difference"] == 0 and rounds["land_rush"]["method"] == "paired"


def test_against_another_seed_each_tile_meets_the_whole_base_run(runs):
    base, wind = Run(runs["other_seed"]), Run(runs["wind"])
    pairing = check_pairing(base, wind)
    table = compare_runs(base, wind, by=("resolution_tile", "faction"), pairing=pairing)
    assert table["method"].unique().to_list() == ["unpaired"]
    crimea = table.filter(pl.col("faction") == "crimea")
    whole = base.seats().filter(pl.col("faction") == "crimea").select(pl.len()).collect().item()
    assert crimea["base_n"].to_list() == [whole, whole]
    lengths = wind_gambit.length_differences(base, wind, "resolution_tile", pairing)
    clock = lengths.filter((pl.col("resolution_tile") == "doomsday_clock") & (pl.col("measure") == "rounds"))
    assert clock["difference"][0] == -4 and clock["base_games"][0] == GAMES and clock["diff_low"][0] == -4


def test_compare_groups_by_a_tile_column(runs):
    out = CliRunner().invoke(main, ["compare", runs["base"], runs["air"], "--by", "airship_passive"])
    assert out.exit_code == 0, out.output
    assert "ferry" in out.output and "boost" in out.output and "paired" in out.output
    out = CliRunner().invoke(main, ["compare", runs["base"], runs["wind"]])
    assert out.exit_code == 0 and "crimea" in out.output


@pytest.mark.slow
def test_the_report_shows_the_tiles_and_their_effects_against_the_base(runs):
    out = runs["root"] / "report"
    build_report([runs["base"], runs["air"]], str(out))
    text = (out / "index.md").read_text()
    assert "### Variant effects: The Wind Gambit" in text
    for title in ("resolution tile", "aggressive airship tile", "passive airship tile"):
        assert f"#### By {title}" in text
    assert "#### The Wind Gambit by tile: air against base" in text
    assert "air against base, by resolution_tile,faction:" in text and "doomsday_clock / crimea +" in text
    assert "game length by resolution tile (paired 95% intervals): largest differences in rounds " \
           "doomsday_clock -4.0" in text
    for name in ("run2_wg_resolution_tile_games.csv", "run2_wg_airship_passive_faction.csv",
                 "wg_compare_air_resolution_tile_faction.png", "wg_compare_air_airship_aggressive_mat.csv",
                 "wg_length_air_airship_passive.csv"):
        assert (out / name).exists(), name
    # the section's heading once: the base run has none (the contents line names it too)
    assert text.count("### Variant effects: The Wind Gambit") == 1


@pytest.mark.slow
def test_a_run_with_a_tile_pair_per_player_says_its_airship_tiles_went_unrecorded(runs):
    out = runs["root"] / "report_pp"
    build_report([runs["per_player"]], str(out))
    text = (out / "index.md").read_text()
    assert "#### By resolution tile" in text and "#### By aggressive airship tile" not in text
    assert UNRECORDED in text


# --- end to end: a real resolution run and its base, paired -------------------------------------------
@pytest.mark.slow
def test_report_of_a_real_resolution_run_against_its_base(tmp_path):
    runner = CliRunner()
    for name, extra in (("base", []), ("res", ["--rule", "resolution=random"])):
        out = runner.invoke(main, ["run", "--games", "60", "--seed", "3", "--players", "3,4", "--name", name,
                                   "--out", str(tmp_path), "--workers", "1", *extra])
        assert out.exit_code == 0, out.output
    out = runner.invoke(main, ["report", str(tmp_path / "base"), str(tmp_path / "res"), "--out",
                               str(tmp_path / "rep")])
    assert out.exit_code == 0, out.output
    text = (tmp_path / "rep" / "index.md").read_text()
    assert "#### By resolution tile" in text and "The Wind Gambit by tile: res against base" in text
    # 60 games over 8 tiles: no tile x faction cell is large enough to name
    assert "res against base, by resolution_tile,faction: no group has 30 seats in both runs" in text
    games = pl.read_csv(tmp_path / "rep" / "run2_wg_resolution_tile_games.csv")
    assert games["games"].sum() == 60 and games["ended_by_tile"].sum() + games["turn_caps"].sum() == 60
    lengths = pl.read_csv(tmp_path / "rep" / "wg_length_res_resolution_tile.csv")
    assert set(lengths["method"]) == {"paired"} and lengths["base_games"].sum() == 2 * 60
    out = runner.invoke(main, ["compare", str(tmp_path / "base"), str(tmp_path / "res"), "--by", "resolution_tile"])
    assert out.exit_code == 0 and "paired" in out.output, out.output


@pytest.mark.slow
def test_report_of_a_real_run_with_a_tile_pair_per_player_splits_its_seats_by_their_own_tiles(tmp_path):
    runner = CliRunner()
    out = runner.invoke(main, ["run", "--games", "40", "--seed", "3", "--players", "4", "--name", "pp",
                               "--variant", "wind_gambit", "--rule", "airship_per_player=1",
                               "--out", str(tmp_path), "--workers", "1"])
    assert out.exit_code == 0, out.output
    out = runner.invoke(main, ["report", str(tmp_path / "pp"), "--out", str(tmp_path / "rep")])
    assert out.exit_code == 0, out.output
    text = (tmp_path / "rep" / "index.md").read_text()
    assert UNRECORDED in text and "#### By the seat's own aggressive airship tile" in text
    for column in ("airship_aggressive", "airship_passive"):
        table = pl.read_csv(tmp_path / "rep" / f"wg_seat_{column}.csv")
        assert table["seats"].sum() == 160 and table["wins"].sum() >= 40       # ties share a win
        assert (tmp_path / "rep" / f"wg_seat_{column}_faction.csv").exists()
