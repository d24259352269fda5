"""Running a config: prepare (or resume) the output folder, hand the missing shards to a
backend, record each published shard in the manifest, mark the run finished.

Backends: "local" (a process pool forked after the JIT is warm, one worker included,
worker logs through multiprocessing-logging) and "dask" (a scheduler address or an
in-process LocalCluster, worker logs carried back with each shard: runlog.logged).
Both call shard.run_shard, so the output is the same file for file.

Progress: a local pool's workers count their games in shared memory as each game ends
(progress.py), and the parent reads the counts a few times a second while it waits, so
`progress` moves within a shard; a Dask run's progress moves as each shard lands.
"""
import concurrent.futures
import dataclasses
import functools
import logging
import os
import shutil
import time
from pathlib import Path

from ..errors import ConfigError
from .batch import forked_pool
from .config import RunConfig, config_from_snapshot
from .manifest import (SUCCESS, check_manifest, holds_nothing, new_manifest, read_manifest, rule_set_change,
                       valid_shards, write_manifest)
from .parquet import is_temporary
from .reproducer import BAD_GAMES
from .runlog import emit, logged, run_log
from .scheduler import CONNECT_TIMEOUT, check_scheduler, close_quietly, lost_cluster_stops
from .memory import peak_rss_mb
from .progress import POLL_SECONDS, SharedCounts
from .shard import PEAK_RSS, run_shard, shard_count

log = logging.getLogger(__name__)
BACKENDS = ("local", "dask")


class RunResult:
    """A finished run: its folder and manifest, the games this call played and how long
    they took, and peak resident memory in MB: `worker_rss_mb` the largest of the
    processes that played shards (0 when none was played), `parent_rss_mb` this process's."""

    def __init__(self, run_dir, manifest, seconds, played, worker_rss_mb=0.0, parent_rss_mb=0.0):
        self.run_dir, self.manifest, self.seconds, self.played = run_dir, manifest, seconds, played
        self.worker_rss_mb, self.parent_rss_mb = worker_rss_mb, parent_rss_mb

    @property
    def games_per_s(self):
        return self.played / self.seconds if self.seconds > 0 else 0.0


def config_of_run(output=None, name=None, flag="--resume"):
    """The config of the run at <output>/<name> (the defaults' when not given), rebuilt from
    its manifest: what `--resume` (or `--extend-to`) plays without the original config file or flags."""
    output, name = output or RunConfig.output, name or RunConfig.name
    run_dir = os.path.join(output, name)
    manifest = read_manifest(run_dir) if os.path.isdir(run_dir) else None
    if manifest is None:
        raise ConfigError(f"{flag}: there is no run at {run_dir} to {flag.lstrip('-').replace('-to', '')} "
                          "(no manifest.json): check --out and --name, or give the run's CONFIG")
    check_manifest(run_dir, manifest)
    return dataclasses.replace(config_from_snapshot(manifest["config"]), output=output)


def saved_games(run_dir):
    """Games of the run at run_dir already published (0 without a manifest)."""
    try:
        manifest = read_manifest(run_dir)
    except ConfigError:
        return 0
    return sum(e["games"] for e in manifest["shards"].values()) if manifest else 0


def prepare(config, resume=False, overwrite=False):
    """The run folder ready to receive shards; returns (manifest, shards still to play,
    lazily). Refuses, with a ConfigError and without touching anything, to mix two
    configs or two rule sets, and to --resume where no run was started."""
    run_dir = str(config.run_dir())
    if resume and overwrite:
        raise ConfigError("--resume and --overwrite exclude each other: pick one")
    blocker = next((p for p in (run_dir, *map(str, Path(run_dir).parents))
                    if os.path.exists(p) and not os.path.isdir(p)), None)
    if blocker is not None:
        raise ConfigError(f"output {blocker} is a file, not a folder: choose another run name or output folder")
    if resume and not os.path.isdir(run_dir):
        raise ConfigError(f"--resume: there is no run at {run_dir} to resume: check --out and --name, "
                          "or drop --resume to start it")
    # a folder holding only the temporary files of a run killed before its first manifest
    # landed counts as empty: the run starts there again
    occupied = os.path.isdir(run_dir) and not holds_nothing(run_dir)
    manifest = read_manifest(run_dir) if occupied and not overwrite else None
    if occupied and not overwrite:
        if manifest is None:
            raise ConfigError(f"{run_dir} exists and is not a scythe-sim run: choose another name or "
                              "output, or --overwrite")
        if manifest["config_hash"] != config.config_hash():
            raise ConfigError(refusal(run_dir, manifest, config))
        if not resume:
            if manifest.get("complete"):       # nothing to resume: it can only grow or start again
                held = manifest["games"]
                raise ConfigError(f"{run_dir} already holds a finished run of this config ({held:,} games): "
                                  f"grow it with --extend-to N (N over {held:,}, instead of --games), or "
                                  "--overwrite to play it again")
            raise ConfigError(f"{run_dir} already holds an unfinished run of this config: --resume to complete "
                              "it, or --overwrite to start again")
    try:
        if occupied and overwrite:
            shutil.rmtree(run_dir)
        os.makedirs(run_dir, exist_ok=True)
        probe = os.path.join(run_dir, ".write-test")
        with open(probe, "w"):
            pass
        os.remove(probe)
    except OSError as exc:
        raise ConfigError(f"cannot write to output folder {run_dir}: {exc.strerror}") from None
    if manifest is None:
        manifest = new_manifest(config)
    else:
        manifest["shards"] = valid_shards(run_dir, manifest)
    remove_unpublished(run_dir)                    # a killed run's unpublished files
    write_manifest(run_dir, manifest)
    done = set(manifest["shards"])
    todo = (k for k in range(shard_count(config)) if f"{k:06d}" not in done)
    return manifest, todo


