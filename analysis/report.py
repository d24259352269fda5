"""`scythe-sim report`: one or more runs turned into index.md, index.html, PNG figures
and CSV tables. The report is a list of blocks (headings, text, tables, figures)
rendered twice, as Markdown and as HTML. Each report has a folder of its own, which
records what it reports (report.json): a run's own report, <run>/report, and a
comparison of runs, <first run>/report-vs-<the others>, never replace each other."""
import html
import json
import os
import shutil

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (the backend is chosen first)
import polars as pl  # noqa: E402

from . import figures, mls, models, players, queries, reference_view, sections, summary  # noqa: E402
from . import price_view  # noqa: E402
from .compare import compare_runs  # noqa: E402
from .compare_view import what_differs  # noqa: E402
from .pairing import check_pairing, flat_config  # noqa: E402
from .runs import AnalysisError, Run  # noqa: E402
from .shown import (SORT_JS, cell_text, compare_block, contents_line, in_order, inline_html, interval_text,  # noqa: E402
                    linked_image, matrix, page_anchors, page_contents, pct_n, section_link, table_cells,
                    whole_percent)


MAX_COLUMNS = 9      # a table in index.md; wider ones show fewer columns (the CSV has them all)
MIN_EFFECT = 0.02   # the shift the report's comparisons count (2 points, compare's and check's default)
DPI = 110           # the figures' pixels per inch: a figure of w inches is w * DPI pixels wide at full size
RECORD = "report.json"   # beside index.md: the report's kind and runs, so another report never replaces it
# a difference of two win rates is written to the CSVs in percentage points, as the pages and
# compare's JSON give it (a rate stays a fraction): in a table holding a rate beside a difference,
# these columns and every other one named *diff* but a p-value (diff_ci_low, decided_difference...)
DIFFERENCE_COLUMNS = ("difference", "ci_low", "ci_high", "paired_ci_low", "paired_ci_high", "unpaired_ci_low",
                      "unpaired_ci_high", "mde")


def point_columns(frame) -> list:
    """The columns of `frame` that hold differences of win rates (DIFFERENCE_COLUMNS, or
    named *diff*), when the table holds a rate (a column named *rate*) beside a
    difference; none in any other table (a difference of game length is in rounds)."""
    names = frame.columns
    if not any(c.endswith("rate") for c in names) or not any("difference" in c for c in names):
        return []
    return [c for c, dtype in frame.schema.items() if dtype.is_float()
            and (c in DIFFERENCE_COLUMNS or ("diff" in c and not c.endswith("_p")))]


