"""The Workspace: what strategies need besides the state, allocated once per batch.

A NamedTuple of arrays (and scratch States) passed to every ``choose`` call:

- each seat's own random stream and memory (the state holds neither: a strategy
  never writes the state, so what it draws or remembers lives here);
- a scratch State, so a planner copies the state into preallocated arrays instead of
  allocating in the per-decision loop;
- a second scratch State, on which a plan plays the player's next turn (look-ahead);
- action buffers and location scratch per level (0: the real decision, 1: decisions
  inside a plan, 2: the next turn's sections in a look-ahead), board distances for the movement heuristics and the Automa deck
  (automa_data.py), and every location's territories nearest first (a unit's nearest
  goal is then the first one met, not a search of the board);
- per level, the movement values of the position last valued there (movememo.py);
- the learned value's models (learned/model.py), and the record `scythe-sim learn`
  fills at every turn's end (learned/record.py; no rows: nothing is recorded), or, when
  a search teaches (`learn --teacher search`), with every candidate the search valued
  and the student row whose choice is set beside the search's;
- the reference player's scratch (search.py): the states its candidates and rollouts are
  played on, its rollout rows, its rollout policy's weights row and its candidates.
"""
import heapq
from typing import NamedTuple

import numpy as np

from scythe_sim.compiled.jit import njit_entry, njit_inline
from scythe_sim.compiled.rng import RNG_WORDS, seed_streams

from . import N_STRATEGY_PARAMS
from .learned.model import Learned
from .learned.names import N_FEATURES, RECORD_WIDTH, TEACH_WIDTH
from .view import (ACTION_WIDTH, MAX_ACTIONS, MAX_PLAYERS, N_HEX, N_LOC, STATE_DTYPE, STRATEGY_STREAM_ID,
                   State, new_state)

LEVELS = 3              # the real decision, the decisions inside a plan, the look-ahead's sections
N_MEMORY = 64           # int64 words of memory per seat
N_BUFS = 5             # location scratch arrays per level: legal lists, control, enemies, step targets, needs
BUF_LEGAL, BUF_CONTROL, BUF_ENEMY, BUF_TARGETS, BUF_NEED = range(N_BUFS)
RIVER_STEP = 3          # a river crossing counts as this many steps in the distance table
N_KEPT = 4              # end positions of a decision's best candidates kept for the look-ahead
UNREACHABLE = 99        # board_distances of a location no path reaches
NEAR_BITS = 8           # near[loc, k] = (distance << NEAR_BITS) | territory
NEAR_LOC_MASK = (1 << NEAR_BITS) - 1
MAX_CANDIDATES = 16     # whole-turn plans a search may keep (search.py)
N_SEARCH_STATES = 3     # search.py's scratch states: after a section, after an option's turn, a rollout
CAND_WIDTH = 11         # a candidate: its section's index and row, its top-row option's row, its rank, its bottom-row choice
N_CAND_STATS = 3        # a candidate's planner value, rollout value sum and rollout count


class Workspace(NamedTuple):
    rng: np.ndarray         # (MAX_PLAYERS, RNG_WORDS) uint64: seat k's strategy stream
    memory: np.ndarray      # (MAX_PLAYERS, N_MEMORY) int64: seat k's memory, zero at game start
    plan: State             # the scratch state (a State record, kernel/state.py) plans are played on
    ahead: State            # the scratch state a look-ahead plays the next turn on
    kept: np.ndarray        # (N_KEPT,) State records: the best candidates' turn ends, looked ahead from
    rows: np.ndarray        # (LEVELS, MAX_ACTIONS, ACTION_WIDTH) int64: legal rows inside a plan ([1]);
                            # [0, :, 0] lists the rows a real decision plays out (greedy.best_plan)
    buf: np.ndarray         # (LEVELS, N_BUFS, N_LOC) int64: location scratch per level
    values: np.ndarray      # (LEVELS, MAX_ACTIONS) float64: a value per legal row, per level
    dist: np.ndarray        # (N_LOC, N_LOC) int64: steps between locations, rivers count RIVER_STEP
    near: np.ndarray        # (N_LOC, N_HEX) int64: from each location, the territories nearest
                            # first (distance << NEAR_BITS | territory; ties in territory order)
    automa: np.ndarray      # (N_AUTOMA_CARDS, N_AUTOMA_FIELDS) int64: the Automa deck
    memo: np.ndarray        # (LEVELS, 2, MEMO_ROWS, MEMO_COLS) float64: movement values per level
                            # (movememo.py: valid for the level's position until forget)
    learned: Learned        # the learned value's models (a row's `learned` = k plays model k)
    record: np.ndarray      # (rows, RECORD_WIDTH) float64: seat-turns recorded for learning (0 rows: off),
                            # or (rows, TEACH_WIDTH): the search's candidates (learned/record.py teach_decision)
    record_n: np.ndarray    # (2,) int64: rows recorded (past the record's end: rows dropped), and of
                            # those the rows whose game column is filled in
    student: np.ndarray     # (N_STRATEGY_PARAMS,) float64: the weights row whose section choice a
                            # teaching record sets beside the search's
    search: np.ndarray      # (N_SEARCH_STATES,) State records: search.py's candidate and rollout copies
    search_rows: np.ndarray  # (MAX_ACTIONS, ACTION_WIDTH) int64: legal rows of a search's copies
    search_buf: np.ndarray  # (N_LOC,) int64: legal_actions' location scratch for those rows
    search_w: np.ndarray    # (N_STRATEGY_PARAMS,) float64: the rollout policy's weights row
    search_cand: np.ndarray  # (MAX_CANDIDATES, CAND_WIDTH) int64: a search's candidates, best first
    search_stats: np.ndarray  # (MAX_CANDIDATES, N_CAND_STATS) float64: each candidate's values
    search_feat: np.ndarray  # (MAX_CANDIDATES, N_FEATURES) float64: each candidate's turn-end features
                             # (kept only when the search teaches)


