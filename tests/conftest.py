"""Shared fixtures. The first test that touches the kernel compiles it (about a minute
cold, then loaded from the on-disk cache)."""
import pytest

from scythe_sim.games.scythe.tables import default_tables


@pytest.fixture(scope="session")
def tables():
    return default_tables()
