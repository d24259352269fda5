"""All Out War over many games: invariants after every decision (division conservation,
one faction per territory outside a Move's fights, no negative pool), every strategy
playing the war; the standard half of a war run plays exactly as the base run."""
import numpy as np
import pytest

from scythe_sim.games.scythe.game import Game
from scythe_sim.games.scythe.layout import P_SEAT
from scythe_sim.games.scythe.variants.war.layout import G_WAR_END_REASON, WAR_END_REASONS
from scythe_sim.games.scythe.play import GAME_RESULTS, R_STATUS, SR_SCORE0, SR_WORKERS, run_games
from scythe_sim.games.scythe.strategies import STRATEGIES
from scythe_sim.games.scythe.strategies.dispatch import choose
from scythe_sim.games.scythe.strategies.weights import load_params
from scythe_sim.games.scythe.tables import build_tables, default_tables
from tests.scythe.war.soak import war_soak


def test_200_war_games_keep_every_invariant():
    statuses, first_bad, _ = war_soak(160, 3, strategies=("random",), seed=11)
    assert first_bad is None, (statuses, first_bad)
    statuses, first_bad, _ = war_soak(40, 4, seed=5)      # every strategy in turn
    assert first_bad is None, (statuses, first_bad)


@pytest.mark.slow
def test_each_strategy_plays_a_war_to_its_end():
    params = load_params()
    for k, strategy in enumerate(STRATEGIES):
        game = Game.new(seed=k, players=2, rules={"all_out_war": 1})
        while not game.is_over:
            rows = game.legal_rows()
            seat = int(game.state.player[game.decider, P_SEAT])
            i = choose(k, game.state, game.tables, seat, rows, len(rows), params, game.work)
            assert 0 <= i < len(rows)
            game.step(tuple(rows[i]))
        assert WAR_END_REASONS[int(game.state.game[G_WAR_END_REASON])] != "none", strategy


def test_the_standard_half_of_a_war_run_is_the_base_run():
    seeds = np.arange(20, 30, dtype=np.uint64)
    lineup = np.array([1, 6, 7, 0, 2, 3, 4], np.int64)
    base_games, base_seats = run_games(default_tables(), seeds, 3, strategies=lineup)
    war_games, war_seats = run_games(build_tables({"all_out_war": 1}), seeds, 3, strategies=lineup)
    same = [GAME_RESULTS.index(c) for c in ("status", "end_reason", "turns", "rounds", "sb_tile")]
    assert (base_games[:, same] == war_games[:, same]).all()
    # faction, mat, order, the score breakdown, stars and star turns: the standard game's
    scores = slice(0, SR_WORKERS)
    assert SR_SCORE0 < SR_WORKERS
    assert (base_seats[:, :3, scores] == war_seats[:, :3, scores]).all()
    assert (war_games[:, R_STATUS] == 0).all()
