"""The njit batch loop for MLS: many seeded games in one call, Python entered once.

``play_batch`` plays game g from seeds[g] with n_players[g] seats and per-seat strategy
ids, and fills two result arrays whose columns are GAME_RESULTS and SEAT_RESULTS. A game
is a pure function of (tables, seed, players, strategies, params).
"""
from typing import NamedTuple

import numpy as np

from scythe_sim.compiled.jit import njit, njit_alloc_entry
from scythe_sim.compiled.outcome import (GAME_HEAD, STATUS_BAD_SETUP, STATUS_NO_ACTION, STATUS_OK, after_decision,
                                         record_head)
from scythe_sim.compiled.rng import seed_streams

from .kernel.apply import apply_action
from .kernel.board import hand_size, held
from .kernel.invariants import check_invariants
from .kernel.legal import legal_actions
from .kernel.setup import SETUP_OK, setup_game
from .kernel.state import new_state
from .layout import (ACTION_WIDTH, G_DECIDER, G_DELIVERIES, G_END_REASON, G_FIGHTS, G_FINALE,
                     G_GAME_OVER, G_N_PLAYERS, G_QUESTS, G_ROUND, G_SEEKS, G_TURN, MAX_ACTIONS,
                     MAX_PLAYERS, N_TROPHIES, P_CAMP, P_DELIVERIES, P_FIGHTS_WON, P_FRIENDSHIP,
                     P_MAKE_TILE, P_MOVE_TILE, P_PERSONALITY, P_PIES, P_QUESTS_DONE, P_SEAT,
                     P_TROPHIES, P_TURNS, STRATEGY_STREAM_ID, TROPHIES)
from .strategies.dispatch import choose
from .strategies.weights import load_weights
from .strategies.workspace import new_workspace
from .tables import R_TROPHIES_TO_WIN

GAME_RESULTS = GAME_HEAD + ("fights", "quests", "deliveries", "seeks", "finale")
(R_STATUS, R_END_REASON, R_TURNS, R_ROUNDS, R_DECISIONS, R_FIGHTS, R_QUESTS, R_DELIVERIES,
 R_SEEKS, R_FINALE) = range(len(GAME_RESULTS))

SEAT_RESULTS = (("turn_order", "rank", "winner", "trophies", "friendship", "pies", "spells",
                 "quests_done", "move_tile", "make_tile", "personality", "held", "camp", "turns",
                 "fights_won", "deliveries")
                + tuple(f"trophy_{k}" for k in TROPHIES) + tuple(f"trophy_turn_{k}" for k in TROPHIES))
(SR_ORDER, SR_RANK, SR_WINNER, SR_TROPHIES, SR_FRIENDSHIP, SR_PIES, SR_SPELLS, SR_QUESTS_DONE,
 SR_MOVE_TILE, SR_MAKE_TILE, SR_PERSONALITY, SR_HELD, SR_CAMP, SR_TURNS, SR_FIGHTS_WON,
 SR_DELIVERIES) = range(16)
SR_TROPHY0 = 16
SR_TROPHY_TURN0 = SR_TROPHY0 + N_TROPHIES

MAX_DECISIONS = 200_000     # the step limit (STATUS_STEP_LIMIT, compiled/outcome.py)


@njit
def _beats(s, t, p, q):
    """p places ahead of q: more trophies, then more friendship, then more held resources."""
    if s.player[p, P_TROPHIES] != s.player[q, P_TROPHIES]:
        return s.player[p, P_TROPHIES] > s.player[q, P_TROPHIES]
    if s.player[p, P_FRIENDSHIP] != s.player[q, P_FRIENDSHIP]:
        return s.player[p, P_FRIENDSHIP] > s.player[q, P_FRIENDSHIP]
    return held(s, t, p) > held(s, t, q)


@njit
def rank_of(s, t, p):
    """1 + players placed ahead of p (ties share a rank; all tied winners are crowned)."""
    r = 1
    for q in range(s.game[G_N_PLAYERS]):
        if q != p and _beats(s, t, q, p):
            r += 1
    return r


@njit
def is_winner(s, t, p):
    """A player with 4 trophies after the grand finale and no one ahead of it."""
    return s.player[p, P_TROPHIES] >= t.rules[R_TROPHIES_TO_WIN] and rank_of(s, t, p) == 1


class Deal(NamedTuple):
    """Who plays a batch's games: game g from seeds[g] (uint64) with n_players[g] seats and
    strategies[g] (MAX_PLAYERS,) ids per seat, which play with params' weight rows."""
    seeds: np.ndarray
    n_players: np.ndarray
    strategies: np.ndarray
    params: np.ndarray


@njit_alloc_entry
def play_game(s, t, g, deal, check, actions, buf, ws):
    """Play game g of the deal to its end; returns (status, decisions)."""
    seed = deal.seeds[g]
    if setup_game(s, t, seed, deal.n_players[g]) != SETUP_OK:
        return STATUS_BAD_SETUP, 0
    seed_streams(ws.rng, seed, STRATEGY_STREAM_ID)
    strategies, params = deal.strategies[g], deal.params
    decisions = 0
    status = STATUS_OK
    while s.game[G_GAME_OVER] == 0 and status == STATUS_OK:
        n = legal_actions(s, t, actions, buf)
        if n == 0:
            return STATUS_NO_ACTION, decisions
        seat = s.player[s.game[G_DECIDER], P_SEAT]
        i = choose(strategies[seat], s, t, seat, actions, n, params, ws)
        apply_action(s, t, actions[i, 0], actions[i, 1], actions[i, 2], actions[i, 3])
        decisions += 1
        status = after_decision(check_invariants(s, t) if check else 0, decisions, MAX_DECISIONS)
    return status, decisions


