"""The reference check shown: a table of rates (or shifts) in percent and points, the
report's section, and the text and Markdown the commands print (analysis/reference.py
computes what is shown)."""
import polars as pl

from .reference import DIFFERS, HOLDS, TOO_FEW, check_rates, headline, summary, unchecked_line
from .runs import Run
from .shown import decimal_text

STATUS_MEANING = {
    HOLDS: "the reference puts the group on the same side of parity with the same verdict",
    DIFFERS: "the reference's rate differs from the fast players' beyond chance by the minimum effect or more, "
             "or puts the group beyond chance on the other side of parity",
    TOO_FEW: "the reference's games cannot tell yet (its interval is too wide): give more --reference games",
}


def _percent(x):
    return "" if x is None else f"{decimal_text(100 * x)}%"


def _points(x):
    return "" if x is None else f"{decimal_text(100 * x, signed=True)} pp"


def _range(low, high, unit):
    if low is None or high is None:
        return ""
    show = _percent if unit == "%" else _points
    return f"{show(low)} to {show(high)}"


def shown(table) -> pl.DataFrame:
    """The check as the reader sees it: one row per group, rates in percent and the
    difference in points (a shift check shows shifts in points)."""
    shifts = "fast_shift" in table.columns
    rows = []
    for r in table.iter_rows(named=True):
        if shifts:
            fast = f"{_points(r['fast_shift'])} ({_range(r['fast_low'], r['fast_high'], 'pp')})"
            reference = f"{_points(r['reference_shift'])} ({_range(r['reference_low'], r['reference_high'], 'pp')})"
        else:
            fast = f"{_percent(r['fast_rate'])} ({_range(r['fast_low'], r['fast_high'], '%')})"
            reference = (f"{_percent(r['reference_rate'])} ({_range(r['reference_low'], r['reference_high'], '%')})"
                         if r["reference_rate"] is not None else "")
        rows.append({"by": r["by"], "group": r["group"], "fast": fast, "reference": reference,
                     "reference seats": f"{r['reference_n']:,}",
                     "difference": f"{_points(r['difference'])} ({_range(r['ci_low'], r['ci_high'], 'pp')})"
                     if r["difference"] is not None else "", "status": r["status"]})
    columns = ["by", "group", "fast", "reference", "reference seats", "difference", "status"]
    return pl.DataFrame(rows, schema={c: pl.String for c in columns})


def text_lines(table, games, player="search") -> list:
    """The check for a terminal: the headline, then a line per group."""
    frame = shown(table)
    widths = {c: max(len(c), *(len(v) for v in frame[c])) for c in frame.columns}
    out = [headline(table, games, player), "  ".join(c.ljust(widths[c]) for c in frame.columns)]
    out += ["  ".join(str(row[c]).ljust(widths[c]) for c in frame.columns).rstrip()
            for row in frame.iter_rows(named=True)]
    out.append("difference: reference minus fast, seat by seat on the same deals, at the Holm-matched level "
               "over every group shown")
    return out


def markdown_lines(table, games, player="search") -> list:
    frame = shown(table)
    out = [f"**{headline(table, games, player)}**", "", "| " + " | ".join(frame.columns) + " |",
           "|" + "---|" * frame.width]
    out += ["| " + " | ".join(str(v) for v in row) + " |" for row in frame.iter_rows()]
    return out


def add_section(report, table, games, player="search", prefix="", run_name=None):
    """The report's section for one run: the headline at a glance, then the table (CSV:
    rates as fractions, the difference and its interval in points) and what each status
    means."""
    line = headline(table, games, player)
    report.heading("Checked against the reference player" + (f": {run_name}" if run_name else ""))
    report.summary.short("standard", [f"{run_name}: {line}" if run_name else line])
    report.text(f"The run's first {games:,} deals played again with `{player}` in every seat (the same seeds, "
                "config and rules: only the players differ). Each group's fast rate is the whole run's; the "
                "difference is the reference's rate minus the fast players', seat by seat over the deals both "
                "played, with its interval at the Holm-matched level over every group shown.")
    report.table(f"{prefix}reference_check", table, shown=shown(table), points=["difference", "ci_low", "ci_high"])
    report.text("; ".join(f"**{status}**: {meaning}" for status, meaning in STATUS_MEANING.items()) + ".")