class Report:
    def __init__(self, out_dir):
        self.out_dir = out_dir
        self.written = []                  # the files of the report, in the order written
        self.blocks = []
        self.summary = summary.Summary()   # plain-words sentences, shown first (analysis/summary.py)
        self.warnings = []                 # lines shown above everything, under the title
        os.makedirs(out_dir, exist_ok=True)

    def heading(self, text, level=2):
        self.blocks.append(("heading", level, text))

    def text(self, text):
        self.blocks.append(("text", text))

    def table(self, name, frame, digits=3, shown=None, points=None):
        """A table saved as <name>.csv (the data: rates as fractions, differences of rates
        in percentage points: `points`, default point_columns) and shown (`shown`, default
        the same frame; analysis/shown.py formats differences in percentage points) with
        rates as percentages. Past MAX_COLUMNS the first ones are shown and the link says
        how many more the CSV holds (a section picks its columns so that none are cut)."""
        shown = frame if shown is None else shown
        points = point_columns(frame) if points is None else points
        frame.with_columns(pl.col(c) * 100 for c in points).write_csv(self._file(f"{name}.csv"))
        self.blocks.append(("table", name, table_cells(shown[:, :MAX_COLUMNS], digits),
                            max(shown.width - MAX_COLUMNS, 0)))

    def _file(self, name):
        self.written.append(name)
        return os.path.join(self.out_dir, name)

    def _picture(self):
        """(name, caption) of the figure that answers "is it balanced?": the first forest
        plot of two runs' differences by faction, else the first faction x mat heatmap."""
        figures_ = [b for b in self.blocks if b[0] == "figure"]
        for wanted in (lambda n: n.startswith("compare_") and n.endswith("_by_faction"), lambda n: "heatmap" in n):
            found = next((b for b in figures_ if wanted(b[1])), None)
            if found:
                return found[1], found[2]
        return None

    def figure(self, name, fig, caption):
        fig.tight_layout()
        fig.savefig(self._file(f"{name}.png"), dpi=DPI)
        plt.close(fig)
        self.blocks.append(("figure", name, caption))

    def picture(self, path, caption, link=None):
        """A picture file already in the report folder (an SVG), with an optional link."""
        self.written.append(path)
        self.blocks.append(("picture", path, caption, link))

    def write(self):
        # the page (HTML) leads with a contents line under the title, the answer at a glance
        # beside its main figure, then the players line and the full sentences under "In
        # detail"; index.md keeps the sentences first, the glance after them
        lead = []
        if self.summary:
            glance = self.summary.glance_lines()
            lead = [("heading", 2, "Summary")]
            if glance:
                lead += [("glance", glance, self._picture())]
            lead += [("text", self.summary.first)] if self.summary.first else []
            lead += [("detail", self.summary.lines())]
        # the title, any warning (a run with bad games: before everything else), the contents
        blocks = self.blocks[:1] + [("text", line) for line in self.warnings] + [("contents",)] + lead \
            + self.blocks[1:]
        anchors = page_anchors(blocks)
        md, body, glance_md = [], [], []
        for k, block in enumerate(blocks):
            kind = block[0]
            if kind == "heading":
                md.append(f"{'#' * block[1]} {block[2]}\n")
                body.append(f"<h{block[1]} id='{anchors[k]}'>{html.escape(block[2])}</h{block[1]}>")
            elif kind == "contents":    # links to the sections, when the page has some
                if page_contents(blocks, anchors):
                    md.append(contents_line(blocks, anchors, lambda text, anchor: f"[{text}](#{anchor})") + "\n")
                    body.append(f"<nav class='contents'>{contents_line(blocks, anchors, section_link)}</nav>")
            elif kind == "text":
                md.append(block[1] + "\n")
                body.append(f"<p>{inline_html(block[1])}</p>")
            elif kind == "list":
                md.extend(f"- {line}" for line in block[1])
                md.append("")
                body.append("<ul>" + "".join(f"<li>{inline_html(line)}</li>" for line in block[1]) + "</ul>")
            elif kind == "glance":      # the answer: short lines, the main figure beside them (HTML)
                glance_md = ["At a glance:", *(f"* {line}" for line in block[1]), ""]
                picture = ""
                if block[2]:
                    picture = f"<figure class='lead'>{linked_image(block[2][0] + '.png', block[2][1])}</figure>"
                body.append("<div class='glance'><ul>" + "".join(f"<li>{inline_html(line)}</li>" for line in block[1])
                            + f"</ul>{picture}</div>")
            elif kind == "detail":      # the full sentences: first in index.md, under "In detail" on the page
                md.extend(f"- {line}" for line in block[1])
                md.append("")
                md.extend(glance_md)
                body.append("<h3>In detail</h3><ul>" + "".join(f"<li>{inline_html(line)}</li>" for line in block[1])
                            + "</ul>")
            elif kind == "table":
                frame = block[2]
                cols = frame.columns
                md.append("| " + " | ".join(cols) + " |\n|" + "---|" * len(cols))
                md.extend("| " + " | ".join(cell_text(v, c) for v, c in zip(row, cols)) + " |"
                          for row in frame.iter_rows())
                more = f" ({block[3]} more columns there)" if block[3] else ""
                md.append(f"\n[{block[1]}.csv]({block[1]}.csv){more}\n")
                head = "".join(f"<th title='sort'>{html.escape(c)}</th>" for c in cols)
                rows = "".join("<tr>" + "".join(f"<td>{html.escape(cell_text(v, c))}</td>" for v, c in zip(row, cols))
                               + "</tr>" for row in frame.iter_rows())
                body.append(f"<table class='sortable'><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"
                            f"<p><a href='{block[1]}.csv'>{block[1]}.csv</a>{html.escape(more)}</p>")
            elif kind == "picture":
                more = f" ([step through the game]({block[3]}))" if block[3] else ""
                md.append(f"[![{block[2]}]({block[1]})]({block[1]}){more}\n")
                link = f" <a href='{block[3]}'>Step through the game</a>" if block[3] else ""
                body.append(f"<figure>{linked_image(block[1], block[2], link)}</figure>")
            else:
                md.append(f"[![{block[2]}]({block[1]}.png)]({block[1]}.png)\n")
                body.append(f"<figure>{linked_image(block[1] + '.png', block[2])}</figure>")
        with open(self._file("index.md"), "w", encoding="utf-8") as fh:
            fh.write("\n".join(md) + "\n")
        # 1300 px of page: at a 1400 px window the glance's figure (the heatmap) gets about
        # 800 px, enough for its cells' text (figures.HEATMAP_FONT) to read at 12 px or more
        style = ("body{font-family:sans-serif;max-width:1300px;margin:auto;padding:0 8px}"
                 "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 6px;text-align:right}"
                 "th{cursor:pointer;background:#f3f3f3}img{max-width:100%}li{margin:4px 0}"
                 ".contents{line-height:1.6;margin:8px 0 16px}"
                 ".glance{display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start}"
                 ".glance ul{flex:1 1 340px;font-size:1.1em}.glance li{margin:10px 0}"
                 ".glance figure{flex:2 1 560px;margin:0}")
        with open(self._file("index.html"), "w", encoding="utf-8") as fh:
            fh.write(f"<!doctype html><html><head><meta charset='utf-8'><title>scythe-sim report</title>"
                     f"<style>{style}</style></head><body>{''.join(body)}<script>{SORT_JS}</script>"
                     "</body></html>\n")


