"""`scythe-sim price` from the command line: bad input as one line (exit 2, nothing
played), a price table in a run config (its content in the config hash and the cache
key, its coins in each seat's coin_adjustment), and a small real handicap run priced
and its table checked end to end."""
import json
import os

import polars as pl
import pytest
from click.testing import CliRunner

from cli.main import main
from scythe_sim.errors import ConfigError
from scythe_sim.runner.cache import cache_key
from scythe_sim.runner.config import config_from_snapshot, load_config


def _price(*args):
    return CliRunner().invoke(main, ["price", *map(str, args)])


def _table(tmp_path, text, name="table.csv"):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


@pytest.mark.parametrize("args, message", [
    (["--handicap", "2"], "too narrow to fit what a coin is worth: give --handicap 3 or more"),
    (["--handicap", "0"], "too narrow"),
    (["--games", "100"], "--games 100 is too few to price at 4 players"),
    (["--games", "100", "--by", "mat"], "--games 100 is too few to price at 4 players"),
    (["--players", "3,4"], "price one player count at a time"),
    (["--rounds", "2", "--refine-handicap", "2"], "--refine-handicap 2 is too narrow"),
    (["nowhere.toml"], "nowhere.toml is neither a config file nor a run folder"),
    (["--check", "{bad}"], "bad.csv: unknown faction 'nordik'"),
    (["--check", "{short}"], "needs the columns coins and faction and/or mat"),
    (["--check", "{twice}"], "priced twice"),
    (["--check", "{fraction}"], "coins must be a whole number, got '2.5'"),
    (["--check", "missing.csv"], "--check missing.csv: no such price table file"),
    (["--prices", "{bad}"], "bad.csv: unknown faction 'nordik'"),
])
def test_bad_input_is_one_line_exit_2_and_plays_nothing(tmp_path, args, message):
    tables = {"bad": _table(tmp_path, "faction,mat,coins\nnordik,industrial,2\n", "bad.csv"),
              "short": _table(tmp_path, "faction,price\nnordic,2\n", "short.csv"),
              "twice": _table(tmp_path, "faction,mat,coins\nnordic,,2\nnordic,,3\n", "twice.csv"),
              "fraction": _table(tmp_path, "mat,coins\nindustrial,2.5\n", "fraction.csv")}
    cache = tmp_path / "cache"
    result = _price(*[a.format(**tables) for a in args], "--cache", cache, "--quiet")
    assert result.exit_code == 2, result.output
    assert message in result.output and len(result.output.strip().splitlines()) == 1, result.output
    assert not cache.exists()


def test_a_run_without_the_handicap_is_refused_in_one_line(tmp_path):
    run = tmp_path / "plain"
    result = CliRunner().invoke(main, ["run", "--games", "8", "--players", "2", "--strategies", "random",
                                       "--out", tmp_path, "--name", "plain", "--quiet", "--workers", "1"])
    assert result.exit_code == 0, result.output
    result = _price(run)
    assert result.exit_code == 2 and "has no coin handicap" in result.output, result.output
    result = _price(run, "--games", "10")
    assert result.exit_code == 2 and "--games describes the games to play" in result.output


def test_a_price_table_in_a_config_is_part_of_its_hash_and_key(tmp_path):
    table = _table(tmp_path, "faction,mat,coins,price\nnordic,industrial,3,2.8\n,patriotic,-1,\n")
    config = tmp_path / "priced.toml"
    config.write_text('games = 10\nprices = "table.csv"\n[rules]\nexpansion_factions = 1\n')
    plain, priced = load_config(None, games=10), load_config(str(config))
    assert priced.prices == ((("coins", 3), ("faction", "nordic"), ("mat", "industrial")),
                             (("coins", -1), ("mat", "patriotic")))
    assert "prices" not in plain.snapshot() and priced.snapshot()["prices"][1] == {"coins": -1, "mat": "patriotic"}
    assert config_from_snapshot(priced.snapshot()) == priced
    assert priced.config_hash() != plain.config_hash() and cache_key(priced) != cache_key(plain)
    again = _table(tmp_path, "faction,mat,coins\nnordic,industrial,4\n,patriotic,-1\n")
    assert load_config(str(config)).config_hash() != priced.config_hash()
    with pytest.raises(ConfigError, match="config 'prices': price table .* not found"):
        load_config(None, prices=str(tmp_path / "none.csv"))
    with pytest.raises(ConfigError, match="takes no price table"):
        load_config(None, game="my_little_scythe", prices=again)


