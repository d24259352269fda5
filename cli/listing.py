"""`scythe-sim list`: the names a command takes (strategies, house rules, variants,
tiles), each with its one-line meaning and the values it takes."""
import click

from scythe_sim.errors import ConfigError
from scythe_sim.runner.spec import tools_for

from .common import game_option, game_spec

KINDS = ("strategies", "rules", "variants", "tiles")


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


@click.command(name="list")
@click.argument("kind", type=click.Choice(KINDS))
@game_option()
def list_names(kind, game):
    """List the strategies, house rules (--rule NAME=VALUE, with each one's range),
    variants (--variant) or tiles (The Wind Gambit's resolution and airship tiles, by
    the rule that picks them) of a game, each with its one-line meaning. Strategies
    list the players first and the yardsticks (frozen baselines) apart.

    \b
    Example:
      scythe-sim list rules
    """
    spec = game_spec(game, "list")
    rows = _rows(spec, kind)
    if not rows:
        raise ConfigError(f"{spec.name} has no {kind}: list strategies, rules or variants")
    heading = {"strategies": "players", "rules": "house rules (--rule NAME=VALUE; values: the range)",
               "variants": "variants (--variant NAME)", "tiles": "tiles (the rule=value that picks each)"}[kind]
    out = [f"{spec.name} {heading}:", *_lines(rows)]
    yardsticks, listing = spec.setup.yardsticks, tools_for(spec.name).listing
    if kind == "strategies" and yardsticks:
        out += ["yardsticks (frozen baselines the players are measured against, not players):",
                *_lines(listing("yardsticks") if listing else [(y, "", "") for y in yardsticks])]
    click.echo("\n".join(out))
