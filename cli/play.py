"""`scythe-sim play`: one game, decision by decision (any game: --game)."""
import dataclasses

import click

from scythe_sim.errors import ScytheSimError
from scythe_sim.names import unknown_strategy

from .common import (check_variant, complete_rule, complete_strategies, complete_tile, complete_variant, game_module,
                     game_option, game_spec, game_takes, records, split_values)


@dataclasses.dataclass(frozen=True)
class Seats:
    """Who sits at the table, as given: --strategies (or its old spelling --strategy),
    else the --mix they are drawn from; --factions and --mats, else dealt (from all seven
    with --expansion)."""
    strategies: tuple
    strategy_alias: tuple
    mix: str
    factions: tuple
    mats: tuple
    expansion: bool


@click.command()
@game_option()
@click.option("--seed", type=int, default=0, show_default=True, help="Game seed (0 to 2^64-1).")
@click.option("--players", type=int, default=4, show_default=True,
              help="Number of players (Scythe 1-5, 6-7 deal Albion and Togawa too; My Little Scythe 1-6).")
@click.option("--factions", multiple=True, help="Factions per seat, e.g. --factions nordic,saxony (default: dealt).")
@click.option("--mats", multiple=True, help="Player mats per seat, e.g. --mats industrial,patriotic (default: dealt).")
@click.option("--strategies", "strategies", multiple=True, metavar="NAME[,NAME...]", shell_complete=complete_strategies,
              help="Strategy per seat (one name: every seat), e.g. greedy, automa; my_little_scythe: planner, "
                   "quester... (default: drawn per seat from the game's default pool, Scythe's --mix).")
@click.option("--strategy", "strategy_alias", multiple=True, hidden=True)   # the old spelling
@click.option("--mix", default="default", show_default=True, metavar="NAME",
              help="Strategy mix the seats are drawn from when --strategies is not given.")
@click.option("--quiet", is_flag=True, help="Print only the final score table.")
@click.option("--expansion", is_flag=True,
              help="Deal from all seven factions and mats (Invaders from Afar); implied past 5 players.")
@click.option("--resolution", metavar="TILE", shell_complete=complete_tile,
              help="The Wind Gambit's resolution tile: a name (factory_explosion, ...), 1-8 or random.")
@click.option("--variant", metavar="NAME", shell_complete=complete_variant,
              help="Rule variant: all_out_war or wind_gambit (airships).")
@click.option("--rule", "rule_flags", multiple=True, metavar="KEY=VALUE", shell_complete=complete_rule,
              help="House rule (repeatable), as in a run config's [rules], e.g. --rule airship_aggressive=toll.")
@click.option("--pictures", metavar="DIR",
              help="Write a picture (SVG) of the board after every turn into the new or empty folder DIR, "
                   "and DIR/index.html, which steps through them beside each turn's decisions.")
@records(seats=Seats)
def play(game, seed, players, seats, variant, resolution, rule_flags, quiet, pictures):
    """Play one game and print it decision by decision, then the score table.

    \b
    Example:
      scythe-sim play --seed 7 --players 3 --strategies greedy,rusher,automa
      scythe-sim play --seed 7 --players 4 --resolution factory_explosion
      scythe-sim play --seed 7 --variant wind_gambit --rule airship_aggressive=toll
      scythe-sim play --game my_little_scythe --seed 7 --players 3
      scythe-sim play --seed 7 --pictures game7     # then open game7/index.html
    """
    from scythe_sim.picture_page import check_pictures_folder
    from scythe_sim.runner.config import flag_overrides

    own = ("factions", "mats", "expansion", "resolution", "mix")
    spec = game_spec(game, "play", own)
    check_variant(spec, variant)
    rules = dict(spec.setup.variant_rules.get(variant, ()))
    rules.update(flag_overrides(rules=rule_flags).get("rules", {}))
    if pictures is not None:
        check_pictures_folder(pictures)
    names = split_values(seats.strategies + seats.strategy_alias)
    known, yardsticks = spec.setup.strategies, spec.setup.yardsticks
    for name in names:      # a mistyped name: the nearest players, the yardsticks apart
        if name.strip().lower() not in known and yardsticks:
            raise ScytheSimError(f"--strategies: {unknown_strategy(name, known, yardsticks)}")
    given = {"factions": split_values(seats.factions), "mats": split_values(seats.mats), "expansion": seats.expansion,
             "resolution": resolution, "mix": seats.mix}
    chosen = {k: v for k, v in given.items() if game_takes(spec, "play", k)}
    if pictures is not None:
        chosen["pictures"] = pictures
    lines, score = game_module(spec, "play").play_game(seed, players, names, rules, **chosen)
    if not quiet:
        click.echo("\n".join(lines))
    click.echo("\n".join(score))
    if pictures is not None:
        click.echo(f"pictures: {pictures}/index.html")
