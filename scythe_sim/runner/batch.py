"""Playing a range of a run's games in memory: the one batch path behind the runner's
shards (shard.py writes its tables) and `scythe-sim evaluate` (which keeps them).

`play_range` is a pure function of (config, start, stop); `play_ranges` plays many
ranges, in this process or on a pool of workers forked after the kernel is warm.
"""
import concurrent.futures
import contextlib
import ctypes
import logging
import multiprocessing
import os
import signal
import sys
from typing import NamedTuple

from .parquet import with_run_columns
from .progress import counter
from .spec import game_tables


class Batch(NamedTuple):
    tables: dict      # {table name: pyarrow.Table}, each ending with ruleset and variant
    bad: tuple        # ((batch index, status, seed), ...): games stopped on a simulator bug


def play_range(config, start: int, stop: int, check=False) -> Batch:
    """Plan and play games start..stop-1 of the run; their result tables. With check,
    every invariant is checked after every decision (a broken one makes a bad game). The
    games are counted on this process's counter as they end (progress.py)."""
    spec = config.spec
    plan = spec.plan_games(config, start, stop)
    tables, bad = spec.play(game_tables(config.game, config.rules), start, plan, config, check=check,
                            played=counter())
    ruleset = spec.ruleset(config)
    return Batch({name: with_run_columns(table, ruleset, config.variant) for name, table in tables.items()}, bad)


class Terminated(BaseException):
    """SIGTERM, raised in the main thread of the process that entered stop_on_signals (a
    BaseException like KeyboardInterrupt, so no `except Exception` swallows it)."""


@contextlib.contextmanager
def stop_on_signals():
    """Make SIGTERM stop this process the way Ctrl-C does: inside, SIGTERM raises
    Terminated in the main thread (Ctrl-C raises KeyboardInterrupt already), so every
    `with` on the way out runs, and a forked_pool stops its workers at once. Any long
    command that plays games on a pool wraps its work in it (run, evaluate, tune, learn:
    cli/progress.py's stopped_by_signals adds the one-line message and exit code). A
    worker forked inside that has not yet reset its handlers just ends."""
    owner = os.getpid()

    def terminate(signum, frame):
        if os.getpid() != owner:
            signal.signal(signum, signal.SIG_DFL)
            os.kill(os.getpid(), signum)
            return
        raise Terminated()
    previous = signal.signal(signal.SIGTERM, terminate)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


@contextlib.contextmanager
def forked_pool(workers, warm, counts=None):
    """A ProcessPoolExecutor of `workers` processes forked after `warm()` compiled or
    loaded the game's kernel in this process (so no worker compiles), logging through
    multiprocessing-logging. Leaving it by an exception (an error, Ctrl-C, Terminated)
    stops the workers at once (stop_pool) instead of waiting for their work. With counts
    (progress.SharedCounts of `workers` slots), each worker counts its games in a slot
    the parent reads while the games go on."""
    warm()                               # compile or load once; forked workers inherit it
    wrapped = _forward_worker_logs()
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    ctx = multiprocessing.get_context(method)
    stopped = False
    try:
        with concurrent.futures.ProcessPoolExecutor(workers, mp_context=ctx, initializer=_worker_start,
                                                    initargs=(counts,)) as pool:
            try:
                yield pool
            except BaseException:
                stopped = True
                stop_pool(pool)              # no worker plays on
                raise
    finally:
        _stop_forwarding(wrapped, stopped)


def _forward_worker_logs():
    """Wrap each root handler in multiprocessing-logging's handler, whose queue carries a
    forked worker's records to the parent's handler; returns the wrappers. A process that
    opens many pools (evaluate's blocks, tune's generations) unwraps them after each
    (_stop_forwarding): wrapping again and again would pile up a receiving thread per
    handler per pool."""
    from multiprocessing_logging import MultiProcessingHandler

    class ForwardingHandler(MultiProcessingHandler):
        def close(self):
            # drain the queue and stop the thread, but leave the wrapped handler open: it
            # belongs to whoever installed it (run.log, the terminal, a test's capture)
            wrapped, self.sub_handler = self.sub_handler, _Relay(self.sub_handler)
            super().close()
            self.sub_handler = wrapped

    root = logging.getLogger()
    wrappers = []
    for i, handler in enumerate(list(root.handlers)):
        wrapper = ForwardingHandler(f"worker-logs-{i}", sub_handler=handler)
        root.removeHandler(handler)
        root.addHandler(wrapper)
        wrappers.append(wrapper)
    return wrappers


