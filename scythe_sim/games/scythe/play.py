"""The njit batch loop: many seeded games in one call, Python entered once per chunk.

``play_batch`` plays games[i] from seeds[i] with per-seat factions/mats (-1 = deal)
and strategies (a Deal), and fills two result arrays whose columns are GAME_RESULTS and
SEAT_RESULTS (with the usage counters and the per-turn log: Results). A game is a pure
function of (tables, seed, setup, strategies, params).
"""
from typing import NamedTuple

import numpy as np

from scythe_sim.compiled.jit import njit, njit_alloc_entry
from scythe_sim.compiled.outcome import (STATUS_INVARIANT, STATUS_STEP_LIMIT,  # noqa: F401  (re-exported)
                                         GAME_HEAD, STATUS_BAD_SETUP, STATUS_NO_ACTION, STATUS_OK,
                                         after_decision, record_head)

from .enums import (FACTORY_SECTION, N_ENCOUNTER_CARDS, N_ENCOUNTER_OPTIONS, N_FACTIONS, N_FACTORY_CARDS,
                    N_LOC, N_MATS, N_OBJECTIVES, N_STAR_KINDS, STAR_KINDS)
from .kernel.apply import apply_action
from .kernel.board import (mechs_deployed, recruits_enlisted, structures_built, upgrades_done,
                           workers_on_board)
from .kernel.cards import hand_size
from .kernel.invariants import check_invariants
from .kernel.legal import legal_actions
from .kernel.scoring import score_game
from .kernel.setup import SETUP_OK, setup_game
from .kernel.state import new_state
from .kernel.variant_play import (VARIANT_GAME_RESULTS, VARIANT_SEAT_RESULTS, record_variant_columns,
                                  record_variant_game, record_variant_seat, variant_follows,
                                  variant_log_rounds, variant_played, variant_round, variant_turn_action,
                                  variant_turns_on, variant_turns_taken)
from .kernel.variants import after_step, standard_play
from .layout import (ACTION_WIDTH, A_BOTTOM, A_ENCOUNTER_OPTION, A_FACTORY_TOP,
                     A_REVEAL_OBJECTIVE, A_SKIP, A_TAKE_FACTORY, G_ACTIVE, G_COMBATS, G_CONTACTS,
                     G_DECIDER, G_ENCOUNTERS, G_ENC_CARD, G_END_REASON, G_GAME_OVER, G_N_PLAYERS,
                     G_PHASE, G_RETREATS, G_ROUND, G_SB_TILE, G_TURN, MAX_ACTIONS,
                     MAX_PLAYERS, N_SCORE_FIELDS, PH_BOTTOM, PH_TOP, P_FACTION,
                     P_FACTORY_CARD, P_MAT, P_OBJECTIVES_DONE, P_SEAT, P_TURNS, SCORE_FIELDS,
                     N_MECHS, P_ABILITY, P_MECH_ABILITY0, USE_FACTION0, USE_MECH0)
from .strategies.dispatch import choose
from .strategies.learned.record import record_turn
from .strategies.weights import W_LEARNED, W_SEARCH_CANDIDATES, load_params
from .strategies.workspace import MAX_CANDIDATES, new_workspace, start_game
from .tables import R_TURN_CAP
from .turnlog import TURN_FIELDS, log_turn, log_variant_turn, top_choice

GAME_RESULTS = GAME_HEAD + (
    "sb_tile", "contacts", "worker_retreats", "combats", "encounters") + VARIANT_GAME_RESULTS
(R_STATUS, R_END_REASON, R_TURNS, R_ROUNDS, R_DECISIONS, R_SB_TILE, R_CONTACTS,
 R_RETREATS, R_COMBATS, R_ENCOUNTERS) = range(len(GAME_RESULTS) - len(VARIANT_GAME_RESULTS))
# The variants' columns follow the base game's (kernel/variant_play.py writes them;
# new columns go last: stored frozen columns keep their index)
R_VARIANT0 = R_ENCOUNTERS + 1

