"""`scythe-sim compare`: has balance shifted between a base run and a candidate run?

Per group (faction, mat, their pairs, strategy, seat...): the candidate's win rate
minus the base's with two intervals at level 1 - alpha:
- unpaired: Newcombe's interval and a two-proportion z-test, valid for any two runs;
- paired (only when the runs played the same deals, analysis/pairing.py): the mean of
  the seat-by-seat differences with its normal interval and McNemar's test, much
  narrower when the outcomes are correlated.
The verdict (`method`) uses the paired one whenever the runs are paired. Its p-value
is the interval's own (the smallest alpha at which the interval excludes 0), Holm-
corrected over all groups (of every grouping compared at once: compare_groupings, one
family as in `scythe-sim check`); its interval (ci_low, ci_high) is the simultaneous interval
that matches Holm (intervals.holm_levels), so it excludes 0 exactly when p_holm <
alpha. A group is `shifted` when that holds and the difference is at least min_effect;
`verdict` says "shift", "below min effect" (beyond chance, smaller than min_effect) or
"no shift". The unpaired_* and paired_* columns are each method's unadjusted interval
at level 1 - alpha. `mde` is the smallest shift the verdict would have found with 80%
power at these sample sizes (significant at the strictest Holm level, alpha / groups,
and at least min_effect).

A single fixed-sample look: `scythe-sim check` looks after every round with always-valid
confidence sequences, wider at the same games, so the two can disagree near the margin
(FIXED_SAMPLE_NOTE says so in compare's output).
"""
import math

import polars as pl

from scythe_sim.intervals import (detectable_shift, holm, holm_levels, interval_p_value, newcombe_difference,
                                  paired_difference, z_for)

from . import sections
from .pairing import ROW_KEYS, check_pairing, with_tiles
from .runs import TILE_COLUMNS, AnalysisError

BY_CHOICES = ("faction", "mat", "faction,mat", "personality", "strategy", "players", "turn_order", "seat",
              *TILE_COLUMNS)
# compare's line on why its interval is narrower than `check`'s on the same runs
FIXED_SAMPLE_NOTE = ("why compare and check can differ: this is one fixed-sample look at these games "
                     "(Holm-adjusted); `scythe-sim check` uses always-valid intervals over repeated looks, "
                     "wider, so it may call undecided what this calls a shift")
# what counts as a win: the (standard) game's winner, or All Out War's winner (war runs only)
OUTCOMES = ("winner", "war_winner")


def default_groups(run) -> tuple:
    """What a comparison groups by when not told: faction, or turn order for a game without
    factions (My Little Scythe)."""
    return ("turn_order",) if run.game == "my_little_scythe" else ("faction",)


def outcome_seats(run, outcome="winner"):
    """The run's seats with the outcome counted as `winner`: the standard game's, or the
    war's (only the games with a war, war_winner)."""
    seats = run.seats()
    if outcome != "winner":
        seats = seats.filter(pl.col(outcome).is_not_null()).with_columns(pl.col(outcome).alias("winner"))
    return seats


def _seats(run, outcome, other, keys, paired):
    """outcome_seats, with the other run's tiles where the run has none (with_tiles)."""
    return with_tiles(outcome_seats(run, outcome), run, other, keys, paired)


def _counts(run, other, keys, outcome, paired):
    return (_seats(run, outcome, other, keys, paired).group_by(keys)
            .agg(pl.len().alias("n"), pl.col("winner").sum().alias("wins")).collect(engine="streaming"))


def paired_sums(base, candidate, keys, outcome="winner"):
    """Per group: the joined seats n, the sum and the sum of squares of candidate winner
    minus base winner (the groups are the base's, tiles the candidate's where the base
    has none; identical in paired runs). Also what `scythe-sim check` decides on."""
    groups = [k for k in keys if k not in ROW_KEYS]
    a = _seats(base, outcome, candidate, keys, True).select(*ROW_KEYS, *groups, pl.col("winner").cast(pl.Int32))
    b = (_seats(candidate, outcome, base, (), True)
         .select(*ROW_KEYS, pl.col("winner").cast(pl.Int32).alias("winner_candidate")))
    d = pl.col("winner_candidate") - pl.col("winner")
    return (a.join(b, on=list(ROW_KEYS), how="inner").group_by(keys)
            .agg(pl.len().alias("paired_n"), d.sum().alias("sum_d"), (d * d).sum().alias("sum_d2"))
            .collect(engine="streaming"))


