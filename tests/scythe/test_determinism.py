"""A game is a pure function of its setup and seed: the batch loop, the façade and
repeated runs agree, and chunking does not matter."""
import numpy as np
import pytest

from scythe_sim.games.scythe.layout import MAX_PLAYERS
from scythe_sim.games.scythe.play import R_DECISIONS, R_TURNS, SEAT_RESULTS, run_games
from scythe_sim.games.scythe.playthrough import play_through


def test_same_seeds_same_results(tables):
    seeds = np.arange(100, 140, dtype=np.uint64)
    a = run_games(tables, seeds, 4)
    b = run_games(tables, seeds, 4)
    assert np.array_equal(a[0], b[0]) and np.array_equal(a[1], b[1])


def test_chunking_does_not_change_a_game(tables):
    seeds = np.arange(200, 230, dtype=np.uint64)
    whole_games, whole_seats = run_games(tables, seeds, 3)
    parts = [run_games(tables, seeds[i:i + 7], 3) for i in range(0, 30, 7)]
    assert np.array_equal(whole_games, np.concatenate([p[0] for p in parts]))
    assert np.array_equal(whole_seats, np.concatenate([p[1] for p in parts]))


@pytest.mark.slow
def test_batch_and_playthrough_play_the_same_game(tables):
    game_out, seat_out = run_games(tables, np.array([42], np.uint64), 4)
    game, _ = play_through(42, 4)
    assert int(game.state.game[3]) == game_out[0, R_TURNS]
    total = SEAT_RESULTS.index("total")
    by_seat = {row["seat"]: row["total"] for row in game.score()}
    assert [by_seat[s] for s in range(4)] == list(seat_out[0, :4, total])
    assert game_out[0, R_DECISIONS] > 0
    assert (seat_out[0, 4:MAX_PLAYERS] == -1).all()


def test_different_seeds_deal_differently(tables):
    _, seats = run_games(tables, np.arange(30, dtype=np.uint64), 4)
    deals = {tuple(seats[g, :4, 0]) + tuple(seats[g, :4, 1]) for g in range(30)}
    assert len(deals) > 20
