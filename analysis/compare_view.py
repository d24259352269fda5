"""What `scythe-sim compare` prints: the checks that keep it from misleading (the same
run twice, shared seeds under different rule sets), what differs between the two
runs' configs and rule sets (always printed first), and the table as text that fits
the terminal, as Markdown for a pull-request comment, or as JSON.

Differences are shown in percentage points (pp): a win rate of 24.0% against 22.5%
is +1.5 pp.
"""
import json
import os

from .pairing import run_differences
from .runs import AnalysisError

# manifest fields that name the rule set beside the config: the game data's checksum and
# whatever identity field a version adds (a name holding "hash" or "ruleset")
RULESET_FIELDS = ("variant", "ruleset", "data_sha256")
# the verdict column: a shift, a difference beyond chance but under --min-effect, nothing
SHIFT_CELLS = {"shift": "SHIFT", "below min effect": "< min", "no shift": ""}
FORMATS = ("text", "markdown", "json")


def _identity_fields(manifest):
    extra = sorted(k for k in manifest if ("hash" in k or "ruleset" in k) and k != "config_hash"
                   and not isinstance(manifest[k], (dict, list)))
    return list(dict.fromkeys([*RULESET_FIELDS, *extra]))


def what_differs(base, candidate):
    """[(field, base value, candidate value)]: labels, seeds, game counts and config fields
    (run_differences), then the rule-set identity fields and package versions."""
    out = run_differences(base, candidate)
    seen = {row[0] for row in out}
    for field in _identity_fields({**base.manifest, **candidate.manifest}):
        pair = (base.manifest.get(field), candidate.manifest.get(field))
        if field not in seen and pair[0] != pair[1]:
            out.append((field, *pair))
    versions = (base.manifest.get("versions", {}), candidate.manifest.get("versions", {}))
    for package in sorted(set(versions[0]) | set(versions[1])):
        pair = (versions[0].get(package), versions[1].get(package))
        if pair[0] != pair[1]:
            out.append((f"versions.{package}", *pair))
    return out


def _same_run(base, candidate):
    if os.path.realpath(base.path) == os.path.realpath(candidate.path):
        return f"both arguments are the same run folder ({base.path})"
    keys = ("config_hash", "root_seed", "games", "data_sha256")
    differs = [f for f, a, b in what_differs(base, candidate) if not f.startswith("versions.")]
    if not differs and all(base.manifest.get(k) == candidate.manifest.get(k) for k in keys):
        return (f"{base.path} and {candidate.path} are the same run (same config, seed, game count and "
                "game data): every difference is zero by construction")
    counts = (base.manifest.get("games"), candidate.manifest.get("games"))
    same_deals = all(base.manifest.get(k) == candidate.manifest.get(k) for k in ("root_seed", "data_sha256"))
    if differs == ["games"] and same_deals:
        # one run grown from the other (--extend-to): paired on the common games, which are the same games
        return (f"{base.path} and {candidate.path} are the same run at two lengths ({counts[0]:,} and "
                f"{counts[1]:,} games; same config, seed and game data): their common games are the same games, "
                "so every difference is zero by construction")
    return None


def check_runs(base, candidate, allow_same=False):
    """Warnings (lines) about what the comparison means; the same run twice is an
    AnalysisError unless allow_same (then a warning)."""
    warnings = []
    same = _same_run(base, candidate)
    if same and not allow_same:
        raise AnalysisError(f"{same}; compare two different runs, or pass --allow-same")
    if same:
        warnings.append(f"warning: {same}")
    elif base.manifest.get("root_seed") == candidate.manifest.get("root_seed"):
        ruleset = [f for f, a, b in what_differs(base, candidate)
                   if f in RULESET_FIELDS or f.startswith("rules.") or f in _identity_fields(base.manifest)]
        if ruleset:
            warnings.append(f"warning: both runs share root seed {base.manifest.get('root_seed')} under "
                            f"different rule sets ({', '.join(ruleset)}): they deal the same games, so the "
                            "differences below are that change's effect alone, measured on the same deals")
        if "data_sha256" in ruleset and base.manifest.get("config_hash") == candidate.manifest.get("config_hash"):
            warnings.append("warning: the configs are identical but the game data (scythe_sim/games/scythe/data) "
                            "differ: the data edit is the change measured")
    return warnings


