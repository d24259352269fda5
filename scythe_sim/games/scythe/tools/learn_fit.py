"""Fitting the learned value (`scythe-sim learn`): from recorded seat-turns and their
games' outcomes to a model file (learned_models.py).

The model: target = final margin over the best other seat (coins) + `win_bonus` x win
share, as a linear function of the player's features whose coefficients depend on the
game's phase z (hat functions over `knots` knots evenly over [0, 1], so a coefficient
moves linearly from one knot to the next), plus what the player's faction and its mat
add at each knot (interactions, shrunk harder than the base). The phase itself is
fitted first: the share of the game's turns already played, as a linear function of
public facts (learned/names.py PHASE_INPUTS), clipped to [0, 1].

Why numpy and not scikit-learn: the fit is ridge regression, a linear solve. The
design is a hat-weighted outer product split by faction and mat, so its normal
equations are summed from one small Gram matrix per (faction, mat) pair, chunk by
chunk, without ever holding the design (a generation's 300,000 rows x 1,575 columns
would be 4 GB); scikit-learn would need that matrix (or its own chunked solver), and
its regularisation path adds nothing a grid of eight solves does not give. The solve is
deterministic: the same rows give the same model on any machine.
"""
from __future__ import annotations

import dataclasses

import numpy as np

from ..strategies.learned.names import (F_BIAS, FEATURES, N_FEATURES, N_PHASE_INPUTS, RC_FACTION,
                                        RC_FEATURE0, RC_GAME, RC_MAT, RC_PHASE0, RC_SEAT, RC_TURN)
from ..learned_models import ASSETS, Model
from ..strategies.view import FACTIONS, MATS

CHUNK = 40_000                         # rows per block of the design built at once
HOLDOUT = 5                            # every HOLDOUT-th game (by index) validates the penalties
BASE_PENALTIES = (1e-5, 1e-3)          # ridge penalty per row on the base coefficients (standardised)
SHARED_PENALTIES = (1e-3, 1e-2, 1e-1, 1.0)   # ... on what a faction or a mat adds


@dataclasses.dataclass
class Fit:
    model: Model
    rows: int
    games: int
    r2: float                  # held-out share of the target's variance explained, by the model as played
                               # (an asset's weight held at 0 or above for every faction and mat)
    rmse: float                # held-out root mean squared error, coins
    penalties: tuple           # (base, shared) chosen
    r2_final: float = 0.0      # held-out share of the final margin's variance explained (the same as
                               # r2 for the target "margin"; for "td" the comparable figure)
    train_model: Model = None  # the model of the training games alone (what the held-out figures judge)


def fit_phase(rows, elapsed) -> np.ndarray:
    """Least-squares phase coefficients: the share of the game played from the phase inputs."""
    x = rows[:, RC_PHASE0:RC_PHASE0 + N_PHASE_INPUTS]
    coef, *_ = np.linalg.lstsq(x, elapsed, rcond=None)
    return coef


def hat_weights(z, knots) -> np.ndarray:
    """(n, knots): each row's weights on the two knots around its phase z."""
    h = np.zeros((len(z), knots))
    if knots == 1:
        h[:, 0] = 1.0
        return h
    pos = z * (knots - 1)
    k0 = np.minimum(np.floor(pos).astype(np.int64), knots - 2)
    a = pos - k0
    h[np.arange(len(z)), k0] = 1.0 - a
    h[np.arange(len(z)), k0 + 1] += a
    return h


