"""What a finished run prints as its answer (`scythe-sim run`'s last lines): the house
rules and variant it played, its win-rate table ranked as the report ranks it, the
variant's own result (All Out War: who wins the wars and how many had a winner; The
Wind Gambit: each tile's effect on game length), and the next command. Built from the
same queries and summary sentences as the report."""
from . import sections
from .compare import default_groups
from .queries import win_rates

ORDERED = ("turn_order", "seat", "players")     # groupings shown in their order, as the report does


def rules_line(run) -> str:
    """The rules played: the game, the variant and each house rule that differs from the
    game's defaults (the rule set's name), or "default rules"."""
    m = run.manifest
    rules = (m.get("config") or {}).get("rules") or {}
    named = ", ".join(f"{k}={v}" for k, v in sorted(rules.items())) or "default rules"
    return (f"{run.name}: {m.get('game', 'scythe')}, variant {m.get('variant') or 'base'}, house rules: {named} "
            f"(rule set {m.get('ruleset') or 'not recorded'}); {m['games']:,} games")


def rates(run) -> tuple:
    """(grouping, table): win rates by the report's lead grouping, ranked as the report
    ranks it (by rate; an ordered grouping such as turn order in its order)."""
    by = default_groups(run)[0]
    table = win_rates(run.seats(), by)
    ordered = by in ORDERED
    return by, table.sort(by) if ordered else table.sort("win_rate", descending=True)


def variant_lines(run) -> list:
    """The variant's own result in sentences (its section's answer_lines), [] for a base run."""
    return [line for lines in sections.each("answer_lines", run) for line in lines]


def next_command(run) -> str:
    return f"next: scythe-sim report {run.path}   (the full report: {run.path}/report/index.html)"


def rate_rows(table, by) -> list:
    """The table's rows as text cells: group, seats, wins, win rate, 95% interval."""
    return [(str(r[by]), f"{r['seats']:,}", f"{r['wins']:,}", f"{r['win_rate']:.1%}",
             f"{r['ci_low']:.1%} - {r['ci_high']:.1%}") for r in table.iter_rows(named=True)]