def default_folder(run_dirs) -> str:
    """Where the report of these runs goes unless told: a run's own report in <run>/report;
    several runs' in a folder of their own beside it, <first run>/report-vs-<second>[-<third>...],
    so a comparison never replaces the first run's report, nor that report the comparison."""
    if len(run_dirs) == 1:
        return os.path.join(run_dirs[0], "report")
    others = "-".join(os.path.basename(os.path.normpath(path)) for path in run_dirs[1:])
    return os.path.join(run_dirs[0], f"report-vs-{others}")


def _what(record) -> str:
    names = [os.path.basename(os.path.normpath(path)) for path in record["runs"]]
    if record["kind"] == "run":
        return f"the report of {names[0]} alone"
    return f"the comparison of {' and '.join(names[1:])} against {names[0]}"


def _record(run_dirs) -> dict:
    return {"kind": "run" if len(run_dirs) == 1 else "comparison",
            "runs": [os.path.realpath(path) for path in run_dirs]}


def report_folder(run_dirs, out_dir=None) -> str:
    """The folder the report of these runs goes to: `out_dir`, else default_folder. Refused
    (one line naming the way out) when it is a run's folder, or holds a report of other runs
    or of another kind (its report.json says so); the same report of the same runs is
    written again there, as is a folder a report of an older version left without a record."""
    folder = out_dir or default_folder(run_dirs)
    fix = (f"drop --out (this report's own folder is {default_folder(run_dirs)}) or give another folder"
           if out_dir else "give it a folder of its own with --out")
    if os.path.exists(os.path.join(folder, "manifest.json")):
        raise AnalysisError(f"{folder} is a run's folder, not a report's: {fix}")
    try:
        with open(os.path.join(folder, RECORD), encoding="utf-8") as fh:
            held = json.load(fh)
        held = {"kind": held["kind"], "runs": list(held["runs"])}
    except (OSError, ValueError, KeyError, TypeError):
        return folder
    wanted = _record(run_dirs)
    if held != wanted:
        raise AnalysisError(f"{folder} holds {_what(held)}, which this report ({_what(wanted)}) would replace: "
                            f"{fix}")
    return folder


def build_report(run_dirs, out_dir=None, shown_game=None):
    """Write the report of these runs into `out_dir` (default: default_folder) and return
    the path of its index.md (write_report returns its summary too)."""
    return write_report(run_dirs, out_dir, shown_game)["index"]


