"""`scythe-sim report`: a balance report of one or more runs."""

import click


from .common import NO_VERIFY
from .reference_player import REFERENCE_HELP


@click.command()
@click.argument("run_dirs", nargs=-1, required=True)
@click.option("--out", "out_dir", help="Report folder (default: <run>/report for one run; for several, a folder "
                                       "of their own, <first run>/report-vs-<the others>). A folder holding a "
                                       "report of other runs, or of another kind, is refused.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              help="text: the report's path; json: its summary for tools (the lines at a glance, the "
                   "summary's sentences, the runs and every file written).")
@click.option("--no-verify", is_flag=True, help=NO_VERIFY)
@click.option("--show-game", "show_game", metavar="N",
              help="Show game N of the first run at its end (the board and each player's standing), "
                   "with a page stepping through its turns; N is the games table's `game`, or widest "
                   "(the largest margin between the first two places) or stalled (the first war that "
                   "ended in a stalemate).")
@click.option("--reference", "reference_games", type=click.IntRange(min=1), metavar="N", help=REFERENCE_HELP)
@click.option("--workers", type=click.IntRange(min=1), default=None,
              help="Worker processes for --reference's games (default: every core).")
def report(run_dirs, out_dir, fmt, no_verify, show_game, reference_games, workers):
    """Write a balance report (index.md, index.html, PNG, CSV) for one or more runs.

    \b
    Example:
      scythe-sim report results/default --show-game 12
      scythe-sim report results/base results/five     # into results/base/report-vs-five
      scythe-sim report results/default --reference 300   # each verdict checked against search
    """
    import json
    import tempfile

    from analysis import runs
    from analysis.report import report_folder, write_report
    from analysis.shown_game import chosen_game

    runs.VERIFY_HASHES = not no_verify
    out_dir = report_folder(run_dirs, out_dir)     # a folder refused before a game is replayed (--show-game)
    with tempfile.TemporaryDirectory(prefix="scythe-sim-game-") as scratch:
        shown = None
        if show_game is not None:
            game = chosen_game(run_dirs[0], show_game)
            shown = (game, _game_pictures(run_dirs[0], game, not no_verify, scratch))
        written = write_report(run_dirs, out_dir, shown, _reference(run_dirs, reference_games, workers))
    if fmt == "json":
        click.echo(json.dumps(written, indent=1))
        return
    # a comparison says so: its folder is not the first run's own report
    own = "; a comparison, in a folder of its own" if written["kind"] == "comparison" else ""
    click.echo(f"report: {written['index']} (and index.html beside it{own})")
    for checked in written["reference"] or []:
        if isinstance(checked, dict) and checked.get("checked"):
            click.echo(checked["line"] if len(run_dirs) == 1 else f"{checked['run']}: {checked['line']}")


def _reference(run_dirs, games, workers):
    """The reference of each run (played now where missing), or the line saying there is none."""
    import os

    from analysis.reference_view import reference_player
    from scythe_sim.runner.reference import run_config

    from analysis.reference_view import unchecked

    from .reference_player import reference_runs

    if games is None:
        return {"line": unchecked(run_dirs)["line"]}
    player = reference_player(run_config(run_dirs[0]).game).strategy
    folders = reference_runs(run_dirs, games, workers or os.cpu_count() or 1, quiet=False)
    return {"games": games, "player": player, "folders": folders}


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