def remove_unpublished(run_dir):
    """Delete the temporary files of shards whose writer died before publishing them."""
    for folder, _, names in os.walk(run_dir):
        for name in names:
            if is_temporary(name):
                os.remove(os.path.join(folder, name))


def refusal(run_dir, manifest, config):
    """Why a run folder's manifest is not this config's: the rule set, or the config
    (one line, for a ConfigError; also extend.py's)."""
    change = rule_set_change(manifest, config)
    if change:
        return f"{run_dir} {change}: finish it with the version that started it, or --overwrite to play it again"
    return (f"{run_dir} holds results of another config: use another run name, or "
            "--overwrite to replace them")


def execute(config, workers=1, backend="local", scheduler=None, resume=False, overwrite=False,
            progress=None, warm=None, verbose=False, keep_going=False):
    """Play every missing shard; `progress(games_done, games_total)` is called as shards land
    and, with the local backend, a few times a second while they play: games_done counts
    the games saved before this call and those played since, published or still in a
    shard (the published ones are in the manifest when it is called).
    A game stopped on a simulator bug stops the run with SimulatorBug after writing its
    reproducer; with keep_going such games are left out and listed (shard.run_shard), and
    the manifest counts them (`bad_games`).
    The kernel is compiled (or loaded) where the games are played before the clock starts,
    through `warm(callable)` when given (the CLI shows the compile): games/s counts games only.
    The run's log goes to RUN_DIR/run.log (and stderr when verbose; runlog.py)."""
    if backend not in BACKENDS:
        raise ConfigError(f"unknown backend {backend!r}: choose one of {', '.join(BACKENDS)}")
    if not isinstance(workers, int) or workers < 1:
        raise ConfigError(f"--workers must be 1 or more, got {workers!r}")
    if scheduler and backend != "dask":
        raise ConfigError("a scheduler address needs the dask backend (--backend dask)")
    # connect first: an unreachable scheduler must fail before anything is written
    if backend == "dask":
        submit_all, warm_workers, close = _dask_shards(scheduler, workers)
    else:
        submit_all, warm_workers, close = _local_shards(workers), (lambda spec: spec.warm()), None
    try:
        with run_log(str(config.run_dir()), verbose):
            manifest, todo = prepare(config, resume, overwrite)
            (warm or (lambda w: w()))(lambda: warm_workers(config.spec))
            submit = functools.partial(submit_all, keep_going=keep_going)
            return _execute(config, manifest, todo, submit, progress)
    finally:
        if close is not None:
            close()


def _execute(config, manifest, todo, submit_all, progress):
    run_dir = str(config.run_dir())
    done = sum(e["games"] for e in manifest["shards"].values())
    log.info("run %s: %d games, %d shard(s) to play, %d game(s) already done", config.name, config.games,
             shard_count(config) - len(manifest["shards"]), done)
    if progress:
        progress(done, config.games)
    start, played, worker_rss, saved = time.perf_counter(), 0, 0.0, done

    def counted(games):              # games the backend's workers played so far, landed or not
        progress(min(config.games, max(done, saved + games)), config.games)
    for entry in submit_all(config, run_dir, todo, counted=counted if progress else None):
        worker_rss = max(worker_rss, entry.pop(PEAK_RSS, 0.0))
        manifest["shards"][f"{entry['shard']:06d}"] = entry
        write_manifest(run_dir, manifest)
        done += entry["games"]
        played += entry["games"]
        if progress:
            progress(done, config.games)
    remove_unpublished(run_dir)      # a lost Dask worker's half-written part; its shard was played again
    manifest["complete"] = True
    manifest[BAD_GAMES] = sum(e.get(BAD_GAMES, 0) for e in manifest["shards"].values())
    write_manifest(run_dir, manifest)
    log.info("run %s finished: %d games played in %.1f s, peak memory %.0f MB a worker", config.name,
             played, time.perf_counter() - start, worker_rss)
    with open(os.path.join(run_dir, SUCCESS), "w"):
        pass
    return RunResult(run_dir, manifest, time.perf_counter() - start, played, worker_rss, peak_rss_mb())


