"""The report's summary in plain words. It leads with the run's own question: with
several runs their differences; a variant run's effects (All Out War, The Wind Gambit's
tiles, My Little Scythe's turn order, personality cards and trophies); then the
standard rates (faction, mat, strategy); then every other grouping whose spread is
beyond chance; then the cells too small to say anything, then any notes. Each
function returns sentences (strings) built from tables the report already holds;
`Summary` keeps them in that order, whatever order the report's sections compute them
in."""
import math

import polars as pl


from .shown import decimal_text
from .stats import spread_p

TOP = 2      # groups named at each end of a ranking
ALPHA = 0.05
PARTS = ("differences", "variant", "standard", "spread", "cells", "notes")


class Summary:
    """The summary's sentences by part, shown in PARTS order; `first` is the line above
    them that names the players and the rules (analysis/players.py)."""

    def __init__(self):
        self.first = None
        self.parts = {part: [] for part in PARTS}
        self.glance = {part: [] for part in PARTS}

    def add(self, part, lines):
        self.parts[part].extend(lines)

    def short(self, part, lines):
        """The answer at a glance: short lines (about 25 words; a rate or a difference named
        there comes with its interval, so the first screen says how sure) that lead the report
        beside its main figure; the full sentences follow them."""
        self.glance[part].extend(lines)

    def glance_lines(self) -> list:
        """The lines at a glance, in PARTS order; the same tie said of several runs is one
        line naming them all (glance_tied), so a comparison's first screen stays short."""
        lines = [line for part in PARTS for line in self.glance[part]]
        runs = {}
        for line in lines:
            label, _, rest = line.partition(", ")
            if rest.endswith(TIED_TEXT):
                runs.setdefault(rest, []).append(label)
        out, said = [], set()
        for line in lines:
            label, _, rest = line.partition(", ")
            if rest in runs and len(runs[rest]) > 1:
                if rest not in said:
                    said.add(rest)
                    out.append(f"{' and '.join(runs[rest])}, {rest}")
                continue
            out.append(line)
        return out

    def extend(self, lines):
        """Lines of no part of their own (a note on the whole report): shown last."""
        self.add("notes", lines)

    def lines(self) -> list:
        return [line for part in PARTS for line in self.parts[part]]

    def __bool__(self):
        return bool(self.first) or any(self.parts.values())


def pp(x):
    """A difference of rates in percentage points: "+1.5 pp", "0.0 pp" (never "-0.0 pp")."""
    return f"{decimal_text(100 * x, 1, signed=True)} pp"


def pp_interval(low, high):
    return f"{decimal_text(100 * low, 1, signed=True)} to {decimal_text(100 * high, 1, signed=True)}"


def _signed(value):
    """A difference that is not of rates (rounds), signed, never "-0.0"."""
    return decimal_text(value, 1, signed=True)


def _rate(row):
    return (f"{row['win_rate']:.1%} (95% CI {row['ci_low']:.1%}-{row['ci_high']:.1%}, "
            f"n={row['seats']:,})")


def _verdict(row):
    if row["ci_low"] > row["parity"]:
        return "above parity"
    if row["ci_high"] < row["parity"]:
        return "below parity"
    return "within noise of parity"


def significant(table) -> bool:
    """Whether a win-rate table's groups spread beyond chance (stats.spread_p)."""
    return table.height > 1 and spread_p(table["seats"].to_list(), table["wins"].to_list(),
                                         table["parity"].to_list()) < ALPHA


def _spread(table, ranked):
    parity = float(ranked["parity"].mean())
    spread = float(ranked["win_rate"].max() - ranked["win_rate"].min())
    beyond = "beyond chance" if significant(table) else "within chance"
    return f"parity {parity:.1%}; best to worst {100 * spread:.1f} percentage points, {beyond}"


def extremes(label, table, by, title):
    """One sentence on the strongest and the weakest groups of a win-rate table, and
    whether their spread is beyond chance. "strongest" and "weakest" only where the
    spread is beyond chance and no group named so sits on the other side of parity
    (a "weakest" group above parity is merely the lowest): else "highest" and "lowest"."""
    if table.height < 2:
        return []
    ranked = table.sort("win_rate", descending=True)
    beyond = significant(table)
    heads, tails = ranked.head(TOP).to_dicts(), ranked.tail(TOP).reverse().to_dicts()
    top_word = "strongest" if beyond and all(_verdict(r) != "below parity" for r in heads) else "highest"
    low_word = "Weakest" if beyond and all(_verdict(r) != "above parity" for r in tails) else "Lowest"
    top = [f"{r[by]} {_rate(r)}, {_verdict(r)}" for r in heads]
    low = [f"{r[by]} {_rate(r)}, {_verdict(r)}" for r in tails]
    return [f"{label}, by {title} ({_spread(table, ranked)}): {top_word} {'; '.join(top)}. "
            f"{low_word} {'; '.join(low)}."]


