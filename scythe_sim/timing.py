"""Timing a game's JIT compile for `scythe-sim bench` (any game): its `warm` run in fresh
processes, first with an empty cache (a cold compile), then loading what that one cached."""
import os
import subprocess
import sys
import tempfile


def compile_seconds(module):
    """(cold, cached) seconds that `module.warm()` takes in a fresh process with a fresh
    cache; warm() returns the seconds it took (the import of the game not counted)."""
    code = f"from {module} import warm; print(warm())"
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache)
        times = []
        for _ in range(2):
            out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                                 text=True, check=True)
            times.append(float(out.stdout.strip().splitlines()[-1]))
    return times[0], times[1]
