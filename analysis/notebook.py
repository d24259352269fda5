"""A run opened in a notebook: `scythe_sim.open_run(path)` (docs/analysis.md).

The tables as lazy polars frames and the manifest, with the two questions a balance
analysis asks first: win rates with Wilson intervals, and how a second run differs
(paired intervals when the runs played the same deals). Both are the very queries the
report and `scythe-sim compare` compute (analysis/queries.py, analysis/compare.py):
nothing here counts a second time. Differences come in percentage points, as the
commands print them; rates are fractions, as in every polars table of the package. Like
the rest of analysis/, it reads Parquet and the manifest only.
"""
import os

import polars as pl

from scythe_sim.names import unknown_name

from . import sections
from .compare import check_outcome, compare_runs, default_groups, outcome_seats
from .compare_view import POINTS
from .pairing import check_pairing
from .queries import win_rates
from .reference import check_rates, minutes
from .runs import AnalysisError, Run


class OpenRun:
    """A finished run, checked against its manifest when opened (verify=False: file
    sizes only, no sha256). `games`, `seats` and `turns` are polars LazyFrames: collect
    them (`.collect()`), or hand them on (`.collect().to_pandas()`, DuckDB)."""

    def __init__(self, path, verify=True, reference=None, workers=None):
        # an absolute path: the lazy frames still read the run after the notebook changes folder
        self.run = Run(os.path.abspath(path), hashes=verify)
        self.reference = None if reference is None else _reference_run(self.run.path, reference, workers)

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

    def win_rates(self, by=None, outcome="winner", decided_only=True) -> pl.DataFrame:
        """Win rate per group of `by` (a column or a list; default: faction, or turn order
        for a game without factions): seats, wins, win_rate, ci_low and ci_high (Wilson
        95%), parity and lift, as the report's tables, highest win rate first; rates are
        fractions (0.25 is 25%). `outcome`: the standard game's `winner`, or `war_winner`
        (an All Out War run's war wins). The war's rates count the decided wars only (the
        wars that ended with a winner), as the report does: a war without a winner gives
        no seat a win, so over every war each faction reads below parity.
        `decided_only=False` counts every war instead (the war outcome only)."""
        check_outcome(self.run, self.run, outcome)
        keys = self._columns(by)
        # a variant's outcome over its decided games: its report section's own query
        found = [t for t in sections.each("outcome_rates", self.run, outcome, keys) if t is not None]
        table = found[0] if found and decided_only else win_rates(outcome_seats(self.run, outcome), keys)
        return table.sort("win_rate", *keys, descending=[True] + [False] * len(keys))

    def compare(self, other, by=None, alpha=0.05, min_effect=2.0, outcome="winner") -> pl.DataFrame:
        """The other run (an OpenRun or a path) against this one, the base, group by group, as
        `scythe-sim compare` prints it: both win rates, the unpaired (Newcombe) and, when the
        runs played the same deals, the paired difference with its interval, the
        Holm-corrected p-value, `shifted` and `verdict`. Differences are in percentage
        points, as `compare` prints them and its JSON gives them: `difference`, `ci_low`,
        `ci_high`, the `unpaired_*` and `paired_*` intervals and `mde` (3.0 is three points
        of win rate); the rates (`base_rate`, `candidate_rate`) are fractions, as in
        win_rates. `min_effect` is in points too, as the command's --min-effect."""
        if 0 < min_effect < 1:
            raise AnalysisError(f"min_effect={min_effect:g} is in percentage points: did you mean "
                                f"min_effect={100 * min_effect:g}?")
        other = other if isinstance(other, OpenRun) else OpenRun(other)
        keys = self._columns(by)
        pairing = check_pairing(self.run, other.run, keys)
        table = compare_runs(self.run, other.run, keys, alpha, min_effect / 100, pairing, outcome)
        return table.with_columns(pl.col(c) * 100 for c in POINTS if c in table.columns)

    def reference_check(self, by=None, alpha=0.05, min_effect=2.0) -> pl.DataFrame:
        """Each group's fast verdict beside the reference player's (open the run with
        `reference=N`): by, group, both rates with their Wilson intervals (fractions), the
        paired difference reference - fast over the deals both played with its interval at
        the Holm-matched level over every group (`difference`, `ci_low`, `ci_high`, in
        percentage points as compare's), and `status`: holds, differs or too few games
        (analysis/reference.py says when). `by` a column, or a list of groupings (each a
        column or "faction,mat"); default: faction and mat, or turn order without factions."""
        if self.reference is None:
            raise AnalysisError("this run was opened without a reference: open it with open_run(path, "
                                "reference=300) to play (or reuse) 300 reference games on its first deals")
        if 0 < min_effect < 1:
            raise AnalysisError(f"min_effect={min_effect:g} is in percentage points: did you mean "
                                f"min_effect={100 * min_effect:g}?")
        if by is None:
            groupings = [("faction",), ("mat",)] if self.run.game != "my_little_scythe" else [("turn_order",)]
        else:
            groupings = [tuple(self._columns(b)) for b in ([by] if isinstance(by, str) else by)]
        table = check_rates(self.run, self.reference.run, groupings, alpha, min_effect / 100)
        return table.with_columns(pl.col(c) * 100 for c in ("difference", "ci_low", "ci_high"))

    def _columns(self, by):
        """`by` as a list of seat columns (default: the game's grouping); an unknown column
        is an AnalysisError in one line, with the nearest names."""
        keys = [by] if isinstance(by, str) else list(by or default_groups(self.run))
        keys = [k for part in keys for k in part.split(",")]
        known = self.seats.collect_schema().names()
        for key in keys:
            if key not in known:
                raise AnalysisError(unknown_name("seat column", key, known))
        return keys


def open_run(path, verify=True, reference=None, workers=None) -> OpenRun:
    """Open the run folder `scythe-sim run` wrote (e.g. results/default) for analysis.
    `reference=N`: also the reference player's N games on the run's first deals, played
    now on `workers` processes (default: every core) unless already kept beside the run;
    the cost is printed first. Then `.reference_check()` sets each verdict beside the
    reference's, and `.reference` is that run, opened."""
    return OpenRun(path, verify, reference, workers)


def _reference_run(run_dir, games, workers) -> OpenRun:
    """The run's reference games (scythe_sim/runner/reference.py), played where missing."""
    from scythe_sim.runner import reference

    from .reference_view import reference_player

    player = reference_player(reference.run_config(run_dir).game)
    held = reference.held(run_dir, games, player)
    if held < games:
        config = reference.reference_config(reference.run_config(run_dir), games, player)
        print(f"reference: {games - held:,} `{player.strategy}` games to play on the run's first deals, "
              f"about {minutes(reference.cpu_seconds(config, player, games - held) / 60)} CPU-minutes")
    folder, _, _ = reference.ensure(run_dir, games, player, workers=workers or os.cpu_count() or 1)
    return OpenRun(folder, verify=False)