def run_section(report, run, reference, k, prefix, named, min_effect) -> dict:
    """Run k of a report checked against its reference run (reference: {"games", "player",
    "folders"}, one folder per run): by faction, mat and turn position where the run has
    them; the section, and the JSON answer's fields."""
    groupings = [(c,) for c in ("faction", "mat", "turn_order") if c in run.seats().collect_schema().names()]
    table = check_rates(run, Run(reference["folders"][k]), groupings, min_effect=min_effect)
    add_section(report, table, reference["games"], reference["player"], prefix, run.name if named else None)
    return {"run": run.name, **json_fields(table, reference["games"], reference["player"])}


def _pp(x):
    return None if x is None else round(100 * x, 3)


def json_fields(table, games, player="search") -> dict:
    """The check for the JSON answers: the summary fields and a row per group, rates in
    percent and differences in points."""
    rows = []
    for r in table.iter_rows(named=True):
        rows.append({k: (_pp(v) if isinstance(v, float) else v) for k, v in r.items()})
    return {"checked": True, **summary(table, games, player), "rows": rows,
            "units": "rates in percent, shifts and differences in percentage points"}


def unchecked_fields(games, cpu_seconds, command="--reference") -> dict:
    """The JSON answers' fields when no reference was played: the line and its estimate."""
    return {"checked": False, "line": unchecked_line(games, cpu_seconds / 60, command),
            "suggested_games": games, "cpu_minutes": round(cpu_seconds / 60, 1)}


CONFIRM_MEANING = {
    "confirmed": "the reference's shift is beyond chance on the fast players' side",
    "not confirmed": "the reference shows no shift of the minimum effect in that direction (the fast players' "
                     "artefact)",
    "undecided": "the reference's games cannot tell yet: give more --confirm games",
}


def confirm_lines(confirm, fmt="text") -> list:
    """check --confirm's answer: the verdict, then a line per shifted group."""
    md = fmt == "markdown"
    head = (f"Reference ({confirm['games']:,} `{confirm['player']}` games a side on the same deals): "
            f"{confirm['verdict']} ({CONFIRM_MEANING[confirm['verdict']]})")
    out = [f"**{head}**" if md else head]
    if md:
        out += ["", "| group | fast shift | reference shift | interval | verdict |", "|---|---|---|---|---|"]
    for r in confirm["rows"]:
        cells = [f"{r['by']} {r['group']}", _points(r["fast_shift"]), _points(r["reference_shift"]),
                 _range(r["ci_low"], r["ci_high"], "pp"), r["verdict"]]
        out.append("| " + " | ".join(cells) + " |" if md else "  " + "  ".join(cells))
    out.append("reference shift: candidate minus base seat by seat, interval at the Holm-matched level over the "
               "shifted groups")
    return out


SUGGESTED = 1000        # the reference games an unchecked answer suggests (at most the run's)


def reference_player(game):
    """The game's reference player (its GameTools' Reference), or a ConfigError in one line
    for a game that has none."""
    from scythe_sim.errors import ConfigError
    from scythe_sim.runner.spec import tools_for

    player = tools_for(game).reference
    if player is None:
        raise ConfigError(f"{game} has no reference player: its verdicts come from its own players alone "
                          "(drop --reference)")
    return player


def unchecked(run_dirs) -> dict:
    """The JSON fields, and the line, of an answer checked against no reference: the games
    to suggest and their estimated CPU time, or that the game has no reference player."""
    from scythe_sim.errors import ConfigError
    from scythe_sim.runner import reference
    from scythe_sim.runner.spec import tools_for

    try:
        configs = [reference.run_config(d) for d in run_dirs]
    except ConfigError as exc:          # a run whose config cannot be played again: no estimate
        return {"checked": False, "line": "Verdicts from the fast players, not checked against the reference "
                                          f"({exc})."}
    if tools_for(configs[0].game).reference is None:
        return {"checked": False, "line": f"Verdicts from {configs[0].game}'s own players: the game has no "
                                          "reference player to check them against."}
    player = tools_for(configs[0].game).reference
    games = min([SUGGESTED] + [c.games for c in configs])
    seconds = sum(reference.cpu_seconds(reference.reference_config(c, games, player), player) for c in configs)
    return unchecked_fields(games, seconds)
