"""The njit batch loop: many seeded games in one call, Python entered once per chunk.

``play_batch`` plays games[i] from seeds[i] with per-seat factions/mats (-1 = deal)
and strategies, and fills two result arrays whose columns are GAME_RESULTS and
SEAT_RESULTS. A game is a pure function of (tables, seed, setup, strategies, params).
"""
import numpy as np

from .enums import (N_ENCOUNTER_CARDS, N_ENCOUNTER_OPTIONS, N_FACTORY_CARDS, N_LOC,
                    N_OBJECTIVES, N_STAR_KINDS, STAR_KINDS)
from .kernel.apply import apply_action
from .kernel.board import (mechs_deployed, recruits_enlisted, structures_built, upgrades_done,
                           workers_on_board)
from .kernel.cards import hand_size
from .kernel.invariants import check_invariants
from .kernel.jit import njit, njit_entry
from .kernel.legal import legal_actions
from .kernel.rng import STRATEGY_STREAM_ID, seed_streams
from .kernel.scoring import score_game
from .kernel.setup import SETUP_OK, setup_game
from .kernel.state import new_state
from .layout import (ACTION_WIDTH, A_ENCOUNTER_OPTION, A_FACTORY_TOP, A_REVEAL_OBJECTIVE,
                     A_TAKE_FACTORY, G_ACTIVE, G_COMBATS, G_CONTACTS, G_DECIDER, G_ENCOUNTERS,
                     G_ENC_CARD, G_END_REASON, G_GAME_OVER, G_N_PLAYERS, G_RETREATS, G_ROUND,
                     G_SB_TILE, G_TURN, MAX_ACTIONS, MAX_PLAYERS, N_SCORE_FIELDS, P_FACTION,
                     P_FACTORY_CARD, P_MAT, P_OBJECTIVES_DONE, P_SEAT, RNG_WORDS, SCORE_FIELDS)
from .strategies.dispatch import choose

GAME_RESULTS = ("status", "end_reason", "turns", "rounds", "decisions", "sb_tile",
                "contacts", "worker_retreats", "combats", "encounters")
(R_STATUS, R_END_REASON, R_TURNS, R_ROUNDS, R_DECISIONS, R_SB_TILE, R_CONTACTS,
 R_RETREATS, R_COMBATS, R_ENCOUNTERS) = range(len(GAME_RESULTS))

SEAT_RESULTS = (("faction", "mat", "turn_order") + SCORE_FIELDS
                + tuple(f"stars_{k}" for k in STAR_KINDS)
                + tuple(f"star_turn_{k}" for k in STAR_KINDS)
                + ("workers", "mechs", "structures", "recruits", "upgrades", "combat_cards",
                   "factory_card", "objectives_done"))
SR_FACTION, SR_MAT, SR_ORDER = 0, 1, 2
SR_SCORE0 = 3
SR_STARS0 = SR_SCORE0 + N_SCORE_FIELDS
SR_STAR_TURN0 = SR_STARS0 + N_STAR_KINDS
SR_WORKERS = SR_STAR_TURN0 + N_STAR_KINDS
(SR_MECHS, SR_STRUCTURES, SR_RECRUITS, SR_UPGRADES, SR_CARDS, SR_FACTORY_CARD,
 SR_OBJECTIVES_DONE) = range(SR_WORKERS + 1, SR_WORKERS + 8)

# Card-usage counters a batch adds up (run_games(usage=...)): how often each encounter
# option was taken, each Factory card's top action used and each card kept, and each
# objective revealed.
USAGE_ENCOUNTER0 = 0                                              # + card * 3 + option
USAGE_FACTORY_TOP0 = USAGE_ENCOUNTER0 + N_ENCOUNTER_CARDS * N_ENCOUNTER_OPTIONS  # + card
USAGE_FACTORY_KEPT0 = USAGE_FACTORY_TOP0 + N_FACTORY_CARDS        # + card
USAGE_OBJECTIVE0 = USAGE_FACTORY_KEPT0 + N_FACTORY_CARDS          # + card
N_USAGE = USAGE_OBJECTIVE0 + N_OBJECTIVES

# status codes of a game (GAME_RESULTS "status")
STATUS_OK = 0
STATUS_BAD_SETUP = 1        # no deal without a banned pair was found
STATUS_NO_ACTION = 2        # a decision point offered no row (a kernel bug)
STATUS_STEP_LIMIT = 3       # the safety limit on decisions was hit (a kernel bug)
STATUS_INVARIANT = 100      # + the broken invariant's code
MAX_DECISIONS = 1_000_000


@njit_entry
def play_game(s, t, seed, n_players, factions, mats, strategies, params, check,
              actions, buf, srng, usage):
    """Play one game to its end; returns (status, decisions). Adds to the usage counters."""
    if setup_game(s, t, seed, n_players, factions, mats) != SETUP_OK:
        return STATUS_BAD_SETUP, 0
    seed_streams(srng, seed, STRATEGY_STREAM_ID)
    decisions = 0
    while not s.game[G_GAME_OVER]:
        n = legal_actions(s, t, actions, buf)
        if n == 0:
            return STATUS_NO_ACTION, decisions
        seat = s.player[s.game[G_DECIDER], P_SEAT]
        i = choose(strategies[seat], s, t, seat, actions, n, params, srng)
        if actions[i, 0] >= A_ENCOUNTER_OPTION:
            count_usage(s, actions[i, 0], actions[i, 1], usage)
        apply_action(s, t, actions[i, 0], actions[i, 1], actions[i, 2], actions[i, 3])
        decisions += 1
        if check:
            code = check_invariants(s, t)
            if code != 0:
                return STATUS_INVARIANT + code, decisions
        if decisions >= MAX_DECISIONS:
            return STATUS_STEP_LIMIT, decisions
    return STATUS_OK, decisions


