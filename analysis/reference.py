"""Does a verdict of the fast players hold under the reference player?

The reference run (scythe_sim/runner/reference.py) plays a run's first N deals again with
the game's reference player in every seat: the same seeds, config and rules, so game i
deals the same factions and mats into the same seats and only the players differ. Per
group (a faction, a mat, a turn position...) this module sets the fast verdict beside the
reference's:

- the fast rate (over the whole fast run) and the reference rate, each with its Wilson
  interval and its side of parity (above, below, or at parity within chance);
- the paired difference, reference minus fast, seat by seat over the deals both played,
  with its interval at the Holm-matched level over every group of every grouping;
- a status:
  - **differs**: the difference is beyond chance and at least `min_effect`, or the two
    players put the group beyond chance on opposite sides of parity;
  - **holds**: not differs, and both put the group on the same side of parity (an
    estimate within `min_effect` of parity counts as either side) with the same verdict
    (both beyond chance, or both within it);
  - **too few games**: neither (the reference's own verdict is not yet clear: more
    reference games would tell), or fewer than MIN_SEATS reference seats.

A comparison of two runs (`compare --reference`) is checked the same way, with the
shift (candidate minus base) in place of the rate and 0 in place of parity: the fast
shift of the two fast runs, the reference shift of the two reference runs, and their
difference seat by seat over the deals all four played.

Differences and intervals here are fractions, as in every table of analysis/; the views
show them in percentage points.
"""
import polars as pl

from scythe_sim.intervals import holm, holm_levels, interval_p_value, paired_difference

from .queries import win_rates
from .runs import AnalysisError

HOLDS, DIFFERS, TOO_FEW = "holds", "differs", "too few games"
MIN_SEATS = 30          # reference seats a group needs for a status other than "too few games"
ALPHA = 0.05
KEY = ("game", "seat")  # a seat's row in every run of the check
NAMED = 5               # groups that differ named in the first screen's line (the table has them all)


def _side(low, high, null):
    """+1 above the null beyond chance, -1 below it, 0 within chance."""
    if low is None or high is None:
        return 0
    return 1 if low > null else -1 if high < null else 0


def _sign(x):
    return (x > 0) - (x < 0)


def status(reference_seats, fast, reference, diff, min_effect) -> str:
    """The status of one group. `fast` and `reference` are (estimate - null, side), side
    +1/-1/0 as _side; `diff` is (difference, ci_low, ci_high) at the Holm-matched level."""
    if reference_seats < MIN_SEATS or diff[0] is None:
        return TOO_FEW
    beyond = diff[1] > 0 or diff[2] < 0
    if (beyond and abs(diff[0]) >= min_effect) or fast[1] * reference[1] == -1:
        return DIFFERS
    same_sign = _sign(fast[0]) * _sign(reference[0]) >= 0 or min(abs(fast[0]), abs(reference[0])) < min_effect
    if same_sign and fast[1] == reference[1]:
        return HOLDS
    return TOO_FEW


def _label(row, keys):
    return " / ".join(str(row[k]) for k in keys)


def _with_statuses(rows, alpha, min_effect):
    """Holm over every row's paired difference, then each row's interval and status."""
    p_values = [1.0 if r["_at"] is None else interval_p_value(r["_at"]) for r in rows]
    for r, p_holm, level in zip(rows, holm(p_values), holm_levels(p_values, alpha)):
        at = r.pop("_at")
        r["ci_low"], r["ci_high"] = at(level) if at is not None else (None, None)
        r["p_holm"] = p_holm
        r["status"] = status(r["reference_n"], r.pop("_fast"), r.pop("_reference"),
                             (r["difference"], r["ci_low"], r["ci_high"]), min_effect)
    return rows


def _paired(n, sum_d, sum_d2):
    """(difference, interval at level a) of a paired mean, or (None, None) with no data."""
    if not n or n < 2:
        return None, None
    return sum_d / n, (lambda a: paired_difference(n, sum_d, sum_d2, a)[1:3])