def in_order(label, table, by, title):
    """One sentence naming every group of an ordered grouping (turn order, seat, player
    count) in its order, with the spread's verdict."""
    if table.height < 2:
        return []
    keys = [by] if isinstance(by, str) else by
    shown = [f"{' / '.join(str(r[k]) for k in keys)}: {_rate(r)}" for r in table.iter_rows(named=True)]
    return [f"{label}, by {title} ({_spread(table, table)}): {'; '.join(shown)}."]


def if_significant(label, table, by, title, ordered):
    """A grouping's sentence only when its spread is beyond chance."""
    if not significant(table):
        return []
    return (in_order if ordered else extremes)(label, table, by, title)


TIE_WHY = {("turn_order", "mat"): "the lowest mat number moves first, so a mat dealt often sits at one turn "
                                  "position",
           ("seat", "turn_order"): "a seat's turn position follows the seat unless seats rotate"}
NAMES = {"turn_order": "turn order", "mat": "player mat", "seat": "seat"}


# --- the answer at a glance: short lines (about 25 words), each number named with its interval ---
def rate_interval(rate, low, high):
    """A rate with its 95% interval, in percent: "46.1% (44.0-48.2%)"."""
    return f"{decimal_text(100 * rate)}% ({decimal_text(100 * low)}-{decimal_text(100 * high)}%)"


def glance_rates(label, table, by, title):
    """"run, factions: best crimea 46.1% (44.0-48.2%), worst togawa 17.0% (15.5-18.6%);
    parity 25%, spread beyond chance." (the Wilson interval of each group named)"""
    if table.height < 2:
        return []
    ranked = table.sort("win_rate", descending=True)
    top, low = ranked.row(0, named=True), ranked.row(-1, named=True)
    beyond = "beyond chance" if significant(table) else "within chance"
    return [f"{label}, {title}: best {top[by]} {rate_interval(top['win_rate'], top['ci_low'], top['ci_high'])}, "
            f"worst {low[by]} {rate_interval(low['win_rate'], low['ci_low'], low['ci_high'])}; parity "
            f"{float(ranked['parity'].mean()):.0%}, spread {beyond}."]


def glance_shifts(base_name, run_name, table, by, min_effect):
    """"five vs base, by faction: 0 of 7 shifted by 2+ pp; largest togawa +8.1 pp (+0.2 to
    +16.0)." (the simultaneous interval that matches the Holm verdict)"""
    done = table.filter(pl.col("difference").is_not_null())
    if not done.height:
        return []
    top = done.sort(pl.col("difference").abs(), descending=True).row(0, named=True)
    keys = by.split(",")
    return [f"{run_name} vs {base_name}, by {by}: {int(done['shifted'].sum()):,} of {done.height:,} shifted by "
            f"{100 * min_effect:g}+ pp; largest {' / '.join(str(top[k]) for k in keys)} {pp(top['difference'])} "
            f"({pp_interval(top['ci_low'], top['ci_high'])})."]


def glance_war(label, kept):
    """"war, All Out War: 62% of wars had no winner; the standard winner won 53% of the rest." """
    every, decided = kept.row(0, named=True), kept.row(1, named=True)
    if not every["games"]:
        return []
    none = 1 - decided["games"] / every["games"]
    kept_share = f"; the standard winner won {decided['share']:.0%} of the rest" if decided["games"] else ""
    return [f"{label}, All Out War: {none:.0%} of wars had no winner{kept_share}."]


TIED_TEXT = "by the deal; its own effect is in the joint model."


def glance_tied(label, by, partner):
    return [f"{label}, {NAMES[by]}: tied to the {NAMES[partner]} {TIED_TEXT}"]


def _odds(effect):
    """A log-odds effect as an odds multiplier, "x1.32"; beyond x1000 either way as a bound
    (a small run can separate a level completely)."""
    if effect > 6.9:
        return ">x1000"
    return "<x0.001" if effect < -6.9 else f"x{math.exp(effect):.2f}"


def tie_note(by, partner, v):
    """One sentence under a tied grouping's table: which grouping it is tied to, why, and
    where the separated effect is."""
    return (f"{NAMES[by].capitalize()} is tied to the {NAMES[partner]} by the deal (Cramer's V {v:.2f}: "
            f"{TIE_WHY.get((by, partner), 'the deal sets one with the other')}): these marginal rates mix the two; "
            "the joint strength model below separates them.")


