"""Statistics: Wilson intervals as polars expressions for lazy queries, and the
two-proportion comparison (Newcombe interval, z-test, Holm correction) used by compare."""
import math

import polars as pl

Z95 = 1.959964


def _wilson(wins, n, z):
    """The Wilson score interval; works on numbers and on polars expressions alike."""
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * (p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5 / denom
    return centre - half, centre + half


def wilson_bounds(wins: pl.Expr, n: pl.Expr, z: float = Z95):
    """(low, high) expressions of the Wilson score interval of wins out of n."""
    low, high = _wilson(wins, n, z)
    return low.alias("ci_low"), high.alias("ci_high")


def wilson(wins: int, n: int, z: float = Z95):
    """(low, high) Wilson score interval of wins out of n (0, 1 when n is 0)."""
    return (0.0, 1.0) if n == 0 else _wilson(wins, n, z)


def z_for(alpha: float) -> float:
    """Two-sided normal quantile: z with P(|Z| > z) = alpha."""
    lo, hi = 0.0, 10.0
    for _ in range(100):
        mid = (lo + hi) / 2
        if math.erfc(mid / math.sqrt(2)) > alpha:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def difference(w1: int, n1: int, w2: int, n2: int, alpha: float = 0.05):
    """Candidate minus base proportion (w2/n2 - w1/n1): (difference, low, high, p-value).

    The interval is Newcombe's hybrid score interval (from the two Wilson intervals),
    the p-value a pooled two-proportion z-test."""
    z = z_for(alpha)
    p1, p2 = w1 / n1, w2 / n2
    l1, u1 = wilson(w1, n1, z)
    l2, u2 = wilson(w2, n2, z)
    d = p2 - p1
    low = d - math.sqrt((p2 - l2) ** 2 + (u1 - p1) ** 2)
    high = d + math.sqrt((u2 - p2) ** 2 + (p1 - l1) ** 2)
    pooled = (w1 + w2) / (n1 + n2)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    p_value = 1.0 if se == 0 else math.erfc(abs(d) / se / math.sqrt(2))
    return d, low, high, p_value


def holm(p_values):
    """Holm–Bonferroni adjusted p-values, in the input order."""
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    adjusted = [0.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p_values[i]))
        adjusted[i] = running
    return adjusted
