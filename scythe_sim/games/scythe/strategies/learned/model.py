"""The compiled learned value: the player's features (value.position_features) times
coefficients for its faction and mat, interpolated between the phase knots.

A batch holds a stack of models (``Learned.models``: model k is what a weight row with
``learned`` = k + 1 plays), so the models of two generations can sit in one game."""
from typing import NamedTuple

import numpy as np

from scythe_sim.compiled.jit import njit

from ..view import G_N_PLAYERS, G_ROUND, P_FACTION, P_MAT, P_STARS
from ..weights import W_LEARNED, W_STYLE0
from .names import N_FEATURES, N_PHASE_INPUTS, PI_BIAS, PI_LEADER_STARS, PI_MEAN_STARS, PI_ROUND


class Learned(NamedTuple):
    models: np.ndarray   # (M, K, N_FACTIONS, N_MATS, N_FEATURES) float64: model m's coefficients at
                         # phase knot k (K knots evenly over [0, 1]) for a faction and a mat
    phase: np.ndarray    # (M, N_PHASE_INPUTS) float64: model m's phase, a linear function of phase_inputs
    feat: np.ndarray     # (N_FEATURES,) float64: scratch for the features of the position valued
    root: np.ndarray     # (N_PHASE_INPUTS,) float64: the phase inputs of the position a planner
                         # decides at (set_root); root[PI_BIAS] = 0: each position's own
    row: np.ndarray      # (N_FEATURES,) float64: the coefficients (style included) a leaf's
                         # features are multiplied by: the plan's (set_root), or the last leaf's
    owner: np.ndarray    # (1,) int64: the player whose plan row holds, -1 none (then every
                         # leaf works out its own)


def new_learned(models, phase) -> Learned:
    models = np.ascontiguousarray(models, np.float64)
    phase = np.ascontiguousarray(phase, np.float64)
    if models.ndim != 5 or models.shape[-1] != N_FEATURES or phase.shape != (models.shape[0], N_PHASE_INPUTS):
        raise ValueError(f"learned models of shape {models.shape} and phases {phase.shape} do not fit")
    return Learned(models, phase, np.zeros(N_FEATURES, np.float64), np.zeros(N_PHASE_INPUTS, np.float64),
                   np.zeros(N_FEATURES, np.float64), np.full(1, -1, np.int64))


@njit
def phase_inputs(s):
    """(round, the most stars of any player, mean stars per player): public facts."""
    n = s.game[G_N_PLAYERS]
    leader = 0
    total = 0
    for q in range(n):
        stars = s.player[q, P_STARS]
        total += stars
        if stars > leader:
            leader = stars
    return s.game[G_ROUND], leader, total / max(n, 1)


@njit
def set_root(s, p, w, lv):
    """Value every leaf of the plan p is about to make with the weight row w at the phase
    of s, the position decided at: the candidates' ends differ in stars, and a phase moved
    by a star a candidate earns would move every coefficient with it (and the intercept
    most), which says nothing about the candidate. With one phase for the whole plan, its
    coefficient row is worked out here once, not at every leaf."""
    rnd, leader, mean = phase_inputs(s)
    lv.root[PI_BIAS] = 1.0
    lv.root[PI_ROUND] = rnd
    lv.root[PI_LEADER_STARS] = leader
    lv.root[PI_MEAN_STARS] = mean
    lv.owner[0] = -1
    if w[W_LEARNED] > 0.0:
        coefficient_row(s, p, w, lv)
        lv.owner[0] = p


@njit
def game_phase(s, phase, root):
    """How far the game has come by the model's phase row, 0 at the start and 1 at the
    end: at the root's phase inputs when set (set_root), else at the position's own."""
    if root[PI_BIAS] != 0.0:
        rnd = root[PI_ROUND]
        leader = root[PI_LEADER_STARS]
        mean = root[PI_MEAN_STARS]
    else:
        own_round, own_leader, mean = phase_inputs(s)
        rnd = float(own_round)
        leader = float(own_leader)
    z = phase[PI_BIAS] + phase[PI_ROUND] * rnd + phase[PI_LEADER_STARS] * leader + phase[PI_MEAN_STARS] * mean
    return min(max(z, 0.0), 1.0)


@njit
def coefficient_row(s, p, w, lv):
    """lv.row: the coefficients of the model w's `learned` names for p's faction and mat,
    interpolated between the phase knots (game_phase), plus the row's style terms."""
    m = min(int(w[W_LEARNED]) - 1, lv.models.shape[0] - 1)
    knots = lv.models.shape[1]
    k0 = 0
    a = 0.0
    if knots > 1:
        x = game_phase(s, lv.phase[m], lv.root) * (knots - 1)
        k0 = min(int(x), knots - 2)
        a = x - k0
    coef = lv.models[m]
    fac = s.player[p, P_FACTION]
    mat = s.player[p, P_MAT]
    for f in range(N_FEATURES):
        c = coef[k0, fac, mat, f]
        if a != 0.0:
            c += a * (coef[k0 + 1, fac, mat, f] - c)
        lv.row[f] = c + w[W_STYLE0 + f]


@njit
def learned_value(s, p, w, lv):
    """The value for p of the position s whose features are in lv.feat, by the model
    w's `learned` names, plus the row's style terms (`style_<feature>`, a persona's
    preferences added on top): coins of final margin over the best opponent. Inside p's
    plan (set_root) the plan's row serves; elsewhere the row is worked out for s."""
    if lv.root[PI_BIAS] == 0.0 or lv.owner[0] != p:
        lv.owner[0] = -1
        coefficient_row(s, p, w, lv)
    v = 0.0
    for f in range(N_FEATURES):
        v += lv.row[f] * lv.feat[f]
    return v
