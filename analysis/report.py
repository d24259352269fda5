"""`scythe-sim report`: one or more runs turned into index.md, index.html, PNG figures
and CSV tables. The report is a list of blocks (headings, text, tables, figures)
rendered twice, as Markdown and as HTML."""
import html
import os

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (the backend is chosen first)
import polars as pl  # noqa: E402

from . import figures, mls_report, models, queries, war  # noqa: E402
from .compare import compare_runs  # noqa: E402
from .pairing import check_pairing  # noqa: E402
from .runs import Run  # noqa: E402


class Report:
    def __init__(self, out_dir):
        self.out_dir = out_dir
        self.blocks = []
        os.makedirs(out_dir, exist_ok=True)

    def heading(self, text, level=2):
        self.blocks.append(("heading", level, text))

    def text(self, text):
        self.blocks.append(("text", text))

    def table(self, name, frame, digits=3):
        """A table shown in the report and saved as <name>.csv."""
        frame.write_csv(os.path.join(self.out_dir, f"{name}.csv"))
        shown = frame.with_columns([pl.col(c).round(digits) for c, t in frame.schema.items() if t.is_float()])
        self.blocks.append(("table", name, shown))

    def figure(self, name, fig, caption):
        fig.tight_layout()
        fig.savefig(os.path.join(self.out_dir, f"{name}.png"), dpi=110)
        plt.close(fig)
        self.blocks.append(("figure", name, caption))

    def write(self):
        md, body = [], []
        for block in self.blocks:
            kind = block[0]
            if kind == "heading":
                md.append(f"{'#' * block[1]} {block[2]}\n")
                body.append(f"<h{block[1]}>{html.escape(block[2])}</h{block[1]}>")
            elif kind == "text":
                md.append(block[1] + "\n")
                body.append(f"<p>{html.escape(block[1])}</p>")
            elif kind == "table":
                frame = block[2]
                cols = frame.columns
                md.append("| " + " | ".join(cols) + " |\n|" + "---|" * len(cols))
                md.extend("| " + " | ".join(_cell(v) for v in row) + " |" for row in frame.iter_rows())
                md.append(f"\n[{block[1]}.csv]({block[1]}.csv)\n")
                head = "".join(f"<th>{html.escape(c)}</th>" for c in cols)
                rows = "".join("<tr>" + "".join(f"<td>{html.escape(_cell(v))}</td>" for v in row) + "</tr>"
                               for row in frame.iter_rows())
                body.append(f"<table><tr>{head}</tr>{rows}</table><p><a href='{block[1]}.csv'>{block[1]}.csv</a></p>")
            else:
                md.append(f"![{block[2]}]({block[1]}.png)\n")
                body.append(f"<figure><img src='{block[1]}.png' alt='{html.escape(block[2])}'>"
                            f"<figcaption>{html.escape(block[2])}</figcaption></figure>")
        with open(os.path.join(self.out_dir, "index.md"), "w", encoding="utf-8") as fh:
            fh.write("\n".join(md) + "\n")
        style = ("body{font-family:sans-serif;max-width:1100px;margin:auto}table{border-collapse:collapse}"
                 "td,th{border:1px solid #ccc;padding:2px 6px;text-align:right}img{max-width:100%}")
        with open(os.path.join(self.out_dir, "index.html"), "w", encoding="utf-8") as fh:
            fh.write(f"<!doctype html><html><head><meta charset='utf-8'><title>scythe-sim report</title>"
                     f"<style>{style}</style></head><body>{''.join(body)}</body></html>\n")


def _cell(value):
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:.3f}"
    return str(value)


def build_report(run_dirs, out_dir):
    """Write the report of these runs (the first is the base of the side-by-side part)."""
    runs = [Run(path) for path in run_dirs]
    report = Report(out_dir)
    report.heading("scythe-sim balance report", 1)
    for k, run in enumerate(runs):
        prefix = f"run{k + 1}_" if len(runs) > 1 else ""
        if run.game == mls_report.GAME:
            mls_report.run_sections(report, run, prefix)
            _strength_sections(report, run.seats(), prefix, mls_report.FACTORS, mls_report.STRENGTH_TEXT)
        else:
            _run_sections(report, run, prefix)
    if len(runs) > 1:
        _side_by_side(report, runs)
    report.heading("Provenance")
    rows = [{"run": r.name, "path": r.path, "games": r.manifest["games"], "root_seed": r.manifest["root_seed"],
             "config_hash": r.manifest["config_hash"],
             "versions": ", ".join(f"{k} {v}" for k, v in sorted(r.manifest["versions"].items()))}
            for r in runs]
    report.table("provenance", pl.DataFrame(rows))
    report.write()
    return os.path.join(out_dir, "index.md")


def _side_by_side(report, runs):
    """Each later run against the first, by faction and by mat (MLS: by turn order,
    personality card and strategy): the difference of win rate
    with the paired interval when the two runs played the same deals, else the unpaired."""
    report.heading("Runs side by side: win rate against the first run")
    report.text("Differences are this run minus the first. When both runs played the same deals game "
                "for game (same seed, same factions, mats and strategies in every seat) the difference is "
                "measured seat by seat with a paired 95% interval, much narrower than the unpaired "
                "(Newcombe) one shown beside it; `method` says which one the `shifted` verdict used.")
    groups = mls_report.COMPARE_BY if runs[0].game == mls_report.GAME else ("faction", "mat")
    for run in runs[1:]:
        pairing = check_pairing(runs[0], run)
        report.heading(f"{run.name} against {runs[0].name}", 3)
        report.text(f"Verdict from the {pairing.method} interval; {pairing.reason}.")
        if pairing.paired and (war.war_games(runs[0]) > 0) != (war.war_games(run) > 0):
            report.text("One of these runs played All Out War after each game: a win here is the standard "
                        "game's, which the war does not change, so the same deals give the same winners; "
                        "the war's effect is in the war run's own variant-effects section.")
        for by in groups:
            table = compare_runs(runs[0], run, by=(by,), pairing=pairing)
            report.table(f"compare_{run.name}_by_{by}", table)


