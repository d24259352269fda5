"""The reference player's games a command asks for (`report --reference N`, `compare
--reference N`, `check --confirm N`): the cost said before anything is played, the
progress bar while it plays, and Ctrl-C keeping what is done with the command that
resumes it (the reference runs are cached runs: runner/cache.py, runner/reference.py)."""
import os
import sys

import click

from analysis.reference import minutes as as_minutes

REFERENCE_HELP = ("Check every verdict against the reference player: its N games on the run's first N deals "
                  "(the same seeds, config and rules; only the players differ), played once and kept beside "
                  "the run (a later command asking for as many or fewer reuses them). The cost is printed "
                  "before anything is played.")


def cost_line(games, cpu_seconds, workers, what="reference") -> str:
    """"reference: 300 games to play, about 13 CPU-minutes (6.6 minutes on 2 workers)"."""
    minutes = cpu_seconds / 60
    wall = minutes / max(workers, 1)
    return (f"{what}: {games:,} games to play, about {as_minutes(minutes)} CPU-minutes "
            f"({as_minutes(wall)} minutes on {workers} worker{'s' if workers != 1 else ''})")


def play_reference(config, player, folder, games, workers, quiet, command_line, what="reference"):
    """The cached run of `config` in `folder` holding `games` games, played now where it
    holds fewer: (run folder, games played now). Prints the cost first (stderr), shows a
    progress bar on a terminal, and on Ctrl-C or SIGTERM keeps what is published and says
    how to resume."""
    from rich.console import Console

    from scythe_sim.runner.batch import Terminated, stop_on_signals
    from scythe_sim.runner.cache import cached_config, ensure_cached, held_games
    from scythe_sim.runner.reference import cpu_seconds
    from scythe_sim.runner.run import saved_games

    from .progress import ProgressBar, run_warmer

    held = held_games(config, folder)
    target = str(cached_config(config, folder, games).run_dir())
    if held >= games:
        if not quiet:
            click.echo(f"{what}: {games:,} games already played, reused from {target}", err=True)
        return target, 0
    to_play = games - max(held, saved_games(target) if os.path.isdir(target) else 0)
    if not quiet:
        click.echo(cost_line(to_play, cpu_seconds(config, player, to_play), workers, what), err=True)
    try:
        with stop_on_signals(), ProgressBar(not quiet and sys.stderr.isatty(), games,
                                            console=Console(stderr=True)) as update:
            run_dir, _, _ = ensure_cached(config, folder, games, workers=workers, progress=update,
                                          warm=run_warmer(config))
    except (KeyboardInterrupt, Terminated) as exc:
        interrupted = isinstance(exc, KeyboardInterrupt)
        click.echo(f"{'interrupted' if interrupted else 'terminated'}: {saved_games(target):,} of {games:,} "
                   f"{what} games are kept in {target}; resume with: {command_line}", err=True)
        sys.exit(130 if interrupted else 143)
    return run_dir, to_play


def command_line() -> str:
    """The command as typed (what resumes an interrupted reference)."""
    import shlex

    return " ".join(["scythe-sim", *(shlex.quote(a) for a in sys.argv[1:])])


def reference_runs(run_dirs, games, workers, quiet):
    """Each run's reference run of `games` games (played now where missing): its folder per run."""
    from analysis.reference_view import reference_player
    from scythe_sim.runner import reference

    out = []
    for run_dir in run_dirs:
        config = reference.run_config(run_dir)
        player = reference_player(config.game)
        config = reference.reference_config(config, games, player)
        folder, _ = play_reference(config, player, reference.folder(run_dir), games, workers, quiet, command_line(),
                                   what=f"reference of {os.path.basename(os.path.normpath(run_dir))}")
        out.append(folder)
    return out
