"""What a long command shows while it works, and how it stops: the compile notice, the
run's progress bar and summary table, Ctrl-C and SIGTERM, a tuning run's generations.
Used by the command modules (run.py, tune.py)."""
import contextlib
import sys

import click


def run_warmer(cfg):
    """How a run warms its game's kernel: with the compile notice when nothing is cached."""
    from scythe_sim.compiled.packages import has_cache
    from scythe_sim.runner.spec import tools_for

    from .compiling import warm_visibly

    package = tools_for(cfg.game).compiled_package
    return lambda warm: warm_visibly(warm, cached=package is None or has_cache(package), package=package)


class StoppedBySignals:
    """Ctrl-C (exit 130) and SIGTERM (exit 143) stop a run with its workers, keep what is
    published and say how to resume; an OS error (disk full, ...) is one line, exit 2; a
    worker killed from outside (the OOM killer, say) or a Dask scheduler gone away is one
    line, exit 1."""

    def __init__(self, cfg):
        self.cfg = cfg

    def __enter__(self):
        from scythe_sim.runner.batch import stop_on_signals

        self.signals = stop_on_signals()
        self.signals.__enter__()
        return self

    def __exit__(self, kind, exc, tb):
        from concurrent.futures.process import BrokenProcessPool

        from scythe_sim.runner.batch import Terminated
        from scythe_sim.runner.commands import resume_command
        from scythe_sim.runner.run import saved_games
        from scythe_sim.runner.scheduler import BackendLost

        self.signals.__exit__(None, None, None)
        if kind is None or not issubclass(kind, (KeyboardInterrupt, Terminated, OSError, BrokenProcessPool,
                                                 BackendLost)):
            return False
        run_dir = str(self.cfg.run_dir())
        resume = f"resume with: {resume_command(run_dir)}"
        saved = f"{saved_games(run_dir):,} of {self.cfg.games:,} games are saved in {run_dir}"
        if issubclass(kind, OSError):
            where = f" ({exc.filename})" if exc.filename else ""
            click.echo(f"error: {exc.strerror or exc}{where}: fix it, then {resume}", err=True)
            sys.exit(2)
        if issubclass(kind, BrokenProcessPool):
            click.echo("error: a worker process ended abruptly (killed from outside, or out of memory): "
                       f"{resume}", err=True)
            sys.exit(1)
        if issubclass(kind, BackendLost):
            click.echo(f"error: {exc}: {saved}; {resume}", err=True)
            sys.exit(1)
        click.echo(f"{'interrupted' if kind is KeyboardInterrupt else 'terminated'}: {saved}; {resume}", err=True)
        sys.exit(130 if kind is KeyboardInterrupt else 143)


@contextlib.contextmanager
def stopped_by_signals(command):
    """For a command that plays games on a pool and writes its result at the end (evaluate,
    tune, learn): Ctrl-C (exit 130) and SIGTERM (exit 143) stop it and its workers at once
    (runner/batch.py's stop_on_signals and forked_pool), with one line on stderr and
    nothing written. Use: `with stopped_by_signals("learn"): ...` around the work."""
    from scythe_sim.runner.batch import Terminated, stop_on_signals

    try:
        with stop_on_signals():
            yield
    except (KeyboardInterrupt, Terminated) as exc:
        interrupted = isinstance(exc, KeyboardInterrupt)
        click.echo(f"{'interrupted' if interrupted else 'terminated'}: {command} stopped with its workers; "
                   "nothing written", err=True)
        sys.exit(130 if interrupted else 143)


class ProgressBar:
    """A rich progress bar of a run's games, or nothing when not on a terminal: the games
    done of the total, the share, games/s and the time left (ETA). The first update
    starts it (a resumed run at the games it already holds); the rate and the time left
    count only the games played since. A local run updates it a few times a second while
    its shards play (runner/progress.py), a Dask run as each shard lands. console: where
    it draws (default: the terminal)."""

    def __init__(self, show, total, console=None):
        self.show, self.total, self.bar, self.console = show, total, None, console

    def __enter__(self):
        if not self.show:
            return None
        import time

        start = [None, 0]

        def update(done, total):
            if self.bar is None:        # started with the first games: errors and the compile come first
                self._start(done)
            now = time.perf_counter()
            if start[0] is None:
                start[0], start[1] = now, done
            rate = (done - start[1]) / (now - start[0]) if now > start[0] else 0.0
            self.bar.update(self.task, completed=done, total=total, rate=f"{rate:,.0f} games/s" if rate else "",
                            left=time_left(total - done, rate), refresh=True)
        return update

    def _start(self, done):
        from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn

        self.bar = Progress(TextColumn("games {task.completed:,.0f} of {task.total:,.0f}"), BarColumn(),
                            TaskProgressColumn(), TextColumn("{task.fields[rate]}"),
                            TextColumn("{task.fields[left]}"), console=self.console)
        self.bar.start()
        self.task = self.bar.add_task("run", total=self.total, completed=done, rate="",
                                      left=time_left(self.total - done, 0.0))

    def __exit__(self, *exc):
        if self.bar is not None:
            self.bar.stop()
        return False