def _stop_forwarding(wrappers, stopped=False):
    """Put each wrapped handler back in its wrapper's place, and stop the wrapper. After
    stop_pool (stopped), this process's records still queued are let go at exit: a worker
    killed while writing a record holds the queue's write lock for ever, and the exit
    would otherwise wait for this process's queue thread, which waits for that lock."""
    root = logging.getLogger()
    for wrapper in wrappers:
        if wrapper in root.handlers:
            root.removeHandler(wrapper)
            root.addHandler(wrapper.sub_handler)
        if stopped:
            wrapper.queue.cancel_join_thread()
        wrapper.close()


class _Relay(logging.Handler):
    """Passes records on to a handler, and leaves it open when closed itself."""

    def __init__(self, target):
        super().__init__()
        self.target = target

    def emit(self, record):
        self.target.emit(record)


def _worker_start(counts):
    """A worker's first step: its signals, and its slot of the pool's game counts if any."""
    _worker_signals()
    if counts is not None:
        counts.join()


def _worker_signals():
    """Ctrl-C reaches every process of the terminal's group: workers leave it to the parent,
    which stops them (stop_pool) and tells how to resume, instead of each printing a
    traceback. SIGTERM, stop_pool's terminate(), ends a worker at once: a forked worker
    would otherwise inherit the parent's Python handler, whose exception a worker can
    swallow (inside a logging call, say) and play on while the parent waits for it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _end_with_parent()


def _end_with_parent():
    """A worker whose parent is killed outright (SIGKILL, the OOM killer) would wait for
    work forever on a queue nobody writes: on Linux the kernel sends it SIGTERM when the
    parent dies. Elsewhere it lingers until its queue breaks."""
    if not sys.platform.startswith("linux"):
        return
    ctypes.CDLL(None, use_errno=True).prctl(1, int(signal.SIGTERM), 0, 0, 0)   # PR_SET_PDEATHSIG
    parent = multiprocessing.parent_process()
    if parent is not None and os.getppid() != parent.pid:   # the parent died before prctl
        os.kill(os.getpid(), signal.SIGTERM)


def stop_pool(pool):
    """End a pool at once: pending work cancelled, running workers terminated (what they
    were writing stays a temporary file, removed by --resume), and the pool's manager
    thread ended, so that the interpreter's exit, which joins it, cannot hang."""
    # the pool's processes, result pipe and manager thread have no public API before 3.14
    processes = list((getattr(pool, "_processes", None) or {}).values())
    manager = getattr(pool, "_executor_manager_thread", None)
    results = getattr(pool, "_result_queue", None)
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(timeout=10)
    if manager is None or results is None:
        return
    # A worker killed halfway through sending its result leaves the manager thread
    # reading the rest of that message for ever. With the workers gone, this process
    # holds the pipe's last writing end: closing it ends the read (EOF), and the thread
    # ends as for a broken pool.
    if not any(process.is_alive() for process in processes):
        results._writer.close()
    manager.join(timeout=10)


def play_ranges(jobs, workers=1, finished=None) -> list:
    """[Batch, ...] of jobs [(config, start, stop), ...], in order; more than one worker
    plays them on a forked pool. finished(job) is called as each job's games land (in
    the order they land), e.g. for a progress bar."""
    def landed(job, batch):
        if finished is not None:
            finished(job)
        return batch

    if workers == 1 or len(jobs) <= 1:
        return [landed(job, play_range(*job)) for job in jobs]
    with forked_pool(workers, jobs[0][0].spec.warm) as pool:
        futures = {pool.submit(play_range, *job): k for k, job in enumerate(jobs)}
        batches = [None] * len(jobs)
        for future in concurrent.futures.as_completed(futures):
            k = futures[future]
            batches[k] = landed(jobs[k], future.result())
        return batches
