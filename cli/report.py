"""`scythe-sim report`: a balance report of one or more runs."""

import click


from .common import NO_VERIFY


@click.command()
@click.argument("run_dirs", nargs=-1, required=True)
@click.option("--out", "out_dir", help="Report folder (default: <first run>/report).")
@click.option("--no-verify", is_flag=True, help=NO_VERIFY)
@click.option("--show-game", "show_game", metavar="N",
              help="Show game N of the first run at its end (the board and each player's standing), "
                   "with a page stepping through its turns; N is the games table's `game`, or widest "
                   "(the largest margin between the first two places) or stalled (the first war that "
                   "ended in a stalemate).")
def report(run_dirs, out_dir, no_verify, show_game):
    """Write a balance report (index.md, index.html, PNG, CSV) for one or more runs.

    \\b
    Example:
      scythe-sim report results/default --show-game 12
      scythe-sim report results/war --show-game stalled
    """
    import os
    import tempfile

    from analysis import runs
    from analysis.report import build_report
    from analysis.shown_game import chosen_game

    runs.VERIFY_HASHES = not no_verify
    out_dir = out_dir or os.path.join(run_dirs[0], "report")
    with tempfile.TemporaryDirectory(prefix="scythe-sim-game-") as scratch:
        shown = None
        if show_game is not None:
            game = chosen_game(run_dirs[0], show_game)
            shown = (game, _game_pictures(run_dirs[0], game, not no_verify, scratch))
        index = build_report(run_dirs, out_dir, shown)
    click.echo(f"report: {index} (and index.html beside it)")


def _game_pictures(run_dir, game, hashes, scratch):
    """Game `game` of the run replayed with a picture per turn into a scratch folder (a bad
    number is a one-line error before the report is written)."""
    import os

    from scythe_sim.errors import ConfigError
    from scythe_sim.runner.replay import replay

    folder = os.path.join(scratch, "pictures")
    try:
        _, mismatches = replay(run_dir, game, hashes=hashes, pictures=folder)
    except ConfigError as exc:
        raise ConfigError(str(exc).replace("--game", "--show-game", 1)) from None
    if mismatches:
        click.echo(f"warning: game {game} replays differently from its stored rows ({mismatches[0]}); "
                   "the pictures show the replay", err=True)
    return folder