def write_report(run_dirs, out_dir=None, shown_game=None, reference=None) -> dict:
    """Write the report of these runs (the first is the base of the side-by-side part):
    a summary in plain words first, then with several runs their differences, then each
    run's own sections and the provenance with each run's config and rules. shown_game:
    (game number, a folder of its pictures, one per turn, and their stepping page) shows
    that game of the first run at its end (`report --show-game`). Returns what it wrote:
    the kind, the folder, index.md and index.html, the runs, the lines at a glance and the
    summary's sentences, the warnings and every file (`scythe-sim report --format json`).
    reference: {"games": N, "player": name, "folders": [each run's reference run]} checks
    each run's verdicts against the reference player (analysis/reference.py), or {"line":
    text} says at a glance that they were not checked."""
    runs = [Run(path) for path in run_dirs]
    out_dir = report_folder(run_dirs, out_dir)
    report = Report(out_dir)
    report.heading("scythe-sim balance report", 1)
    report.warnings.extend(line for line in map(bad_games_line, runs) if line)
    report.summary.first = players.line(runs)
    same = _side_by_side(report, runs) if len(runs) > 1 else set()
    checked = []
    for k, run in enumerate(runs):
        prefix = f"run{k + 1}_" if len(runs) > 1 else ""
        if run.game == mls.GAME:
            mls.run_sections(report, run, prefix)
            _strength_sections(report, run.seats(), prefix, mls.FACTORS, mls.STRENGTH_TEXT)
        else:
            _run_sections(report, run, prefix, runs[0].name if run.name in same else None)
        if reference and reference.get("folders"):
            checked.append(reference_view.run_section(report, run, reference, k, prefix, len(runs) > 1,
                                                      MIN_EFFECT))
    if reference and not reference.get("folders"):
        report.summary.short("standard", [reference["line"]])
    if len(runs) == 1:
        for lines in sections.each("base_hint", runs[0]):
            report.summary.add("variant", lines)
    if shown_game is not None:
        _shown_game(report, runs[0], *shown_game)
    _provenance(report, runs)
    report.write()
    record = _record(run_dirs)
    with open(report._file(RECORD), "w", encoding="utf-8") as fh:
        json.dump({**record, "names": [run.name for run in runs]}, fh, indent=1)
    return {"kind": record["kind"], "folder": out_dir, "index": os.path.join(out_dir, "index.md"),
            "html": os.path.join(out_dir, "index.html"),
            "runs": [{"name": run.name, "path": run.path, "games": run.manifest["games"]} for run in runs],
            "players": report.summary.first, "glance": report.summary.glance_lines(),
            "summary": report.summary.lines(), "warnings": report.warnings, "files": report.written,
            "reference": checked or ({"checked": False, "line": reference["line"]} if reference else None)}



def bad_games_line(run):
    """The report's first line when the run left games out on a simulator bug, else None."""
    bad = run.manifest.get("bad_games", 0)
    if not bad:
        return None
    return (f"Warning: {bad:,} of {run.manifest['games']:,} games of {run.name} stopped on a simulator bug and "
            f"are left out of every figure here: {run.path}/bad_games lists them with their reproducers "
            "(please report them).")


def _shown_game(report, run, game, pictures):
    """The chosen game's last picture, and its stepping page, copied into the report."""
    folder = f"game-{game}"
    target = os.path.join(report.out_dir, folder)
    shutil.rmtree(target, ignore_errors=True)
    shutil.copytree(pictures, target)
    last = sorted(name for name in os.listdir(target) if name.endswith(".svg"))[-1]
    report.heading(f"Game {game} at its end")
    report.text(f"Game {game} of {run.name}, replayed from its stored seed: the board and each player's "
                "standing after the last turn.")
    report.picture(f"{folder}/{last}", f"game {game} at its end", f"{folder}/index.html")


