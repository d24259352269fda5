"""`scythe-sim play`: one Scythe game, decision by decision."""

import click


from .common import split_values


@click.command()
@click.option("--seed", type=int, default=0, show_default=True, help="Game seed (0 to 2^64-1).")
@click.option("--players", type=int, default=4, show_default=True,
              help="Number of players (1-5; 6-7 deal Albion and Togawa too).")
@click.option("--factions", multiple=True, help="Factions per seat, e.g. --factions nordic,saxony (default: dealt).")
@click.option("--mats", multiple=True, help="Player mats per seat, e.g. --mats industrial,patriotic (default: dealt).")
@click.option("--strategies", "strategies", multiple=True, metavar="NAME[,NAME...]",
              help="Strategy per seat (one name: every seat): random, greedy, economist, rusher, warmonger, "
                   "objective, automa (default: drawn per seat from --mix).")
@click.option("--strategy", "strategy_alias", multiple=True, hidden=True)   # the old spelling
@click.option("--mix", default="default", show_default=True, metavar="NAME",
              help="Strategy mix the seats are drawn from when --strategies is not given.")
@click.option("--quiet", is_flag=True, help="Print only the final score table.")
@click.option("--expansion", is_flag=True,
              help="Deal from all seven factions and mats (Invaders from Afar); implied past 5 players.")
@click.option("--resolution", metavar="TILE",
              help="The Wind Gambit's resolution tile: a name (factory_explosion, ...), 1-8 or random.")
@click.option("--variant", metavar="NAME", help="Rule variant: all_out_war or wind_gambit (airships).")
@click.option("--rule", "rule_flags", multiple=True, metavar="KEY=VALUE",
              help="House rule (repeatable), as in a run config's [rules], e.g. --rule airship_aggressive=toll.")
def play(seed, players, factions, mats, strategies, strategy_alias, mix, quiet, expansion, resolution, variant,
         rule_flags):
    """Play one game and print it decision by decision, then the score table.

    \b
    Example:
      scythe-sim play --seed 7 --players 3 --strategies greedy,rusher,automa
      scythe-sim play --seed 7 --players 4 --resolution factory_explosion
      scythe-sim play --seed 7 --variant wind_gambit --rule airship_aggressive=toll
    """
    from scythe_sim.games.scythe.text.playthrough import mix_seats, play_through, score_table_lines
    from scythe_sim.errors import ConfigError
    from scythe_sim.runner.config import flag_overrides
    from scythe_sim.games.scythe.spec import VARIANT_RULES, VARIANTS

    rules = {"expansion_factions": 1} if expansion or players > 5 else {}
    if resolution:
        rules["resolution"] = resolution
    if variant is not None and variant not in VARIANTS:
        raise ConfigError(f"--variant {variant!r}: choose one of {', '.join(VARIANTS)}")
    rules.update(VARIANT_RULES.get(variant, ()))
    rules.update(flag_overrides(rules=rule_flags).get("rules", {}))
    names = split_values(strategies + strategy_alias) or mix_seats(mix, seed, players)
    game, lines = play_through(seed, players, split_values(factions) or None, split_values(mats) or None, names,
                               rules=rules)
    if not quiet:
        click.echo("\n".join(lines))
        click.echo(str(game))
    click.echo("\n".join(score_table_lines(game, names)))
