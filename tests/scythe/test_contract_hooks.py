"""Scythe's contract hooks redraw only what the deciding seat may not see."""
import numpy as np
import pytest

from scythe_sim.games.scythe.enums import TOKEN_DISARMED0
from scythe_sim.games.scythe.layout import G_DECIDER
from tests.scythe.contract import _hidden_traps, decision_points, scramble_hidden


@pytest.mark.slow
def test_scramble_changes_hidden_information_only():
    rng = np.random.default_rng(4)
    changed = 0
    for point in decision_points()[:60]:
        a, b = point[0].state, scramble_hidden(point, rng)[0].state
        d = int(a.game[G_DECIDER])
        assert np.array_equal(a.hand[d], b.hand[d])
        assert np.array_equal(a.unit_loc, b.unit_loc) and np.array_equal(a.hex_res, b.hex_res)
        assert (a.hand.sum(axis=1) == b.hand.sum(axis=1)).all()
        assert (a.hand.sum(axis=0) + a.deck.sum(axis=0) == b.hand.sum(axis=0) + b.deck.sum(axis=0)).all()
        changed += not np.array_equal(a.hand, b.hand) or not np.array_equal(a.player, b.player)
    assert changed > 30


@pytest.mark.slow
def test_scramble_redeals_the_penalties_of_opponents_armed_traps():
    """The Invaders game among the points has Togawa's armed Traps lying face down."""
    rng = np.random.default_rng(4)
    points = [p for p in decision_points() if _hidden_traps(p[0].state, int(p[0].state.game[G_DECIDER]))]
    assert len(points) > 10
    changed = 0
    for point in points:
        a = point[0].state
        for _ in range(4):
            b = scramble_hidden(point, rng)[0].state
            assert np.array_equal(a.token_owner, b.token_owner)
            assert np.array_equal(a.token_kind >= TOKEN_DISARMED0, b.token_kind >= TOKEN_DISARMED0)
            changed += not np.array_equal(a.token_kind, b.token_kind)
    assert changed > 0