def time_left(games, rate):
    """"ETA 0:01:05" for `games` still to play at `rate` games/s; "ETA -:--:--" before a
    rate is known, "done" when none is left."""
    if games <= 0:
        return "done"
    if rate <= 0:
        return "ETA -:--:--"
    seconds = round(games / rate)
    return f"ETA {seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"


def print_summary(result):
    """A finished run's answer (analysis/answer.py): the rules and variant played, the
    win rates ranked as the report ranks them, the variant's own result, the timing, the
    tables and the next command."""
    from rich.console import Console
    from rich.table import Table

    from analysis import answer
    from analysis.runs import Run

    run = Run(result.run_dir, hashes=False)      # just written and hashed
    by, rates = answer.rates(run)
    console = Console()
    console.print(answer.rules_line(run), soft_wrap=True)
    title = answer.rates_title(run, by)
    table = Table(title=title, min_width=len(title))      # a title wider than the table stays on one line
    for column in (by, *answer.RATE_COLUMNS):
        table.add_column(column, justify="left" if column == by else "right")
    for row in answer.rate_rows(rates, by):
        table.add_row(*row)
    console.print(table)
    for line in answer.variant_lines(run):
        console.print(line, soft_wrap=True)
    console.print(_reference_line(result.run_dir), soft_wrap=True)
    if result.played:
        console.print(f"{result.played:,} games played in {result.seconds:,.1f} s "
                      f"({result.games_per_s:,.0f} games/s); peak memory {result.worker_rss_mb:,.0f} MB "
                      f"a worker (the largest), {result.parent_rss_mb:,.0f} MB this process")
    console.print(f"tables: {result.run_dir}/games, {result.run_dir}/seats (Parquet); "
                  f"manifest: {result.run_dir}/manifest.json")
    bad = result.manifest.get("bad_games", 0)
    if bad:
        console.print(f"[bold]{bad:,} game(s) stopped on a simulator bug and are left out of the tables[/bold]: "
                      f"{result.run_dir}/bad_games (their reproducers beside it); please report them")
    console.print(answer.next_command(run), soft_wrap=True)


def answer_json(run_dir, result=None) -> dict:
    """A finished run's answer as JSON values (analysis/answer.py), with the timing of the
    games this call played when it played them (`result`, a RunResult)."""
    from analysis import answer
    from analysis.runs import Run

    shown = answer.as_json(Run(run_dir, hashes=False))     # just written and hashed
    shown["reference"] = _unchecked(run_dir)
    if result is not None:
        shown.update(played=result.played, seconds=round(result.seconds, 3))
    return shown


def _unchecked(run_dir) -> dict:
    """The answer's verdicts are the fast players': what checking them would cost."""
    from analysis.reference_view import unchecked

    return unchecked([run_dir])


def _reference_line(run_dir) -> str:
    """The answer's line on the reference player, with the report command that checks."""
    fields = _unchecked(run_dir)
    if "suggested_games" not in fields:
        return fields["line"]
    return fields["line"].replace(f"(`--reference {fields['suggested_games']:,}`",
                                  f"(`scythe-sim report {run_dir} --reference {fields['suggested_games']}`")


class GenerationBar:
    """Progress of a tuning run: a rich bar on a terminal, one line per generation otherwise."""

    def __init__(self, show, total):
        self.show, self.total, self.bar = show, total, None

    def __enter__(self):
        if not self.show:
            return lambda gen, total, best, seconds: click.echo(
                f"generation {gen}/{total}: best fitness {best:.4f}, {seconds:.0f} s")
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

        self.bar = Progress(TextColumn("generation"), BarColumn(), MofNCompleteColumn(),
                            TextColumn("best {task.fields[best]}"), TimeElapsedColumn())
        self.bar.start()
        task = self.bar.add_task("tune", total=self.total, best="-")
        return lambda gen, total, best, seconds: self.bar.update(task, completed=gen, best=f"{best:.4f}")

    def __exit__(self, *exc):
        if self.bar is not None:
            self.bar.stop()
        return False
