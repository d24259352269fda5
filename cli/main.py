"""The `scythe-sim` command line: the group, its error handling and its commands (a module
each: play, run, replay, report, compare, check, bench and warmup, evaluate, tune, learn). Commands
parse, call the library and print; nothing else. `list` names what the others take."""
import sys

import click

from scythe_sim.errors import SIMULATOR_BUG_EXIT, ScytheSimError, SimulatorBug

from . import bench, check, compare, evaluate, learn, listing, play, replay, report, run, tune
from .price import price


class _Group(click.Group):
    """Turns the project's own errors into one line on stderr and exit code 2 (a
    simulator bug: one line naming its reproducer, exit code 4)."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except ScytheSimError as exc:
            click.echo(f"error: {exc}", err=True)
            sys.exit(2)
        except SimulatorBug as exc:       # not the user's input: a reproducer was written
            click.echo(f"simulator bug: {exc}", err=True)
            sys.exit(SIMULATOR_BUG_EXIT)
        except OSError as exc:            # disk full, a folder that is a file, no permission...
            where = f" ({exc.filename})" if exc.filename else ""
            click.echo(f"error: {exc.strerror or exc}{where}", err=True)
            sys.exit(2)
        except Exception as exc:
            # a file the Parquet readers cannot decode (other polars/pyarrow errors are bugs)
            if type(exc).__name__ not in ("ComputeError", "ArrowInvalid", "ArrowIOError") or \
                    type(exc).__module__.split(".")[0] not in ("polars", "pyarrow"):
                raise
            first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            click.echo(f"error: a Parquet file of the run is unreadable ({first}): check the run "
                       "without --no-verify, or play it again", err=True)
            sys.exit(2)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"], "show_default": True})
@click.version_option(package_name="scythe-sim")
def main():
    """Simulate Scythe games and analyse balance.

    \b
    Example:
      scythe-sim run --games 2000 && scythe-sim report results/default
    """


for _command in (play.play, run.run, replay.replay, report.report, compare.compare, check.check, bench.bench,
                 evaluate.evaluate, tune.tune, learn.learn, bench.warmup, listing.list_names):
    main.add_command(_command)
main.add_command(price)

# one example per command, shown at the end of its --help
EXAMPLES = {
    "run": "scythe-sim run configs/default.toml --games 20000 --workers 8",
    "replay": "scythe-sim replay results/default --game 17",
    "check": "scythe-sim check configs/default.toml --rule stars_to_end=5 --format markdown",
    "report": "scythe-sim report results/base results/house-rule --out results/report",
    "bench": "scythe-sim bench --games 500 --mix default --no-compile",
    "evaluate": "scythe-sim evaluate quality --games 100 --players 4 --out results/evaluate.md",
    "tune": "scythe-sim tune greedy --games 100 --generations 10 --out results/tune/greedy.toml",
    "learn": "scythe-sim learn --generations 4 --games 3000 --eval-games 2000 --out results/learn",
    "warmup": "scythe-sim warmup",
}
for _name, _example in EXAMPLES.items():
    main.commands[_name].epilog = f"\b\nExample:\n  {_example}"


if __name__ == "__main__":
    main()
