"""Saying that the kernel compiles, while it does: the first run on a machine (or after an
update of the compiled sources) spends minutes compiling before the first game, and a
silent `0/2000 0%` looks like a hang.

On a terminal one line on stderr counts the elapsed time; elsewhere (--quiet, CI logs) a
line at the start, one every half minute and one at the end.
"""
import sys
import threading
import time

import click

COLD_COMPILE_MINUTES = 3     # one core, docs/PERFORMANCE.md ("cold JIT compile")
_LATE = 5.0                  # seconds: a "cached" kernel still loading by then is compiling
_LOG_EVERY = 30.0            # seconds between lines when not on a terminal


def _clock(seconds):
    return f"{int(seconds) // 60}:{int(seconds) % 60:02d}"


def warm_visibly(warm, cached, tty=None):
    """Run warm() (compile or load the kernel), telling stderr what happens when it
    compiles: at once when `cached` is False, else if loading takes over _LATE seconds.
    Returns warm()'s value."""
    tty = sys.stderr.isatty() if tty is None else tty
    what = (f"compiling the simulation kernel: first run on this machine only (and after an "
            f"update), about {COLD_COMPILE_MINUTES} minutes of a free core")
    done = threading.Event()
    start = time.monotonic()
    shown = []

    def tell():
        if done.wait(_LATE if cached else 0):
            return
        shown.append(True)
        if not tty:
            click.echo(f"{what} ...", err=True)
        while True:
            if tty:
                click.echo(f"\r{what} ({_clock(time.monotonic() - start)} so far)", err=True, nl=False)
            if done.wait(1.0 if tty else _LOG_EVERY):
                return
            if not tty:
                click.echo(f"still compiling ({_clock(time.monotonic() - start)} so far)", err=True)

    teller = threading.Thread(target=tell, daemon=True)
    teller.start()
    try:
        result = warm()
    finally:
        done.set()
        teller.join()
        if shown and tty:
            click.echo("", err=True)       # end the counting line
    if shown:
        click.echo(f"kernel compiled in {_clock(time.monotonic() - start)}", err=True)
    return result