def _provenance(report, runs):
    report.heading("Provenance")
    rows = [{"run": r.name, "path": r.path, "games": r.manifest["games"], "root_seed": r.manifest["root_seed"],
             "variant": r.manifest.get("variant"), "ruleset": r.manifest.get("ruleset"),
             "data_sha256": r.manifest.get("data_sha256"), "config_hash": r.manifest["config_hash"],
             "versions": ", ".join(f"{k} {v}" for k, v in sorted(r.manifest["versions"].items()))}
            for r in runs]
    full = pl.DataFrame(rows)      # the CSV keeps every value whole; the page shortens the long ones
    report.table("provenance", full, shown=full.with_columns(
        pl.col(c).map_elements(_short, return_dtype=pl.String) for c in ("ruleset", "data_sha256")
        if full.schema[c] == pl.String))
    report.heading("Config and rules of each run", 3)
    report.text("The config each run was played with (manifest.json), house rules as rules.<name>; a rule "
                "not listed plays its default from its game's data/rules.toml (scythe_sim/games/scythe/ or "
                "scythe_sim/games/mls/).")
    configs = [flat_config(r) for r in runs]
    fields = sorted(set().union(*configs))
    table = pl.DataFrame({"field": fields, **{f"{r.name} ({k + 1})": [_value(c.get(f), f) for f in fields]
                                             for k, (r, c) in enumerate(zip(runs, configs))}})
    report.table("config", table)


def _short(value):
    return value if not isinstance(value, str) or len(value) <= 16 else value[:12] + "..."


