"""`scythe-sim replay`: one stored game played again and checked against its rows."""
import sys

import click


from .common import NO_VERIFY


@click.command()
@click.argument("run_dir")
@click.option("--game", "game_id", type=int, required=True, help="Game number (the games table's `game`).")
@click.option("--quiet", is_flag=True, help="Only confirm the match, no playthrough.")
@click.option("--no-verify", is_flag=True, help=NO_VERIFY)
@click.option("--pictures", metavar="DIR",
              help="Write a picture (SVG) of the board after every turn into the new or empty folder DIR, "
                   "and DIR/index.html, which steps through them beside each turn's decisions.")
def replay(run_dir, game_id, quiet, no_verify, pictures):
    """Re-simulate one game of a run from its stored seed and check it against the tables.
    A game that stopped on a simulator bug is replayed with every invariant checked: the
    decision where it fails (exit code 4), or that it now plays to its end (exit 0).

    \b
    Example:
      scythe-sim replay results/default --game 12 --pictures game12   # then open game12/index.html
    """
    from scythe_sim.errors import SIMULATOR_BUG_EXIT
    from scythe_sim.picture_page import check_pictures_folder
    from scythe_sim.runner.replay import is_bad_game, replay_bad_game, replay as replay_game

    if is_bad_game(run_dir, game_id):         # stopped on a simulator bug: where it fails now
        lines, still = replay_bad_game(run_dir, game_id)
        click.echo("\n".join(lines), err=still)
        sys.exit(SIMULATOR_BUG_EXIT if still else 0)
    if pictures is not None:
        check_pictures_folder(pictures)
    lines, mismatches = replay_game(run_dir, game_id, hashes=not no_verify, pictures=pictures)
    if not quiet:
        click.echo("\n".join(lines))
    if mismatches:
        click.echo(f"replay of game {game_id} does NOT match the stored rows:", err=True)
        for line in mismatches:
            click.echo(f"  {line}", err=True)
        sys.exit(1)
    click.echo(f"replay of game {game_id} matches the stored rows")
    if pictures is not None:
        click.echo(f"pictures: {pictures}/index.html")
