"""The report sections of a My Little Scythe run (a run whose manifest says
game = "my_little_scythe"; docs/schema.md, "My Little Scythe"): win rates by turn order,
personality card, strategy and player count, trophy kinds (how often, how early), how
games end and how long they last (report.py adds the strength model over FACTORS). The
summary leads with the game's own questions: turn order, personality cards and trophies;
its first screen, as a Scythe run's, gives the best and worst turn position and
personality card with their intervals beside the personality card x turn order heatmap."""
import matplotlib.pyplot as plt
import numpy as np
import polars as pl

from . import figures, queries, summary
from .shown import in_order, matrix, pct_n

GAME = "my_little_scythe"
TROPHIES = ("friendship", "power_ups", "spells", "quests", "apple_delivery", "gem_delivery",
            "pie_fight", "pies")
FACTORS = ("turn_order", "personality", "strategy")
COMPARE_BY = ("turn_order", "personality", "strategy")
STRENGTH_TEXT = ("A conditional logit (Plackett-Luce on the first place) over turn order, personality card "
                 "and strategy at once: exp(effect) (`odds x`) multiplies a seat's odds of winning; effects are "
                 "log-odds, centred within each factor; 95% intervals.")


def trophy_kinds(seats: pl.LazyFrame) -> pl.DataFrame:
    """Per trophy kind: the share of seats and of winners that placed it, and the game turn
    it was placed (median and quartiles over the seats that placed it)."""
    frames = []
    for kind in TROPHIES:
        turn = pl.col(f"trophy_turn_{kind}")
        frames.append(seats.select(
            pl.lit(kind).alias("trophy"),
            pl.col(f"trophy_{kind}").mean().alias("share"),
            pl.col(f"trophy_{kind}").filter(pl.col("winner")).mean().alias("share_of_winners"),
            pl.col(f"trophy_{kind}").sum().alias("placed"),
            turn.median().alias("median_turn"), turn.quantile(0.25).alias("q1_turn"),
            turn.quantile(0.75).alias("q3_turn")))
    return pl.concat(frames).collect(engine="streaming")


def game_ends(games: pl.LazyFrame) -> pl.DataFrame:
    """By player count and end reason: games, their share, and the median turns and rounds."""
    return (games.group_by("players", "end_reason")
            .agg(pl.len().alias("games"), pl.col("turns").median().alias("median_turns"),
                 pl.col("rounds").median().alias("median_rounds"))
            .with_columns((pl.col("games") / pl.col("games").sum().over("players")).alias("share"))
            .sort("players", "end_reason").collect(engine="streaming"))


def length_distribution(games: pl.LazyFrame) -> pl.DataFrame:
    """By player count: deciles of the game's length in turns."""
    qs = (0.1, 0.25, 0.5, 0.75, 0.9)
    return (games.group_by("players")
            .agg(pl.len().alias("games"), pl.col("turns").min().alias("min_turns"),
                 *[pl.col("turns").quantile(q).alias(f"p{int(q * 100)}_turns") for q in qs],
                 pl.col("turns").max().alias("max_turns"))
            .sort("players").collect(engine="streaming"))


def ordinal(n) -> str:
    """1st, 2nd, 3rd, 4th... (a turn position)."""
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def glance_lines(label, tables):
    """The first screen's lines, as a Scythe run's (summary.glance_rates): the best and
    the worst turn position and personality card, each with its win rate and Wilson 95%
    interval, parity and whether the spread is beyond chance. `tables`: {grouping: its
    win-rate table}."""
    positions = tables["turn_order"].with_columns(
        pl.col("turn_order").map_elements(ordinal, return_dtype=pl.String))
    return (summary.glance_rates(label, positions, "turn_order", "turn order")
            + summary.glance_rates(label, tables["personality"], "personality", "personality cards"))


def personality_turn_cells(seats: pl.LazyFrame) -> pl.DataFrame:
    """Win rate of each personality card at each turn position, per player count."""
    return queries.win_rates(seats, ["players", "personality", "turn_order"])