def _same_deals(frames, what):
    """The seats every run dealt alike: an AnalysisError naming the first seat that differs."""
    base = frames[0]
    for other in frames[1:]:
        joined = base.join(other, on=list(KEY), how="inner", suffix="_other")
        for column in ("faction", "mat", "players"):
            if column in base.columns and f"{column}_other" in joined.columns:
                bad = joined.filter(pl.col(column) != pl.col(f"{column}_other"))
                if bad.height:
                    row = bad.row(0, named=True)
                    raise AnalysisError(f"{what}: game {row['game']} seat {row['seat']} was dealt "
                                        f"{row[column]} in one run and {row[f'{column}_other']} in the other, "
                                        "so the runs did not play the same deals: play the reference with the "
                                        "run's own seed and config")


def _seat_frame(run, games, keys):
    columns = list(dict.fromkeys([*KEY, *keys, "faction", "mat", "players", "winner"]))
    present = run.seats().collect_schema().names()
    return (run.first(games).seats().select([c for c in columns if c in present])
            .with_columns(pl.col("winner").cast(pl.Int32)).collect(engine="streaming"))


def check_rates(fast, reference, groupings, alpha=ALPHA, min_effect=0.02) -> pl.DataFrame:
    """One row per group of every grouping (each a tuple of seat columns): by, group,
    fast_n, fast_rate, fast_low, fast_high, parity, reference_n, reference_rate,
    reference_low, reference_high, paired_n, difference (reference - fast over the
    deals both played), ci_low, ci_high (Holm-matched over all rows), p_holm, status.
    `fast` and `reference` are analysis.runs.Run; the reference run plays the fast run's
    first deals."""
    games = reference.manifest["games"]
    if games > fast.manifest["games"]:
        raise AnalysisError(f"the reference run has {games:,} games but the run only {fast.manifest['games']:,}: "
                            "the reference plays the run's first deals")
    keys_all = [k for keys in groupings for k in keys]
    frames = [_seat_frame(fast, games, keys_all), _seat_frame(reference, games, keys_all)]
    _same_deals(frames, "the reference check")
    joined = frames[0].join(frames[1].select(*KEY, pl.col("winner").alias("winner_reference")), on=list(KEY))
    d = pl.col("winner_reference") - pl.col("winner")
    rows = []
    for keys in groupings:
        keys = list(keys)
        fast_rates = win_rates(fast.seats(), keys)
        reference_rates = win_rates(reference.seats(), keys)
        sums = joined.group_by(keys).agg(pl.len().alias("n"), d.sum().alias("s"), (d * d).sum().alias("s2"))
        table = (fast_rates.join(reference_rates, on=keys, how="left", suffix="_reference")
                 .join(sums, on=keys, how="left").sort(keys))
        for r in table.iter_rows(named=True):
            diff, at = _paired(r["n"], r["s"], r["s2"])
            parity = r["parity"]
            reference_rate = r["win_rate_reference"]
            rows.append({
                "by": ",".join(keys), "group": _label(r, keys),
                "fast_n": r["seats"], "fast_rate": r["win_rate"], "fast_low": r["ci_low"],
                "fast_high": r["ci_high"], "parity": parity,
                "reference_n": r["seats_reference"] or 0, "reference_rate": reference_rate,
                "reference_low": r["ci_low_reference"], "reference_high": r["ci_high_reference"],
                "paired_n": r["n"] or 0, "difference": diff, "_at": at,
                "_fast": (r["win_rate"] - parity, _side(r["ci_low"], r["ci_high"], parity)),
                "_reference": (0.0 if reference_rate is None else reference_rate - parity,
                               _side(r["ci_low_reference"], r["ci_high_reference"], parity))})
    return pl.DataFrame(_with_statuses(rows, alpha, min_effect), schema=RATE_SCHEMA)


