"""Strength models fitted to who won each game.

`fit_first_place` is a conditional logit, i.e. a Plackett–Luce model of the first
place: in a game, seat i wins with probability exp(x_i·b) / sum_j exp(x_j·b), where x_i
holds the seat's faction, mat, turn position and strategy (one-hot, a reference level
per factor dropped). Fitting all factors at once separates them: a mat that only
looks strong because it moves first loses that credit to the turn-order term. Ties
for first split the win. Effects are log-strengths; exp(effect) multiplies a seat's
odds of winning. Newton's method on the exact log-likelihood; intervals from the
inverse information matrix.
"""
import numpy as np
import polars as pl

from scythe_sim.intervals import Z95

from .stats import wilson_bounds

FACTORS = ("faction", "mat", "turn_order", "strategy")


def design(seats: pl.DataFrame, factors):
    """(X, levels): one-hot columns of every level but each factor's first (the reference)."""
    columns, names = [], []
    levels = {}
    for factor in factors:
        values = seats[factor].cast(pl.String).to_numpy()
        found = sorted(set(values.tolist()), key=_natural)
        levels[factor] = found
        for level in found[1:]:
            columns.append(values == level)
            names.append((factor, level))
    x = np.column_stack(columns).astype(np.uint8) if columns else np.zeros((seats.height, 0), np.uint8)
    return x, names, levels


def _natural(v):
    return (0, int(v)) if str(v).isdigit() else (1, str(v))


def fit_first_place(seats: pl.DataFrame, factors=FACTORS, iterations=50):
    """Fit the model; returns a DataFrame: factor, level, effect, ci_low, ci_high, with
    each factor's effects centred to average 0 over its levels (the reference included)."""
    factors = [f for f in factors if seats[f].n_unique() > 1]
    seats = seats.sort("game", "seat")
    x, names, levels = design(seats, factors)
    b, cov = conditional_logit(x, seats["game"].to_numpy(), seats["winner"].to_numpy(), iterations)
    return _centred(b, cov, names, levels, factors)


def conditional_logit(x, game, winner, iterations=50, robust=False):
    """(coefficients, their covariance) of the conditional logit of who wins each game:
    x (rows, k) the seats' covariates (numbers or one-hot), game (rows,) each seat's game
    with a game's seats on consecutive rows, winner (rows,) 0/1 (a tie splits the win;
    a game without a winner adds nothing). Newton's method on the exact log-likelihood,
    the covariance from the inverse information matrix (games are the independent units);
    robust: the sandwich covariance instead (information^-1 x the spread of the games'
    scores x information^-1), which stays honest when the model is only near the truth."""
    game = np.asarray(game)
    starts = np.flatnonzero(np.r_[True, game[1:] != game[:-1]])
    group = np.cumsum(np.r_[False, game[1:] != game[:-1]])      # game of each row, 0..G-1
    win = np.asarray(winner).astype(np.float64)
    share = win / np.maximum(np.add.reduceat(win, starts), 1)[group]   # a tie splits the win
    k = x.shape[1]
    b = np.zeros(k)
    cov = np.zeros((k, k))
    chunks = _chunks(starts, len(game))
    for _ in range(iterations):
        grad, info = np.zeros(k), np.zeros((k, k))
        for lo, hi, st in chunks:        # bounded memory: a few hundred thousand rows at a time
            g, i = _derivatives(x[lo:hi].astype(np.float64), share[lo:hi], group[lo:hi] - group[lo], st - lo, b)
            grad += g
            info += i
        cov = np.linalg.pinv(info)
        step = cov @ grad
        b += step
        if np.max(np.abs(step), initial=0.0) < 1e-9:
            break
    if robust:
        meat = np.zeros((k, k))
        for lo, hi, st in chunks:
            scores = _game_scores(x[lo:hi].astype(np.float64), share[lo:hi], group[lo:hi] - group[lo], st - lo, b)
            meat += scores.T @ scores
        cov = cov @ meat @ cov
    return b, cov