def _points(x, sign=True):
    """A fraction as percent or points with one decimal, never "-0.0" (a value that rounds
    to zero prints as "0.0", without a sign)."""
    text = f"{100 * x:+.1f}" if sign else f"{100 * x:.1f}"
    return "0.0" if float(text) == 0 else text


def pp(x, sign=True):
    """A difference of rates in percentage points."""
    return "-" if x is None else f"{_points(x, sign)} pp"


def pct(x):
    return "-" if x is None else f"{_points(x, sign=False)}%"


def interval(low, high):
    return "-" if low is None else f"{_points(low)} to {_points(high)}"


def _shown(value, field=""):
    """A config value as a cell: counts with thousands separators (a seed is a name, as given)."""
    if isinstance(value, int) and not isinstance(value, bool) and "seed" not in field:
        return f"{value:,}"
    text = "-" if value is None else str(value)
    return text if len(text) <= 40 else text[:37] + "..."


def rows_for_display(table, keys, label=None):
    """The table's rows as text cells, largest difference first; `label` (the grouping,
    e.g. "mat") heads each group's name when several groupings share one table."""
    order = table.with_columns(table["difference"].abs().fill_null(-1).alias("_size")) \
        .sort("_size", descending=True)
    out = []
    for r in order.iter_rows(named=True):
        group = " / ".join(str(r[k]) for k in keys)
        out.append({"group": f"{label} {group}" if label else group, "_size": r["_size"],
                    "base": f"{pct(r['base_rate'])} (n={r['base_n']:,})",
                    "candidate": f"{pct(r['candidate_rate'])} (n={r['candidate_n']:,})",
                    "difference": pp(r["difference"]), "interval": interval(r["ci_low"], r["ci_high"]),
                    "unpaired": interval(r["unpaired_ci_low"], r["unpaired_ci_high"]),
                    "p": f"{r['p_holm']:.3g}", "mde": pp(r.get("mde"), sign=False),
                    "shift": SHIFT_CELLS[r["verdict"]]})
    return out


# a compare table's columns in points (differences) or percent (rates) in its JSON form
POINTS = ("difference", "ci_low", "ci_high", "unpaired_ci_low", "unpaired_ci_high", "paired_ci_low",
          "paired_ci_high", "mde")
PERCENTS = ("base_rate", "candidate_rate")


def json_rows(table, by=None, keys=None):
    """The table's rows for JSON: differences in percentage points (`difference_pp`, ...)
    and rates in percent (`base_rate_pct`, ...), the one unit of the commands' options.
    With `by` (the grouping's label, e.g. "faction,mat") and its `keys`, each row starts
    with the grouping it belongs to and its group's name ("crimea / patriotic")."""
    out = []
    for row in table.to_dicts():
        shown = {} if by is None else {"by": by, "group": " / ".join(str(row[k]) for k in keys)}
        for key, value in row.items():
            if key in POINTS or key in PERCENTS:
                key, value = key + ("_pp" if key in POINTS else "_pct"), None if value is None else 100 * value
            shown[key] = value
        out.append(shown)
    return out


def detectable_note(table):
    """One line: the smallest shifts the comparison would have found with 80% power (the
    table's `mde`), over its groups; None without any."""
    values = [v for v in table["mde"].to_list() if v is not None] if "mde" in table.columns else []
    if not values:
        return None
    low, high = pp(min(values), sign=False), pp(max(values), sign=False)
    span = low if low == high else f"{low} to {high}"
    return (f"detectable at 80% power with these games (mde): {span} over the groups; a smaller shift "
            "can go unseen")