class Grams:
    """Sums of D'D, D'y and y'y per (faction, mat), D the hat-weighted standardised features."""

    def __init__(self, width):
        self.g = np.zeros((len(FACTIONS), len(MATS), width, width))
        self.b = np.zeros((len(FACTIONS), len(MATS), width))
        self.yy = 0.0
        self.n = 0

    def add(self, d, y, fac, mat):
        for f in np.unique(fac):
            for m in np.unique(mat[fac == f]):
                sel = (fac == f) & (mat == m)
                ds = d[sel]
                self.g[f, m] += ds.T @ ds
                self.b[f, m] += ds.T @ y[sel]
        self.yy += float(y @ y)
        self.n += len(y)

    def system(self) -> tuple:
        """(A, b) of the normal equations over [base, faction 0..6, mat 0..6] blocks."""
        q = self.g.shape[-1]
        nf, nm = len(FACTIONS), len(MATS)
        a = np.zeros(((1 + nf + nm) * q,) * 2)
        b = np.zeros((1 + nf + nm) * q)

        def blk(i):
            return slice(i * q, (i + 1) * q)
        a[blk(0), blk(0)] = self.g.sum(axis=(0, 1))
        b[blk(0)] = self.b.sum(axis=(0, 1))
        for f in range(nf):
            gf = self.g[f].sum(axis=0)
            a[blk(0), blk(1 + f)] = a[blk(1 + f), blk(0)] = a[blk(1 + f), blk(1 + f)] = gf
            b[blk(1 + f)] = self.b[f].sum(axis=0)
            for m in range(nm):
                a[blk(1 + f), blk(1 + nf + m)] = self.g[f, m]
                a[blk(1 + nf + m), blk(1 + f)] = self.g[f, m].T
        for m in range(nm):
            gm = self.g[:, m].sum(axis=0)
            a[blk(0), blk(1 + nf + m)] = a[blk(1 + nf + m), blk(0)] = a[blk(1 + nf + m), blk(1 + nf + m)] = gm
            b[blk(1 + nf + m)] = self.b[:, m].sum(axis=0)
        return a, b


TARGETS = ("margin", "td")      # what a seat-turn's value is fitted to (fit_model)
TD_SWEEPS = 3                   # fits of bootstrapped targets after the first fit to the final margin


def fit_model(rows, outcomes, knots=5, win_bonus=0.0, name="greedy_value", version=1, prior=None,
              shared=None, base=None, target="margin", td_lambda=0.0, sweeps=TD_SWEEPS) -> Fit:
    """The model of these seat-turns (rows: learned/names.py RECORD layout; outcomes:
    (margin, win share, share of the game played) per row). The coefficients shrink toward
    `prior` instead of toward 0: a Model (the incumbent: every block toward its own, a
    step from it rather than a leap) or coefficients per feature (the hand-weighted value:
    the base at every knot toward prior x c, c fitted first, the prior's scale in coins of
    margin). `shared` and `base` fix the penalties (per row, standardised units) instead
    of choosing them on the held-out games.

    target "margin": every seat-turn is fitted to its game's final margin (+ win_bonus x
    win). "td": first that fit, then `sweeps` fits of each seat-turn to its lambda-return
    under the last fit (td_targets: lambda 0 is the value of the same seat's next turn,
    TD(0); 1 is the final margin again), so the model learns what a turn's features are
    worth one turn later rather than who is ahead at the end."""
    if target not in TARGETS:
        raise ValueError(f"target must be one of {', '.join(TARGETS)}, got {target!r}")
    phase = fit_phase(rows, outcomes[:, 2])
    final = outcomes[:, 0] + win_bonus * outcomes[:, 1]
    held_out = rows[:, RC_GAME].astype(np.int64) % HOLDOUT == 0
    fit = fit_target(rows, final, phase, held_out, knots, prior, shared, base, name, version)
    if target == "td":
        nxt = next_turns(rows)
        for _ in range(sweeps):
            y = td_targets(final, predict(fit.model, rows), nxt, td_lambda)
            fit = fit_target(rows, y, phase, held_out, knots, prior, shared, base, name, version)
    error = final[held_out] - predict(fit.train_model, rows[held_out])
    fit.r2_final = 1.0 - float(np.mean(error ** 2)) / max(float(np.var(final[held_out])), 1e-12)
    return fit