@njit
def record_results(s, t, status, decisions, game_row, seat_rows):
    record_head(game_row, status, s.game[G_END_REASON], s.game[G_TURN], s.game[G_ROUND], decisions)
    game_row[R_FIGHTS] = s.game[G_FIGHTS]
    game_row[R_QUESTS] = s.game[G_QUESTS]
    game_row[R_DELIVERIES] = s.game[G_DELIVERIES]
    game_row[R_SEEKS] = s.game[G_SEEKS]
    game_row[R_FINALE] = s.game[G_FINALE]
    if status == STATUS_BAD_SETUP:
        return
    for p in range(s.game[G_N_PLAYERS]):
        row = seat_rows[s.player[p, P_SEAT]]
        row[SR_ORDER] = p
        row[SR_RANK] = rank_of(s, t, p)
        row[SR_WINNER] = 1 if is_winner(s, t, p) else 0
        row[SR_TROPHIES] = s.player[p, P_TROPHIES]
        row[SR_FRIENDSHIP] = s.player[p, P_FRIENDSHIP]
        row[SR_PIES] = s.player[p, P_PIES]
        row[SR_SPELLS] = hand_size(s, p)
        row[SR_QUESTS_DONE] = s.player[p, P_QUESTS_DONE]
        row[SR_MOVE_TILE] = s.player[p, P_MOVE_TILE]
        row[SR_MAKE_TILE] = s.player[p, P_MAKE_TILE]
        row[SR_PERSONALITY] = s.player[p, P_PERSONALITY]
        row[SR_HELD] = held(s, t, p)
        row[SR_CAMP] = s.player[p, P_CAMP]
        row[SR_TURNS] = s.player[p, P_TURNS]
        row[SR_FIGHTS_WON] = s.player[p, P_FIGHTS_WON]
        row[SR_DELIVERIES] = s.player[p, P_DELIVERIES]
        for k in range(N_TROPHIES):
            row[SR_TROPHY0 + k] = s.trophy[p, k]
            row[SR_TROPHY_TURN0 + k] = s.trophy_turn[p, k]


@njit_alloc_entry
def play_batch(s, t, deal, check, game_out, seat_out, ws, played):
    """Play the deal's games (Deal); game_out (G, len(GAME_RESULTS)), seat_out (G,
    MAX_PLAYERS, len(SEAT_RESULTS)) int32; ws the strategies' Workspace; played (1,) int64
    gains one as each game's results are recorded (a counter another thread or process may
    read while the batch plays: the runner's progress)."""
    actions = np.zeros((MAX_ACTIONS, ACTION_WIDTH), np.int64)
    buf = np.zeros(64, np.int64)
    for g in range(deal.seeds.shape[0]):
        status, decisions = play_game(s, t, g, deal, check, actions, buf, ws)
        seat_out[g, :, :] = -1
        record_results(s, t, status, decisions, game_out[g], seat_out[g])
        played[0] += 1


def run_games(tables, seeds, n_players, strategies=None, params=None, check=False, played=None):
    """Python entry: allocate inputs and outputs, call play_batch once; (game_out, seat_out).
    played: an int64 (1,) array that gains one as each game ends (play_batch)."""
    seeds = np.asarray(seeds, dtype=np.uint64)
    g = seeds.shape[0]
    n_players = np.broadcast_to(np.asarray(n_players, dtype=np.int64), (g,)).copy()
    strategies = np.zeros(MAX_PLAYERS, np.int64) if strategies is None else np.asarray(strategies, np.int64)
    if strategies.ndim == 1:
        strategies = np.broadcast_to(strategies, (g, MAX_PLAYERS))
    strategies = np.ascontiguousarray(strategies, np.int64)
    params = load_weights() if params is None else np.asarray(params, np.float64)
    game_out = np.zeros((g, len(GAME_RESULTS)), np.int32)
    seat_out = np.zeros((g, MAX_PLAYERS, len(SEAT_RESULTS)), np.int32)
    play_batch(new_state(), tables, Deal(seeds, n_players, strategies, params), bool(check), game_out, seat_out,
               new_workspace(tables), np.zeros(1, np.int64) if played is None else played)
    return game_out, seat_out


@njit_alloc_entry
def _rank_entry(s, t, p):
    return rank_of(s, t, p), is_winner(s, t, p)


def rank_py(game, p) -> int:
    """Player p's rank in a Game (1 = best; ties share)."""
    return int(_rank_entry(game.state, game.tables, p)[0])


def is_winner_py(game, p) -> bool:
    return bool(_rank_entry(game.state, game.tables, p)[1])


@njit_alloc_entry
def _results_entry(s, t, status, decisions, game_row, seat_rows):
    record_results(s, t, status, decisions, game_row, seat_rows)


def results_of(game, status=STATUS_OK, decisions=0):
    """(game row, seat rows) of a Game, as the batch player records them."""
    game_row = np.zeros(len(GAME_RESULTS), np.int32)
    seat_rows = np.full((MAX_PLAYERS, len(SEAT_RESULTS)), -1, np.int32)
    _results_entry(game.state, game.tables, status, decisions, game_row, seat_rows)
    return game_row, seat_rows
