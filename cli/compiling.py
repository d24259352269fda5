"""Saying that the kernel compiles, while it does: the first run on a machine (or after an
update of the compiled sources) spends minutes compiling before the first game, and a
silent `0/2000 0%` looks like a hang.

On a terminal one line on stderr counts the elapsed time; elsewhere (--quiet, CI logs) a
line at the start, one every half minute and one at the end.
"""
import os
import sys
import threading
import time

import click

# CPU seconds of a cold compile, by compiled package (runner/spec.py GameTools.compiled_package),
# measured with an empty cache: Scythe's kernel took 12 min 17 s of wall time with a core to
# itself (load about 1 on 2 cores) and 803 CPU seconds at load 3-4, My Little Scythe's 30 CPU
# seconds (docs/PERFORMANCE.md)
COLD_COMPILE_CPU_SECONDS = {"scythe": 740, "mls": 30}
_UNKNOWN_PACKAGE_SECONDS = 740      # a game not measured yet: say the longest
# seconds: a "cached" kernel still loading by then is compiling (part of it was never
# cached). A load takes about 2 CPU seconds, and up to about 6 s of wall time on 2 cores
# at load 4, where a wait of 5 s called a slow load a compile.
_LATE = 15.0
_LOG_EVERY = 30.0            # seconds between lines when not on a terminal


def compile_estimate(package, load=None, cores=None) -> str:
    """How long a cold compile of `package` takes here, in words: its measured CPU seconds
    over the share of a core it will get. A compile runs on one core; with `load` processes
    already wanting the machine's `cores` (os.getloadavg, os.cpu_count), it gets about
    cores / load of one, at most all of it. (Measured on 2 cores when the kernel was 520
    CPU seconds: it took 7 to 9.5 minutes at load ~2, and a compile at load 6-8 took about
    23 minutes where this said 30: the load average counts short test processes too.)"""
    cpu = COLD_COMPILE_CPU_SECONDS.get(package, _UNKNOWN_PACKAGE_SECONDS)
    cores = cores or os.cpu_count() or 1
    if load is None:
        try:
            load = os.getloadavg()[0]
        except OSError:           # no load average on this system: assume a free core
            load = 0.0
    seconds = cpu / min(1.0, cores / max(load, 1e-9))
    minutes = round(seconds / 60)
    wall = "under a minute" if seconds < 60 else f"about {minutes:,} minute{'s' if minutes != 1 else ''}"
    return f"{wall} here ({cpu:,} CPU seconds at load {load:.1f} on {cores} cores)"


def _clock(seconds):
    return f"{int(seconds) // 60}:{int(seconds) % 60:02d}"


def warm_visibly(warm, cached, tty=None, package=None):
    """Run warm() (compile or load the kernel of compiled `package`, or of a tuple of
    packages compiling side by side), telling stderr what
    happens when it compiles: at once when `cached` is False, else if loading takes over
    _LATE seconds, with how long it takes here (compile_estimate). Returns warm()'s value."""
    tty = sys.stderr.isatty() if tty is None else tty
    if isinstance(package, tuple):      # several kernels compiling side by side
        estimates = "; ".join(f"{name}: {compile_estimate(name)}" for name in package)
        what = (f"compiling {len(package)} simulation kernels side by side, a process each, once for this "
                f"machine (and after an update): {estimates}; later runs start at once")
    else:
        what = (f"compiling the simulation kernel once for this machine (and after an update): "
                f"{compile_estimate(package)}; later runs start at once")
    done = threading.Event()
    start = time.monotonic()
    shown = []

    def tell():
        if done.wait(_LATE if cached else 0):
            return
        shown.append(True)
        click.echo(f"{what} ...", err=True)
        while True:
            if tty:       # a short line, rewritten in place: a long one would wrap
                click.echo(f"\rcompiling: {_clock(time.monotonic() - start)} so far", err=True, nl=False)
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
