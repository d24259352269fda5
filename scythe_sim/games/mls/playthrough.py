"""A game stepped through the façade with the batch player's strategies and streams,
one readable line per decision (for `scythe-sim replay` and for reading a game)."""
import numpy as np

from scythe_sim.compiled.rng import seed_streams

from .game import Game, describe
from .kernel.state import copy_state
from .layout import G_DECIDER, G_PHASE, G_TURN, P_SEAT, PHASES, STRATEGY_STREAM_ID
from .strategies.dispatch import choose
from .strategies.weights import load_weights
from .strategies.workspace import new_workspace
from .tables import build_tables


def seated_game(seed: int, players: int, strategies, rules=None, params=None):
    """(game, pick): the set-up game the batch player plays from (seed, players, strategy
    id per seat), and pick(game, rows), the index of the row the deciding seat's strategy
    takes, drawing on the seats' own streams as the batch player does."""
    tables = build_tables(rules or {})
    game = Game.new(seed=seed, players=players, tables=tables)
    ws = new_workspace(tables)
    seed_streams(ws.rng, np.uint64(seed), STRATEGY_STREAM_ID)
    params = load_weights() if params is None else np.asarray(params, np.float64)
    strategies = np.asarray(strategies, np.int64)

    def pick(g, rows):
        seat = int(g.state.player[g.state.game[G_DECIDER], P_SEAT])
        return choose(int(strategies[seat]), g.state, g.tables, seat, rows, len(rows), params, ws)
    return game, pick


def play_through(seed: int, players: int, strategies, rules=None, params=None, snapshots=None):
    """(game, lines): the game the batch player plays from (seed, players, strategy id per
    seat), stepped one decision at a time. snapshots: a list that receives (state copy,
    number of lines so far) as each turn begins and once at the end (pictures)."""
    game, pick = seated_game(seed, players, strategies, rules, params)
    lines = []
    turn = -1
    while not game.is_over:
        if snapshots is not None and int(game.state.game[G_TURN]) != turn:
            turn = int(game.state.game[G_TURN])
            snapshots.append((copy_state(game.state), len(lines)))
        rows = game.legal_rows()
        seat = int(game.state.player[game.state.game[G_DECIDER], P_SEAT])
        i = pick(game, rows)
        lines.append(f"turn {int(game.state.game[G_TURN])} seat {seat} {PHASES[int(game.state.game[G_PHASE])]}: "
                     f"{describe(rows[i])}")
        game.step(rows[i])
    if snapshots is not None:
        snapshots.append((copy_state(game.state), len(lines)))
    return game, lines

