"""The search's candidate slot (strategies.SEARCH_TUNING_SLOT) plays the reference player
`search` with its own weight row: given the search's row, a seat in that slot plays the
very games a `search` seat plays, where the planner's candidate slot (TUNING_SLOT) with
the same row plays other ones. `scythe-sim learn --player search` gates a model in it."""
import numpy as np

from scythe_sim.games.scythe.spec.answers import play_plan
from scythe_sim.games.scythe.spec.deals import dealt_plan
from scythe_sim.games.scythe.strategies import (N_SLOTS, SEARCH_TUNING_SLOT, STRATEGY_GREEDY, STRATEGY_SEARCH,
                                                TUNING_SLOT)
from scythe_sim.games.scythe.strategies.view import MAX_PLAYERS
from scythe_sim.games.scythe.strategies.weights import W_SEARCH_ROLLOUTS, load_params
from scythe_sim.games.scythe.tables import default_tables

GAMES, PLAYERS = 3, 2


def _play(seat_zero):
    base = load_params()
    params = np.zeros((N_SLOTS, base.shape[1]), np.float64)
    params[:base.shape[0]] = base
    params[STRATEGY_SEARCH, W_SEARCH_ROLLOUTS] = 8            # a small budget: a quick test
    params[TUNING_SLOT] = params[SEARCH_TUNING_SLOT] = params[STRATEGY_SEARCH]
    strategies = np.full((GAMES, MAX_PLAYERS), STRATEGY_GREEDY, np.int64)
    strategies[:, 0] = seat_zero
    seeds = np.arange(11, 11 + GAMES, dtype=np.uint64)
    games, seats = play_plan(default_tables(), dealt_plan(seeds, PLAYERS, strategies), params)
    return games, seats


def test_the_search_slot_plays_as_search_and_not_as_the_planner():
    search, in_slot, planner = (_play(s) for s in (STRATEGY_SEARCH, SEARCH_TUNING_SLOT, TUNING_SLOT))
    for a, b in zip(search, in_slot):
        assert np.array_equal(a, b)
    assert not all(np.array_equal(a, b) for a, b in zip(search, planner))