class RuleInputs(NamedTuple):
    """What the direct rules (rules.py, tactics.py, wind_gambit/airship_purpose.py) read
    besides the position and the tables, one decision level's worth (rule_inputs): they
    travel together through every movement heuristic, so they go as one argument."""
    w: np.ndarray           # the deciding seat's weights row (weights.py)
    near: np.ndarray        # Workspace.near: from each location, the territories nearest first
    ctrl: np.ndarray        # (N_LOC,) the level's control map (value.control_map)
    enemy: np.ndarray       # (N_LOC,) the level's enemy map (tactics.enemy_map)
    need: np.ndarray        # (N_LOC,) the level's resource needs (tactics.resource_need; [:N_RES])
    targets: np.ndarray     # (N_LOC,) scratch for a unit's step targets
    memo: np.ndarray        # (2, MEMO_ROWS, MEMO_COLS) the level's movement memo (movememo.py)


@njit_inline
def rule_inputs(w, work, level):
    """The RuleInputs of a Workspace level (0: the real decision, 1: inside a plan).
    Inlined: a function compiled without the runtime must not return views."""
    buf = work.buf[level]
    return RuleInputs(w, work.near, buf[BUF_CONTROL], buf[BUF_ENEMY], buf[BUF_NEED], buf[BUF_TARGETS],
                      work.memo[level])


def board_distances(tables) -> np.ndarray:
    """Shortest paths over physical adjacency; a step across a river costs RIVER_STEP
    (most units need Riverwalk or a mech ability to cross, so it is a detour)."""
    dist = np.full((N_LOC, N_LOC), UNREACHABLE, np.int64)
    for src in range(N_LOC):
        best = dist[src]
        best[src] = 0
        heap = [(0, src)]
        while heap:
            d, loc = heapq.heappop(heap)
            if d > best[loc]:
                continue
            for nb in tables.neighbours[loc]:
                if nb < 0:
                    continue
                step = RIVER_STEP if tables.edge[loc, nb] == 2 else 1
                if d + step < best[nb]:
                    best[nb] = d + step
                    heapq.heappush(heap, (d + step, int(nb)))
    return dist


def nearest_first(dist) -> np.ndarray:
    """near[loc, k]: the k-th territory nearest to loc (stable: ties in territory order),
    packed with its distance as (distance << NEAR_BITS) | territory."""
    order = np.argsort(dist[:, :N_HEX], axis=1, kind="stable")
    return (np.take_along_axis(dist[:, :N_HEX], order, axis=1) << NEAR_BITS) | order


_DISTANCES = {}


def _distances(tables):
    """(board distances, territories nearest first) of these tables, built once."""
    key = id(tables)
    if key not in _DISTANCES:     # the tables are kept alive with their entry
        dist = board_distances(tables)
        _DISTANCES[key] = (tables, dist, nearest_first(dist))
    return _DISTANCES[key][1:]


def new_workspace(tables, learned=None, record_rows=0, student=None) -> Workspace:
    """The Workspace of a batch: with `learned` (a model.Learned stack) the models its
    rows may play, else the shipped model; `record_rows` rows of seat-turn record, or
    with a `student` weights row, of teaching rows (the search's candidates)."""
    from .automa_data import automa_deck
    from ..learned_models import default_learned    # package data, read at run time
    from .movememo import new_memo

    return Workspace(
        rng=np.zeros((MAX_PLAYERS, RNG_WORDS), np.uint64),
        memory=np.zeros((MAX_PLAYERS, N_MEMORY), np.int64),
        plan=new_state(),
        ahead=new_state(),
        kept=np.zeros(N_KEPT, STATE_DTYPE),
        rows=np.zeros((LEVELS, MAX_ACTIONS, ACTION_WIDTH), np.int64),
        buf=np.zeros((LEVELS, N_BUFS, N_LOC), np.int64),
        values=np.zeros((LEVELS, MAX_ACTIONS), np.float64),
        dist=_distances(tables)[0],
        near=_distances(tables)[1],
        automa=automa_deck(),
        memo=new_memo(LEVELS),
        learned=learned if learned is not None else default_learned(),
        record=np.zeros((record_rows, RECORD_WIDTH if student is None else TEACH_WIDTH), np.float64),
        record_n=np.zeros(2, np.int64),
        student=np.zeros(N_STRATEGY_PARAMS, np.float64) if student is None else np.array(student, np.float64),
        search=np.zeros(N_SEARCH_STATES, STATE_DTYPE),
        search_rows=np.zeros((MAX_ACTIONS, ACTION_WIDTH), np.int64),
        search_buf=np.zeros(N_LOC, np.int64),
        search_w=np.zeros(N_STRATEGY_PARAMS, np.float64),
        search_cand=np.zeros((MAX_CANDIDATES, CAND_WIDTH), np.int64),
        search_stats=np.zeros((MAX_CANDIDATES, N_CAND_STATS), np.float64),
        search_feat=np.zeros((MAX_CANDIDATES, N_FEATURES), np.float64),
    )


@njit_entry
def start_game(work, seed):
    """Seed every seat's stream from the game seed and clear the seats' memory."""
    seed_streams(work.rng, seed, STRATEGY_STREAM_ID)
    work.memory[:] = 0
