"""Invariants after every step over many random games, for every player count, and a game
a pure function of its seed."""
import numpy as np
import pytest

from scythe_sim.games.mls.game import Game
from scythe_sim.games.mls.play import R_END_REASON, R_STATUS, SR_WINNER, STATUS_OK
from tests.mls.soak import random_games


@pytest.mark.slow
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
def test_invariants_hold_after_every_step_of_random_games(players):
    games = 500 if players == 4 else 150
    g, s = random_games(np.arange(games) + 1000 * players, players)
    bad = np.flatnonzero(g[:, R_STATUS] != STATUS_OK)
    assert bad.size == 0, f"seeds {bad[:5] + 1000 * players} stopped with {g[bad[:5], R_STATUS]}"
    assert (g[:, R_END_REASON] > 0).all()
    finished = g[:, R_END_REASON] == 1
    assert (s[finished, :players, SR_WINNER].sum(axis=1) >= 1).all(), "a finished game crowns someone"


def test_the_same_seed_plays_the_same_game():
    a = random_games(np.arange(40), 4)
    b = random_games(np.arange(40), 4)
    assert all((x == y).all() for x, y in zip(a, b))
    c = random_games(np.arange(40) + 1, 4)
    assert not (a[0] == c[0]).all()


def test_batches_do_not_leak_between_games():
    whole = random_games(np.arange(10), 3)
    parts = [random_games(np.arange(a, b), 3) for a, b in ((0, 4), (4, 10))]
    for k in range(2):
        assert (np.concatenate([p[k] for p in parts]) == whole[k]).all()


@pytest.mark.slow
def test_the_facade_steps_the_same_kernel():
    g = Game.new(seed=9, players=3)
    steps = 0
    while not g.is_over and steps < 5000:
        g.step(g.legal_rows()[0])
        assert g.invariant() == "ok"
        steps += 1
    assert g.is_over