def tied(label, by, partner, v, fit):
    """The summary's line on a grouping the deal ties to another (queries.ties): never its
    marginal spread, but the tie named and, when the joint model holds the grouping, its
    separated effects (the largest and the smallest level, odds multipliers)."""
    head = (f"{label}, by {NAMES[by]}: tied to the {NAMES[partner]} by the deal (Cramer's V {v:.2f}), so its "
            "marginal win rates are not its own effect")
    levels = fit.filter(pl.col("factor") == by) if fit is not None and fit.height else None
    if levels is None or levels.height < 2:
        partner_read = "turn order's joint effect" if partner == "turn_order" else f"the {NAMES[partner]}"
        return [f"{head}; read {partner_read} instead."]
    ranked = levels.sort("effect", descending=True)
    top, low = ranked.row(0, named=True), ranked.row(-1, named=True)
    beyond = any(r["ci_low"] > 0 or r["ci_high"] < 0 for r in levels.iter_rows(named=True))
    return [f"{head}; the joint model, which separates them, gives {NAMES[by]} {top['level']} the best effect "
            f"(odds {_odds(top['effect'])}) and {low['level']} the worst ({_odds(low['effect'])}), "
            f"{'beyond' if beyond else 'within'} chance."]


def small_cells(run_name, cells, min_cell):
    """Which faction x mat cells have too few seats to say anything."""
    few = cells.filter(pl.col("seats") < min_cell).sort("seats")
    if not few.height:
        return [f"{run_name}: every faction x mat cell has at least {min_cell:,} seats."]
    named = ", ".join(f"{r['faction']}/{r['mat']} ({r['players']}p, n={r['seats']:,})"
                      for r in few.head(4).iter_rows(named=True))
    more = f" and {few.height - 4:,} more" if few.height > 4 else ""
    return [f"{run_name}: {few.height:,} of {cells.height:,} faction x mat cells have fewer than {min_cell:,} seats, "
            f"too few to say: {named}{more}; play more games to read them."]


def shifts(base_name, run_name, table, by, method, min_n=0):
    """One sentence on the largest differences of a compare table (compare_runs), among
    the groups with at least `min_n` seats in both runs (a tile's small cells are noise)."""
    done = table.filter(pl.col("difference").is_not_null() & (pl.col("base_n") >= min_n)
                        & (pl.col("candidate_n") >= min_n))
    if not done.height:
        return [f"{run_name} against {base_name}, by {by}: no group has {min_n} seats in both runs, too few "
                "to say; play more games to read them."] if table.height and min_n else []
    ranked = done.sort(pl.col("difference").abs(), descending=True)
    keys = by.split(",")
    named = [f"{' / '.join(str(r[k]) for k in keys)} {pp(r['difference'])} "
             f"({pp_interval(r['ci_low'], r['ci_high'])})"
             for r in ranked.head(3).iter_rows(named=True)]
    shifted = int(table["shifted"].sum())
    among = f"; among those with at least {min_n} seats, largest" if min_n else "; largest"
    return [f"{run_name} against {base_name}, by {by}: {shifted:,} of {table.height:,} groups shifted "
            f"({method} simultaneous intervals, Holm){among} {'; '.join(named)}."]


def length_shifts(base_name, run_name, table, column, title):
    """One sentence on the largest differences of game length in rounds per tile
    (wind_gambit.length_differences)."""
    rounds = table.filter(pl.col("measure") == "rounds")
    if not rounds.height:
        return []
    ranked = rounds.sort(pl.col("difference").abs(), descending=True)
    named = [f"{r[column]} {_signed(r['difference'])} ({_signed(r['diff_low'])} to {_signed(r['diff_high'])})"
             for r in ranked.head(3).iter_rows(named=True)]
    return [f"{run_name} against {base_name}, game length by {title} ({rounds['method'][0]} 95% intervals): "
            f"largest differences in rounds {'; '.join(named)}."]


# --- a variant's own findings -------------------------------------------------------------------
def war_outcome(label, kept):
    """All Out War's first finding (war.standard_winner_wins_war): how often the standard
    game's winner also wins the war, and how many wars had a winner at all."""
    every, decided = kept.row(0, named=True), kept.row(1, named=True)
    wars, won = every["games"], decided["games"]
    if not wars:
        return []
    if not won:
        return [f"{label}, All Out War: none of the {wars:,} wars had a winner (every one ended in a stalemate)."]
    return [f"{label}, All Out War: the standard game's winner also won {decided['standard_winner_wins']:,} of "
            f"the {won:,} wars that had a winner ({decided['share']:.1%}, 95% CI {decided['ci_low']:.1%}-"
            f"{decided['ci_high']:.1%}); {won:,} of {wars:,} wars ({won / wars:.1%}) were decided, "
            f"{wars - won:,} ended without a winner."]


