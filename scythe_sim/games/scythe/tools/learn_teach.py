"""`scythe-sim learn --teacher search`: the fast value fitted to rank the plans of one
decision as the reference player does (docs/players/learned.md, "Learning from the search").

The search (search.py) plays every seat of the teaching games, its leaves valued by the
incumbent model, and records at each turn start every candidate plan it valued: the
features of the plan's turn end and the mean of its rollouts (learned/record.py
teach_decision). A candidate model is fitted to the differences between siblings: each
plan's features and value less its decision's means. A position's level (who is ahead)
cancels there, so the fit learns which turn end the search prefers, the one thing the
planner asks of its value; the intercepts keep the incumbent's. The fit is
learn_fit.fit_target's ridge by phase, faction and mat, shrunk toward the incumbent.

Agreement is measured on decisions the fit never saw: the student row (greedy's, with
the model judged, without noise) chooses at each decision of further teaching games, and
its section is set beside the search's (the games play on as the search plays them)."""
from __future__ import annotations

import numpy as np

from ..strategies import STRATEGIES
from ..strategies.learned.names import (N_FEATURES, RC_FEATURE0, RC_GAME, RC_SEAT, RC_TURN, TC_CHOSEN,
                                        TC_STUDENT, TC_VALUE)
from ..strategies.weights import W_LEARNED, W_NOISE
from .learn_fit import HOLDOUT, fit_target, predict

TEACHER = "search"


def student_row(params, slot) -> np.ndarray:
    """greedy's weights row playing model `slot` of the stack, without noise: the fast
    player whose choices are set beside the search's."""
    row = params[STRATEGIES.index("greedy")].copy()
    row[W_LEARNED] = slot
    row[W_NOISE] = 0.0
    return row


def decision_ids(rows) -> np.ndarray:
    """Per teaching row, the index of its decision (a game's seat's turn start)."""
    keys = rows[:, [RC_GAME, RC_SEAT, RC_TURN]].astype(np.int64)
    _, ids = np.unique(keys, axis=0, return_inverse=True)
    return ids.ravel()


def sibling_rows(rows) -> tuple:
    """(rows with each feature less its decision's mean, values less the decision's mean)
    of the decisions with two candidates or more."""
    ids = decision_ids(rows)
    size = np.bincount(ids)
    keep = size[ids] >= 2
    rows, ids = rows[keep], np.unique(ids[keep], return_inverse=True)[1].ravel()
    size = np.bincount(ids).astype(np.float64)
    feats = rows[:, RC_FEATURE0:RC_FEATURE0 + N_FEATURES]
    means = np.zeros((len(size), N_FEATURES))
    np.add.at(means, ids, feats)
    means /= size[:, None]
    values = rows[:, TC_VALUE]
    value_means = np.bincount(ids, weights=values) / size
    out = rows.copy()
    out[:, RC_FEATURE0:RC_FEATURE0 + N_FEATURES] = feats - means[ids]
    return out, values - value_means[ids]


def fit_ranking(rows, prior, knots, name="greedy_value", version=1, penalties=None):
    """The model ranking the candidates of each decision as the search's rollouts did
    (learn_fit.Fit: its R2 and RMSE are of the siblings' differences on held-out games),
    shrunk toward the Model `prior`, whose phase it keeps."""
    diffs, y = sibling_rows(rows)
    held_out = diffs[:, RC_GAME].astype(np.int64) % HOLDOUT == 0
    base, shared = penalties if penalties else (None, None)
    fit = fit_target(diffs, y, prior.phase, held_out, knots, prior, shared, base, name, version)
    fit.r2_final = fit.r2          # the target is the siblings' differences, nothing else
    return fit


def first_choice_agreement(model, rows) -> float:
    """The share of decisions at which the model values the plan the search chose above
    every other candidate it valued (ties: the earlier)."""
    ids = decision_ids(rows)
    v = predict(model, rows)
    order = np.lexsort((np.arange(len(v)), -v, ids))       # per decision, best first
    first = order[np.r_[True, ids[order][1:] != ids[order][:-1]]]
    return float(rows[first, TC_CHOSEN].mean()) if len(first) else 0.0


def student_agreement(rows) -> tuple:
    """(share, decisions): how often the student's section was the search's, over the
    decisions of these teaching rows."""
    chosen = rows[rows[:, TC_CHOSEN] == 1.0]
    return (float(chosen[:, TC_STUDENT].mean()) if len(chosen) else 0.0), int(len(chosen))
