"""Where a decision's time goes, by differential timing: the same games are played
again with the legal-action list of one decision point built k extra times; the time
added, per call, is that list's cost. Used by `scythe-sim bench --profile`; the command in
docs/PERFORMANCE.md, figures in docs/journal/performance.md. For a profile of whole functions (strategies included), sample
with perf and `scythe-sim bench --perf-map` (scythe_sim/games/scythe/tools/perfmap.py)."""
import time

import numpy as np

from scythe_sim.compiled.jit import njit_alloc_entry

from ..enums import N_FACTIONS, N_LOC, N_MATS
from ..kernel.apply import apply_action
from ..kernel.legal import legal_actions
from ..kernel.setup import setup_game
from ..kernel.state import new_state
from ..layout import (ACTION_WIDTH, G_DECIDER, G_GAME_OVER, G_PHASE, MAX_ACTIONS, MAX_PLAYERS,
                     P_SEAT, PHASES)
from ..strategies.dispatch import choose
from ..strategies.weights import load_params
from ..strategies.workspace import new_workspace, start_game
from ..tables import default_tables


@njit_alloc_entry
def _play(s, t, seeds, n_players, strategies, params, target, extra, counts, work):
    """Play the games; at decision points of phase `target` build the legal list `extra`
    more times. counts[phase] counts decision points; returns the decisions taken."""
    actions = np.zeros((MAX_ACTIONS, ACTION_WIDTH), np.int64)
    buf = np.zeros(N_LOC, np.int64)
    none = np.full(MAX_PLAYERS, -1, np.int64)
    no_coins = np.zeros(MAX_PLAYERS, np.int64)
    no_prices = np.zeros((N_FACTIONS, N_MATS), np.int64)
    decisions = 0
    for g in range(seeds.shape[0]):
        setup_game(s, t, seeds[g], n_players, none, none, no_coins, no_prices)
        start_game(work, seeds[g])
        while not s.game[G_GAME_OVER]:
            phase = s.game[G_PHASE]
            counts[phase] += 1
            n = legal_actions(s, t, actions, buf)
            if phase == target:
                for _ in range(extra):
                    n = legal_actions(s, t, actions, buf)
            seat = s.player[s.game[G_DECIDER], P_SEAT]
            i = choose(strategies[seat], s, t, seat, actions, n, params, work)
            apply_action(s, t, actions[i, 0], actions[i, 1], actions[i, 2], actions[i, 3])
            decisions += 1
    return decisions


def profile_phases(games=100, players=4, extra=4, min_share=0.01):
    """Rows (phase, decision points, share of decisions, µs per legal list, share of the
    time) for phases with at least min_share of the decisions, plus the base rate."""
    t = default_tables()
    s = new_state()
    seeds = np.arange(1, games + 1, dtype=np.uint64)
    strategies = np.zeros(MAX_PLAYERS, np.int64)
    params = load_params()
    work = new_workspace(t)
    counts = np.zeros(len(PHASES), np.int64)
    _play(s, t, seeds[:1], players, strategies, params, -1, 0, counts, work)     # compile or load

    def timed(target):
        counts[:] = 0
        start = time.perf_counter()
        _play(s, t, seeds, players, strategies, params, target, extra, counts, work)
        return time.perf_counter() - start
    base = min(timed(-1) for _ in range(2))
    per_phase = counts.copy()
    decisions = int(per_phase.sum())
    rows = []
    for phase in range(len(PHASES)):
        if per_phase[phase] < min_share * decisions:
            continue
        added = min(timed(phase) for _ in range(2)) - base
        micro = max(added, 0.0) / (extra * per_phase[phase]) * 1e6
        rows.append((PHASES[phase], int(per_phase[phase]), per_phase[phase] / decisions, micro,
                     micro * per_phase[phase] / (base * 1e6)))
    return base / decisions * 1e6, decisions, rows
