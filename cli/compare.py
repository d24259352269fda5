"""`scythe-sim compare`: has balance shifted between two runs?"""
import sys

import click


from .common import NO_VERIFY, Margins, points_option, records


@click.command()
@click.argument("base")
@click.argument("candidate")
@click.option("--by", multiple=True, help="Group: faction (Scythe's default), mat, faction,mat, personality, "
              "strategy, players, turn_order (My Little Scythe's default), seat, or a Wind Gambit tile: "
              "resolution_tile, airship_aggressive, airship_passive (a base run's games count under the tile "
              "the same game drew in the other run). `--by faction,mat` is the faction x mat cross (each pair "
              "a group); repeat --by to check each grouping (`--by faction --by mat`: both, one Holm family "
              "over all their groups, as in `check`).",
              type=click.Choice(["faction", "mat", "faction,mat", "personality", "strategy", "players",
                                 "turn_order", "seat", "resolution_tile", "airship_aggressive",
                                 "airship_passive"]))
@click.option("--alpha", type=click.FloatRange(0, 1, min_open=True, max_open=True), default=0.05,
              show_default=True, help="Family-wise error rate (Holm-corrected over the groups of every --by).")
@click.option("--min-effect", type=click.FloatRange(min=0, max=100), default=2.0, show_default=True,
              callback=points_option, help="Smallest shift that counts, in percentage points (2 = two points of "
                                          "win rate), as in `check`; 0 counts any shift beyond chance.")
@click.option("--outcome", default="winner", show_default=True, type=click.Choice(["winner", "war_winner"]),
              help="The win compared: the standard game's, or All Out War's (two war runs).")
@click.option("--fail", is_flag=True, help="Exit 1 when some group of some grouping shifted.")
@click.option("--format", "fmt", type=click.Choice(["text", "markdown", "json"]), default="text",
              show_default=True, help="text for a terminal, markdown for a pull-request comment, json for tools.")
@click.option("--allow-same", is_flag=True, help="Compare a run with itself (or a copy) instead of refusing.")
@click.option("--no-verify", is_flag=True, help=NO_VERIFY)
@click.option("--reference", "reference_games", type=click.IntRange(min=1), metavar="N",
              help="Check each shift against the reference player: both runs' first N deals played again with "
                   "it in every seat (kept beside the runs and reused), each group's fast shift beside the "
                   "reference's, with a status: holds, differs or too few games.")
@click.option("--workers", type=click.IntRange(min=1), default=None,
              help="Worker processes for --reference's games (default: every core).")