def _chunks(starts, n, rows=400_000):
    """(first row, end row, game starts inside) pieces cut at game boundaries."""
    out, lo = [], 0
    while lo < n:
        cut = np.searchsorted(starts, lo + rows)
        hi = int(starts[cut]) if cut < len(starts) else n     # the first game start past the size
        inside = starts[(starts >= lo) & (starts < hi)]
        out.append((lo, hi, inside))
        lo = hi
    return out


def _derivatives(x, share, group, starts, b):
    """Gradient and information of the log-likelihood over whole games."""
    eta = x @ b
    eta -= per_game(np.maximum, eta, starts)[group]
    e = np.exp(eta)
    p = e / per_game(np.add, e, starts)[group]
    xbar = per_game(np.add, p[:, None] * x, starts)              # (games, k)
    weights = per_game(np.add, share, starts)                    # 1 per decided game
    grad = share @ x - weights @ xbar
    info = (x * (p * weights[group])[:, None]).T @ x - (xbar * weights[:, None]).T @ xbar
    return grad, info


def _game_scores(x, share, group, starts, b):
    """(games, k): each game's gradient of the log-likelihood."""
    eta = x @ b
    eta -= per_game(np.maximum, eta, starts)[group]
    e = np.exp(eta)
    p = e / per_game(np.add, e, starts)[group]
    weights = per_game(np.add, share, starts)
    return per_game(np.add, (share - p * weights[group])[:, None] * x, starts)


def per_game(ufunc, a, starts):
    """ufunc.reduceat(a, starts) along the rows: as a reshape when every game has as many
    rows (one player count), much faster than reduceat on a matrix."""
    games, rows = len(starts), len(a)
    if games and rows % games == 0 and starts[-1] == rows - rows // games and \
            np.array_equal(starts, np.arange(0, rows, rows // games)):
        return ufunc.reduce(a.reshape(games, rows // games, *a.shape[1:]), axis=1)
    return ufunc.reduceat(a, starts)


def _centred(b, cov, names, levels, factors):
    """Effects per level, centred within each factor, with Wald intervals."""
    index = {name: i for i, name in enumerate(names)}
    rows = []
    for factor in factors:
        lv = levels[factor]
        # contrast matrix: effect of level l = b_l - mean over levels (reference b = 0)
        c = np.zeros((len(lv), len(b)))
        for i, level in enumerate(lv):
            if (factor, level) in index:
                c[i, index[(factor, level)]] += 1.0
            for other in lv[1:]:
                c[i, index[(factor, other)]] -= 1.0 / len(lv)
        effect = c @ b
        se = np.sqrt(np.maximum(np.einsum("ij,jk,ik->i", c, cov, c), 0))
        for level, e, s in zip(lv, effect, se):
            rows.append({"factor": factor, "level": str(level), "effect": float(e),
                         "ci_low": float(e - Z95 * s), "ci_high": float(e + Z95 * s)})
    return pl.DataFrame(rows, schema={"factor": pl.String, "level": pl.String, "effect": pl.Float64,
                                      "ci_low": pl.Float64, "ci_high": pl.Float64})


def head_to_head(seats: pl.DataFrame) -> pl.DataFrame:
    """Strategy A against strategy B: in games with both, the share of A's seats that
    finished ahead of B's seats (ties count half), with the number of pairs and a
    Wilson 95% interval."""
    s = seats.select("game", "strategy", "rank").with_columns(pl.col("strategy").cast(pl.String))
    pairs = s.join(s, on="game", suffix="_b").filter(pl.col("strategy") != pl.col("strategy_b"))
    score = (pl.when(pl.col("rank") < pl.col("rank_b")).then(1.0)
             .when(pl.col("rank") == pl.col("rank_b")).then(0.5).otherwise(0.0))
    low, high = wilson_bounds(pl.col("ahead") * pl.col("pairs"), pl.col("pairs"))
    return (pairs.group_by("strategy", "strategy_b")
            .agg(pl.len().alias("pairs"), score.mean().alias("ahead"))
            .with_columns(low, high)      # pairs within a game are not independent: indicative
            .sort("strategy", "strategy_b"))
