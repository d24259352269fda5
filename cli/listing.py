"""`scythe-sim list`: the names a command takes (strategies, house rules, variants,
tiles), each with its one-line meaning and the values it takes; as text or JSON."""
import json

import click

from scythe_sim.errors import ConfigError
from scythe_sim.runner.spec import tools_for

from .common import format_option, game_option, game_spec

KINDS = ("strategies", "rules", "variants", "tiles")
HEADINGS = {"strategies": "players", "rules": "house rules (--rule NAME=VALUE; values: the range)",
            "variants": "variants (--variant NAME)", "tiles": "tiles (the rule=value that picks each)"}


def _rows(spec, kind):
    listing = tools_for(spec.name).listing
    if listing is None:
        setup = spec.setup
        names = {"strategies": setup.strategies, "rules": setup.rule_names, "variants": setup.variants}.get(kind, ())
        return [(n, "", "") for n in names]
    return listing(kind)


def _lines(rows):
    width = max((len(r[0]) for r in rows), default=0)
    values = max((len(r[2]) for r in rows), default=0)
    return [f"  {name.ljust(width)}  {value.ljust(values)}  {meaning}".rstrip() if values else
            f"  {name.ljust(width)}  {meaning}".rstrip() for name, meaning, value in rows]


def listed(spec, kind) -> dict:
    """What `list KIND` shows: {"game", "kind", "rows": [{name, meaning, values}]}, with
    "yardsticks" apart for strategies and the "legend" of the tiles' markers."""
    rows = _rows(spec, kind)
    if not rows:
        raise ConfigError(f"{spec.name} has no {kind}: list strategies, rules or variants")
    listing = tools_for(spec.name).listing
    out = {"game": spec.name, "kind": kind, "rows": _dicts(rows)}
    yardsticks = spec.setup.yardsticks
    if kind == "strategies" and yardsticks:
        out["yardsticks"] = _dicts(listing("yardsticks") if listing else [(y, "", "") for y in yardsticks])
    if kind == "tiles" and listing is not None:
        out["legend"] = {marker: meaning for marker, meaning, _ in listing("legend")}
    return out


def _dicts(rows):
    return [{"name": name, "meaning": meaning, "values": values} for name, meaning, values in rows]


def _triples(rows):
    return [(r["name"], r["meaning"], r["values"]) for r in rows]


def _text(shown) -> str:
    out = [f"{shown['game']} {HEADINGS[shown['kind']]}:", *_lines(_triples(shown["rows"]))]
    if shown.get("yardsticks"):
        out += ["yardsticks (frozen baselines the players are measured against, not players):",
                *_lines(_triples(shown["yardsticks"]))]
    if shown.get("legend"):
        width = max(len(m) for m in shown["legend"]) + 2
        out += ["the markers (what each tile's effect rests on):",
                *[f"  {f'[{m}]'.ljust(width)}  {text}" for m, text in shown["legend"].items()]]
    return "\n".join(out)


@click.command(name="list")
@click.argument("kind", type=click.Choice(KINDS))
@game_option()
@format_option("the rows as a JSON object on stdout")
def list_names(kind, game, fmt):
    """List the strategies, house rules (--rule NAME=VALUE, with each one's range),
    variants (--variant) or tiles (The Wind Gambit's resolution and airship tiles, by
    the rule that picks them, with a legend of their confidence markers) of a game, each
    with its one-line meaning. Strategies list the players first and the yardsticks
    (frozen baselines) apart.

    \b
    Example:
      scythe-sim list rules
    """
    shown = listed(game_spec(game, "list"), kind)
    click.echo(json.dumps(shown, indent=2) if fmt == "json" else _text(shown))
