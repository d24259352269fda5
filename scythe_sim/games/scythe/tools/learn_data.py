"""The games `scythe-sim learn` plays: who sits where with which value, the recorded
seat-turns joined to their games' outcomes, and the paired strength games.

Every game is a pure function of its seed, line-up, weight rows and model stack, and a
chunk's rows come back in game order, so what a generation learns from does not depend
on the worker count."""
from __future__ import annotations

import dataclasses
import math

import numpy as np

from ..strategies import N_SLOTS, SEARCH_TUNING_SLOT, STRATEGIES, TUNING_SLOT
from ..strategies.learned.names import RC_GAME, RC_SEAT, RC_TURN
from ..strategies.mixes import mix_pool, pool_seats
from ..strategies.weights import W_LEARNED

# The strategies whose position value is the learned one (the default mix's players); the
# frozen baselines greedy1 and greedy2 keep their hand-weighted values whatever the stack.
LEARNED_PLAYERS = ("greedy", "economist", "rusher", "warmonger", "objective", "automa")
INCUMBENT, CANDIDATE = 1, 2       # stack slots (a row's `learned`) of the two models a game may hold


@dataclasses.dataclass(frozen=True)
class Games:
    """A set of games: seeds and (G, MAX_PLAYERS) strategy ids; `seats`: the seat the
    measured player sits in (-1: none)."""
    seeds: np.ndarray
    strategies: np.ndarray
    seats: np.ndarray


def game_set(seed: int, generation: int, purpose: int, count: int, players: int, pool, measured=None) -> Games:
    """`count` games drawn from (seed, generation, purpose) alone: seats from the pool of
    strategy names; with `measured` (a strategy id) that strategy in seat i % players."""
    from ..strategies.view import MAX_PLAYERS

    rng = np.random.default_rng([seed, 27, generation, purpose])
    seeds = rng.integers(1, 2 ** 63, count, dtype=np.int64).astype(np.uint64)
    root = int(rng.integers(0, 2 ** 63))
    ids = [STRATEGIES.index(s) for s in pool]
    strategies = np.zeros((count, MAX_PLAYERS), np.int64)
    seats = np.full(count, -1, np.int64)
    for i in range(count):
        strategies[i, :players] = pool_seats(ids, i, root, players)
        if measured is not None:
            seats[i] = i % players
            strategies[i, seats[i]] = measured
    return Games(seeds, strategies, seats)


def field_pool(field: str) -> tuple:
    """Strategy names of a field: a mix's pool, one strategy's name, or a comma list of
    them (a mixed field: the pools one after the other, so a strategy named twice sits
    twice as often)."""
    from scythe_sim.errors import ConfigError

    pool = []
    for part in field.split(","):
        key = part.strip().lower()
        if key in STRATEGIES:
            pool.append(key)
            continue
        try:
            pool += mix_pool(key)
        except ConfigError:
            raise ConfigError(f"field {part.strip()!r} is neither a strategy mix nor a strategy "
                              f"({', '.join(STRATEGIES)})") from None
    return tuple(pool)


def candidate_slot(player) -> int:
    """The weight-row slot a candidate model plays in as `player`: the planner's tuning
    slot for greedy, the search's for search."""
    return SEARCH_TUNING_SLOT if player == "search" else TUNING_SLOT


def learned_params(base, incumbent: bool, candidate_of=None, learns="greedy") -> np.ndarray:
    """Weight rows for a learning game: every LEARNED_PLAYERS row (and the search's, when
    `learns` is "search") plays the incumbent (stack slot INCUMBENT; the hand-weighted
    value when there is none yet), and with `candidate_of` (greedy or search) its
    candidate slot plays that strategy's row with the candidate model (slot CANDIDATE)."""
    params = np.zeros((N_SLOTS, base.shape[1]), np.float64)
    params[:len(STRATEGIES)] = base[:len(STRATEGIES)]
    for name in LEARNED_PLAYERS + (("search",) if learns == "search" else ()):
        params[STRATEGIES.index(name), W_LEARNED] = INCUMBENT if incumbent else 0.0
    if candidate_of is not None:
        slot = candidate_slot(candidate_of)
        params[slot] = params[STRATEGIES.index(candidate_of)]
        params[slot, W_LEARNED] = CANDIDATE
    return params


