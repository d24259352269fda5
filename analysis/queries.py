"""The report's tables as lazy polars queries over a run's seats and games, each
collected once with the streaming engine (a million-game run never sits in memory).

Every win rate carries its n and a Wilson 95% interval; `lift` is the win rate over
the parity rate of the seats counted (the mean of 1 / players), so 1.0 is "wins as
often as an average seat".
"""
import polars as pl

from .stats import wilson_bounds

SCORE_PARTS = ("coins", "star_coins", "territory_coins", "resource_coins", "structure_bonus_coins")
STAR_KINDS = ("upgrades", "mechs", "structures", "recruits", "workers", "objective", "combat",
              "popularity", "power")
MIN_CELL = 30      # heatmap cells with fewer seats are marked as too few


def win_rates(seats: pl.LazyFrame, by) -> pl.DataFrame:
    """One row per group of `by` (a column name or a list): seats, wins, win_rate,
    ci_low, ci_high, parity, lift."""
    keys = [by] if isinstance(by, str) else list(by)
    low, high = wilson_bounds(pl.col("wins"), pl.col("seats"))
    return (seats.group_by(keys)
            .agg(pl.len().alias("seats"), pl.col("winner").sum().alias("wins"),
                 (1.0 / pl.col("players")).mean().alias("parity"))
            .with_columns((pl.col("wins") / pl.col("seats")).alias("win_rate"), low, high)
            .with_columns((pl.col("win_rate") / pl.col("parity")).alias("lift"))
            .select(*keys, "seats", "wins", "win_rate", "ci_low", "ci_high", "parity", "lift")
            .sort(keys).collect(engine="streaming"))


# Groupings the deal ties together: turn order follows the mats dealt (the lowest mat
# number moves first), and a seat's turn position follows its seat unless seats rotate.
DEAL_TIES = {"turn_order": "mat", "seat": "turn_order"}
TIED = 0.3         # Cramer's V from which two groupings are said to be tied


def association(seats: pl.LazyFrame, a, b) -> float:
    """Cramer's V between two seat columns (0: independent, 1: one fixes the other)."""
    counts = seats.group_by(a, b).agg(pl.len().alias("n")).collect(engine="streaming")
    if counts.height < 2:
        return 0.0
    n = counts["n"].sum()
    rows = counts.group_by(a).agg(pl.col("n").sum().alias("ra"))
    cols = counts.group_by(b).agg(pl.col("n").sum().alias("rb"))
    full = counts.join(rows, on=a).join(cols, on=b)
    expected = full["ra"] * full["rb"] / n
    chi2 = float(((full["n"] - expected) ** 2 / expected).sum())
    # cells never seen add their expected counts
    chi2 += float(n - expected.sum()) if n > expected.sum() else 0.0
    k = min(rows.height, cols.height) - 1
    return 0.0 if k < 1 else min((chi2 / n / k) ** 0.5, 1.0)


def ties(seats: pl.LazyFrame) -> dict:
    """{grouping: (the grouping it is tied to, Cramer's V)} for the deal's ties present in
    this run (V of at least TIED)."""
    names = set(seats.collect_schema().names())
    out = {}
    for by, partner in DEAL_TIES.items():
        if by in names and partner in names:
            v = association(seats, by, partner)
            if v >= TIED:
                out[by] = (partner, v)
    return out


def heatmap(seats: pl.LazyFrame) -> pl.DataFrame:
    """Faction x mat win rates per player count, with a too_few flag per cell."""
    table = win_rates(seats, ["players", "faction", "mat"])
    return table.with_columns((pl.col("seats") < MIN_CELL).alias("too_few"))


def score_composition(seats: pl.LazyFrame) -> pl.DataFrame:
    """Mean of each part of the final score, and the total, by faction."""
    return (seats.group_by("faction")
            .agg(*[pl.col(c).mean() for c in SCORE_PARTS], pl.col("total").mean(), pl.len().alias("seats"))
            .sort("faction").collect(engine="streaming"))


def star_kinds(seats: pl.LazyFrame) -> pl.DataFrame:
    """By faction and star kind: the share of seats that earned it and the median game
    turn of the first one."""
    frames = []
    for kind in STAR_KINDS:
        frames.append(seats.group_by("faction").agg(
            pl.lit(kind).alias("star"),
            (pl.col(f"stars_{kind}") > 0).mean().alias("share"),
            pl.col(f"star_turn_{kind}").median().alias("median_turn")))
    return pl.concat(frames).sort("faction", "star").collect(engine="streaming")


def game_length(games: pl.LazyFrame) -> pl.DataFrame:
    """By player count and end reason: games and the median and quartiles of rounds."""
    return (games.group_by("players", "end_reason")
            .agg(pl.len().alias("games"), pl.col("rounds").median().alias("median_rounds"),
                 pl.col("rounds").quantile(0.25).alias("q1_rounds"),
                 pl.col("rounds").quantile(0.75).alias("q3_rounds"),
                 pl.col("turns").median().alias("median_turns"))
            .sort("players", "end_reason").collect(engine="streaming"))


def widest_game(seats: pl.LazyFrame, score: str) -> int:
    """The game whose winner led the second place by the most `score` (the lowest game
    number among equals): a one-sided game to look at."""
    ranked = (seats.select("game", score)
              .with_columns(pl.col(score).rank("ordinal", descending=True).over("game").alias("_place"))
              .filter(pl.col("_place") <= 2)
              .group_by("game")
              .agg((pl.col(score).max() - pl.col(score).min()).alias("margin"))
              .sort(["margin", "game"], descending=[True, False])
              .head(1).collect())
    return int(ranked["game"][0])


def stalled_wars(games: pl.LazyFrame) -> list:
    """The games whose All Out War ended in a stalemate (no war: none), in game order."""
    if "war_end_reason" not in games.collect_schema().names():
        return []
    found = (games.filter(pl.col("war_end_reason").cast(pl.Utf8).str.starts_with("stalemate"))
             .select("game").sort("game").collect())
    return [int(g) for g in found["game"]]
