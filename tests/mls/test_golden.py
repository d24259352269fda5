"""MLS golden playthroughs: fixed seeds and line-ups must replay decision for decision
(regenerate with `python -m tests.mls.golden.regenerate` only after an intended change,
and review the diff), and the batch player must agree with the stepped game."""
import numpy as np
import pytest

from scythe_sim.games.mls.play import SEAT_RESULTS, run_games
from scythe_sim.games.mls.tables import default_tables
from tests.mls.golden.regenerate import FOLDER, GOLDEN_GAMES, RESULT_KEYS, render, strategy_ids
from tests.shared.golden import assert_matches_golden


@pytest.mark.parametrize("name", sorted(GOLDEN_GAMES))
def test_playthrough_matches_golden_file(name):
    assert_matches_golden(FOLDER, name, render(*GOLDEN_GAMES[name]))


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(GOLDEN_GAMES))
def test_the_batch_player_plays_the_golden_game(name):
    seed, names = GOLDEN_GAMES[name]
    strategies = np.zeros(7, np.int64)
    strategies[:len(names)] = strategy_ids(names)
    _, seats = run_games(default_tables(), [seed], len(names), strategies)
    lines = (FOLDER / f"{name}.txt").read_text(encoding="utf-8").splitlines()
    stored = [line for line in lines if line.startswith("  seat ")]
    for seat, line in enumerate(stored):
        got = ", ".join(f"{k} {seats[0, seat, SEAT_RESULTS.index(k)]}" for k in RESULT_KEYS)
        assert line.endswith(got), f"seat {seat}: golden {line!r}, batch {got!r}"