SEAT_RESULTS = (("faction", "mat", "turn_order") + SCORE_FIELDS
                + tuple(f"stars_{k}" for k in STAR_KINDS)
                + tuple(f"star_turn_{k}" for k in STAR_KINDS)
                + ("workers", "mechs", "structures", "recruits", "upgrades", "combat_cards",
                   "factory_card", "objectives_done", "ability_uses")
                + tuple(f"mech_ability_uses_{m + 1}" for m in range(N_MECHS))
                + ("turns", "bottom_actions")
                + VARIANT_SEAT_RESULTS)
SR_FACTION, SR_MAT, SR_ORDER = 0, 1, 2
SR_SCORE0 = 3
SR_STARS0 = SR_SCORE0 + N_SCORE_FIELDS
SR_STAR_TURN0 = SR_STARS0 + N_STAR_KINDS
SR_WORKERS = SR_STAR_TURN0 + N_STAR_KINDS
(SR_MECHS, SR_STRUCTURES, SR_RECRUITS, SR_UPGRADES, SR_CARDS, SR_FACTORY_CARD,
 SR_OBJECTIVES_DONE, SR_ABILITY_USES) = range(SR_WORKERS + 1, SR_WORKERS + 9)
SR_MECH_USES0 = SR_ABILITY_USES + 1    # + mech slot: uses of that mech's ability
SR_TURNS = SR_MECH_USES0 + N_MECHS     # turns the player started
SR_BOTTOM_ACTIONS = SR_TURNS + 1       # player-mat bottom-row actions taken (not the Factory card's Move)
SR_VARIANT0 = SR_BOTTOM_ACTIONS + 1    # the variants' columns (kernel/variant_play.py)

# Card-usage counters a batch adds up (run_games' BatchOptions.usage): how often each encounter
# option was taken, each Factory card's top action used and each card kept, and each
# objective revealed.
USAGE_ENCOUNTER0 = 0                                              # + card * 3 + option
USAGE_FACTORY_TOP0 = USAGE_ENCOUNTER0 + N_ENCOUNTER_CARDS * N_ENCOUNTER_OPTIONS  # + card
USAGE_FACTORY_KEPT0 = USAGE_FACTORY_TOP0 + N_FACTORY_CARDS        # + card
USAGE_OBJECTIVE0 = USAGE_FACTORY_KEPT0 + N_FACTORY_CARDS          # + card
N_USAGE = USAGE_OBJECTIVE0 + N_OBJECTIVES

# the status codes of a game are compiled/outcome.py's (re-exported here)
MAX_DECISIONS = 1_000_000   # the step limit (STATUS_STEP_LIMIT)


class Deal(NamedTuple):
    """Who plays a batch's games: game g from seeds[g] (uint64) with n_players[g] seats;
    per game and seat, (G, MAX_PLAYERS) int64, the factions and mats (-1: dealt) and the
    strategies (STRATEGIES ids), which play with params' weight rows (weights.py); coins,
    (G, MAX_PLAYERS) int64, each seat's starting-coin handicap and prices, (N_FACTIONS,
    N_MATS) int64, the coins a seat of that faction and mat starts with besides (zeros:
    the rulebook's starting coins; kernel/setup.py)."""
    seeds: np.ndarray
    n_players: np.ndarray
    factions: np.ndarray
    mats: np.ndarray
    strategies: np.ndarray
    params: np.ndarray
    coins: np.ndarray
    prices: np.ndarray


class Results(NamedTuple):
    """What a batch fills: game_out (G, len(GAME_RESULTS)) and seat_out (G, MAX_PLAYERS,
    len(SEAT_RESULTS)) int32; usage (N_USAGE,) int64 adds up the card-usage counters; log
    (rows, len(TURN_FIELDS)) int32 receives the per-turn rows (none when it has no rows),
    log_n[0] counts them (the log's game column is the batch index g)."""
    game_out: np.ndarray
    seat_out: np.ndarray
    usage: np.ndarray
    log: np.ndarray
    log_n: np.ndarray


class GameScratch(NamedTuple):
    """The game loop's scratch, allocated once per batch (new_scratch)."""
    actions: np.ndarray     # (MAX_ACTIONS, ACTION_WIDTH) int64: the legal rows
    buf: np.ndarray         # (N_LOC,) int64: legal_actions' location scratch
    bottoms: np.ndarray     # (MAX_PLAYERS,) int64: each seat's bottom-row actions this game
    score: np.ndarray       # (MAX_PLAYERS, N_SCORE_FIELDS) int64: the score sheet


