"""Interval arithmetic for win rates, shared by the library (strategy evaluation) and the
analysis: the Wilson score interval, the Newcombe interval of a difference of two
independent proportions, the paired interval of a difference measured game by game,
the Holm correction, the smallest shift a sample detects (power), and Kendall's tau of two
rankings. Pure Python (math only), so it imports nothing heavy; the Wilson arithmetic
also works on polars expressions, which the analysis builds on."""
import math

Z95 = 1.959964
# one-sided normal quantiles of the usual powers: a test finds a shift with probability
# `power` when the shift lies z_power standard errors beyond what it needs
Z_POWER = {0.8: 0.8416212335729143, 0.9: 1.2815515655446004}


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


def wilson_score(wins, n, z):
    """(low, high) of the Wilson score interval; plain arithmetic, so `wins` and `n` may
    be numbers or polars expressions alike (n must not be 0)."""
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * (p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5 / denom
    return centre - half, centre + half


def wilson(wins: int, n: int, z: float = Z95):
    """(low, high) Wilson score interval of wins out of n (0, 1 when n is 0)."""
    return (0.0, 1.0) if n == 0 else wilson_score(wins, n, z)


def newcombe_difference(w1: int, n1: int, w2: int, n2: int, alpha: float = 0.05):
    """Candidate minus base proportion (w2/n2 - w1/n1) of two independent samples:
    (difference, low, high, p-value).

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


def paired_difference(n: int, total: float, total_sq: float, alpha: float = 0.05):
    """Mean of n paired differences of win indicators (candidate - base, each -1, 0 or 1),
    given their sum and their sum of squares: (difference, low, high, p-value).

    The interval is the normal approximation mean +- z * s / sqrt(n) with s the sample
    standard deviation of the differences, clipped to [-1, 1] (one pair alone says
    nothing: the whole range). The p-value is McNemar's test with its continuity
    correction, z = (|total| - 1) / sqrt(total_sq) (total_sq counts the seats whose
    result changed), which stays close to the exact sign test when few seats changed."""
    d = total / n
    if n < 2:
        low, high = -1.0, 1.0
    else:
        variance = max(total_sq - n * d * d, 0.0) / (n - 1)
        half = z_for(alpha) * math.sqrt(variance / n)
        low, high = max(d - half, -1.0), min(d + half, 1.0)
    z = max(abs(total) - 1, 0) / math.sqrt(total_sq) if total_sq else 0.0
    p_value = math.erfc(z / math.sqrt(2))
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


def detectable_shift(half_width, se, min_effect=0.0, power=0.8):
    """The smallest shift a test finds with probability `power` when it needs the estimate
    beyond `half_width` (its interval then excludes 0) and at least min_effect: the larger
    of the two plus z_power standard errors of the estimate (normal approximation)."""
    return max(half_width, min_effect) + Z_POWER[power] * se


def interval_p_value(interval_at, low=1e-12):
    """The smallest alpha at which `interval_at(alpha) -> (low, high)` excludes 0: the
    p-value that agrees with the interval at every level (bisection on log alpha; 1.0
    when even alpha = 1 - 1e-9 keeps 0 inside)."""
    def excludes(a):
        lo, hi = interval_at(a)
        return lo > 0 or hi < 0
    if not excludes(1 - 1e-9):
        return 1.0
    if excludes(low):
        return low
    a, b = math.log(low), math.log(1 - 1e-9)
    for _ in range(60):
        mid = (a + b) / 2
        if excludes(math.exp(mid)):
            b = mid
        else:
            a = mid
    return math.exp(b)


def holm_levels(p_values, alpha):
    """Per test, the error rate of the simultaneous interval that matches Holm's verdict:
    alpha times p / p_holm. A test's interval at that level excludes 0 exactly when its
    Holm-adjusted p-value is below alpha (the p-value being the interval's own,
    interval_p_value); with one test it is alpha itself."""
    return [alpha * (min(p / p_holm, 1.0) if p_holm > 0 else 1.0) for p, p_holm in zip(p_values, holm(p_values))]


def kendall_tau(a, b) -> float:
    """Kendall's tau-a of two score lists over the same items (pairs tied in either count 0)."""
    def sign(x):
        return (x > 0) - (x < 0)

    n = len(a)
    s = sum(sign(a[i] - a[j]) * sign(b[i] - b[j]) for i in range(n) for j in range(i + 1, n))
    return s / (n * (n - 1) / 2) if n > 1 else 1.0
