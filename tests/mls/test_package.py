"""MLS is a second game (docs/ARCHITECTURE.md, "Where a second game plugs in"): it loads none of Scythe's kernel, layout, tables
or strategies, and reads no file outside its package at run time."""
import pathlib
import subprocess
import sys

import pytest

from scythe_sim.games.mls.tables import build_tables, validate

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCYTHE_ONLY = ("scythe_sim.games.scythe.kernel", "scythe_sim.games.scythe.layout", "scythe_sim.games.scythe.tables", "scythe_sim.games.scythe.enums",
               "scythe_sim.games.scythe.strategies", "scythe_sim.games.scythe.play", "scythe_sim.games.scythe.spec")


@pytest.mark.slow
def test_mls_loads_nothing_of_scythe():
    code = ("import sys, numpy as np\n"
            "from scythe_sim.games.mls.play import run_games\n"
            "from scythe_sim.games.mls.spec import SPEC\n"
            "from scythe_sim.games.mls.game import Game\n"
            "from scythe_sim.games.mls.tables import default_tables\n"
            "run_games(default_tables(), np.arange(2, dtype=np.uint64), 3)\n"
            f"print([m for m in sys.modules if m.startswith({SCYTHE_ONLY!r})])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=ROOT)
    assert out.stdout.strip() == "[]"


def test_no_source_reads_the_shared_folder():
    for path in (ROOT / "scythe_sim" / "games" / "mls").rglob("*.py"):
        assert "/work/shared" not in path.read_text() and "shared/reference" not in path.read_text()


def test_the_tables_hold_the_rulebook_counts():
    t = build_tables()
    validate(t)
    assert int(t.spell_counts.sum()) == 30 and t.quest_opt.shape[0] == 12
    assert t.tile_pile.shape[0] == 16 and t.pers_need.shape[0] == 8