def _run_sections(report, run, prefix):
    seats, games = run.seats(), run.games()
    report.heading(f"Run {run.name}: {run.manifest['games']} games")
    report.text("Win rates count shared first places as wins; every rate has its number of seats (n) and a "
                "Wilson 95% interval; lift is the win rate over parity (1 / players on average).")
    for by, title in (("faction", "faction"), ("mat", "player mat"), ("players", "player count"),
                      ("turn_order", "turn order"), ("seat", "seat"), ("strategy", "strategy")):
        table = queries.win_rates(seats, by)
        report.heading(f"Win rate by {title}", 3)
        report.table(f"{prefix}win_rate_by_{by}", table)
        if by in ("faction", "mat", "turn_order"):
            fig, ax = plt.subplots(figsize=(7, 3.5))
            figures.win_rate_bars(ax, table, by, f"win rate by {title} ({run.name})")
            report.figure(f"{prefix}win_rate_by_{by}", fig, f"win rate by {title}, 95% intervals")
    cells = queries.heatmap(seats)
    report.heading("Faction x mat", 3)
    report.text(f"Cells with fewer than {queries.MIN_CELL} seats are marked 'too few' and left blank.")
    report.table(f"{prefix}faction_mat", cells)
    factions = sorted(set(cells["faction"].to_list()))
    mats = sorted(set(cells["mat"].to_list()))
    for players in sorted(set(cells["players"].to_list())):
        fig, ax = plt.subplots(figsize=(7, 4))
        figures.heatmap(ax, cells, players, factions, mats, queries.MIN_CELL)
        report.figure(f"{prefix}heatmap_{players}p", fig, f"faction x mat win rate, {players} players")
    composition = queries.score_composition(seats)
    report.heading("Score composition by faction", 3)
    report.table(f"{prefix}score_composition", composition)
    fig, ax = plt.subplots(figsize=(7, 3.5))
    figures.stacked_scores(ax, composition, queries.SCORE_PARTS)
    report.figure(f"{prefix}score_composition", fig, "mean final score parts by faction")
    report.heading("Star kinds: how often and how early", 3)
    report.table(f"{prefix}star_kinds", queries.star_kinds(seats))
    report.heading("Game length and end reasons", 3)
    report.table(f"{prefix}game_length", queries.game_length(games))
    _strength_sections(report, seats, prefix)
    if war.war_games(run):
        _war_sections(report, run, prefix)


def _war_sections(report, run, prefix):
    """All Out War's effects (analysis/war.py): only in a run whose games played a war."""
    seats, games = war.war_seats(run), run.games()
    report.heading("Variant effects: All Out War", 3)
    report.text("The sections above are the standard game, played before the war (the same games a base "
                "run with the same seed plays). Here: who wins the war that follows, seat by seat against "
                "the standard game's result; shared first places count as standard wins, a war ended by a "
                "stalemate has no winner, so the war's win rates add up to the share of wars won, and "
                "`decided_war_rate` is the war's win rate over the wars that had a winner; Wilson 95% "
                "intervals, the difference's interval is paired.")
    report.heading("Does the standard game's winner also win the war?", 4)
    report.table(f"{prefix}war_standard_winner", war.standard_winner_wins_war(seats))
    for by, title in (("faction", "faction"), ("mat", "player mat")):
        table = war.standard_vs_war(seats, by)
        report.heading(f"Win rate by {title}: standard game and war", 4)
        report.table(f"{prefix}war_win_rate_by_{by}", table)
        fig, ax = plt.subplots(figsize=(7, 3.5))
        figures.standard_vs_war_bars(ax, table, by, f"standard game and war win rate by {title} ({run.name})")
        report.figure(f"{prefix}war_win_rate_by_{by}", fig, f"win rate by {title}, standard game and war, "
                                                             "95% intervals")
    report.heading("War win rate by standard-game place", 4)
    report.text("The mobilisation bonuses favour the standard game's leaders (docs/RULES.md \"All Out War\"): "
                "the war's win rate and the divisions mobilised by the seat's standard rank.")
    report.table(f"{prefix}war_by_place", war.war_by_place(seats))
    report.heading("How the wars ended", 4)
    report.table(f"{prefix}war_summary", war.war_summary(games))
    report.table(f"{prefix}war_end_reasons", war.war_end_reasons(games))


STRENGTH_TEXT = ("A conditional logit (Plackett-Luce on the first place) fitted to every factor at once, so "
                 "a mat's effect is not its turn position in disguise: exp(effect) multiplies a seat's odds "
                 "of winning; effects are centred within each factor; 95% intervals.")


def _strength_sections(report, seats, prefix, factors=models.FACTORS, text=STRENGTH_TEXT):
    columns = seats.select("game", "seat", *factors, "winner", "rank").collect(engine="streaming")
    fit = models.fit_first_place(columns, factors)
    report.heading("Joint strength model", 3)
    report.text(text)
    report.table(f"{prefix}strength_model", fit)
    if fit.height:
        fig, ax = plt.subplots(figsize=(7, 0.3 * fit.height + 1.2))
        figures.effects(ax, fit)
        report.figure(f"{prefix}strength_model", fig, "log-strength effects with 95% intervals")
    matrix = models.head_to_head(columns)
    report.heading("Strategy against strategy", 3)
    report.text("In games holding both, the share of A's seats that finished ahead of B's (ties count half).")
    report.table(f"{prefix}strategy_matrix", matrix)
