"""CI's slice of the whole-surface soak (tests/soak.py): every cell of the matrix, about
21,000 games in all, every invariant checked after every decision, no bad game."""
import subprocess
import sys

import pytest

from tests.soak import cells

SCALE = "0.55"


@pytest.mark.slow
def test_every_cell_of_the_soak_plays_without_a_bad_game(tmp_path):
    done = subprocess.run([sys.executable, "-m", "tests.soak", "--scale", SCALE, "--workers", "2",
                           "--out", str(tmp_path / "bad")], capture_output=True, text=True, timeout=3000)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-4000:]
    rows = {line.split()[0]: line.split()[1:] for line in done.stdout.splitlines()
            if line and line.split()[0] in {c.name for c in cells()}}
    assert set(rows) == {c.name for c in cells()}                # every cell played
    played = sum(int(r[0].replace(",", "")) for r in rows.values())
    assert played >= 20_000 and all(r[1] == "0" for r in rows.values())


def test_the_soak_lists_its_cells_and_refuses_an_unknown_one():
    listed = subprocess.run([sys.executable, "-m", "tests.soak", "--list", "--cells", "wind/tile_"],
                            capture_output=True, text=True, timeout=120)
    # the 8 tiles and random, each with the default mix and with random seats
    assert listed.returncode == 0 and len(listed.stdout.splitlines()) == 18
    unknown = subprocess.run([sys.executable, "-m", "tests.soak", "--cells", "nope"], capture_output=True,
                             text=True, timeout=120)
    assert unknown.returncode == 2 and "no cell starts with 'nope'" in unknown.stderr
