"""A run opened in a notebook: `scythe_sim.open_run(path)` (docs/analysis.md).

The tables as lazy polars frames and the manifest, with the two questions a balance
analysis asks first: win rates with Wilson intervals, and how a second run differs
(paired intervals when the runs played the same deals). Both are the very queries the
report and `scythe-sim compare` compute (analysis/queries.py, analysis/compare.py):
nothing here counts a second time. Like the rest of analysis/, it reads Parquet and the
manifest only.
"""
import os

import polars as pl

from .compare import compare_runs, default_groups
from .pairing import check_pairing
from .queries import win_rates
from .runs import AnalysisError, Run


class OpenRun:
    """A finished run, checked against its manifest when opened (verify=False: file
    sizes only, no sha256). `games`, `seats` and `turns` are polars LazyFrames: collect
    them (`.collect()`), or hand them on (`.collect().to_pandas()`, DuckDB)."""

    def __init__(self, path, verify=True):
        # an absolute path: the lazy frames still read the run after the notebook changes folder
        self.run = Run(os.path.abspath(path), hashes=verify)

    def __repr__(self):
        m = self.manifest
        return (f"<run {self.run.name}: {m['game']} {m.get('variant', 'base')}, {m['games']:,} games, "
                f"seed {m['root_seed']}, {self.run.path}>")

    @property
    def manifest(self) -> dict:
        """manifest.json: the config snapshot, game, variant, ruleset, seeds, versions, shards."""
        return self.run.manifest

    @property
    def path(self) -> str:
        return self.run.path

    @property
    def games(self) -> pl.LazyFrame:
        """One row per game (the games table; enum columns as strings)."""
        return self.run.games()

    @property
    def seats(self) -> pl.LazyFrame:
        """One row per game and seat, with the game's player count, length and tiles (as
        the report reads them; enum columns as strings)."""
        return self.run.seats()

    @property
    def turns(self) -> pl.LazyFrame:
        """One row per turn; only a run played with --log-turns has the table."""
        if not os.path.isdir(os.path.join(self.run.path, "turns")):
            raise AnalysisError(f"{self.run.path} has no turns table: play the run with --log-turns "
                                "(or log_turns = true in its config)")
        return self.run.scan("turns")

    def win_rates(self, by=None) -> pl.DataFrame:
        """Win rate per group of `by` (a column or a list; default: faction, or turn order
        for a game without factions): seats, wins, win_rate, ci_low and ci_high (Wilson
        95%), parity and lift, as the report's tables."""
        return win_rates(self.seats, by or default_groups(self.run)[0])

    def compare(self, other, by=None, alpha=0.05, min_effect=0.02, outcome="winner") -> pl.DataFrame:
        """The other run (an OpenRun or a path) against this one, the base, group by group, as
        `scythe-sim compare` prints it: both win rates, the unpaired (Newcombe) and, when the
        runs played the same deals, the paired difference with its interval, the
        Holm-corrected p-value and `shifted`."""
        other = other if isinstance(other, OpenRun) else OpenRun(other)
        keys = [by] if isinstance(by, str) else list(by or default_groups(self.run))
        keys = [k for part in keys for k in part.split(",")]
        pairing = check_pairing(self.run, other.run, keys)
        return compare_runs(self.run, other.run, keys, alpha, min_effect, pairing, outcome)


def open_run(path, verify=True) -> OpenRun:
    """Open the run folder `scythe-sim run` wrote (e.g. results/default) for analysis."""
    return OpenRun(path, verify)
