"""The commands a message tells the user to run next, spelled once: complete a run, and
show one of its games again."""
import os
import shlex


def resume_command(run_dir) -> str:
    """The command that completes the run at run_dir (from its own manifest)."""
    output, name = os.path.split(os.path.normpath(str(run_dir)))
    return f"scythe-sim run --resume --out {shlex.quote(output or '.')} --name {shlex.quote(name)}"


def replay_command(run_dir, game_id) -> str:
    """The command that plays game `game_id` of the run at run_dir again."""
    return f"scythe-sim replay {shlex.quote(str(run_dir))} --game {game_id}"