def _value(value, field=""):
    """A config value as the tables show it: a count with separators (games 20,000), a seed
    as it is typed."""
    if value is None:
        return "-"
    text = str(value)
    if isinstance(value, int) and not isinstance(value, bool) and not field.endswith("seed"):
        text = cell_text(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _side_by_side(report, runs):
    """Each later run against the first, first in the report: what differs between their
    configs and rule sets, then by faction, mat and faction x mat (MLS: by turn order,
    personality card and strategy) the difference of win rate as a forest plot and a
    table, with the paired interval when the two runs played the same deals, else the
    unpaired. Returns the names of the runs whose standard games are the first run's
    (the same deals, one of the two followed by All Out War)."""
    report.heading("Runs side by side: what changed against the first run")
    report.text("Differences are this run minus the first, in percentage points (pp), largest first. When "
                "both runs played the same deals game for game (same seed, same factions, mats and "
                "strategies in every seat) the difference is measured seat by seat with a paired "
                "interval, much narrower than the unpaired (Newcombe) one. The interval beside each verdict "
                "is the simultaneous one that matches its Holm correction (it excludes 0 exactly when the "
                "verdict is shift or below min effect); the unadjusted unpaired 95% interval is labelled so.")
    groups = mls.COMPARE_BY if runs[0].game == mls.GAME else ("faction", "mat", "faction,mat")
    same = set()
    for run in runs[1:]:
        pairing = check_pairing(runs[0], run)
        report.heading(f"{run.name} against {runs[0].name}", 3)
        differs = what_differs(runs[0], run)
        report.text("What differs between the two runs' configs, rule sets and versions:" if differs else
                    "The two runs' configs, rule sets and versions are the same.")
        if differs:
            report.table(f"differs_{run.name}", pl.DataFrame(
                {"field": [d[0] for d in differs], runs[0].name: [_value(d[1], d[0]) for d in differs],
                 run.name: [_value(d[2], d[0]) for d in differs]}))
        report.text(f"Verdict from the {pairing.method} interval; {pairing.reason}.")
        if any(sections.each("same_standard_games", report, runs[0], run, pairing)):
            same.add(run.name)
        for by in groups:
            keys = tuple(by.split(","))
            table = compare_runs(runs[0], run, by=keys, min_effect=MIN_EFFECT, pairing=pairing)
            name = f"compare_{run.name}_by_{by.replace(',', '_')}"
            if run.name not in same:
                report.summary.add("differences", summary.shifts(runs[0].name, run.name, table, by,
                                                                 pairing.method))
                if by != "faction,mat":
                    report.summary.short("differences", summary.glance_shifts(runs[0].name, run.name, table, by,
                                                                              MIN_EFFECT))
            compare_block(report, name, table, keys, f"{run.name} - {runs[0].name}: win rate by {by}",
                          f"difference of win rate by {by} with {pairing.method} simultaneous intervals (Holm)")
        sections.each("compare_sections", report, runs[0], run, pairing)
    return same


def _run_sections(report, run, prefix, same_as=None):
    """A Scythe run's part: a variant's own sections first (All Out War, The Wind
    Gambit's tiles), then the standard game's rates, tables and figures. `same_as`: the
    run whose standard games these are (the summary says so once instead of repeating
    that run's rates)."""
    seats, games = run.seats(), run.games()
    report.heading(f"Run {run.name}: {run.manifest['games']:,} games")
    report.text("Win rates count shared first places as wins; every rate has its number of seats (n) and a "
                "Wilson 95% interval; lift is the win rate over parity (1 / players on average).")
    sections.each("run_sections", report, run, prefix)
    label = sections.first("standard_label", run) or run.name

    def say(part, lines):
        if not same_as:
            report.summary.add(part, lines)
    if same_as:
        report.summary.add("standard", [f"{label}: the same standard games as {same_as}, so the same rates as "
                                        f"{same_as}'s."])
    tied = queries.ties(seats)
    for by, title in (("faction", "faction"), ("mat", "player mat"), ("players", "player count"),
                      ("turn_order", "turn order"), ("seat", "seat"), ("strategy", "strategy")):
        table = queries.win_rates(seats, by)
        report.heading(f"Win rate by {title}", 3)
        ordinal = by in ("players", "turn_order", "seat")
        if by in tied:
            report.text(summary.tie_note(by, *tied[by]))
        report.table(f"{prefix}win_rate_by_{by}", table,
                     shown=table if ordinal else table.sort("win_rate", descending=True))
        if by in ("faction", "mat", "strategy"):
            say("standard", summary.extremes(label, table, by, title))
            if by != "strategy" and not same_as:
                report.summary.short("standard", summary.glance_rates(label, table, by, f"{title}s"))
        elif by not in tied:      # a tied grouping is headlined from the joint model (_strength_sections)
            say("spread", summary.if_significant(label, table, by, title, ordered=True))
        if by in ("faction", "mat", "turn_order"):
            fig, ax = plt.subplots(figsize=(7, 3.5))
            figures.win_rate_bars(ax, table, by, f"win rate by {title} ({run.name})", sort=not ordinal)
            report.figure(f"{prefix}win_rate_by_{by}", fig, f"win rate by {title}, 95% intervals")
    pairs = queries.win_rates(seats, ["faction", "mat"]).filter(pl.col("seats") >= queries.MIN_CELL) \
        .with_columns(pl.format("{}/{}", "faction", "mat").alias("faction_mat"))
    say("spread", summary.if_significant(label, pairs, "faction_mat", f"faction x mat, cells of {queries.MIN_CELL} "
                                         "seats or more", False))
    counts = sorted(set(games.select("players").collect(engine="streaming")["players"].to_list()))
    if len(counts) > 1:
        _player_count_sections(report, run, seats, prefix)
    cells = queries.heatmap(seats)
    report.heading("Faction x mat", 3)
    report.text(f"Win rate of each faction with each mat, one matrix per player count (the CSV holds the long "
                f"table); cells with fewer than {queries.MIN_CELL} seats are marked 'too few' in the heatmap. "
                "The heatmap's colours diverge from parity (white): orange above, purple below.")
    say("cells", summary.small_cells(run.name, cells, queries.MIN_CELL))
    faction_order, mat_order = run.vocabulary("seats", "faction"), run.vocabulary("seats", "mat")
    for k, players in enumerate(counts):
        part = cells.filter(pl.col("players") == players)
        factions, mats = in_order(part, "faction", faction_order), in_order(part, "mat", mat_order)
        if len(counts) > 1:
            report.heading(f"Faction x mat, {players} players", 4)
        shown = matrix(part, "faction", "mat", pct_n(), factions, mats)
        report.table(f"{prefix}faction_mat" if k == 0 else f"{prefix}faction_mat_{players}p",
                     cells if k == 0 else part, shown=shown)
        fig, ax = plt.subplots(figsize=figures.heatmap_size(len(factions), len(mats)))
        figures.heatmap(ax, cells, players, factions, mats, queries.MIN_CELL)
        report.figure(f"{prefix}heatmap_{players}p", fig, f"faction x mat win rate, {players} players")
    price_view.run_section(report, run, prefix)      # a coin-handicap run's prices (docs/price.md)
    composition = queries.score_composition(seats)
    report.heading("Score composition by faction", 3)
    report.table(f"{prefix}score_composition", composition)
    fig, ax = plt.subplots(figsize=(7, 3.5))
    figures.stacked_scores(ax, composition, queries.SCORE_PARTS)
    report.figure(f"{prefix}score_composition", fig, "mean final score parts by faction")
    report.heading("Star kinds: how often and how early", 3)
    report.text("Share of each faction's seats (a column per faction) that placed each kind of star (a row "
                "per kind); the median game turn of the first one in the CSV.")
    stars = queries.star_kinds(seats)
    report.table(f"{prefix}star_kinds", stars, shown=matrix(
        stars, "star", "faction", whole_percent("share"), queries.STAR_KINDS, faction_order))
    report.heading("Game length and end reasons", 3)
    report.table(f"{prefix}game_length", queries.game_length(games))
    lengths = games.select("players", "rounds").collect(engine="streaming")
    if lengths.height:
        fig, ax = plt.subplots(figsize=(7, 3.2))
        figures.length_histogram(ax, lengths, f"game length ({run.name})")
        report.figure(f"{prefix}game_length", fig, "games by length in rounds, per player count")
    fit = _strength_sections(report, seats, prefix)
    for by, (partner, v) in tied.items():
        say("spread", summary.tied(label, by, partner, v, fit))
        if not same_as and by == "turn_order":
            report.summary.short("spread", summary.glance_tied(label, by, partner))


def _player_count_sections(report, run, seats, prefix):
    """A run that mixes player counts: each faction's and mat's win rate at each count
    (parity differs by count, so the lift is what compares across columns)."""
    report.heading("By player count", 3)
    report.text("Each cell: win rate (n seats) at that player count; the figure shows the lift, the win rate "
                "over that count's parity, so counts compare.")
    for by in ("faction", "mat"):
        table = queries.win_rates(seats, ["players", by])
        report.table(f"{prefix}{by}_by_players", table, shown=matrix(table, by, "players", pct_n()))
        fig, ax = plt.subplots(figsize=(7, 3.5))
        figures.lift_by_players(ax, table, by, f"lift by {by} and player count ({run.name})")
        report.figure(f"{prefix}{by}_by_players", fig, f"lift by {by} at each player count")


STRENGTH_TEXT = ("A conditional logit (Plackett-Luce on the first place) fitted to every factor at once, so "
                 "a mat's effect is not its turn position in disguise: exp(effect) (`odds x`) multiplies a "
                 "seat's odds of winning; effects are log-odds, centred within each factor; 95% intervals.")


def _strength_sections(report, seats, prefix, factors=models.FACTORS, text=STRENGTH_TEXT):
    """The joint strength model's table and figure, and strategy against strategy; returns
    the model's fit (factor, level, effect, ci_low, ci_high)."""
    columns = seats.select("game", "seat", *factors, "winner", "rank").collect(engine="streaming")
    fit = models.fit_first_place(columns, factors)
    report.heading("Joint strength model", 3)
    report.text(text)
    report.table(f"{prefix}strength_model", fit, shown=fit.select(
        "factor", "level", pl.col("effect").round(3),
        interval_text("ci_low", "ci_high", 3).alias("95% CI"),
        pl.col("effect").exp().map_elements(lambda v: f"{v:.2f}", return_dtype=pl.String).alias("odds x"))
        if fit.height else fit)
    if fit.height:
        fig, ax = plt.subplots(figsize=(7, 0.3 * fit.height + 1.2))
        figures.effects(ax, fit)
        report.figure(f"{prefix}strength_model", fig, "log-strength effects with 95% intervals")
    pairs = models.head_to_head(columns)
    report.heading("Strategy against strategy", 3)
    report.text("In games holding both, the share of the row strategy's seats that finished ahead of the "
                "column strategy's (ties count half); pairs and intervals in the CSV.")
    report.table(f"{prefix}strategy_matrix", pairs, shown=matrix(
        pairs, "strategy", "strategy_b", pl.format("{}%", (pl.col("ahead") * 100).round(1))) if pairs.height else None)
    return fit
