"""What `scythe-sim check` reads from its two runs at each look: per group, the number, sum
and sum of squares of the paired seat differences (candidate winner - base winner) over
the first N games, through the same paired sums as `compare` (compare.paired_sums).

Two conditions make those differences the sequence of independent observations the
check's confidence sequences need (scythe_sim/sequential.py), and both are checked on
the rows:
- the runs are paired (pairing.check_pairing): the same deals game for game;
- a game gives each group one seat at most (a faction, a mat, a seat, a turn position),
  so the group's observations come from different games. Seats of one game are tied (one
  winner a game), which a group holding several of them (a strategy two players play,
  a player count, a tile) would hide.
"""
import polars as pl

from scythe_sim.sequential import games_to_decide

from .compare import paired_sums
from .pairing import check_pairing
from .runs import AnalysisError, Run


def group_label(keys):
    """How a grouping is named: "faction", "faction,mat"."""
    return ",".join(keys)


def open_pair(base_dir, candidate_dir, games, hashes=True):
    """The two runs seen through their first `games` games, checked to be paired."""
    base, candidate = (Run(path, hashes=hashes).first(games) for path in (base_dir, candidate_dir))
    pairing = check_pairing(base, candidate)
    if not pairing.paired:
        raise AnalysisError(f"the base and candidate runs do not deal the same games "
                            f"({pairing.reason.removeprefix('unpaired: ')}): check measures a change on the same "
                            "deals; give both sides the same seed and setup, or compare the runs unpaired with "
                            "`scythe-sim compare`")
    return base, candidate, pairing


def check_groupings(run, groupings):
    """AnalysisError (one line) for a grouping a run lacks, or one a game can hold twice."""
    present = set(run.seats().collect_schema().names())
    for keys in groupings:
        missing = [k for k in keys if k not in present]
        if missing:
            raise AnalysisError(f"--by {group_label(keys)}: {run.game} runs have no seat column {missing[0]!r}")
        most = (run.seats().group_by("game", *keys).agg(pl.len().alias("n")).select(pl.col("n").max())
                .collect(engine="streaming").item())
        if most and most > 1:
            raise AnalysisError(f"--by {group_label(keys)}: a game seats {most} players of one group, whose "
                                "results are tied (one winner a game); check groups that give a game one seat "
                                "at most, e.g. faction, mat, faction,mat, seat or turn_order")


def look_sums(base, candidate, groupings):
    """{(grouping, group): (seats, sum, sum of squares)} of the paired differences, for
    each grouping (a tuple of seat columns) and each of its groups, e.g.
    ("faction,mat", "crimea / patriotic")."""
    out = {}
    for keys in groupings:
        sums = paired_sums(base, candidate, list(keys)).sort(list(keys))
        for row in sums.iter_rows(named=True):
            group = " / ".join(str(row[k]) for k in keys)
            out[(group_label(keys), group)] = (row["paired_n"], row["sum_d"], row["sum_d2"])
    return out


def verdict_rows(sequential):
    """The sequential check's rows (SequentialCheck.rows) with the group key split into
    `by` (the grouping) and `group`."""
    out = []
    for row in sequential.rows():
        by, group = row.pop("key")
        out.append({"by": by, "group": group, **row})
    return out


def plan_rows(sequential, pilot_games):
    """A plan from a pilot of `pilot_games` games (one look of `sequential`): per group the
    games after which it is decided with 80% probability if its pilot difference and
    variance are the true ones (as shifted or as equivalent), and the games a group of its
    variance needs to be called equivalent when it does not shift; and the largest of each."""
    rows, groups = [], len(sequential.groups)
    for row in verdict_rows(sequential):
        shift = row["difference"] or 0.0
        args = (row["variance"] or 0.0, row["seats"] / pilot_games, sequential.boundary, sequential.alpha, groups,
                sequential.min_effect)
        row.update(games_to_decide=games_to_decide(shift, *args), games_if_no_shift=games_to_decide(0.0, *args),
                   decided_as="equivalent" if abs(shift) < sequential.min_effect else "shifted")
        rows.append(row)
    needed = [r["games_to_decide"] for r in rows]
    games_needed = None if not needed or None in needed else max(needed)
    shifts = [r for r in rows if r["decided_as"] == "shifted" and r["games_to_decide"]]
    first = min(shifts, key=lambda r: r["games_to_decide"], default=None)
    expects_shift = any(r["decided_as"] == "shifted" for r in rows)
    return {"pilot_games": pilot_games, "rows": rows, **default_stop(first, expects_shift, games_needed),
            "games_needed": games_needed,
            "games_to_first_shift": first and first["games_to_decide"],
            "games_if_no_shift": max((r["games_if_no_shift"] or 0 for r in rows), default=None)}


def default_stop(first, expects_shift, games_needed):
    """Where the default check (--first-shift) is expected to stop: at the first shift (the
    plan row `first` that shifts soonest), or, when no group is expected to shift, once
    every group is equivalent (games_needed); `stops_after` None when neither comes within
    reach (a group sits at the margin)."""
    if first:
        return {"stops_after": first["games_to_decide"], "stops_when": "first shift",
                "first_shift_group": f"{first['by']} {first['group']}"}
    if not expects_shift:
        return {"stops_after": games_needed, "stops_when": "every group equivalent", "first_shift_group": None}
    return {"stops_after": None, "stops_when": "first shift", "first_shift_group": None}