def _heatmaps(report, run, seats, prefix):
    """Personality card x turn position: a matrix per player count and its heatmap, the
    report's first-screen picture (Report._picture takes the first figure named
    *heatmap*), as the faction x mat heatmap is a Scythe run's."""
    cells = personality_turn_cells(seats)
    report.heading("Personality card x turn order", 3)
    report.text(f"Win rate of each personality card at each turn position, one matrix per player count (the CSV "
                f"holds the long table); cells with fewer than {queries.MIN_CELL} seats are marked 'too few' in the "
                "heatmap, whose colours diverge from parity (white): orange above, purple below.")
    counts = sorted(set(cells["players"].to_list()))
    for k, players in enumerate(counts):
        part = cells.filter(pl.col("players") == players).with_columns(pl.col("turn_order").cast(pl.String))
        cards = in_order(part, "personality", run.vocabulary("seats", "personality"))
        positions = in_order(part, "turn_order")
        if len(counts) > 1:
            report.heading(f"Personality card x turn order, {players} players", 4)
        report.table(f"{prefix}personality_turn_order" if k == 0 else f"{prefix}personality_turn_order_{players}p",
                     cells if k == 0 else part,
                     shown=matrix(part, "personality", "turn_order", pct_n(), cards, positions))
        # figures.heatmap draws faction (rows) x mat (columns): the same picture under other names
        fig, ax = plt.subplots(figsize=figures.heatmap_size(len(cards), len(positions)))
        figures.heatmap(ax, part.rename({"personality": "faction", "turn_order": "mat"}), players, cards, positions,
                        queries.MIN_CELL)
        ax.set_title(f"win rate, {players} players (personality card x turn order; white = parity {1 / players:.0%})")
        ax.set_xlabel("turn order")
        ax.tick_params(axis="x", labelrotation=0)
        report.figure(f"{prefix}heatmap_{players}p_personality_turn_order", fig,
                      f"personality card x turn order win rate, {players} players")


def run_sections(report, run, prefix):
    seats, games = run.seats(), run.games()
    report.heading(f"Run {run.name}: {run.manifest['games']:,} games of My Little Scythe")
    report.text("Win rates count shared first places as wins (a winner has the trophies to win and rank 1); "
                "every rate has its number of seats (n) and a Wilson 95% interval; lift is the win rate "
                "over parity (1 / players on average).")
    parts = {"turn_order": "variant", "personality": "variant", "strategy": "standard"}
    tables = {}
    for by, title in (("turn_order", "turn order"), ("personality", "personality card"),
                      ("strategy", "strategy"), ("seat", "seat"), ("players", "player count")):
        table = tables[by] = queries.win_rates(seats, by)
        ordered = by in ("turn_order", "seat", "players")
        report.heading(f"Win rate by {title}", 3)
        report.table(f"{prefix}win_rate_by_{by}", table)
        if by in parts:
            report.summary.add(parts[by], (summary.in_order if ordered else summary.extremes)(
                run.name, table, by, title))
        else:
            report.summary.add("spread", summary.if_significant(run.name, table, by, title, ordered))
        if by in ("turn_order", "personality", "strategy"):
            fig, ax = plt.subplots(figsize=(8, 3.5))
            figures.win_rate_bars(ax, table, by, f"win rate by {title} ({run.name})", sort=not ordered)
            report.figure(f"{prefix}win_rate_by_{by}", fig, f"win rate by {title}, 95% intervals")
    report.summary.short("variant", glance_lines(run.name, tables))
    _heatmaps(report, run, seats, prefix)
    report.heading("Trophy kinds: how often and how early", 3)
    report.text("share: seats that placed it; share_of_winners: winning seats that placed it; turns are "
                "game turns (every player's turns counted) over the seats that placed it.")
    trophies = trophy_kinds(seats)
    report.summary.add("variant", summary.trophies(run.name, trophies))
    report.table(f"{prefix}trophy_kinds", trophies)
    report.heading("How games end", 3)
    report.table(f"{prefix}game_ends", game_ends(games))
    report.heading("Game length (turns)", 3)
    lengths = length_distribution(games)
    report.table(f"{prefix}game_length", lengths)
    turns = games.select("turns").collect(engine="streaming")["turns"].to_numpy()
    fig, ax = plt.subplots(figsize=(7, 3.5))
    ax.hist(turns, bins=min(60, max(5, int(np.ptp(turns)) + 1)) if len(turns) else 5, color="#4c78a8")
    ax.set_xlabel("game turns")
    ax.set_ylabel("games")
    ax.set_title(f"game length ({run.name})")
    report.figure(f"{prefix}game_length", fig, "distribution of game length in turns")
