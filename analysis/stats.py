"""Statistics as polars expressions for lazy queries, and the summary's test of a
grouping's spread. The arithmetic itself (Wilson, Newcombe, paired differences, Holm)
lives in scythe_sim.intervals, shared with the library."""
import math

import polars as pl

from scythe_sim.intervals import Z95, holm, wilson_score


def wilson_bounds(wins: pl.Expr, n: pl.Expr, z: float = Z95):
    """(low, high) expressions of the Wilson score interval of wins out of n."""
    low, high = wilson_score(wins, n, z)
    return low.alias("ci_low"), high.alias("ci_high")


def normal_interval(difference: float, variance: float, z: float = Z95):
    """(low, high) of difference +- z * sqrt(variance): the normal interval of a difference
    of means, given the variance of that difference (paired: var(d) / n; unpaired, Welch:
    var1 / n1 + var2 / n2)."""
    half = z * max(variance, 0.0) ** 0.5
    return difference - half, difference + half


def spread_p(seats, wins, parity):
    """Is a grouping's spread of win rates beyond chance? Per group, its wins against those
    its share of the run predicts: seats x parity, scaled so the expected wins add up to
    the run's (shared first places count as wins, lifting every group alike), a z-test
    with the binomial variance n p (1 - p) (with mixed player counts the true variance
    is smaller, so the test errs towards "within chance"); Holm over the groups. The
    smallest adjusted p-value: below 0.05, at least one group stands apart. 1.0 for
    fewer than two groups."""
    if len(seats) < 2:
        return 1.0
    expected = [n * p for n, p in zip(seats, parity)]
    scale = sum(wins) / sum(expected) if sum(expected) else 1.0
    p_values = []
    for n, w, e in zip(seats, wins, expected):
        rate = min(e * scale / n, 1.0) if n else 0.0
        variance = n * rate * (1 - rate)
        z = abs(w - e * scale) / math.sqrt(variance) if variance > 0 else 0.0
        p_values.append(math.erfc(z / math.sqrt(2)))
    return min(holm(p_values))
