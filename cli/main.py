"""The `scythe-sim` command line: parse, call the library, print. Nothing else."""
import sys

import click

from scythe_sim.errors import ScytheSimError


class _Group(click.Group):
    """Turns the project's own errors into one line on stderr and exit code 2."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except ScytheSimError as exc:
            click.echo(f"error: {exc}", err=True)
            sys.exit(2)


def _split(values):
    out = []
    for value in values:
        out.extend(x for x in value.replace(",", " ").split() if x)
    return out


@click.group(cls=_Group)
@click.version_option(package_name="scythe-sim")
def main():
    """Simulate Scythe games and analyse balance."""


@main.command()
@click.option("--seed", type=int, default=0, show_default=True, help="Game seed.")
@click.option("--players", type=int, default=4, show_default=True, help="Number of players (1-5).")
@click.option("--factions", multiple=True, help="Factions per seat, e.g. --factions nordic,saxony (default: dealt).")
@click.option("--mats", multiple=True, help="Player mats per seat, e.g. --mats industrial,patriotic (default: dealt).")
@click.option("--strategy", "strategies", multiple=True, help="Strategy per seat (default: random).")
@click.option("--quiet", is_flag=True, help="Print only the final score table.")
def play(seed, players, factions, mats, strategies, quiet):
    """Play one game and print it decision by decision, then the score table."""
    from scythe_sim.playthrough import play_through, score_table_lines

    game, lines = play_through(seed, players, _split(factions) or None, _split(mats) or None,
                               _split(strategies) or None)
    if not quiet:
        click.echo("\n".join(lines))
        click.echo(str(game))
    click.echo("\n".join(score_table_lines(game)))


@main.command()
@click.option("--games", type=click.IntRange(min=1), default=2000, show_default=True, help="Games per timed repeat.")
@click.option("--players", type=click.IntRange(1, 5), default=4, show_default=True)
@click.option("--repeats", type=click.IntRange(min=1), default=5, show_default=True, help="Timed repeats (median reported).")
@click.option("--compile/--no-compile", "measure_compile", default=True, show_default=True,
              help="Also time a cold and a cached JIT compile in fresh processes.")
def bench(games, players, repeats, measure_compile):
    """Measure random-play games/s on one core and the JIT compile time."""
    from scythe_sim.bench import bench_compile, bench_games

    if measure_compile:
        cold, cached = bench_compile()
        click.echo(f"JIT compile: cold {cold:.1f} s, cached {cached:.1f} s (fresh processes)")
    result = bench_games(games, players, repeats)
    click.echo(f"random play, {players} players: {result['games_per_s']:.0f} games/s per core "
               f"(median of {repeats} x {games} games; {result['decisions_per_s']:.0f} decisions/s, "
               f"{result['mean_turns']:.0f} turns per game)")


@main.command()
def warmup():
    """Compile (or load from the cache) every kernel entry point and show how long it took."""
    from scythe_sim.bench import warm

    click.echo(f"kernel ready in {warm():.1f} s")


if __name__ == "__main__":
    main()
