"""Statistics as polars expressions, for lazy queries over the run tables."""
import polars as pl

Z95 = 1.959964


def wilson_bounds(wins: pl.Expr, n: pl.Expr, z: float = Z95):
    """(low, high) expressions of the Wilson score interval of wins out of n."""
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * (p * (1 - p) / n + z * z / (4 * n * n)).sqrt() / denom
    return (centre - half).alias("ci_low"), (centre + half).alias("ci_high")