@njit_alloc_entry
def new_scratch():
    return GameScratch(np.zeros((MAX_ACTIONS, ACTION_WIDTH), np.int64), np.zeros(N_LOC, np.int64),
                       np.zeros(MAX_PLAYERS, np.int64), np.zeros((MAX_PLAYERS, N_SCORE_FIELDS), np.int64))


@njit_alloc_entry
def play_game(s, t, g, deal, check, work, results, scratch):
    """Play game g of the deal to its end; returns (status, decisions). Adds to the usage
    counters, counts each seat's bottom-row actions in scratch.bottoms and, when the log
    has rows, appends one TURN_FIELDS row per turn at log[log_n[0]]. When All Out War
    follows the standard game, the standard game's results go to row g of game_out and
    seat_out (record_results) the moment it ends, before the war changes the board."""
    scratch.bottoms[:] = 0
    seed = deal.seeds[g]
    if setup_game(s, t, seed, deal.n_players[g], deal.factions[g], deal.mats[g], deal.coins[g],
                  deal.prices) != SETUP_OK:
        return STATUS_BAD_SETUP, 0
    start_game(work, seed)
    return _play_decisions(s, t, g, deal, check, work, results, scratch)


@njit
def _play_decisions(s, t, g, deal, check, work, results, scratch):
    """play_game's decisions, from the set-up position to the end; returns (status,
    decisions). Compiled without the runtime (it allocates nothing, unlike the setup), so
    that ``choose`` can be inlined here without reference counting the Workspace's arrays
    at every decision (dispatch.py says why it is inlined)."""
    strategies, params = deal.strategies[g], deal.params
    actions, buf, bottoms, score = scratch
    usage, log, log_n = results.usage, results.log, results.log_n
    game_row, seat_rows = results.game_out[g], results.seat_out[g]
    game_id = g
    decisions = 0
    top = -1
    bottom = -1
    own_action = -1       # a variant's own turn's action (All Out War's), for the turn log
    status = STATUS_OK
    while not s.game[G_GAME_OVER] and status == STATUS_OK:
        n = legal_actions(s, t, actions, buf)
        if n == 0:
            return STATUS_NO_ACTION, decisions
        seat = s.player[s.game[G_DECIDER], P_SEAT]
        i = choose(strategies[seat], s, t, seat, actions, n, params, work)
        kind = actions[i, 0]
        count_usage(s, kind, actions[i, 1], usage)
        phase, turn, rnd, active = s.game[G_PHASE], s.game[G_TURN], s.game[G_ROUND], s.game[G_ACTIVE]
        own_action = variant_turn_action(phase, kind, actions[i, 1], own_action)
        if phase == PH_TOP:
            top = top_choice(kind)
        elif phase == PH_BOTTOM and kind == A_SKIP:
            bottom = 0
        elif phase == PH_BOTTOM and kind == A_BOTTOM:
            bottom = actions[i, 1] + 1
            if actions[i, 1] != FACTORY_SECTION:
                bottoms[seat] += 1
        standard = standard_play(s)
        own_turns_on = log.shape[0] > 0 and variant_turns_on(s)
        own_turns = variant_turns_taken(s) if own_turns_on else 0
        own_round = variant_round(s)
        apply_action(s, t, kind, actions[i, 1], actions[i, 2], actions[i, 3])
        if log.shape[0] > 0 and standard and (s.game[G_TURN] != turn or s.game[G_GAME_OVER]):
            log_turn(s, log, log_n, game_id, turn, rnd, active, top, bottom)
            top = -1
            bottom = -1
        if work.record.shape[0] > 0 and standard and (s.game[G_TURN] != turn or s.game[G_GAME_OVER]):
            record_turn(s, t, active, game_id, work)    # scythe-sim learn: the player's view at its turn's end
        if own_turns_on and (variant_turns_taken(s) != own_turns or s.game[G_GAME_OVER]):
            log_variant_turn(s, log, log_n, game_id, own_turns, own_round, active, own_action)
            own_action = -1
        if s.game[G_GAME_OVER] and variant_follows(s):
            record_results(s, t, STATUS_OK, decisions + 1, game_row, seat_rows, score, bottoms)
        after_step(s, t)   # a variant may take the game on (All Out War's war, before it is over)
        decisions += 1
        status = after_decision(check_invariants(s, t) if check else 0, decisions, MAX_DECISIONS)
    return status, decisions


