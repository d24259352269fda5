"""Statistics as polars expressions for lazy queries. The arithmetic itself (Wilson,
Newcombe, paired differences, Holm) lives in scythe_sim.intervals, shared with the
library."""
import polars as pl

from scythe_sim.intervals import Z95, wilson_score


def wilson_bounds(wins: pl.Expr, n: pl.Expr, z: float = Z95):
    """(low, high) expressions of the Wilson score interval of wins out of n."""
    low, high = wilson_score(wins, n, z)
    return low.alias("ci_low"), high.alias("ci_high")