def _text_table(rows, columns, width):
    """Plain aligned columns; columns are dropped from the right of `columns` until the
    table fits `width` (the group, difference and interval always stay)."""
    columns = list(columns)
    optional = [c for c in ("unpaired", "mde", "p", "candidate", "base") if c in columns]
    while True:
        widths = {c: max([len(c)] + [len(r[c]) for r in rows]) for c in columns}
        total = sum(widths.values()) + 2 * (len(columns) - 1)
        if total <= width or not optional:
            break
        columns.remove(optional.pop(0))
    lines = ["  ".join(c.ljust(widths[c]) if c == "group" else c.rjust(widths[c]) for c in columns)]
    for r in rows:
        lines.append("  ".join(r[c].ljust(widths[c]) if c == "group" else r[c].rjust(widths[c])
                               for c in columns))
    return [line.rstrip()[:width] for line in lines]


def _wrap(text, width, indent=""):
    words, lines, line = text.split(), [], ""
    for word in words:
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = indent + word
        else:
            line = f"{line} {word}" if line else word
    return lines + ([line] if line else [])


def render(result, fmt="text", width=None):
    """The comparison (a dict from cli compare) as text, markdown or json. result["tables"]
    holds one {"by": label, "keys": keys, "table": compare table} per grouping, decided as
    one Holm family; with several, each group's name starts with its grouping."""
    tables = result["tables"]
    if fmt == "json":
        rows = [row for t in tables for row in json_rows(t["table"], t["by"], t["keys"])]
        return json.dumps({k: v for k, v in result.items() if k != "tables"} | {"rows": rows}, indent=1,
                          default=str)
    width = width or 100
    several = len(tables) > 1
    rows = sorted((r for t in tables for r in rows_for_display(t["table"], t["keys"], t["by"] if several else None)),
                  key=lambda r: -r["_size"])
    columns = ["group", "base", "candidate", "difference", "interval", "unpaired", "p", "mde", "shift"]
    if result["method"] == "unpaired":
        columns.remove("unpaired")       # the verdict's interval already is the unpaired one
    over = "the groups of every grouping, one Holm family" if several else "the groups"
    header = (f"{result['what']} by {result['by']}: candidate - base in percentage points; "
              f"interval: {result['method']}, simultaneous over {over} (matches the Holm-corrected p and "
              f"the verdict); unpaired: unadjusted {result['level']}; SHIFT: beyond chance and at least "
              f"{result['min_effect_pp']:g} pp, < min: beyond chance but smaller")
    closing = [*result["notes"], result["interval_note"], result["summary"]]
    if fmt == "markdown":
        out = [f"**compare** `{result['base']}` ({result['base_games']:,} games) -> "
               f"`{result['candidate']}` ({result['candidate_games']:,} games)", ""]
        out += [f"> {w}" for w in result["warnings"]] + ([""] if result["warnings"] else [])
        if result["differences"]:
            out += ["| what differs | base | candidate |", "|---|---|---|"]
            out += [f"| {f} | {_shown(a, f)} | {_shown(b, f)} |" for f, a, b in result["differences"]] + [""]
        out += [header, "", "| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
        out += ["| " + " | ".join(r[c] for c in columns) + " |" for r in rows]
        out += ["", *closing]
        return "\n".join(out)
    out = [f"base {result['base']} ({result['base_games']:,} games), candidate {result['candidate']} "
           f"({result['candidate_games']:,} games)"]
    for warning in result["warnings"]:
        out += _wrap(warning, width, "  ")
    if result["differences"]:
        out.append("what differs:")
        out += [f"  {f}: {_shown(a, f)} -> {_shown(b, f)}"[:width] for f, a, b in result["differences"]]
    else:
        out.append("what differs: nothing in the configs, rule sets or versions")
    out += _wrap(header, width)
    out += _text_table(rows, columns, width)
    for line in closing:
        out += _wrap(line, width, "  ")
    return "\n".join(out)
