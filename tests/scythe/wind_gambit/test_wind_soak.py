"""The Wind Gambit over many games: every one of the 64 tile pairs played with every
invariant (the airship's among them) checked after every decision; every strategy but the
Automa (refused with the variant) plays a Wind Gambit game to its end; tiles per player."""
import numpy as np
import pytest

from scythe_sim.games.scythe.game import Game
from scythe_sim.games.scythe.layout import AS_AGGRESSIVE, G_MOVED_MASK, P_SEAT
from scythe_sim.games.scythe.play import R_END_REASON, R_STATUS, STATUS_OK, run_games
from scythe_sim.games.scythe.strategies import STRATEGIES
from scythe_sim.games.scythe.strategies.automa import F_MOVE, M_FOCUS
from scythe_sim.games.scythe.strategies.dispatch import choose
from scythe_sim.games.scythe.strategies.weights import load_params
from scythe_sim.games.scythe.tables import build_tables

AUTOMA = STRATEGIES.index("automa")



@pytest.mark.slow
def test_every_tile_pair_keeps_every_invariant():
    for aggressive in range(1, 9):
        for passive in range(9, 17):
            tables = build_tables({"wind_gambit": 1, "airship_aggressive": aggressive,
                                   "airship_passive": passive})
            seeds = np.arange(aggressive * 100 + passive, aggressive * 100 + passive + 2, dtype=np.uint64)
            out, _ = run_games(tables, seeds, 3, strategies=np.zeros(7, np.int64), check=True)
            assert (out[:, R_STATUS] == STATUS_OK).all(), (aggressive, passive, out[:, R_STATUS])
            assert (out[:, R_END_REASON] > 0).all()


def test_greedy_mixes_and_tiles_per_player_keep_every_invariant():
    tables = build_tables({"wind_gambit": 1, "airship_per_player": 1})
    lineup = np.array([1, 2, 3, 4, 5, 0, 1], np.int64)
    out, _ = run_games(tables, np.arange(7, 13, dtype=np.uint64), 4, strategies=lineup, check=True)
    assert (out[:, R_STATUS] == STATUS_OK).all(), out[:, R_STATUS]


@pytest.mark.slow
def test_each_strategy_plays_a_wind_gambit_game_to_its_end_and_flies():
    """Every strategy, the Automa included, ends its games; greedy and the Automa fly
    their airships, the Automa only as a further unit of a Move, never as its card's unit."""
    params = load_params()
    flights = {1: 0, AUTOMA: 0}
    for k in range(len(STRATEGIES)):
        game = Game.new(seed=k, players=2, rules={"wind_gambit": 1, "airship_aggressive": 2,
                                                  "airship_passive": 15})
        while not game.is_over:
            rows = game.legal_rows()
            seat = int(game.state.player[game.decider, P_SEAT])
            card_unit = int(game.state.game[G_MOVED_MASK]) == 0
            i = choose(k, game.state, game.tables, seat, rows, len(rows), params, game.work)
            assert 0 <= i < len(rows)
            if game.legal_actions()[i].kind_name == "select_airship" and k in flights:
                flights[k] += 1
                assert not (k == AUTOMA and card_unit and game.work.memory[seat, M_FOCUS] == F_MOVE)
            game.step(tuple(rows[i]))
            assert game.check() == 0
        assert game.end_reason in ("six_stars", "turn_cap"), STRATEGIES[k]
        assert int(game.state.airship[0, AS_AGGRESSIVE]) == 2
    assert flights[1] > 0 and flights[AUTOMA] > 0, flights
