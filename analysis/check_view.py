"""What `scythe-sim check` prints: the verdict table (per group: the paired difference,
its confidence-sequence interval, the games used, the smallest shift the check could
find there, the decision) and the answer, or a plan's estimates; as text for a
terminal, Markdown for a CI job summary or a pull-request comment, or JSON.
Differences are in percentage points (pp)."""
import json
import os

from .compare_view import interval, pp

# check's line on why its interval is wider than `compare`'s on the same runs
ANYTIME_NOTE = ("why check and compare can differ: these are always-valid intervals, valid at every look "
                "and wider than one look's; `scythe-sim compare` on the same runs makes one fixed-sample look "
                "with narrower Holm intervals, so it may call a shift what this calls undecided")
ANSWERS = {"shifted": "SHIFTED", "equivalent": "EQUIVALENT", "undecided": "UNDECIDED"}
VERDICT_COLUMNS = ("group", "difference", "interval", "games", "p (Holm)", "mde", "decision")
PLAN_COLUMNS = ("group", "pilot difference", "interval", "variance", "games to decide", "as", "games if no shift")


def _games(n):
    return "-" if n is None else f"{n:,}"


def verdict_rows(result):
    """The verdict table's rows as text cells: shifted first, then undecided, then
    equivalent; largest difference first within each."""
    rank = {"shifted": 0, "undecided": 1, "equivalent": 2}
    rows = sorted(result["rows"], key=lambda r: (rank[r["decision"]], -abs(r["difference"] or 0)))
    return [{"group": f"{r['by']} {r['group']}", "difference": pp(r["difference"]),
             "interval": interval(r["ci_low"], r["ci_high"]), "games": _games(r["games"]),
             "p (Holm)": f"{r['p_holm']:.3g}", "mde": pp(r["mde"], sign=False), "decision": r["decision"]}
            for r in rows]


def headline(result):
    """One line: the answer and the counts behind it."""
    groups = len(result["rows"])
    count = {k: sum(r["decision"] == k for r in result["rows"]) for k in ANSWERS}
    return (f"{ANSWERS[result['outcome']]}: {count['shifted']} of {groups} groups shifted by at least "
            f"{result['min_effect_pp']:g} pp, {count['equivalent']} equivalent within +-{result['min_effect_pp']:g} pp, "
            f"{count['undecided']} undecided after {result['games']:,} games ({result['rounds']} round(s), "
            f"budget {result['max_games']:,})")


def method_line(result):
    groups = len(result["rows"])
    return (f"paired seat differences (candidate - base) on the same deals; intervals: always-valid "
            f"confidence sequences (valid at every look), simultaneous over the {groups} groups as Holm's "
            f"verdict is, and at {1 - result['alpha']:.0%} for an equivalent group; shifted: excludes 0 after "
            f"Holm and at least {result['min_effect_pp']:g} pp; equivalent: inside "
            f"+-{result['min_effect_pp']:g} pp; mde: the shift found with 80% power at the games used")


def _table(rows, columns, fmt):
    if fmt == "markdown":
        return ["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns),
                *("| " + " | ".join(r[c] for c in columns) + " |" for r in rows)]
    widths = {c: max([len(c)] + [len(r[c]) for r in rows]) for c in columns}

    def line(cells):
        return "  ".join(cells[c].ljust(widths[c]) if c == "group" else cells[c].rjust(widths[c])
                         for c in columns).rstrip()
    return [line({c: c for c in columns}), *(line(r) for r in rows)]


def render(result, fmt="text"):
    """The check's result (a dict from cli/check.py) as text, markdown or json. Markdown
    (a pull request's job summary) names the runs without absolute paths (shown_path)."""
    if fmt == "json":
        return json.dumps({**result, "interval_note": ANYTIME_NOTE}, indent=1, default=str)
    md = fmt == "markdown"
    out = [f"**{headline(result)}**" if md else headline(result), ""]
    out += [f"base: `{shown_path(result['base'])}`" if md else f"base: {result['base']}",
            f"candidate: `{shown_path(result['candidate'])}`" if md else f"candidate: {result['candidate']}"]
    out += [f"{'> ' if md else ''}{note}" for note in result["notes"]] + [""]
    out += _table(verdict_rows(result), VERDICT_COLUMNS, fmt)
    out += ["", method_line(result), ANYTIME_NOTE]
    if result["outcome"] == "undecided":
        out += ["", undecided_line(result)]
    return "\n".join(out)


