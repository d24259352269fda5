"""The perf map behind `scythe-sim bench --perf-map`: compiled functions named at their addresses."""
import os
import subprocess
import sys

import pytest

from scythe_sim.games.scythe.tools.bench import warm
from scythe_sim.games.scythe.tools.perfmap import readable


def test_readable_names_a_numba_symbol_by_module_and_function():
    symbol = ("_ZN10scythe_sim5games6scythe6kernel4turn15section_allowedB3v32B54c8tJTIeFIjxB2IKSgI4CrvQClUaPLC"
              "Rh1KiFSRTBdCIlJbCIJgA_3dE450State_28array_28int64_2c_201d_2c_20C_29")
    assert readable(symbol) == "scythe_sim.games.scythe.kernel.turn.section_allowed"
    assert readable("NRT_incref") == "NRT_incref"


@pytest.mark.slow
def test_the_map_of_a_cached_kernel_names_engine_and_strategy_functions(tmp_path):
    warm()                                 # the kernel is in the on-disk cache from here on
    path = tmp_path / "perf.map"
    code = ("from scythe_sim.games.scythe.tools.perfmap import keep_loaded_objects, write_perf_map\n"
            "keep_loaded_objects()\n"
            "from scythe_sim.games.scythe.tools.bench import warm\n"
            "warm()\n"
            f"print(write_perf_map({str(path)!r})[1])\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    assert int(out.stdout.split()[-1]) > 50
    entries = [line.split(" ", 2) for line in path.read_text().splitlines()]
    names = {name for _, _, name in entries}
    assert {"scythe_sim.games.scythe.kernel.legal.legal_actions", "scythe_sim.games.scythe.strategies.greedy.play_plan",
            "scythe_sim.games.scythe.kernel.apply.apply_action"} <= names
    starts = [(int(address, 16), int(size, 16)) for address, size, _ in entries]
    assert all(size > 0 for _, size in starts)
    assert all(a + size <= b for (a, size), (b, _) in zip(starts, starts[1:]))   # no overlaps