# --- in a worker ---------------------------------------------------------------------------
def play_recorded(params, learned, seeds, players, strategies, first):
    """(seat-turn rows, outcomes (margin, win share) per row, bad games) of these games;
    rows name their game by its index in the whole set (first + batch index)."""
    from ..layout import SCORE_FIELDS
    from ..play import R_STATUS, R_TURNS, SR_SCORE0, STATUS_OK, BatchOptions
    from ..spec.answers import play_plan
    from ..spec.deals import dealt_plan
    from ..tables import default_tables

    game_out, seat_out, rows = play_plan(default_tables(), dealt_plan(seeds, players, strategies), params,
                                         options=BatchOptions(record=True, learned=learned))
    ok = game_out[:, R_STATUS] == STATUS_OK
    rows = rows[ok[rows[:, RC_GAME].astype(np.int64)]]
    g = rows[:, RC_GAME].astype(np.int64)
    seat = rows[:, RC_SEAT].astype(np.int64)
    total = seat_out[:, :players, SR_SCORE0 + SCORE_FIELDS.index("total")].astype(np.float64)
    rank = seat_out[:, :players, SR_SCORE0 + SCORE_FIELDS.index("rank")]
    others = total[g].copy()
    others[np.arange(len(g)), seat] = -np.inf
    margin = total[g, seat] - others.max(axis=1)
    firsts = (rank == 1).sum(axis=1)
    win = np.where(rank[g, seat] == 1, 1.0 / np.maximum(firsts[g], 1), 0.0)
    elapsed = rows[:, RC_TURN] / np.maximum(game_out[g, R_TURNS], 1)
    rows = rows.copy()
    rows[:, RC_GAME] += first
    return rows, np.stack([margin, win, elapsed], axis=1), int((~ok).sum())


def play_taught(params, learned, student, seeds, players, strategies, first):
    """(teaching rows, bad games) of these games (learned/record.py teach_decision: the
    candidates of every search decision, the student row's choice beside); rows name
    their game by its index in the whole set (first + batch index)."""
    from ..play import R_STATUS, STATUS_OK, BatchOptions
    from ..spec.answers import play_plan
    from ..spec.deals import dealt_plan
    from ..tables import default_tables

    game_out, _, rows = play_plan(default_tables(), dealt_plan(seeds, players, strategies), params,
                                  options=BatchOptions(record=True, learned=learned, student=student))
    ok = game_out[:, R_STATUS] == STATUS_OK
    rows = rows[(rows[:, RC_GAME] >= 0)]
    rows = rows[ok[rows[:, RC_GAME].astype(np.int64)]].copy()
    rows[:, RC_GAME] += first
    return rows, int((~ok).sum())


def play_measured(params, learned, seeds, players, strategies, seats):
    """(win shares, margins, bad games) of the measured seat of each game."""
    from ..tools.tune import play_chunk

    return play_chunk(params, seeds, players, strategies, seats, learned=learned)


# --- in the parent -------------------------------------------------------------------------
class Player:
    """Plays sets of games here or on a forked pool, in chunks, results in game order;
    progress(done) after each chunk."""

    def __init__(self, players, workers, pool=None, progress=None):
        self.players, self.workers, self.pool, self.progress = players, workers, pool, progress
        self.bad = 0

    def _chunks(self, n):
        size = max(1, min(250, math.ceil(n / (self.workers * 4))))
        return [(a, min(a + size, n)) for a in range(0, n, size)]

    def _run(self, fn, jobs):
        if self.pool is None:
            out = []
            for job in jobs:
                out.append(fn(*job[0]))
                self._done(job[1])
            return out
        futures = [self.pool.submit(fn, *job[0]) for job in jobs]
        out = []
        for f, job in zip(futures, jobs):
            out.append(f.result())
            self._done(job[1])
        return out

    def _done(self, games):
        if self.progress is not None:
            self.progress(games)

    def recorded(self, params, learned, games: Games):
        """(rows, outcomes) of every seat-turn of the set, in game order."""
        jobs = [((params, learned, games.seeds[a:b], self.players, games.strategies[a:b], a), b - a)
                for a, b in self._chunks(len(games.seeds))]
        parts = self._run(play_recorded, jobs)
        self.bad += sum(p[2] for p in parts)
        return np.concatenate([p[0] for p in parts]), np.concatenate([p[1] for p in parts])

    def taught(self, params, learned, student, games: Games):
        """The teaching rows of every search decision of the set, in game order."""
        jobs = [((params, learned, student, games.seeds[a:b], self.players, games.strategies[a:b], a), b - a)
                for a, b in self._chunks(len(games.seeds))]
        parts = self._run(play_taught, jobs)
        self.bad += sum(p[1] for p in parts)
        return np.concatenate([p[0] for p in parts])

    def measured(self, params, learned, games: Games):
        """(win shares, margins) of the measured seat of every game of the set."""
        jobs = [((params, learned, games.seeds[a:b], self.players, games.strategies[a:b], games.seats[a:b]),
                 b - a) for a, b in self._chunks(len(games.seeds))]
        parts = self._run(play_measured, jobs)
        self.bad += sum(p[2] for p in parts)
        return np.concatenate([p[0] for p in parts]), np.concatenate([p[1] for p in parts])
