"""Shared fixtures. The first test that touches the kernel compiles it (minutes cold,
then loaded from the on-disk cache).

With test workers (`pytest -n auto`, README's test command), the kernels are compiled
once before the workers start (pytest_sessionstart below): left to the tests, every
worker would compile the same kernel at the same time, each taking as long as one alone
and the memory of one each."""
import os
import subprocess
import sys

import pytest

from scythe_sim.games.scythe.tables import default_tables


def pytest_configure(config):
    """Every test sees a terminal 100 columns wide (the width commands assume when their
    output is not a terminal), whatever runs it: a test worker inherits COLUMNS from the
    controller's terminal, 80 in CI, and a narrower table drops columns a test reads."""
    os.environ["COLUMNS"] = "100"


def pytest_sessionstart(session):
    """In the controller of test workers, with a game's kernel cold, run `scythe-sim
    warmup` (the cold kernels side by side) before the workers start: pytest-xdist starts
    them in its own sessionstart, which runs after this one."""
    config = session.config
    if hasattr(config, "workerinput") or not config.getoption("numprocesses", default=None):
        return
    from scythe_sim.compiled.packages import has_cache
    from scythe_sim.runner.spec import BUILTIN, tools_for

    if all(has_cache(tools_for(game).compiled_package) for game in BUILTIN):
        return
    capture = config.pluginmanager.getplugin("capturemanager")
    with capture.global_and_fixture_disabled():     # its progress lines reach the terminal or CI log
        code = subprocess.run([sys.executable, "-m", "cli.main", "warmup"], env=dict(os.environ)).returncode
    if code != 0:
        raise pytest.UsageError("scythe-sim warmup failed before the test workers started (its error is above)")


@pytest.fixture(scope="session")
def tables():
    return default_tables()
