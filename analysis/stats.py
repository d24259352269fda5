"""Statistics as polars expressions for lazy queries. The arithmetic itself (Wilson,
Newcombe, paired differences, Holm) lives in scythe_sim.intervals, shared with the
library."""
import polars as pl

from scythe_sim.intervals import Z95, wilson_score


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
