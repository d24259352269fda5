"""Every game is unchanged: fixed batches (default mix at 2-5 players, random play at
1-5, greedy under house rules) replay to the result arrays stored in
tests/scythe/frozen/results.npz, column by column, with invariants checked after every step."""
import numpy as np
import pytest

from tests.scythe.frozen.regenerate import FILE, batches, columns


@pytest.fixture(scope="module")
def stored():
    with np.load(FILE) as data:
        return {k: data[k] for k in data.files}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(batches()))
def test_batch_replays_its_stored_result_tables(name, stored):
    now = columns(name)
    assert np.all(now[f"{name}/games/status"] == 0), "a game stopped on a bug or a broken invariant"
    expected = {k: v for k, v in stored.items() if k.startswith(f"{name}/")}
    assert expected, f"no stored columns for {name}: run python -m tests.scythe.frozen.regenerate"
    for key, column in expected.items():
        assert key in now, f"result column {key} disappeared"
        diff = np.argwhere(now[key] != column)
        assert diff.size == 0, f"{key} differs first at game {diff[0][0]}: stored {column[tuple(diff[0])]}, now {now[key][tuple(diff[0])]}"
