"""Invariants after every decision across many random games (tests/scythe/soak.py runs more)."""
import collections

import numpy as np
import pytest

from scythe_sim.games.scythe.kernel.invariants import INVARIANTS
from scythe_sim.games.scythe.play import R_STATUS, STATUS_INVARIANT, STATUS_OK, run_games
from scythe_sim.games.scythe.strategies import STRATEGIES
from tests.scythe.soak import soak, use_shares


@pytest.mark.slow
def test_thousand_random_five_player_games_keep_every_invariant():
    statuses, reasons, first_bad, totals, usage = soak(games=1000, players=5, seed=10_000)
    assert first_bad is None, f"seed {first_bad}: {dict(statuses)}"
    assert statuses[STATUS_OK] == 1000
    assert totals["decisions"] > 1000 * 100  # real games were played, not stubs
    assert totals["encounters"] > 1000 and totals["combats"] > 0    # every base rule was on
    assert usage.sum() > 1000


def test_every_player_count_plays(tables):
    for players in (1, 2, 3, 4, 5):
        out, _ = run_games(tables, np.arange(40, dtype=np.uint64), players, check=True)
        bad = out[out[:, R_STATUS] != STATUS_OK]
        assert len(bad) == 0, [INVARIANTS[c - STATUS_INVARIANT - 1] if c > STATUS_INVARIANT else c
                               for c in bad[:, R_STATUS]]


@pytest.mark.slow
@pytest.mark.parametrize("players", [6, 7])
def test_random_six_and_seven_player_games_with_albion_and_togawa_keep_every_invariant(players):
    """300 games with all seven factions dealt: every rule of Albion and Togawa is used."""
    uses = collections.Counter()
    statuses, reasons, first_bad, totals, _ = soak(games=300, players=players, seed=20_000, uses=uses)
    assert first_bad is None, f"seed {first_bad}: {dict(statuses)}"
    assert statuses[STATUS_OK] == 300 and totals["decisions"] > 300 * 100
    shares = use_shares(uses)
    assert all(share > 0 for share in shares.values()), shares


@pytest.mark.parametrize("strategy", [s for s in STRATEGIES if s != "random"])
def test_every_strategy_plays_seven_player_games_with_albion_and_togawa(strategy):
    statuses, _, first_bad, _, _ = soak(games=8, players=7, seed=30_000, strategy=strategy)
    assert first_bad is None, f"{strategy} seed {first_bad}: {dict(statuses)}"


def test_invariant_names_are_unique():
    assert len(set(INVARIANTS)) == len(INVARIANTS)


def test_a_piece_moved_without_put_unit_breaks_the_occupancy_invariant():
    """Occupancy is kept by board.put_unit / put_structure; a location written directly
    is caught until board.rebuild_occupancy recounts it."""
    from scythe_sim.games.scythe.game import Game
    from scythe_sim.games.scythe.kernel.board import rebuild_occupancy
    from scythe_sim.games.scythe.layout import UNIT_WORKER0

    game = Game.new(seed=3, players=3)
    assert game.check() == 0
    game.state.unit_loc[0, UNIT_WORKER0] = game.state.unit_loc[0, UNIT_WORKER0 + 1]
    assert INVARIANTS[game.check() - 1].startswith("occupancy")
    rebuild_occupancy(game.state)
    assert game.check() == 0
    game.state.struct_loc[1, 0] = game.state.unit_loc[1, UNIT_WORKER0]
    assert INVARIANTS[game.check() - 1].startswith("occupancy")