def compare_runs(base, candidate, by=("faction",), alpha=0.05, min_effect=0.02, pairing=None,
                 outcome="winner"):
    """A DataFrame, one row per group: the group keys, base and candidate n and win rate,
    the unpaired (Newcombe) difference, interval and p-value, the paired ones (null
    when the runs are not paired), `method` ("paired" or "unpaired") and the verdict's
    difference, ci_low, ci_high, p_value, p_holm, shifted (significant and >=
    min_effect), verdict (shift, below min effect, no shift) and mde (the smallest shift found
    with 80% power); ci_low and ci_high are the simultaneous interval matching Holm. A tile column among `by` (TILE_COLUMNS) that one run never filled takes
    the other run's tiles (pairing.with_tiles). `pairing` (check_pairing's answer) is
    computed when not given; runs paired on their common first games are read through
    those games. `outcome`
    is the win compared: `winner` (the standard game's) or `war_winner` (the war's, when
    both runs played wars; check_outcome says why not)."""
    return compare_groupings(base, candidate, [tuple(by)], alpha, min_effect, pairing, outcome)[0]


def compare_groupings(base, candidate, groupings, alpha=0.05, min_effect=0.02, pairing=None, outcome="winner"):
    """compare_runs for several groupings at once (e.g. [("faction",), ("mat",)]): one
    DataFrame per grouping, in order, whose verdicts are ONE Holm family over every group
    of every grouping (as `scythe-sim check` decides), so a gate given two groupings fails
    when either shifts, and the intervals are simultaneous over all of them."""
    groupings = [list(keys) for keys in groupings]
    check_outcome(base, candidate, outcome)
    if pairing is None:
        pairing = check_pairing(base, candidate, list(dict.fromkeys(k for keys in groupings for k in keys)))
    base, candidate = paired_views(base, candidate, pairing)
    tables = [_grouping_rows(base, candidate, keys, alpha, pairing, outcome) for keys in groupings]
    rows = [r for grouping_rows, _ in tables for r in grouping_rows]
    p_values = [r["p_value"] for r in rows]
    strictest = z_for(alpha / max(len(rows), 1))
    for r, p, level in zip(rows, holm(p_values), holm_levels(p_values, alpha)):
        r["p_holm"] = p
        at = r.pop("interval_at")
        if at is not None:
            r["ci_low"], r["ci_high"] = at(level)
        beyond = r["difference"] is not None and p < alpha
        r["shifted"] = bool(beyond and abs(r["difference"]) >= min_effect)
        r["verdict"] = "shift" if r["shifted"] else "below min effect" if beyond else "no shift"
        se = r.pop("se")
        r["mde"] = None if se is None else detectable_shift(strictest * se, se, min_effect)
    return [pl.DataFrame(grouping_rows, schema=_schema(keys, joined))
            for keys, (grouping_rows, joined) in zip(groupings, tables)]


def paired_views(base, candidate, pairing):
    """The two runs as the comparison reads them: through the games paired when the runs
    were paired on their common first games (a run grown with --extend-to), else whole."""
    if not pairing.paired:
        return base, candidate
    return tuple(run.first(pairing.games) if run.manifest["games"] > pairing.games else run
                 for run in (base, candidate))


def _grouping_rows(base, candidate, keys, alpha, pairing, outcome):
    """One grouping's rows before the Holm step (p-values and interval functions), and the
    joined counts whose key columns give the table's schema."""
    joined = _counts(base, candidate, keys, outcome, pairing.paired).join(
        _counts(candidate, base, keys, outcome, pairing.paired), on=keys, how="full", coalesce=True,
        suffix="_candidate").fill_null(0)
    if pairing.paired:
        joined = joined.join(paired_sums(base, candidate, keys, outcome), on=keys, how="left")
    return [_row(r, keys, alpha, pairing) for r in joined.sort(keys).iter_rows(named=True)], joined