def _windowed(submit, todo, window, wait=concurrent.futures.wait, tick=None):
    """Results of submit(shard) for every shard of the (lazy) todo, as they finish, with at
    most `window` in flight: a run of 10^12 games never lists its shards in memory. Waiting
    wakes every POLL_SECONDS, to call tick() when given (the progress within shards)."""
    def first_landed(pending):
        # a timed wait even without tick: a signal the kernel hands to another thread of this
        # process (Ctrl-C) is acted on when the main thread wakes, not after the shard
        while True:
            finished, pending = wait(pending, timeout=POLL_SECONDS, return_when="FIRST_COMPLETED")
            if finished:
                return finished, pending
            if tick is not None:
                tick()

    pending = set()
    for shard in todo:
        pending.add(submit(shard))
        if len(pending) >= window:
            finished, pending = first_landed(pending)
            yield from (f.result() for f in finished)
    while pending:
        finished, pending = first_landed(pending)
        yield from (f.result() for f in finished)


# --- local backend ------------------------------------------------------------------------
def _local_shards(workers):
    """Shards on a pool of forked workers, one worker included: this process only waits,
    so a signal stops the run at once (a shard played here would hold it until the
    compiled batch returns). The workers count their games in shared memory, and while it
    waits this process calls counted(games played by the pool so far) every POLL_SECONDS."""
    def submit_all(config, run_dir, todo, keep_going=False, counted=None):
        counts = SharedCounts(workers)
        tick = (lambda: counted(counts.total())) if counted else None
        with forked_pool(workers, config.spec.warm, counts) as pool:     # stops its workers on an error or a signal
            yield from _windowed(lambda shard: pool.submit(run_shard, config, run_dir, shard, keep_going), todo,
                                 2 * workers, tick=tick)
    return submit_all


# --- Dask backend -------------------------------------------------------------------------
def _dask_shards(scheduler, workers):
    """(submit_all, warm_workers, close) on a connected Dask client: the given scheduler, or
    a local cluster of `workers` single-threaded worker processes."""
    try:
        from dask.distributed import Client, LocalCluster, wait
    except ImportError:
        raise ConfigError("the dask backend needs dask[distributed]: pip install 'scythe-sim[dask]'") from None
    cluster = None
    if scheduler:
        check_scheduler(scheduler, CONNECT_TIMEOUT)
        try:
            client = Client(scheduler, timeout=f"{CONNECT_TIMEOUT}s")
        except (OSError, TimeoutError, ValueError) as exc:
            raise ConfigError(f"cannot reach the Dask scheduler at {scheduler}: {exc}") from None
    else:
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                               dashboard_address=None)
        client = Client(cluster)

    def submit_all(config, run_dir, todo, keep_going=False, counted=None):
        # a Dask worker's counter is its own (no memory shared with this process): the
        # progress moves as each shard lands
        run_dir = os.path.abspath(run_dir)
        with lost_cluster_stops(f"at {scheduler}" if scheduler else "of the local cluster"):
            window = 2 * max(workers, len(client.scheduler_info().get("workers", {})))
            for entry, records in _windowed(lambda shard: client.submit(logged, run_shard, config, run_dir, shard,
                                                                        keep_going, pure=False), todo, window,
                                             _timed_dask_wait(wait)):
                emit(records)              # the worker's log lines, into run.log (and stderr with -v)
                yield entry

    def warm_workers(spec):
        if cluster is not None:
            client.wait_for_workers(workers)
        client.run(spec.warm)               # every connected worker; later ones warm on their first shard

    return submit_all, warm_workers, lambda: close_quietly(client, cluster)


def _timed_dask_wait(wait):
    """Dask's wait raises TimeoutError when the timeout passes; _windowed expects the
    concurrent.futures answer, (nothing finished, all still pending)."""
    def timed(pending, timeout, return_when):
        try:
            return wait(pending, timeout=timeout, return_when=return_when)
        except TimeoutError:
            return set(), pending
    return timed
