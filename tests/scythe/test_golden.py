"""Golden playthroughs: fixed seeds must replay line for line (regenerate with
`python -m tests.scythe.golden.regenerate` after an intended change and review the diff)."""
import pytest

from tests.scythe.golden.regenerate import FOLDER, GOLDEN_GAMES, render
from tests.shared.golden import assert_matches_golden


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(GOLDEN_GAMES))
def test_playthrough_matches_golden_file(name):
    assert_matches_golden(FOLDER, name, render(*GOLDEN_GAMES[name]))
