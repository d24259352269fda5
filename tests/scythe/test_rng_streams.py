"""The state's two random streams: the game row (seeded exactly as before the variant row
existed, so every frozen result stands) and the variant row, seeded from the same game
seed with an id no other stream uses and never drawn from by the base game."""
import numpy as np
import pytest

from scythe_sim.errors import PositionError
from scythe_sim.games.scythe.game import Game
from scythe_sim.compiled.rng import seed_streams
from scythe_sim.games.scythe.layout import GAME_STREAM_ID, STRATEGY_STREAM_ID
from scythe_sim.games.scythe.kernel.setup import seed_state_rng
from scythe_sim.games.scythe.layout import (MAX_PLAYERS, N_RNG_STREAMS, RNG_GAME, RNG_VARIANT, RNG_WORDS,
                               VARIANT_STREAM_ID)


def _rows(seed, first_id, count):
    rng = np.zeros((count, RNG_WORDS), np.uint64)
    seed_streams(rng, np.uint64(seed), first_id)
    return rng


@pytest.mark.parametrize("seed", [0, 7, 2 ** 63 + 5])
def test_game_row_as_before_and_variant_row_collides_with_no_stream(seed):
    rng = np.zeros((N_RNG_STREAMS, RNG_WORDS), np.uint64)
    seed_state_rng(rng, np.uint64(seed))
    assert np.array_equal(rng[RNG_GAME], _rows(seed, GAME_STREAM_ID, 1)[0])
    assert np.array_equal(rng[RNG_VARIANT], _rows(seed, VARIANT_STREAM_ID, 1)[0])
    others = np.vstack([_rows(seed, GAME_STREAM_ID, 1), _rows(seed, STRATEGY_STREAM_ID, MAX_PLAYERS)])
    assert not any(np.array_equal(rng[RNG_VARIANT], row) for row in others)
    assert VARIANT_STREAM_ID not in range(GAME_STREAM_ID, STRATEGY_STREAM_ID + MAX_PLAYERS)


def test_a_base_game_never_draws_from_the_variant_stream():
    game = Game.new(seed=21, players=4)
    variant = game.state.rng[RNG_VARIANT].copy()
    assert np.array_equal(variant, _rows(21, VARIANT_STREAM_ID, 1)[0])
    game_row = game.state.rng[RNG_GAME].copy()
    for i in range(3000):
        if game.is_over:
            break
        legal = game.legal_rows()
        game.step(tuple(legal[(i * 5) % len(legal)]))
    assert not np.array_equal(game.state.rng[RNG_GAME], game_row)     # the game drew chance
    assert np.array_equal(game.state.rng[RNG_VARIANT], variant)


def _minimal():
    return {"players": [{"faction": "nordic", "mat": "industrial"},
                        {"faction": "saxony", "mat": "patriotic"}]}


def test_positions_write_both_rows_and_read_them_back():
    data = Game.new(seed=9, players=3).to_dict()
    assert len(data["rng"]) == N_RNG_STREAMS
    again = Game.from_dict(data)
    assert again.to_dict()["rng"] == data["rng"]


def test_positions_without_rng_seed_both_rows_from_zero():
    game = Game.from_dict(_minimal())
    expected = np.zeros((N_RNG_STREAMS, RNG_WORDS), np.uint64)
    seed_state_rng(expected, np.uint64(0))
    assert np.array_equal(game.state.rng, expected)


def test_an_old_one_row_position_still_loads():
    data = _minimal()
    data["rng"] = [["1", "2", "3", "4"]]
    game = Game.from_dict(data)
    assert game.state.rng[RNG_GAME].tolist() == [1, 2, 3, 4]
    assert np.array_equal(game.state.rng[RNG_VARIANT], _rows(0, VARIANT_STREAM_ID, 1)[0])
    assert len(game.to_dict()["rng"]) == N_RNG_STREAMS


@pytest.mark.parametrize("rows", [[["1", "2", "3", "4"]] * 3, [["1", "2", "3"]], [], ["x"]])
def test_malformed_rng_is_rejected(rows):
    data = _minimal()
    data["rng"] = rows
    with pytest.raises(PositionError) as info:
        Game.from_dict(data)
    assert "rng" in str(info.value) and "\n" not in str(info.value)
