"""board.controls(s, p, loc), the rules' question "does p control loc?", answers as
board.controller does, for every player and location after every step of played games."""
import numba
import numpy as np
import pytest

from scythe_sim.games.scythe.enums import N_LOC
from scythe_sim.games.scythe.game import Game
from scythe_sim.games.scythe.kernel.board import controller, controls
from scythe_sim.games.scythe.layout import MAX_PLAYERS


@numba.njit
def _disagreements(s):
    bad = 0
    for p in range(MAX_PLAYERS):
        for loc in range(N_LOC):
            if controls(s, p, loc) != (controller(s, loc) == p):
                bad += 1
    return bad


@pytest.mark.parametrize("seed, players, rules", [
    (1, 2, None), (2, 5, None), (3, 7, {"expansion_factions": 1}), (4, 4, {"wind_gambit": 1})])
def test_controls_agrees_with_controller_through_played_games(seed, players, rules):
    game = Game.new(seed=seed, players=players, rules=rules)
    rng = np.random.default_rng(seed)
    steps = 0
    while not game.is_over and steps < 3000:
        assert _disagreements(game.state) == 0, f"step {steps}"
        rows = game.legal_rows()
        game.step(tuple(rows[rng.integers(len(rows))]))
        steps += 1
    assert _disagreements(game.state) == 0
    assert steps > 100

