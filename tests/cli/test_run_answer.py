"""Every run ends with its answer (issue 41, item 6): the console after `scythe-sim run`
names the house rules and the variant played, shows the variant's own result (the war's
winners and decided share, each tile's effect), ranks as the report does (My Little
Scythe: by turn order, in order) and prints the next command."""
import re

import pytest
from click.testing import CliRunner

from cli.main import main

pytestmark = pytest.mark.slow       # real (small) runs


def _run(tmp_path, name, *args):
    out = CliRunner(env={"COLUMNS": "200"}).invoke(
        main, ["run", "--games", "60", "--workers", "1", "--out", str(tmp_path), "--name", name, *args])
    assert out.exit_code == 0, out.output
    return out.output


def test_a_house_rule_run_names_its_rule_and_the_next_command(tmp_path):
    text = _run(tmp_path, "five", "--rule", "stars_to_end=5")
    assert text.startswith("five: scythe, variant base, house rules: ") and "stars_to_end=5" in text.splitlines()[0]
    assert f"next: scythe-sim report {tmp_path / 'five'}" in text
    rates = [float(x) for x in re.findall(r"│\s+\d+ │\s+\d+ │\s+(\d+\.\d)% │", text)]
    assert rates and rates == sorted(rates, reverse=True)


def test_a_war_run_shows_the_war(tmp_path):
    text = _run(tmp_path, "war", "--variant", "all_out_war")
    assert "variant all_out_war" in text.splitlines()[0]
    assert "war, All Out War: the standard game's winner also won" in text and "were decided" in text
    assert "on the wars that had a winner" in text


def test_a_wind_gambit_run_shows_its_tiles(tmp_path):
    text = _run(tmp_path, "wg", "--variant", "wind_gambit")
    assert "variant wind_gambit" in text.splitlines()[0]
    assert re.search(r"wg, The Wind Gambit by (aggressive|passive) airship tile: game length", text)


def test_my_little_scythe_ranks_as_its_report_does(tmp_path):
    text = _run(tmp_path, "mls", "--game", "my_little_scythe")
    assert "win rate by turn_order" in text
    order = re.findall(r"│ (\d)\s+│", text)
    assert order == sorted(order) and len(order) >= 2