def check_outcome(base, candidate, outcome):
    """Raise AnalysisError (one line) when a run lacks the outcome compared (a variant's
    outcome: its report section's outcome_missing says why)."""
    if outcome not in OUTCOMES:
        raise AnalysisError(f"unknown outcome {outcome!r}: choose one of {', '.join(OUTCOMES)}")
    if outcome != "winner":
        for role, run in (("base", base), ("candidate", candidate)):
            problem = sections.first("outcome_missing", outcome, role, run)
            if problem:
                raise AnalysisError(problem)


def outcome_note(base, candidate, outcome, pairing):
    """One line on what the comparison means (a variant's report section says), or None."""
    return sections.first("outcome_note", base, candidate, outcome, pairing)


def _row(r, keys, alpha, pairing):
    n1, w1, n2, w2 = r["n"], r["wins"], r["n_candidate"], r["wins_candidate"]
    unpaired = newcombe_difference(w1, n1, w2, n2, alpha) if n1 and n2 else (None, None, None, 1.0)
    paired = (None, None, None, None)
    if pairing.paired and r.get("paired_n"):
        paired = paired_difference(r["paired_n"], r["sum_d"], r["sum_d2"], alpha)
    verdict = paired if pairing.paired else unpaired
    at = _interval_at(r, pairing)
    return {"interval_at": at, "se": _standard_error(r, pairing),**{k: r[k] for k in keys}, "base_n": n1, "base_rate": w1 / n1 if n1 else None,
            "candidate_n": n2, "candidate_rate": w2 / n2 if n2 else None,
            "unpaired_ci_low": unpaired[1], "unpaired_ci_high": unpaired[2], "unpaired_p": unpaired[3],
            "paired_ci_low": paired[1], "paired_ci_high": paired[2], "paired_p": paired[3],
            "method": pairing.method, "difference": verdict[0], "ci_low": verdict[1], "ci_high": verdict[2],
            "p_value": 1.0 if at is None else interval_p_value(at)}


def _interval_at(r, pairing):
    """The verdict's interval as a function of its error rate, or None without data."""
    if pairing.paired:
        if not r.get("paired_n"):
            return None
        return lambda a: paired_difference(r["paired_n"], r["sum_d"], r["sum_d2"], a)[1:3]
    if not (r["n"] and r["n_candidate"]):
        return None
    return lambda a: newcombe_difference(r["wins"], r["n"], r["wins_candidate"], r["n_candidate"], a)[1:3]


def _standard_error(r, pairing):
    """The verdict's standard error: of the mean paired difference, or of the difference of
    two independent rates; None without data."""
    if pairing.paired:
        n = r.get("paired_n")
        if not n or n < 2:
            return None
        return math.sqrt(max(r["sum_d2"] - r["sum_d"] ** 2 / n, 0.0) / (n - 1) / n)
    n1, n2 = r["n"], r["n_candidate"]
    if not n1 or not n2:
        return None
    p1, p2 = r["wins"] / n1, r["wins_candidate"] / n2
    return math.sqrt(p1 * (1 - p1) / n1 + p2 * (1 - p2) / n2)


def _schema(keys, joined):
    """Column types in the rows' order (a column of nulls, e.g. paired ones, stays Float64)."""
    schema = {k: joined.schema[k] for k in keys}
    for column in ("base_n", "base_rate", "candidate_n", "candidate_rate", "unpaired_ci_low",
                   "unpaired_ci_high", "unpaired_p", "paired_ci_low", "paired_ci_high", "paired_p",
                   "method", "difference", "ci_low", "ci_high", "p_value", "p_holm", "shifted", "verdict", "mde"):
        schema[column] = {"base_n": pl.Int64, "candidate_n": pl.Int64, "method": pl.String,
                          "shifted": pl.Boolean, "verdict": pl.String}.get(column, pl.Float64)
    return schema
