"""The contract every strategy keeps (issue 4, DESIGN.md section 5), checked at decision
points sampled from real games: the index is in range, the state is unchanged, the
same random stream gives the same choice, and what the deciding seat may not see
(opponents' combat cards and objectives, the draw pile, the attacker's committed dial
and cards when the defender decides, the game's future chance) does not change it."""
import numpy as np
import pytest

from scythe_sim.enums import N_CARD_VALUES, N_OBJECTIVES
from scythe_sim.game import Game
from scythe_sim.kernel.state import copy_state
from scythe_sim.layout import (G_ACTIVE, G_ATK_CARDS, G_ATK_DIAL, G_ATK_NCARDS, G_DECIDER,
                               G_DEFENDER, G_N_PLAYERS, G_PHASE, MAX_PLAYERS, P_OBJECTIVE_A,
                               P_OBJECTIVE_B, P_POWER, P_SEAT, PH_COMBAT_CARDS, PH_COMBAT_DIAL, State)
from scythe_sim.strategies import STRATEGIES
from scythe_sim.strategies.dispatch import choose
from scythe_sim.strategies.weights import load_params
from scythe_sim.strategies.workspace import new_workspace


def decision_points(seeds=(10, 23, 24), players=4, every=23):
    """(game copy, legal rows) at every `every`-th decision of random games (seeds whose
    batch games hold a combat), plus every combat decision, where hidden information
    matters most."""
    points = []
    params = load_params()
    for seed in seeds:
        game = Game.new(seed=seed, players=players)
        k = 0
        while not game.is_over:
            rows = game.legal_rows()
            phase = int(game.state.game[G_PHASE])
            if k % every == 0 or phase in (PH_COMBAT_DIAL, PH_COMBAT_CARDS):
                points.append((game.copy(), rows.copy()))
            seat = int(game.state.player[game.decider, P_SEAT])
            i = choose(0, game.state, game.tables, seat, rows, len(rows), params, game.work)
            game.step(tuple(rows[i]))
            k += 1
    return points


POINTS = None


def points():
    global POINTS
    if POINTS is None:
        POINTS = decision_points()
    return POINTS


def call(strategy, game, rows, stream_seed=5):
    s, t = game.state, game.tables
    seat = int(s.player[s.game[G_DECIDER], P_SEAT])
    work = new_workspace(t)
    work.rng[:] = np.random.default_rng(stream_seed).integers(1, 2 ** 63, work.rng.shape, dtype=np.uint64)
    work.memory[:] = game.work.memory
    return choose(STRATEGIES.index(strategy), s, t, seat, rows, len(rows), load_params(), work)


def scramble_hidden(game, rng):
    """A copy where everything the decider cannot see is redrawn consistently."""
    s = copy_state(game.state)
    d = int(s.game[G_DECIDER])
    n = int(s.game[G_N_PLAYERS])
    for q in range(n):
        if q == d:
            continue
        pool = s.hand[q] + s.deck[0]             # swap q's cards with the draw pile
        size = int(s.hand[q].sum())
        cards = np.repeat(np.arange(N_CARD_VALUES), pool)
        chosen = rng.choice(cards, size, replace=False) if size else np.array([], np.int64)
        s.hand[q] = np.bincount(chosen, minlength=N_CARD_VALUES)
        s.deck[0] = pool - s.hand[q]
        mine = {int(s.player[d, f]) for f in (P_OBJECTIVE_A, P_OBJECTIVE_B)}
        others = [c for c in range(N_OBJECTIVES) if c not in mine]
        for f in (P_OBJECTIVE_A, P_OBJECTIVE_B):
            if s.player[q, f] >= 0:
                s.player[q, f] = rng.choice(others)
    if d == s.game[G_DEFENDER] and s.game[G_PHASE] in (PH_COMBAT_DIAL, PH_COMBAT_CARDS):
        attacker = int(s.game[G_ACTIVE])
        s.game[G_ATK_DIAL] = rng.integers(0, min(7, int(s.player[attacker, P_POWER])) + 1)
        s.game[G_ATK_NCARDS] = 0
        s.game[G_ATK_CARDS] = 0
    s.rng[:] = rng.integers(1, 2 ** 63, s.rng.shape, dtype=np.uint64)
    other = game.copy()
    other.state = s
    return other


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_choice_in_range_state_unchanged_and_repeatable(strategy):
    for game, rows in points():
        before = copy_state(game.state)
        i = call(strategy, game, rows)
        assert 0 <= i < len(rows)
        for name in State._fields:
            assert np.array_equal(getattr(before, name), getattr(game.state, name)), name
        assert call(strategy, game, rows) == i


def hidden_information_leaks(chooser):
    """How many sampled decisions change when the hidden information is redrawn."""
    rng = np.random.default_rng(3)
    leaks = 0
    for game, rows in points():
        i = chooser(game, rows)
        leaks += any(chooser(scramble_hidden(game, rng), rows) != i for _ in range(3))
    return leaks


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_hidden_information_does_not_change_the_choice(strategy):
    combat = sum(int(g.state.game[G_PHASE]) in (PH_COMBAT_DIAL, PH_COMBAT_CARDS) for g, _ in points())
    assert len(points()) > 100 and combat > 0
    assert hidden_information_leaks(lambda game, rows: call(strategy, game, rows)) == 0


def test_the_check_catches_a_chooser_that_peeks():
    def peeking(game, rows):      # looks at the opponents' cards and the game's chance
        s = game.state
        return int(s.hand.sum(axis=1) @ np.arange(MAX_PLAYERS) + s.hand[:, 3].sum() + s.rng[0, 0] % 7) % len(rows)
    assert hidden_information_leaks(peeking) > 0


def test_scramble_changes_hidden_information_only():
    rng = np.random.default_rng(4)
    changed = 0
    for game, _ in points()[:60]:
        other = scramble_hidden(game, rng)
        a, b = game.state, other.state
        d = int(a.game[G_DECIDER])
        assert np.array_equal(a.hand[d], b.hand[d])
        assert np.array_equal(a.unit_loc, b.unit_loc) and np.array_equal(a.hex_res, b.hex_res)
        assert (a.hand.sum(axis=1) == b.hand.sum(axis=1)).all()
        assert (a.hand.sum(axis=0) + a.deck.sum(axis=0) == b.hand.sum(axis=0) + b.deck.sum(axis=0)).all()
        changed += not np.array_equal(a.hand, b.hand) or not np.array_equal(a.player, b.player)
    assert changed > 30
