"""The end-of-run summary: win rate by faction (or any seat column) with Wilson 95%
intervals, from the run's seats table."""
import os

import polars as pl

from .stats import wilson_bounds


def scan(run_dir, table):
    return pl.scan_parquet(os.path.join(run_dir, table, "*.parquet"))


def win_rates(run_dir, by="faction") -> pl.DataFrame:
    """One row per value of `by`: seats, wins, win_rate, ci_low, ci_high (sorted by rate)."""
    seats = scan(run_dir, "seats")
    grouped = seats.group_by(pl.col(by).cast(pl.String)).agg(
        pl.len().alias("seats"), pl.col("winner").sum().alias("wins"))
    low, high = wilson_bounds(pl.col("wins"), pl.col("seats"))
    return (grouped.with_columns((pl.col("wins") / pl.col("seats")).alias("win_rate"), low, high)
            .sort("win_rate", descending=True).collect())