@njit
def count_usage(s, kind, a0, usage):
    """Add one to the counter of a card used by this row; other kinds count nothing."""
    if kind == A_ENCOUNTER_OPTION:
        usage[USAGE_ENCOUNTER0 + s.game[G_ENC_CARD] * N_ENCOUNTER_OPTIONS + a0] += 1
    elif kind == A_FACTORY_TOP:
        usage[USAGE_FACTORY_TOP0 + s.player[s.game[G_ACTIVE], P_FACTORY_CARD]] += 1
    elif kind == A_TAKE_FACTORY:
        usage[USAGE_FACTORY_KEPT0 + a0] += 1
    elif kind == A_REVEAL_OBJECTIVE:
        usage[USAGE_OBJECTIVE0 + a0] += 1


@njit
def record_results(s, t, status, decisions, game_row, seat_rows, score, bottoms):
    """The game's row and its seats' rows; after a variant's own game (All Out War's
    war), only the status and that game's columns (play_game recorded the standard game
    when it ended)."""
    if status != STATUS_BAD_SETUP and variant_played(s):
        game_row[R_STATUS] = status
        record_variant_game(s, t, decisions - game_row[R_DECISIONS], game_row, R_VARIANT0, seat_rows, SR_VARIANT0)
        return
    record_head(game_row, status, s.game[G_END_REASON], s.game[G_TURN], s.game[G_ROUND], decisions)
    game_row[R_SB_TILE] = s.game[G_SB_TILE]
    game_row[R_CONTACTS] = s.game[G_CONTACTS]
    game_row[R_RETREATS] = s.game[G_RETREATS]
    game_row[R_COMBATS] = s.game[G_COMBATS]
    game_row[R_ENCOUNTERS] = s.game[G_ENCOUNTERS]
    record_variant_columns(s, t, game_row, R_VARIANT0)
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
        _record_uses(s, p, row)
        row[SR_TURNS] = s.player[p, P_TURNS]
        row[SR_BOTTOM_ACTIONS] = bottoms[s.player[p, P_SEAT]]
        record_variant_seat(s, p, row, SR_VARIANT0)


@njit
def _record_uses(s, p, row):
    """Uses of p's faction ability and of each mech's ability (0 for one switched off)."""
    ability = s.player[p, P_ABILITY]
    row[SR_ABILITY_USES] = s.ability_uses[p, USE_FACTION0 + ability] if ability >= 0 else 0
    for m in range(N_MECHS):
        ability = s.player[p, P_MECH_ABILITY0 + m]
        row[SR_MECH_USES0 + m] = s.ability_uses[p, USE_MECH0 + ability] if ability >= 0 else 0


@njit_alloc_entry
def play_batch(s, t, deal, check, results, work, played):
    """Play the deal's games (Deal) into the results (Results); work is the strategies'
    Workspace. played (1,) int64 gains one as each game's results are recorded: a counter
    another thread or process may read while the batch plays (the runner's progress)."""
    scratch = new_scratch()
    game_out, seat_out = results.game_out, results.seat_out
    for g in range(deal.seeds.shape[0]):
        seat_out[g, :, :] = -1
        game_out[g, :] = 0
        status, decisions = play_game(s, t, g, deal, check, work, results, scratch)
        record_results(s, t, status, decisions, game_out[g], seat_out[g], scratch.score, scratch.bottoms)
        played[0] += 1


def turn_log_rounds(tables):
    """Rounds the per-turn log may need a game: the turn cap, and the variants' own
    (All Out War's round cap)."""
    return int(tables.rules[R_TURN_CAP]) + variant_log_rounds(tables.rules)