def war_shifts(label, table, by, title):
    """The largest shifts of a group's win rate from the standard game to the war over the
    decided wars (war.standard_vs_war: the like basis), how many shifted (Holm), and the
    share of wars without a winner beside them."""
    done = table.filter(pl.col("decided_difference").is_not_null())
    if not done.height:
        return []
    shifted = int(done["decided_shifted"].sum())
    no_winner = 1 - done["decided_seats"].sum() / done["seats"].sum()
    ranked = done.sort(pl.col("decided_difference").abs(), descending=True)
    named = [f"{r[by]} {r['decided_standard_rate']:.1%} -> {r['decided_war_rate']:.1%}"
             for r in ranked.head(3).iter_rows(named=True)]
    return [f"{label}, All Out War by {title}, on the wars that had a winner ({no_winner:.0%} had none): "
            f"{shifted:,} of {done.height:,} shifted (Holm); largest {'; '.join(named)}."]


def tile_length(label, table, column, title, ends):
    """A tile column's effect on game length (wind_gambit.tile_length_effects): the
    shortest and longest tiles and the largest difference from the run's other tiles."""
    if table.height < 2:
        return []
    by_length = table.sort("mean_rounds")
    short, long = by_length.row(0, named=True), by_length.row(-1, named=True)
    top = table.sort(pl.col("difference").abs(), descending=True).row(0, named=True)
    ended = ""
    if ends:
        games, by_tile = int(table["games"].sum()), int(table["ended_by_tile"].sum())
        ended = (f"; {by_tile:,} of {games:,} games ({by_tile / games:.1%}) ended by the tile's own condition "
                 "rather than the turn cap")
    return [f"{label}, The Wind Gambit by {title}: game length from {short[column]} (mean "
            f"{short['mean_rounds']:.1f} rounds, n={short['games']:,}) to {long[column]} (mean "
            f"{long['mean_rounds']:.1f}, n={long['games']:,}); largest against the other tiles {top[column]} "
            f"{_signed(top['difference'])} rounds (95% CI {_signed(top['ci_low'])} to {_signed(top['ci_high'])})"
            f"{ended}."]


def tile_rates(label, table, column, title, min_cell):
    """A tile column's largest effects on faction and mat win rates
    (wind_gambit.tile_effects): a group's rate under a tile against under the others."""
    done = table.filter(pl.col("difference").is_not_null())
    if not done.height:
        return [f"{label}, The Wind Gambit by {title}: no faction or mat has {min_cell} seats under a tile and "
                "under the others, too few to say; play more games to read them."] if table.height else []
    # with two tiles each effect has its mirror (the other tile, the opposite sign): a group is named once
    ranked = done.sort(pl.col("difference").abs(), descending=True).unique(["by", "group"], keep="first",
                                                                           maintain_order=True)
    named = [f"{r[column]} / {r['group']} {r['rate']:.1%} against {r['rate_other']:.1%}, {pp(r['difference'])} "
             f"({pp_interval(r['ci_low'], r['ci_high'])})" for r in ranked.head(3).iter_rows(named=True)]
    return [f"{label}, The Wind Gambit by {title}: faction and mat win rates under a tile against under the "
            f"run's other tiles (Newcombe intervals, simultaneous: Holm), {int(done['shifted'].sum())} of {done.height} shifted "
            f"beyond chance (Holm); largest {'; '.join(named)}."]


def trophies(label, table):
    """My Little Scythe's trophy kinds (mls.trophy_kinds): the share of winners that placed
    each, beside the share of all seats, most placed by winners first; and the earliest."""
    placed = table.filter(pl.col("placed") > 0).sort("share_of_winners", descending=True, nulls_last=True)
    if not placed.height:
        return []
    kinds = [f"{r['trophy']} {r['share_of_winners'] or 0:.0%} ({r['share']:.0%})" for r in placed.iter_rows(named=True)]
    early = placed.sort("median_turn").row(0, named=True)
    return [f"{label}, by trophy: the share of winners that placed each kind (of all seats): {', '.join(kinds)}; "
            f"the earliest placed {early['trophy']} (median game turn {early['median_turn']:.0f})."]
