"""What `scythe-sim check` prints: the verdict table (per group: the paired difference,
its confidence-sequence interval, the games used, the smallest shift the check could
find there, the decision) and the answer, or a plan's estimates; as text for a
terminal, Markdown for a CI job summary or a pull-request comment, or JSON.
Differences are in percentage points (pp)."""
import json

from .compare_view import interval, pp

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
    """The check's result (a dict from cli/check.py) as text, markdown or json."""
    if fmt == "json":
        return json.dumps(result, indent=1, default=str)
    md = fmt == "markdown"
    out = [f"**{headline(result)}**" if md else headline(result), ""]
    out += [f"base: `{result['base']}`" if md else f"base: {result['base']}",
            f"candidate: `{result['candidate']}`" if md else f"candidate: {result['candidate']}"]
    out += [f"{'> ' if md else ''}{note}" for note in result["notes"]] + [""]
    out += _table(verdict_rows(result), VERDICT_COLUMNS, fmt)
    out += ["", method_line(result)]
    if result["outcome"] == "undecided":
        out += ["", undecided_line(result)]
    return "\n".join(out)


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


def render_plan(result, fmt="text"):
    """A plan (cli/check.py --plan) as text, markdown or json."""
    if fmt == "json":
        return json.dumps(result, indent=1, default=str)
    md = fmt == "markdown"
    needed = result["games_needed"]
    first = (f"plan from a pilot of {result['pilot_games']:,} games: every group decided (80% each) after about "
             + (f"{needed:,} games" if needed else "more than 10^9 games (a shift at the minimum effect itself "
                "is never decided)")
             + f"; a group that does not shift is called equivalent within +-{result['min_effect_pp']:g} pp after "
               f"about {_games(result['games_if_no_shift'])}")
    out = [f"**{first}**" if md else first, ""]
    shift = result.get("games_to_first_shift")
    if shift:       # what the default check needs: it stops at the first shift
        out[1:1] = [f"the first shift found (80%) after about {shift:,} games, where the check stops by default "
                    "(--every-group decides every group)"]
    out += [f"{'> ' if md else ''}{note}" for note in result["notes"]] + [""]
    out += _table(plan_rows(result), PLAN_COLUMNS, fmt)
    out += ["", "estimates assume each group's pilot difference and variance are the true ones; a pilot is "
            "noisy, so read them as orders of magnitude"]
    return "\n".join(out)