def fit_target(rows, y, phase, held_out, knots, prior, shared, base, name, version) -> Fit:
    """The ridge fit of the seat-turns to the targets y (fit_model), its penalties chosen on
    the held-out games unless given."""
    x = rows[:, RC_FEATURE0:RC_FEATURE0 + N_FEATURES]
    scale = x.std(axis=0)
    scale[scale == 0] = 1.0
    scale[F_BIAS] = 1.0
    anchor = np.zeros((1 + len(FACTIONS) + len(MATS)) * knots * N_FEATURES)
    if isinstance(prior, Model):
        anchor = _model_anchor(prior, scale, knots)
    elif prior is not None:
        prior = np.asarray(prior, np.float64)
        c = prior_scale(rows, y, phase, knots, x @ prior)
        anchor[:knots * N_FEATURES] = (c[:, None] * (prior * scale)[None, :]).ravel()
    q = knots * N_FEATURES
    train, valid = Grams(q), Grams(q)
    for a in range(0, len(rows), CHUNK):
        part = slice(a, a + CHUNK)
        z = np.clip(rows[part, RC_PHASE0:RC_PHASE0 + N_PHASE_INPUTS] @ phase, 0.0, 1.0)
        d = (hat_weights(z, knots)[:, :, None] * (x[part] / scale)[:, None, :]).reshape(-1, q)
        fac = rows[part, RC_FACTION].astype(np.int64)
        mat = rows[part, RC_MAT].astype(np.int64)
        v = held_out[part]
        train.add(d[~v], y[part][~v], fac[~v], mat[~v])
        valid.add(d[v], y[part][v], fac[v], mat[v])
    a_t, b_t = train.system()
    best = None
    for b_pen in BASE_PENALTIES if base is None else (base,):
        for s_pen in SHARED_PENALTIES if shared is None else (shared,):
            trained = _model(_solve(a_t, b_t, q, b_pen * train.n, s_pen * train.n, anchor), scale, phase,
                             knots, name, version)
            # judged as the game plays it: a faction's or a mat's addition that takes an
            # asset's weight below 0 is held at 0 there (Model.coefficients)
            mse = float(np.mean((y[held_out] - predict(trained, rows[held_out])) ** 2)) if held_out.any() else 0.0
            if best is None or mse < best[0]:
                best = (mse, b_pen, s_pen, trained)
    mse, base, shared, trained = best
    a_v, b_v = valid.system()
    n_all = train.n + valid.n
    beta = _solve(a_t + a_v, b_t + b_v, q, base * n_all, shared * n_all, anchor)
    var = max(float(np.var(y[held_out])), 1e-12)
    model = _model(beta, scale, phase, knots, name, version)
    games = len(np.unique(rows[:, RC_GAME]))
    return Fit(model, len(rows), games, 1.0 - mse / var, float(np.sqrt(max(mse, 0.0))), (base, shared),
               train_model=trained)


def prior_scale(rows, y, phase, knots, h) -> np.ndarray:
    """Per phase knot, coins of y per unit of the prior's value h: the least-squares slope
    with an intercept per knot (between knots both move linearly). Pooled over the whole
    game the slope is far smaller (everyone's value grows as the game goes on, the
    margin does not), and the prior would shrink toward almost 0."""
    z = np.clip(rows[:, RC_PHASE0:RC_PHASE0 + N_PHASE_INPUTS] @ phase, 0.0, 1.0)
    hat = hat_weights(z, knots)
    coef, *_ = np.linalg.lstsq(np.hstack([hat, hat * h[:, None]]), y, rcond=None)
    return coef[knots:]


def next_turns(rows) -> np.ndarray:
    """Per row, the row of the same seat's next recorded turn in the same game (-1: its last)."""
    order = np.lexsort((rows[:, RC_TURN], rows[:, RC_SEAT], rows[:, RC_GAME]))
    a, b = order[:-1], order[1:]
    same = (rows[a, RC_GAME] == rows[b, RC_GAME]) & (rows[a, RC_SEAT] == rows[b, RC_SEAT])
    nxt = np.full(len(rows), -1, np.int64)
    nxt[a[same]] = b[same]
    return nxt


def td_targets(final, values, nxt, td_lambda) -> np.ndarray:
    """The lambda-returns of the seat-turns: at a seat's last turn its game's final outcome,
    before it (1 - lambda) x the value of its next turn + lambda x that turn's return."""
    steps = np.zeros(len(final), np.int64)           # turns to the seat's last
    ahead = nxt.copy()
    while (ahead >= 0).any():
        on = ahead >= 0
        steps[on] += 1
        ahead[on] = nxt[ahead[on]]
    last = nxt < 0
    out = np.where(last, final, 0.0).astype(np.float64)
    for k in range(1, int(steps.max(initial=0)) + 1):
        sel = steps == k
        n = nxt[sel]
        out[sel] = (1.0 - td_lambda) * values[n] + td_lambda * out[n]
    return out


