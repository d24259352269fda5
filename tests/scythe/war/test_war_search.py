"""The war search (strategies/war/search.py): the `search` strategy's war decisions chosen
by rollouts. The same seed the same choice, the state unwritten, nothing the seat cannot
see changes a choice, and the rollouts overturn the war policy's ranking somewhere.
(The contract test samples `search` at war decisions too, with every other strategy.)"""
import numpy as np
import pytest

from scythe_sim.games.scythe.game import Game
from scythe_sim.games.scythe.kernel.state import copy_state
from scythe_sim.games.scythe.layout import G_DECIDER, G_PHASE, P_SEAT
from scythe_sim.games.scythe.variants.war.layout import G_WAR_ROUND, G_WAR_STAGE, PH_WAR_ACTION, PH_WAR_MOVE
from scythe_sim.games.scythe.strategies import STRATEGIES
from scythe_sim.games.scythe.strategies.dispatch import choose
from scythe_sim.games.scythe.strategies.weights import WEIGHTS, load_params
from scythe_sim.games.scythe.strategies.workspace import new_workspace
from tests.scythe.contract import scramble_hidden

SEARCH = STRATEGIES.index("search")
GREEDY = STRATEGIES.index("greedy")
WAR_WEIGHTS = ("war_search_candidates", "war_search_rollouts", "war_search_horizon")


def _params(rollouts=8, candidates=3, horizon=1):
    params = load_params().copy()
    params[SEARCH, WEIGHTS.index("war_search_rollouts")] = rollouts
    params[SEARCH, WEIGHTS.index("war_search_candidates")] = candidates
    params[SEARCH, WEIGHTS.index("war_search_horizon")] = horizon
    return params


def _war_points(seed=5, players=4, wanted=10, first_round=3):
    """(game copy, rows) at war action and Move decisions with 3 or more rows, from war
    round `first_round` on of a greedy game (hands have grown by then)."""
    game = Game.new(seed=seed, players=players, rules={"all_out_war": 1})
    params = load_params()
    points = []
    while not game.is_over and len(points) < wanted:
        rows = game.legal_rows()
        s = game.state
        seat = int(s.player[s.game[G_DECIDER], P_SEAT])
        if (s.game[G_WAR_STAGE] != 0 and s.game[G_WAR_ROUND] >= first_round and len(rows) >= 3
                and s.game[G_PHASE] in (PH_WAR_ACTION, PH_WAR_MOVE)):
            points.append((game.copy(), rows.copy()))
        i = choose(GREEDY, s, game.tables, seat, rows, len(rows), params, game.work)
        game.step(tuple(int(x) for x in rows[i]))
    return points


def _choose(point, params, strategy=SEARCH, stream_seed=5):
    game, rows = point
    s = game.state
    seat = int(s.player[s.game[G_DECIDER], P_SEAT])
    work = new_workspace(game.tables)
    work.rng[:] = np.random.default_rng(stream_seed).integers(1, 2 ** 63, work.rng.shape, dtype=np.uint64)
    return choose(strategy, s, game.tables, seat, rows, len(rows), params, work)


@pytest.fixture(scope="module")
def points():
    found = _war_points()
    assert len(found) >= 6, "the game reaches the war's later rounds"
    return found


def test_only_search_searches_the_war():
    params = load_params()
    for name in WAR_WEIGHTS:
        assert params[SEARCH, WEIGHTS.index(name)] >= 1, name
    for k, strategy in enumerate(STRATEGIES):
        if strategy != "search":
            assert params[k, WEIGHTS.index("war_search_rollouts")] == 0, strategy


def test_same_seed_same_choice_and_the_state_unwritten(points):
    params = _params()
    for point in points:
        before = copy_state(point[0].state)
        i = _choose(point, params)
        assert 0 <= i < len(point[1])
        for name in before.dtype.names:
            assert np.array_equal(before[name], point[0].state[name]), name
        assert _choose(point, params) == i


def test_what_the_seat_cannot_see_changes_no_choice(points):
    params = _params()
    rng = np.random.default_rng(11)
    for point in points:
        i = _choose(point, params)
        for _ in range(2):
            assert _choose(scramble_hidden(point, rng), params) == i


def test_the_rollouts_overturn_the_policy_somewhere(points):
    """With the war search switched off the row is the war policy's; with it, some choice
    differs (the rollouts do decide), and a single candidate is the policy's choice."""
    on = _params(rollouts=16, candidates=4, horizon=1)
    off = _params(rollouts=0)
    one = _params(rollouts=16, candidates=1)
    differ = 0
    for point in points:
        policy = _choose(point, off)
        assert _choose(point, one) == policy
        differ += _choose(point, on) != policy
    assert differ >= 1