def shown_path(path):
    """A run folder as a pull request may show it: relative to the current folder when
    below it, else the folder's own name (a cached run's is its key); never the absolute
    path of the machine that ran the check."""
    absolute, here = os.path.abspath(path), os.getcwd()
    if os.path.commonpath([absolute, here]) == here:
        return os.path.relpath(absolute, here)
    return os.path.basename(absolute.rstrip(os.sep))


def undecided_line(result):
    """What would decide an undecided check: the games its own estimate needs (what --plan
    gives), a wider margin, or fewer groups."""
    needed = result.get("to_decide")
    games = (f"about {needed:,} games a side (--max-games {needed:,}; `--plan` estimates it ahead)" if needed
             else "more games than any budget: a group sits at the margin itself (`--plan` says which)")
    wider = f"{2 * result['min_effect_pp']:g}"
    return (f"to decide: {games}; or a wider margin (--min-effect {wider}); or fewer groups (--by faction, "
            "or --by mat)")


def plan_rows(result):
    return [{"group": f"{r['by']} {r['group']}", "pilot difference": pp(r["difference"]),
             "interval": interval(r["ci_low"], r["ci_high"]),
             "variance": "-" if r["variance"] is None else f"{r['variance']:.3f}",
             "games to decide": _games(r["games_to_decide"]) if r["games_to_decide"] else "more than 10^9",
             "as": r["decided_as"], "games if no shift": _games(r["games_if_no_shift"])}
            for r in sorted(result["rows"], key=lambda r: -(r["games_to_decide"] or 10 ** 12))]


# the keys a plan's JSON leads with: where the default check stops, then every group's figure
PLAN_LEAD = ("stops_after", "stops_when", "first_shift_group", "games_needed", "games_if_no_shift")


def stop_line(result):
    """Where the default check stops (it stops at the first shift): the plan's first line."""
    games, margin = result.get("stops_after"), f"+-{result['min_effect_pp']:g} pp"
    lead = f"plan from a pilot of {result['pilot_games']:,} games: "
    if result.get("stops_when") == "every group equivalent":
        if not games:
            return (lead + "no group is expected to shift, and the check is not expected to stop before its "
                    f"budget (a group sits at the margin, {margin}: more than 10^9 games to call it equivalent)")
        return (lead + f"no group is expected to shift; the check stops when every group is equivalent within "
                f"{margin}, after about {games:,} games a side (80% each)")
    if not games:
        return (lead + "a group is expected to shift, but at the margin itself: the check is not expected to "
                "stop before its budget (more than 10^9 games)")
    return (lead + f"the check stops at its first shift (the default) after about {games:,} games a side "
            f"({result['first_shift_group']}, 80%)")


def every_group_line(result):
    """The --every-group figure: every group decided, and a group without a shift."""
    needed = result["games_needed"]
    return ("--every-group (every group decided, 80% each): about "
            + (f"{needed:,} games a side" if needed else "more than 10^9 games (a shift at the minimum effect "
               "itself is never decided)")
            + f"; a group that does not shift is called equivalent within +-{result['min_effect_pp']:g} pp after "
              f"about {_games(result['games_if_no_shift'])} games")


def render_plan(result, fmt="text"):
    """A plan (cli/check.py --plan) as text, markdown or json: where the default check stops
    first, then the every-group figure, then the per-group estimates."""
    if fmt == "json":
        lead = {k: result[k] for k in PLAN_LEAD if k in result}
        return json.dumps(lead | {k: v for k, v in result.items() if k not in lead}, indent=1, default=str)
    md = fmt == "markdown"
    first = stop_line(result)
    out = [f"**{first}**" if md else first, every_group_line(result), ""]
    out += [f"{'> ' if md else ''}{note}" for note in result["notes"]] + [""]
    out += _table(plan_rows(result), PLAN_COLUMNS, fmt)
    out += ["", "estimates assume each group's pilot difference and variance are the true ones; a pilot is "
            "noisy, so read them as orders of magnitude"]
    return "\n".join(out)