@records(margins=Margins)
def compare(base, candidate, by, margins, outcome, fail, fmt, allow_same, no_verify, reference_games, workers):
    """Compare win rates of a candidate run with a base run, group by group: paired
    (seat by seat) when both runs played the same deals (runs of different lengths, one
    grown with `run --extend-to`, on their common first games), unpaired otherwise. What
    differs between the runs' configs and rule sets is printed first; differences
    are in percentage points (pp), largest first.

    \b
    Example:
      scythe-sim compare results/base results/house-rule --by faction --by mat --fail
    """
    import shutil

    import polars as pl

    from analysis.compare import (FIXED_SAMPLE_NOTE, check_outcome, compare_groupings, default_groups,
                                  outcome_note)
    from analysis.compare_view import check_runs, detectable_note, render, what_differs
    from analysis.pairing import check_pairing
    from analysis.runs import Run

    alpha, min_effect = margins.alpha, margins.min_effect
    base_run, candidate_run = Run(base, hashes=not no_verify), Run(candidate, hashes=not no_verify)
    warnings = check_runs(base_run, candidate_run, allow_same)
    labels = list(dict.fromkeys(by)) or [",".join(default_groups(base_run))]
    groupings = [tuple(label.split(",")) for label in labels]
    check_outcome(base_run, candidate_run, outcome)
    pairing = check_pairing(base_run, candidate_run, list(dict.fromkeys(k for keys in groupings for k in keys)))
    tables = compare_groupings(base_run, candidate_run, groupings, alpha, min_effect / 100, pairing, outcome)
    note = outcome_note(base_run, candidate_run, outcome, pairing)
    power = detectable_note(pl.concat([t.select("mde") for t in tables]))
    shifted_by = {label: int(t["shifted"].sum()) for label, t in zip(labels, tables)}
    shifted = sum(shifted_by.values())
    over = "" if len(labels) == 1 else " (" + ", ".join(f"{label}: {n}" for label, n in shifted_by.items()) + ")"
    result = {"base": base_run.name, "candidate": candidate_run.name,
              "base_games": base_run.manifest["games"], "candidate_games": candidate_run.manifest["games"],
              "games_compared": pairing.games if pairing.paired else None,
              "warnings": warnings, "differences": what_differs(base_run, candidate_run),
              "what": "war win rate" if outcome == "war_winner" else "win rate", "by": " and ".join(labels),
              "groupings": labels, "method": pairing.method, "level": f"{1 - alpha:.0%}", "pairing": pairing.reason,
              "alpha": alpha, "min_effect_pp": min_effect, "shifted": shifted, "shifted_by": shifted_by,
              "tables": [{"by": label, "keys": keys, "table": t} for label, keys, t in zip(labels, groupings, tables)],
              "notes": [n for n in (note, f"verdict uses the {pairing.method} interval; {pairing.reason}", power)
                        if n],
              "interval_note": FIXED_SAMPLE_NOTE,
              "summary": f"{shifted} group(s) shifted by at least {min_effect:g} pp at alpha {alpha}{over}"}
    reference_lines = _reference(result, base_run, candidate_run, pairing, reference_games, workers, fmt, margins,
                                 outcome)
    click.echo(render(result, fmt, shutil.get_terminal_size((100, 24)).columns))
    if reference_lines:
        click.echo("\n".join(["", *reference_lines]))
    if fail and shifted:
        sys.exit(1)


def _reference(result, base_run, candidate_run, pairing, games, workers, fmt, margins, outcome):
    """result["reference"]: the shifts checked against the reference player (--reference N)
    for each grouping's table of result["tables"], or the line saying they were not; the
    lines text and markdown show after the table."""
    import os

    import polars as pl

    from analysis.reference import check_shifts
    from analysis.reference_view import json_fields, markdown_lines, text_lines
    from analysis.runs import Run
    from scythe_sim.errors import ScytheSimError

    from analysis.reference_view import unchecked

    from .reference_player import reference_runs

    if games is None:
        result["reference"] = unchecked([base_run.path, candidate_run.path])
        result["notes"].append(result["reference"]["line"])
        return []
    if not pairing.paired:
        raise ScytheSimError("--reference checks a paired comparison (the same deals): the runs are "
                             f"{pairing.reason}; drop --reference or compare runs of one seed")
    if outcome != "winner":
        raise ScytheSimError("--reference checks the standard game's win (--outcome winner): drop one of them")
    reference_dirs = reference_runs([base_run.path, candidate_run.path], games, workers or os.cpu_count() or 1,
                                    quiet=False)
    fast = pl.concat([g["table"].with_columns(pl.lit(g["by"]).alias("by"),
                                              pl.concat_str([pl.col(k).cast(pl.String) for k in g["keys"]],
                                                            separator=" / ").alias("group"))
                      .select("by", "group", "candidate_n", "difference", "ci_low", "ci_high")
                      for g in result["tables"]])
    groupings = [g["keys"] for g in result["tables"]]
    table = check_shifts(base_run, candidate_run, Run(reference_dirs[0]), Run(reference_dirs[1]), fast, groupings,
                         margins.alpha, margins.min_effect / 100)
    result["reference"] = json_fields(table, games)
    if fmt == "json":
        return []
    return (markdown_lines if fmt == "markdown" else text_lines)(table, games)