def check_shifts(fast_base, fast_candidate, reference_base, reference_candidate, fast_table, groupings,
                 alpha=ALPHA, min_effect=0.02) -> pl.DataFrame:
    """The comparison's version of check_rates: per group the fast shift (from
    `fast_table`, compare_runs' rows of the fast runs, with by and group columns), the
    reference shift (the reference runs compared seat by seat), and their difference seat
    by seat over the deals all four runs played, with the same statuses (0 in place of
    parity)."""
    games = min(reference_base.manifest["games"], reference_candidate.manifest["games"])
    keys_all = [k for keys in groupings for k in keys]
    runs = (fast_base, fast_candidate, reference_base, reference_candidate)
    frames = [_seat_frame(run, games, keys_all) for run in runs]
    _same_deals(frames, "the reference check")
    names = ("fb", "fc", "rb", "rc")
    joined = frames[0].rename({"winner": "fb"})
    for name, frame in zip(names[1:], frames[1:]):
        joined = joined.join(frame.select(*KEY, pl.col("winner").alias(name)), on=list(KEY))
    joined = joined.with_columns((pl.col("rc") - pl.col("rb")).alias("ref_shift"),
                                 ((pl.col("rc") - pl.col("rb")) - (pl.col("fc") - pl.col("fb"))).alias("d"))
    rows = []
    for keys in groupings:
        keys = list(keys)
        by = ",".join(keys)
        sums = (joined.group_by(keys)
                .agg(pl.len().alias("n"), pl.col("ref_shift").sum().alias("rs"),
                     (pl.col("ref_shift") ** 2).sum().alias("rs2"), pl.col("d").sum().alias("s"),
                     (pl.col("d") ** 2).sum().alias("s2")).sort(keys))
        fast_rows = {r["group"]: r for r in fast_table.filter(pl.col("by") == by).iter_rows(named=True)}
        for r in sums.iter_rows(named=True):
            group = _label(r, keys)
            fast = fast_rows.get(group)
            if fast is None or fast["difference"] is None:
                continue
            shift, shift_at = _paired(r["n"], r["rs"], r["rs2"])
            low, high = shift_at(alpha) if shift_at is not None else (None, None)
            diff, at = _paired(r["n"], r["s"], r["s2"])
            rows.append({
                "by": by, "group": group, "fast_n": fast["candidate_n"], "fast_shift": fast["difference"],
                "fast_low": fast["ci_low"], "fast_high": fast["ci_high"], "reference_n": r["n"],
                "reference_shift": shift, "reference_low": low, "reference_high": high,
                "paired_n": r["n"], "difference": diff, "_at": at,
                "_fast": (fast["difference"], _side(fast["ci_low"], fast["ci_high"], 0.0)),
                "_reference": (shift or 0.0, _side(low, high, 0.0))})
    return pl.DataFrame(_with_statuses(rows, alpha, min_effect), schema=SHIFT_SCHEMA)


def _schema(names, ints=(), strings=("by", "group", "status")):
    return {n: pl.String if n in strings else pl.Int64 if n in ints else pl.Float64 for n in names}


RATE_SCHEMA = _schema(("by", "group", "fast_n", "fast_rate", "fast_low", "fast_high", "parity", "reference_n",
                       "reference_rate", "reference_low", "reference_high", "paired_n", "difference", "ci_low",
                       "ci_high", "p_holm", "status"), ints=("fast_n", "reference_n", "paired_n"))
SHIFT_SCHEMA = _schema(("by", "group", "fast_n", "fast_shift", "fast_low", "fast_high", "reference_n",
                        "reference_shift", "reference_low", "reference_high", "paired_n", "difference", "ci_low",
                        "ci_high", "p_holm", "status"), ints=("fast_n", "reference_n", "paired_n"))


def headline(table, games, player="search") -> str:
    """The first screen's line: how many groups hold, and which differ."""
    counts = {s: table.filter(pl.col("status") == s)["group"].to_list() for s in (HOLDS, DIFFERS, TOO_FEW)}
    line = (f"Checked against the reference ({games:,} `{player}` games on the same deals): "
            f"{len(counts[HOLDS])} of {table.height} groups hold")
    if counts[DIFFERS]:
        named = counts[DIFFERS][:NAMED]
        more = len(counts[DIFFERS]) - len(named)
        line += f"; differ: {', '.join(named)}" + (f" and {more} more" if more else "")
    if counts[TOO_FEW]:
        line += f"; too few games to tell: {len(counts[TOO_FEW])}"
    return line + "."