class BatchOptions(NamedTuple):
    """What a run_games batch may do besides playing its games and returning (game_out,
    seat_out); every option is off by default."""
    usage: object = None        # an int64 (N_USAGE,) array the card-usage counters are added to
    log_turns: bool = False     # return the per-turn rows too (batch index in the game column)
    record: bool = False        # return every seat-turn's recorded view too (strategies/learned/names.py
                                # RECORD_HEAD..., batch index in the game column)
    learned: object = None      # the learned models the rows may play (strategies/learned/model.Learned;
                                # default the shipped model)
    played: object = None       # an int64 (1,) array that gains one as each game ends (a progress
                                # counter, e.g. over shared memory: runner/progress.py)
    student: object = None      # with record: a weights row (N_STRATEGY_PARAMS,); the record is then
                                # the search's teaching rows (learned/record.py teach_decision), the
                                # student's section choice set beside the search's


class Seating(NamedTuple):
    """Who sits where with what at setup (run_games): factions and mats (G, MAX_PLAYERS)
    per game and seat (-1 or None: dealt); coins (G, MAX_PLAYERS) each seat's coin
    handicap and prices (N_FACTIONS, N_MATS) the coins a faction x mat starts with
    besides its mat's (None: none, the rulebook's; handicap.py)."""
    factions: object = None
    mats: object = None
    coins: object = None
    prices: object = None


def run_games(tables, seeds, n_players, seating=None, strategies=None, params=None, check=False,
              options=BatchOptions()):
    """Python entry: allocate inputs/outputs and call play_batch once. seating is a
    Seating, or (factions, mats): (G, MAX_PLAYERS) per game and seat (-1 or None: dealt).
    Returns (game_out, seat_out), plus the per-turn rows with options.log_turns, plus the
    recorded views with options.record (BatchOptions). params defaults to every strategy's
    weights from scythe_sim/games/scythe/data/strategies."""
    factions, mats, coins, prices = Seating(*seating) if seating is not None else Seating()
    usage, log_turns, record, learned, played, student = options
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
        params = load_params()
    game_out = np.zeros((g, len(GAME_RESULTS)), np.int32)
    seat_out = np.zeros((g, MAX_PLAYERS, len(SEAT_RESULTS)), np.int32)
    if usage is None:
        usage = np.zeros(N_USAGE, np.int64)
    rows = int(((turn_log_rounds(tables) + 1) * n_players).sum()) if log_turns else 0
    log = np.zeros((rows, len(TURN_FIELDS)), np.int32)
    log_n = np.zeros(1, np.int64)
    params = np.asarray(params, np.float64)
    record_rows = _record_rows(tables, n_players) if record else 0
    if record and student is not None:       # a row per candidate of each searched turn start
        record_rows *= min(MAX_CANDIDATES, max(2, int(np.asarray(params)[:, W_SEARCH_CANDIDATES].max())))
    work = new_workspace(tables, learned, record_rows, student)
    _check_learned(params, work.learned)
    coins = np.zeros((g, MAX_PLAYERS), np.int64) if coins is None else np.asarray(coins, np.int64)
    prices = np.zeros((N_FACTIONS, N_MATS), np.int64) if prices is None else np.asarray(prices, np.int64)
    deal = Deal(seeds, n_players, np.asarray(factions, np.int64), np.asarray(mats, np.int64),
                np.asarray(strategies, np.int64), params, np.ascontiguousarray(coins), np.ascontiguousarray(prices))
    play_batch(new_state(), tables, deal, bool(check), Results(game_out, seat_out, usage, log, log_n), work,
               np.zeros(1, np.int64) if played is None else played)
    out = (game_out, seat_out)
    if log_turns:
        out += (log[:log_n[0]],)
    if record:
        out += (work.record[:work.record_n[0]],)
    return out


def _record_rows(tables, n_players):
    """Rows enough for a row per seat-turn of the standard game up to the turn cap (the
    record: the war's turns are not recorded)."""
    return int(((tables.rules[R_TURN_CAP] + 1) * n_players).sum())


def _check_learned(params, learned):
    """Every row's `learned` names a model of the stack (compiled code does not check)."""
    top = int(params[:, W_LEARNED].max()) if params.shape[1] > W_LEARNED and len(params) else 0
    if top > learned.models.shape[0]:
        raise ValueError(f"a strategy plays learned model {top}, but the batch holds "
                         f"{learned.models.shape[0]}")