@njit
def count_usage(s, kind, a0, usage):
    if kind == A_ENCOUNTER_OPTION:
        usage[USAGE_ENCOUNTER0 + s.game[G_ENC_CARD] * N_ENCOUNTER_OPTIONS + a0] += 1
    elif kind == A_FACTORY_TOP:
        usage[USAGE_FACTORY_TOP0 + s.player[s.game[G_ACTIVE], P_FACTORY_CARD]] += 1
    elif kind == A_TAKE_FACTORY:
        usage[USAGE_FACTORY_KEPT0 + a0] += 1
    elif kind == A_REVEAL_OBJECTIVE:
        usage[USAGE_OBJECTIVE0 + a0] += 1


@njit
def record_results(s, t, status, decisions, game_row, seat_rows, score):
    game_row[R_STATUS] = status
    game_row[R_END_REASON] = s.game[G_END_REASON]
    game_row[R_TURNS] = s.game[G_TURN]
    game_row[R_ROUNDS] = s.game[G_ROUND]
    game_row[R_DECISIONS] = decisions
    game_row[R_SB_TILE] = s.game[G_SB_TILE]
    game_row[R_CONTACTS] = s.game[G_CONTACTS]
    game_row[R_RETREATS] = s.game[G_RETREATS]
    game_row[R_COMBATS] = s.game[G_COMBATS]
    game_row[R_ENCOUNTERS] = s.game[G_ENCOUNTERS]
    if status == STATUS_BAD_SETUP:
        return
    score_game(s, t, score)
    for p in range(s.game[G_N_PLAYERS]):
        row = seat_rows[s.player[p, P_SEAT]]
        row[SR_FACTION] = s.player[p, P_FACTION]
        row[SR_MAT] = s.player[p, P_MAT]
        row[SR_ORDER] = p
        for f in range(N_SCORE_FIELDS):
            row[SR_SCORE0 + f] = score[p, f]
        for k in range(N_STAR_KINDS):
            row[SR_STARS0 + k] = s.stars[p, k]
            row[SR_STAR_TURN0 + k] = s.star_turn[p, k]
        row[SR_WORKERS] = workers_on_board(s, p)
        row[SR_MECHS] = mechs_deployed(s, p)
        row[SR_STRUCTURES] = structures_built(s, p)
        row[SR_RECRUITS] = recruits_enlisted(s, p)
        row[SR_UPGRADES] = upgrades_done(s, p)
        row[SR_CARDS] = hand_size(s, p)
        row[SR_FACTORY_CARD] = s.player[p, P_FACTORY_CARD]
        row[SR_OBJECTIVES_DONE] = s.player[p, P_OBJECTIVES_DONE]


@njit_entry
def play_batch(s, t, seeds, n_players, factions, mats, strategies, params, check,
               game_out, seat_out, usage):
    """Play len(seeds) games; game_out (G, len(GAME_RESULTS)), seat_out (G, MAX_PLAYERS,
    len(SEAT_RESULTS)) int32. factions/mats/strategies are (G, MAX_PLAYERS) per game and
    seat (factions/mats -1 = deal, strategies are STRATEGIES ids); usage
    (N_USAGE,) int64 adds up the card-usage counters."""
    actions = np.zeros((MAX_ACTIONS, ACTION_WIDTH), np.int64)
    buf = np.zeros(N_LOC, np.int64)
    srng = np.zeros((MAX_PLAYERS, RNG_WORDS), np.uint64)
    score = np.zeros((MAX_PLAYERS, N_SCORE_FIELDS), np.int64)
    for g in range(seeds.shape[0]):
        status, decisions = play_game(s, t, seeds[g], n_players[g], factions[g], mats[g],
                                      strategies[g], params, check, actions, buf, srng, usage)
        seat_out[g, :, :] = -1
        record_results(s, t, status, decisions, game_out[g], seat_out[g], score)


def run_games(tables, seeds, n_players, factions=None, mats=None, strategies=None,
              params=None, check=False, usage=None):
    """Python entry: allocate inputs/outputs and call play_batch once; pass an int64
    (N_USAGE,) array as usage to have the card-usage counters added to it."""
    seeds = np.asarray(seeds, dtype=np.uint64)
    g = seeds.shape[0]
    n_players = np.broadcast_to(np.asarray(n_players, dtype=np.int64), (g,)).copy()
    if factions is None:
        factions = np.full((g, MAX_PLAYERS), -1, np.int64)
    if mats is None:
        mats = np.full((g, MAX_PLAYERS), -1, np.int64)
    if strategies is None:
        strategies = np.zeros(MAX_PLAYERS, np.int64)
    strategies = np.asarray(strategies, np.int64)
    if strategies.ndim == 1:   # one strategy per seat for every game
        strategies = np.broadcast_to(strategies, (g, MAX_PLAYERS))
    strategies = np.ascontiguousarray(strategies)
    if params is None:
        from .strategies import N_STRATEGY_PARAMS
        params = np.zeros((1, N_STRATEGY_PARAMS), np.float64)
    game_out = np.zeros((g, len(GAME_RESULTS)), np.int32)
    seat_out = np.zeros((g, MAX_PLAYERS, len(SEAT_RESULTS)), np.int32)
    if usage is None:
        usage = np.zeros(N_USAGE, np.int64)
    play_batch(new_state(), tables, seeds, n_players, np.asarray(factions, np.int64),
               np.asarray(mats, np.int64), np.asarray(strategies, np.int64),
               np.asarray(params, np.float64), bool(check), game_out, seat_out, usage)
    return game_out, seat_out
