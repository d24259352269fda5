"""A game stepped through the façade with the batch player's strategies and streams,
one readable line per decision (for `scythe-sim replay` and for reading a game)."""
import numpy as np

from scythe_sim.compiled.rng import seed_streams

from .game import Game, describe
from .layout import G_DECIDER, G_PHASE, G_TURN, P_SEAT, PHASES, STRATEGY_STREAM_ID
from .strategies.dispatch import choose
from .strategies.weights import load_weights
from .strategies.workspace import new_workspace
from .tables import build_tables


def play_through(seed: int, players: int, strategies, rules=None, params=None):
    """(game, lines): the game the batch player plays from (seed, players, strategy id per
    seat), stepped one decision at a time."""
    tables = build_tables(rules or {})
    game = Game.new(seed=seed, players=players, tables=tables)
    ws = new_workspace(tables)
    seed_streams(ws.rng, np.uint64(seed), STRATEGY_STREAM_ID)
    params = load_weights() if params is None else np.asarray(params, np.float64)
    strategies = np.asarray(strategies, np.int64)
    lines = []
    while not game.is_over:
        rows = game.legal_rows()
        seat = int(game.state.player[game.state.game[G_DECIDER], P_SEAT])
        i = choose(int(strategies[seat]), game.state, game.tables, seat, rows, len(rows), params, ws)
        lines.append(f"turn {int(game.state.game[G_TURN])} seat {seat} {PHASES[int(game.state.game[G_PHASE])]}: "
                     f"{describe(rows[i])}")
        game.step(rows[i])
    return game, lines