def unchecked_line(games, cpu_minutes, command="--reference") -> str:
    """The first screen's line when no reference was played."""
    return (f"Verdicts from the fast players, not checked against the reference (`{command} {games:,}`, "
            f"about {minutes(cpu_minutes)} CPU-minutes).")


def minutes(m) -> str:
    """A duration in minutes as a reader wants it: "0.5", "4.2", "12", "1,250"."""
    return f"{m:,.1f}" if m < 10 else f"{m:,.0f}"


def summary(table, games, player="search") -> dict:
    """The fields the JSON answers carry: games, player, counts by status, the groups that differ."""
    return {"games": games, "player": player, "groups": table.height,
            **{s.replace(" ", "_"): table.filter(pl.col("status") == s)["group"].to_list()
               for s in (HOLDS, DIFFERS, TOO_FEW)},
            "line": headline(table, games, player)}


CONFIRMED, NOT_CONFIRMED, UNDECIDED = "confirmed", "not confirmed", "undecided"


def confirm_rows(reference_base, reference_candidate, decided, alpha=ALPHA, min_effect=0.02) -> list:
    """`check --confirm`: each group the fast players decided shifted, re-tested on the
    reference runs of the base and the candidate (the same deals, the reference player in
    every seat), seat by seat, Holm over the decided groups. `decided` is a list of dicts
    with by (the grouping, "faction" or "faction,mat"), group ("crimea", "crimea /
    patriotic") and difference (the fast shift, a fraction). Per group: the reference's
    shift and its Holm-matched interval, and a verdict:
    - confirmed: the interval excludes 0 on the fast shift's side;
    - not confirmed: in the fast shift's direction the whole interval stays under
      min_effect (the reference shows no shift that counts), or it excludes 0 on the
      other side;
    - undecided: neither (more reference games would tell)."""
    games = min(reference_base.manifest["games"], reference_candidate.manifest["games"])
    groupings = list(dict.fromkeys(tuple(d["by"].split(",")) for d in decided))
    keys_all = [k for keys in groupings for k in keys]
    frames = [_seat_frame(run, games, keys_all) for run in (reference_base, reference_candidate)]
    _same_deals(frames, "the confirmation")
    joined = frames[0].join(frames[1].select(*KEY, pl.col("winner").alias("winner_candidate")), on=list(KEY))
    d = pl.col("winner_candidate") - pl.col("winner")
    sums = {}
    for keys in groupings:
        for r in joined.group_by(list(keys)).agg(pl.len().alias("n"), d.sum().alias("s"),
                                                 (d * d).sum().alias("s2")).iter_rows(named=True):
            sums[(",".join(keys), _label(r, keys))] = (r["n"], r["s"], r["s2"])
    rows = []
    for x in decided:
        n, s, s2 = sums.get((x["by"], x["group"]), (0, 0, 0))
        shift, at = _paired(n, s, s2)
        rows.append({"by": x["by"], "group": x["group"], "fast_shift": x["difference"], "seats": n,
                     "reference_shift": shift, "_at": at})
    p_values = [1.0 if r["_at"] is None else interval_p_value(r["_at"]) for r in rows]
    for r, p_holm, level in zip(rows, holm(p_values), holm_levels(p_values, alpha)):
        at = r.pop("_at")
        low, high = at(level) if at is not None else (None, None)
        r.update(ci_low=low, ci_high=high, p_holm=p_holm, verdict=_confirmation(r["fast_shift"], low, high,
                                                                                min_effect))
    return rows


def _confirmation(fast_shift, low, high, min_effect):
    if low is None:
        return UNDECIDED
    direction = 1 if fast_shift > 0 else -1
    toward_low, toward_high = sorted((direction * low, direction * high))
    if toward_low > 0:
        return CONFIRMED
    if toward_high < min_effect:
        return NOT_CONFIRMED
    return UNDECIDED


def confirmation(rows) -> str:
    """The check's answer: confirmed when some decided shift is confirmed, not confirmed
    when every one is not confirmed, undecided otherwise."""
    verdicts = [r["verdict"] for r in rows]
    if CONFIRMED in verdicts:
        return CONFIRMED
    if verdicts and all(v == NOT_CONFIRMED for v in verdicts):
        return NOT_CONFIRMED
    return UNDECIDED
