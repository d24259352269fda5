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


def rates_title(run, by) -> str:
    """The win-rate table's title: its grouping and games, and whose games they are when a
    variant's result follows (a war run's rates are the standard game's, before the war)."""
    label = sections.first("standard_label", run)
    title = f"win rate by {by} ({run.manifest['games']:,} games)"
    return f"{label}: {title}" if label else title


RATE_COLUMNS = ("seats", "wins", "win rate", "95% CI", "parity")


def percent(x) -> str:
    """A rate in percent, one decimal; one that rounds to zero prints without a sign."""
    text = f"{100 * x:.1f}%"
    return "0.0%" if text == "-0.0%" else text


def rate_rows(table, by) -> list:
    """The table's rows as text cells (RATE_COLUMNS after the group): seats, wins, win
    rate, its 95% interval and parity (the rate of an average seat: 1 / players)."""
    return [(str(r[by]), f"{r['seats']:,}", f"{r['wins']:,}", percent(r["win_rate"]),
             f"{percent(r['ci_low'])} - {percent(r['ci_high'])}", percent(r["parity"]))
            for r in table.iter_rows(named=True)]


def as_json(run) -> dict:
    """The answer as plain values (`run --format json`): the run's folder, game, variant,
    games and house rules, and the win rates with their Wilson 95% interval and parity
    in percent, as compare's JSON gives rates; the variant's result in sentences."""
    m = run.manifest
    by, table = rates(run)
    rows = [{by: r[by], "seats": r["seats"], "wins": r["wins"], "win_rate_pct": 100 * r["win_rate"],
             "ci_low_pct": 100 * r["ci_low"], "ci_high_pct": 100 * r["ci_high"], "parity_pct": 100 * r["parity"]}
            for r in table.iter_rows(named=True)]
    return {"run": run.path, "name": run.name, "game": m.get("game", "scythe"), "variant": m.get("variant") or "base",
            "games": m["games"], "root_seed": m["root_seed"], "rules": (m.get("config") or {}).get("rules") or {},
            "ruleset": m.get("ruleset"), "by": by, "win_rates_title": rates_title(run, by), "win_rates": rows,
            "variant_result": variant_lines(run), "bad_games": m.get("bad_games", 0)}
