"""The coin handicap and price tables (handicap.py, kernel/setup.py): each seat starts
with its mat's coins moved by its draw and its faction x mat's price, never below 0;
the draws come from a stream of their own, so the deals, seats and strategies stay
those of the game without them, game for game."""
import dataclasses

import numpy as np
import pytest

from scythe_sim.compiled.rng import seed_streams
from scythe_sim.errors import ConfigError
from scythe_sim.games.scythe.enums import FACTIONS, MATS
from scythe_sim.games.scythe.game import Game
from scythe_sim.games.scythe.handicap import applied, handicap_draws, price_array
from scythe_sim.games.scythe.layout import (GAME_STREAM_ID, G_N_PLAYERS, HANDICAP_STREAM_ID, MAX_PLAYERS, P_COINS, P_FACTION,
                                            P_MAT, P_SEAT, RNG_WORDS, STRATEGY_STREAM_ID, VARIANT_STREAM_ID)
from scythe_sim.games.scythe.spec.deals import plan_games
from scythe_sim.runner.config import load_config

HANDICAP = {"coin_handicap": 10}


def _start(game):
    """{seat: (faction, mat, coins)} of a set-up game."""
    s = game.state
    return {int(s.player[p, P_SEAT]): (int(s.player[p, P_FACTION]), int(s.player[p, P_MAT]),
                                       int(s.player[p, P_COINS])) for p in range(int(s.game[G_N_PLAYERS]))}


def test_the_draws_are_the_seeds_own_uniform_in_minus_k_to_k():
    draws = np.array([handicap_draws(seed, 5, 3)[:5] for seed in range(400)])
    assert draws.min() == -3 and draws.max() == 3
    assert set(np.unique(draws)) == set(range(-3, 4))
    assert abs(draws.mean()) < 0.25
    assert np.array_equal(handicap_draws(17, 5, 3), handicap_draws(17, 5, 3))
    assert not np.array_equal(handicap_draws(17, 5, 3), handicap_draws(18, 5, 3))
    assert not handicap_draws(17, 4, 3)[4:].any() and not handicap_draws(17, 4, 0).any()
    assert handicap_draws(17, 4, 3).shape == (MAX_PLAYERS,)


def test_the_handicap_stream_collides_with_no_other():
    ids = {GAME_STREAM_ID, VARIANT_STREAM_ID, *range(STRATEGY_STREAM_ID, STRATEGY_STREAM_ID + MAX_PLAYERS)}
    assert HANDICAP_STREAM_ID not in ids

    def row(seed, stream):
        rng = np.zeros((1, RNG_WORDS), np.uint64)
        seed_streams(rng, np.uint64(seed), stream)
        return rng[0]
    for seed in (0, 7, 2 ** 63 + 5):
        mine = row(seed, HANDICAP_STREAM_ID)
        assert not any(np.array_equal(mine, row(seed, other)) for other in ids)


@pytest.mark.parametrize("seed", [3, 44])
def test_a_handicapped_game_deals_as_the_game_without_it_and_moves_only_the_coins(seed, tables):
    plain, moved = Game.new(seed=seed, players=5), Game.new(seed=seed, players=5, rules=HANDICAP)
    draws = handicap_draws(seed, 5, 10)
    before, after = _start(plain), _start(moved)
    assert np.array_equal(plain.state.rng, moved.state.rng)      # the game's chance drew the same
    for seat, (f, m, coins) in before.items():
        assert after[seat][:2] == (f, m)
        assert coins == tables.mat_start_coins[m]
        assert after[seat][2] == max(coins + draws[seat], 0)
    assert plain.to_dict()["players"][0]["objectives"] == moved.to_dict()["players"][0]["objectives"]


def test_a_price_table_gives_each_seat_its_cell_and_never_takes_below_zero(tables):
    factions, mats = ["nordic", "saxony", "polania"], ["industrial", "patriotic", "engineering"]
    prices = [{"faction": "nordic", "mat": "industrial", "coins": 4},
              {"faction": "saxony", "coins": -2}, {"mat": "patriotic", "coins": -1},
              {"faction": "polania", "mat": "engineering", "coins": -50}]
    game = Game.new(seed=5, players=3, factions=factions, mats=mats, prices=prices)
    coins = {FACTIONS[f]: c for f, _, c in _start(game).values()}
    start = {m: int(tables.mat_start_coins[MATS.index(m)]) for m in mats}
    assert coins["nordic"] == start["industrial"] + 4
    assert coins["saxony"] == start["patriotic"] - 3           # its faction's row and its mat's add up
    assert coins["polania"] == 0                                # clamped: never below 0
    table = price_array(prices)
    assert table[FACTIONS.index("saxony"), MATS.index("patriotic")] == -3
    assert table[FACTIONS.index("saxony"), MATS.index("industrial")] == -2
    assert applied(start["engineering"], -50) == -start["engineering"]


@pytest.mark.parametrize("rows, words", [
    ([{"faction": "nordik", "coins": 1}], "unknown faction 'nordik'.*nordic"),
    ([{"mat": "industrial", "coins": 1}, {"mat": "industrial", "coins": 2}], "priced twice"),
    ([{"coins": 3}], "names no faction"),
    ([{"faction": "nordic", "coins": 101}], "-100..100"),
])
def test_a_bad_price_table_is_one_line(rows, words):
    with pytest.raises(ConfigError, match=words):
        Game.new(seed=1, players=2, prices=rows)


def test_the_plan_keeps_the_deals_seats_and_strategies_and_adds_the_draws():
    base = load_config(None, games=40, rules={"ban_pairs": 0})
    handicapped = dataclasses.replace(base, rules=tuple(sorted(base.rules + (("coin_handicap", 6),))))
    a, b = plan_games(base, 0, 40), plan_games(handicapped, 0, 40)
    for field in ("seeds", "players", "factions", "mats", "strategies"):
        assert np.array_equal(getattr(a, field), getattr(b, field)), field
    assert not a.coins.any() and not a.prices.any()
    assert b.coins[:, :4].min() >= -6 and b.coins[:, :4].max() <= 6 and b.coins[:, :4].std() > 2
    assert not b.coins[:, 4:].any()
    assert np.array_equal(b.coins[7], handicap_draws(b.seeds[7], 4, 6))