def predict(model, rows) -> np.ndarray:
    """The model's value of each seat-turn (as the compiled value gives it, at the row's
    own phase)."""
    coef = model.coefficients()                      # (K, factions, mats, features)
    out = np.empty(len(rows))
    for a in range(0, len(rows), CHUNK):
        part = rows[a:a + CHUNK]
        z = np.clip(part[:, RC_PHASE0:RC_PHASE0 + N_PHASE_INPUTS] @ model.phase, 0.0, 1.0)
        h = hat_weights(z, model.knots)
        c = coef[:, part[:, RC_FACTION].astype(np.int64), part[:, RC_MAT].astype(np.int64)]   # (K, n, F)
        out[a:a + CHUNK] = np.einsum("nk,knf,nf->n", h, c, part[:, RC_FEATURE0:RC_FEATURE0 + N_FEATURES])
    return out


def _solve(a, b, q, base, shared, anchor):
    """Ridge toward `anchor` (standardised units), the base block with the `base` penalty
    and what factions and mats add with `shared`; the intercepts (the bias feature at
    every knot) are left free. The base coefficients of the ASSETS are kept at 0 or above
    (an active set: those the free solve makes negative are held at 0 and the rest solved
    again, until none is negative and none held would rather rise)."""
    penalty = np.full(len(b), shared)
    penalty[:q] = base
    penalty[:q][F_BIAS::N_FEATURES] = 1e-9 * max(base, 1.0)
    h = a + np.diag(penalty)
    g = b + penalty * anchor
    bounded = np.zeros(len(b), bool)
    for f in ASSETS:
        bounded[FEATURES.index(f):q:N_FEATURES] = True
    held = np.zeros(len(b), bool)
    beta = np.zeros(len(b))
    for _ in range(4 * q):
        free = ~held
        beta = np.zeros(len(b))
        beta[free] = np.linalg.solve(h[np.ix_(free, free)], g[free])
        negative = bounded & free & (beta < -1e-12)
        if negative.any():
            held |= negative
            continue
        rise = held & (g - h @ beta > 1e-9)          # the objective falls if it leaves 0
        if not rise.any():
            break
        held &= ~rise
    return beta


def _model_anchor(model, scale, knots) -> np.ndarray:
    """A model's coefficients as a solution vector in standardised units."""
    if model.knots != knots:
        raise ValueError(f"the prior model has {model.knots} phase knots, the fit {knots}")
    blocks = [model.base] + [model.faction.get(f, np.zeros_like(model.base)) for f in FACTIONS] \
        + [model.mat.get(m, np.zeros_like(model.base)) for m in MATS]
    return np.concatenate([(blk * scale).ravel() for blk in blocks])


def _model(beta, scale, phase, knots, name, version) -> Model:
    """The Model of a solution in standardised units (coefficients back in raw units)."""
    q = knots * N_FEATURES
    nf = len(FACTIONS)

    def block(i):
        return beta[i * q:(i + 1) * q].reshape(knots, N_FEATURES) / scale
    faction = {FACTIONS[f]: block(1 + f) for f in range(nf) if np.any(block(1 + f))}
    mat = {MATS[m]: block(1 + nf + m) for m in range(len(MATS)) if np.any(block(1 + nf + m))}
    # what the data never saw stays exactly 0 (a faction or mat not dealt): no table for it
    faction = {k: v for k, v in faction.items() if np.abs(v).max() > 1e-12}
    mat = {k: v for k, v in mat.items() if np.abs(v).max() > 1e-12}
    return Model(name, version, phase, block(0), faction, mat)


# The hand-weighted value's terms (strategies/weights.py) and the features they weigh: the
# hand value is exactly their sum over these pairs (value.py position_value, base game).
HAND_TERMS = (("score", "score"), ("star", "stars"), ("power", "power"), ("combat_card", "combat_cards"),
              ("popularity", "popularity"), ("upgrade", "upgrades"), ("mech", "mechs"),
              ("structure", "structures"), ("recruit", "recruits"), ("worker", "workers"),
              ("territory", "territories"), ("resource", "resources"), ("objective", "objectives"),
              ("progress", "progress"), ("ready", "ready"), ("outlook", "outlook"))


def hand_prior(row) -> np.ndarray:
    """Per feature, the weight the hand-weighted value of weight row `row` gives it."""
    from ..strategies.learned.names import FEATURES
    from ..strategies.weights import WEIGHTS

    prior = np.zeros(N_FEATURES)
    for weight, feature in HAND_TERMS:
        prior[FEATURES.index(feature)] = row[WEIGHTS.index(weight)]
    return prior
