"""`scythe-sim replay`: one stored game played again and checked against its rows."""
import sys

import click


from .common import NO_VERIFY


@click.command()
@click.argument("run_dir")
@click.option("--game", "game_id", type=int, required=True, help="Game number (the games table's `game`).")
@click.option("--quiet", is_flag=True, help="Only confirm the match, no playthrough.")
@click.option("--no-verify", is_flag=True, help=NO_VERIFY)
def replay(run_dir, game_id, quiet, no_verify):
    """Re-simulate one game of a run from its stored seed and check it against the tables.
    A game that stopped on a simulator bug is replayed with every invariant checked: the
    decision where it fails (exit code 4), or that it now plays to its end (exit 0)."""
    from scythe_sim.errors import SIMULATOR_BUG_EXIT
    from scythe_sim.runner.replay import is_bad_game, replay_bad_game, replay as replay_game

    if is_bad_game(run_dir, game_id):         # stopped on a simulator bug: where it fails now
        lines, still = replay_bad_game(run_dir, game_id)
        click.echo("\n".join(lines), err=still)
        sys.exit(SIMULATOR_BUG_EXIT if still else 0)
    lines, mismatches = replay_game(run_dir, game_id, hashes=not no_verify)
    if not quiet:
        click.echo("\n".join(lines))
    if mismatches:
        click.echo(f"replay of game {game_id} does NOT match the stored rows:", err=True)
        for line in mismatches:
            click.echo(f"  {line}", err=True)
        sys.exit(1)
    click.echo(f"replay of game {game_id} matches the stored rows")