def test_run_with_prices_records_each_seats_coin_adjustment(tmp_path):
    table = _table(tmp_path, "faction,mat,coins\nnordic,,2\n,industrial,-30\n")
    result = CliRunner().invoke(main, ["run", "--games", "12", "--players", "3", "--strategies", "random",
                                       "--prices", table, "--out", tmp_path, "--name", "priced", "--quiet",
                                       "--workers", "1"])
    assert result.exit_code == 0, result.output
    seats = pl.read_parquet(tmp_path / "priced" / "seats" / "*.parquet")
    assert seats.schema["coin_adjustment"] == pl.Int16
    start = {"industrial": 4, "engineering": 5, "militant": 4, "patriotic": 6, "innovative": 5, "mechanical": 6,
             "agricultural": 7}     # data/mats.toml
    for r in seats.select("faction", "mat", "coin_adjustment", "start_coins").iter_rows(named=True):
        f, m = str(r["faction"]), str(r["mat"])
        given = (2 if f == "nordic" else 0) + (-30 if m == "industrial" else 0)
        assert r["coin_adjustment"] == max(start[m] + given, 0) - start[m], r       # never below 0 coins
        assert r["start_coins"] == start[m] + r["coin_adjustment"]
    assert seats["coin_adjustment"].min() == -4 and (seats["coin_adjustment"] == 0).any()
    manifest = json.loads((tmp_path / "priced" / "manifest.json").read_text())
    assert manifest["config"]["prices"] == [{"coins": 2, "faction": "nordic"}, {"coins": -30, "mat": "industrial"}]


@pytest.mark.slow
def test_price_a_small_handicap_run_then_check_its_table(tmp_path):
    cache, out = tmp_path / "cache", tmp_path / "out"
    result = _price("--games", "600", "--players", "3", "--by", "mat", "--by", "faction", "--rule", "ban_pairs=0",
                    "--strategies", "greedy", "--cache", cache, "--out", out, "--quiet", "--workers", "2",
                    "--format", "json", "--rounds", "2", "--refine-handicap", "8")
    assert result.exit_code == 0, result.output
    answer = json.loads(result.stdout)
    assert answer["players"] == 3 and answer["games"] == 600 and answer["handicap"] == 8 and answer["rounds"] == 2
    assert answer["answer"][0].startswith("To even the mats at 3 players")
    assert {r["mat"] for r in answer["tables"]["mat"]} == {"industrial", "engineering", "militant", "patriotic",
                                                           "innovative", "mechanical", "agricultural"}
    assert answer["coin_slope"]["low"] > 0
    for name in ("price.csv", "price.json", "index.md", "index.html"):
        assert (out / name).is_file(), name
    table = pl.read_csv(out / "price.csv")
    assert set(table.columns) >= {"faction", "mat", "coins", "price", "price_low", "price_high", "seats"}
    runs = sorted(os.listdir(cache), key=lambda d: os.path.getmtime(cache / d))
    assert len(runs) == 2           # the first round's, and the second's around its table
    second = json.loads((cache / runs[1] / "manifest.json").read_text())["config"]
    assert second["rules"]["coin_handicap"] == 8 and len(second["prices"]) == 14
    report = CliRunner().invoke(main, ["report", str(cache / runs[0]), "--out", str(tmp_path / "report")])
    assert report.exit_code == 0, report.output
    page = (tmp_path / "report" / "index.md").read_text()
    assert "### Coin prices (3 players)" in page and "To even the mats at 3 players" in page
    again = _price(cache / runs[0], "--by", "mat")          # a run folder is read, not played
    assert again.exit_code == 0 and again.stdout.startswith("To even the mats at 3 players"), again.output
    assert _price(cache / runs[0], "--rounds", "2").exit_code == 2
    check = _price(cache / runs[0], "--check", out / "price.csv", "--games", "300", "--cache", cache, "--quiet",
                   "--workers", "2", "--format", "json")
    assert check.exit_code in (0, 1), check.output
    verdict = json.loads(check.stdout)
    assert verdict["outcome"] in ("PASS", "FAIL") and verdict["games"] == 300
    assert {r["by"] for r in verdict["rows"]} == {"faction", "mat", "faction,mat"}
    played = [d for d in os.listdir(cache) if d not in runs]
    manifest = json.loads((cache / played[0] / "manifest.json").read_text())
    assert manifest["config"]["seed"] == 1 + 1_000_000 and "coin_handicap" not in manifest["config"]["rules"]
    assert len(manifest["config"]["prices"]) == 14
