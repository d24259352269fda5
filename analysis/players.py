"""The summary's first line: who played, by which rules, and where their measured
quality is documented, so a reader knows what the report's verdict is conditional on
(scripted players, not people). The strategies are read from the seats table (those
that sat, with their share of the seats), the rule set and variant from the manifest."""
import polars as pl

STRATEGIES_DOC = "docs/STRATEGIES.md"
# the sections of docs/STRATEGIES.md that measure each game's and variant's players
# (tests/analysis/test_summary_leads.py checks that the headings exist)
QUALITY = {("scythe", "base"): ("Now",),
           ("scythe", "all_out_war"): ("Now", "All Out War"),
           ("scythe", "wind_gambit"): ("Now", "The Wind Gambit"),
           ("my_little_scythe", "base"): ("My Little Scythe",)}
BASELINE = "random"     # uniform legal moves: a yardstick, not a player


def strategy_shares(run) -> pl.DataFrame:
    """The strategies that sat in the run: seats and share of the seats, most seats first."""
    return (run.scan("seats").group_by(pl.col("strategy").cast(pl.String))
            .agg(pl.len().alias("seats")).with_columns((pl.col("seats") / pl.col("seats").sum()).alias("share"))
            .sort("seats", "strategy", descending=[True, False]).collect(engine="streaming"))


def _players(run):
    shares = strategy_shares(run)
    named = ", ".join(f"{r['strategy']} {r['share']:.0%}" for r in shares.iter_rows(named=True))
    baseline = shares.filter(pl.col("strategy") == BASELINE)
    warning = ""
    if baseline.height and shares.height > 1:
        warning = (f"; {baseline['share'][0]:.0%} of the seats are `{BASELINE}` players, a yardstick that rarely "
                   "wins, so every other grouping's rate depends on whether one sat at the table")
    return f"{named} of {int(shares['seats'].sum()):,} seats{warning}"


def _rules(run):
    variant = run.manifest.get("variant") or "base"
    ruleset = run.manifest.get("ruleset") or "not recorded"
    return f"rule set {ruleset} ({run.game}, variant {variant})"


def quality(run) -> str:
    """Where the run's players are measured: the doc and its sections."""
    sections = QUALITY.get((run.game, run.manifest.get("variant") or "base"), QUALITY.get((run.game, "base")))
    if not sections:
        return STRATEGIES_DOC
    return f"{STRATEGIES_DOC}, " + " and ".join(f'"{s}"' for s in sections)


def line(runs) -> str:
    """One line naming each run's players (strategies and their share of the seats), its
    rule set and variant, and where those players' quality is measured; runs alike are
    named together."""
    said = {}
    for run in runs:
        said.setdefault(f"{_players(run)}; {_rules(run)}; their measured quality: {quality(run)}", []).append(run.name)
    parts = [f"{' and '.join(names)}: {text}" for text, names in said.items()]
    return ("Played by scripted strategies, so every rate below is what these players make of the game, not a "
            f"verdict on human play. {'. '.join(parts)}.")
