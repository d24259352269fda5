"""Golden playthroughs: fixed seeds must replay line for line (regenerate with
`python -m tests.scythe.golden.regenerate` after an intended change and review the diff)."""
import pytest

from tests.scythe.golden.regenerate import FOLDER, GOLDEN_GAMES, render


@pytest.mark.parametrize("name", sorted(GOLDEN_GAMES))
def test_playthrough_matches_golden_file(name):
    seed, players = GOLDEN_GAMES[name]
    expected = (FOLDER / f"{name}.txt").read_text(encoding="utf-8")
    actual = render(seed, players)
    if actual != expected:
        for i, (a, e) in enumerate(zip(actual.splitlines(), expected.splitlines())):
            if a != e:
                pytest.fail(f"{name}: first difference at line {i + 1}:\n  golden: {e}\n  now:    {a}")
        pytest.fail(f"{name}: lengths differ ({len(actual.splitlines())} vs {len(expected.splitlines())} lines)")
