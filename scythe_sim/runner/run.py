"""Running a config: prepare (or resume) the output folder, hand the missing shards to a
backend, record each published shard in the manifest, mark the run finished.

Backends: "local" (this process for one worker, else a process pool forked after the
JIT is warm, worker logs through multiprocessing-logging) and "dask" (a scheduler
address or an in-process LocalCluster). Both call shard.run_shard, so the output is
the same file for file.
"""
import concurrent.futures
import glob
import logging
import os
import shutil
import time

from ..errors import ConfigError
from .batch import forked_pool
from .manifest import SUCCESS, new_manifest, read_manifest, valid_shards, write_manifest
from .runlog import run_log
from .shard import run_shard, shard_count

log = logging.getLogger(__name__)
BACKENDS = ("local", "dask")


class RunResult:
    def __init__(self, run_dir, manifest, seconds, played):
        self.run_dir, self.manifest, self.seconds, self.played = run_dir, manifest, seconds, played

    @property
    def games_per_s(self):
        return self.played / self.seconds if self.seconds > 0 else 0.0


def prepare(config, resume=False, overwrite=False):
    """The run folder ready to receive shards; returns (manifest, shards still to play).
    Refuses, with a ConfigError and without touching anything, to mix two configs."""
    run_dir = str(config.run_dir())
    if resume and overwrite:
        raise ConfigError("--resume and --overwrite exclude each other: pick one")
    if os.path.exists(run_dir) and not os.path.isdir(run_dir):
        raise ConfigError(f"output {run_dir} is a file: choose another run name or output folder")
    occupied = os.path.isdir(run_dir) and os.listdir(run_dir)
    manifest = read_manifest(run_dir) if occupied and not overwrite else None
    if occupied and not overwrite:
        if manifest is None:
            raise ConfigError(f"{run_dir} exists and is not a scythe-sim run: choose another name or "
                              "output, or --overwrite")
        if manifest["config_hash"] != config.config_hash():
            raise ConfigError(f"{run_dir} holds results of another config: use another run name, or "
                              "--overwrite to replace them")
        if not resume:
            state = "a finished run" if manifest.get("complete") else "an unfinished run"
            raise ConfigError(f"{run_dir} already holds {state} of this config: --resume to complete "
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
        for stale in glob.glob(os.path.join(run_dir, "*", "*.tmp-*")):
            os.remove(stale)
    write_manifest(run_dir, manifest)
    todo = [k for k in range(shard_count(config)) if f"{k:06d}" not in manifest["shards"]]
    return manifest, todo


def execute(config, workers=1, backend="local", scheduler=None, resume=False, overwrite=False,
            progress=None, verbose=False):
    """Play every missing shard; `progress(games_done, games_total)` is called as shards land;
    the run's log goes to RUN_DIR/run.log (and stderr when verbose; runlog.py)."""
    if backend not in BACKENDS:
        raise ConfigError(f"unknown backend {backend!r}: choose one of {', '.join(BACKENDS)}")
    if not isinstance(workers, int) or workers < 1:
        raise ConfigError(f"--workers must be 1 or more, got {workers!r}")
    if scheduler and backend != "dask":
        raise ConfigError("a scheduler address needs the dask backend (--backend dask)")
    # connect first: an unreachable scheduler must fail before anything is written
    submit_all, close = _dask_shards(scheduler, workers) if backend == "dask" else (_local_shards(workers), None)
    try:
        with run_log(str(config.run_dir()), verbose):
            return _execute(config, submit_all, resume, overwrite, progress)
    finally:
        if close is not None:
            close()


def _execute(config, submit_all, resume, overwrite, progress):
    manifest, todo = prepare(config, resume, overwrite)
    run_dir = str(config.run_dir())
    done = sum(e["games"] for e in manifest["shards"].values())
    log.info("run %s: %d games, %d shard(s) to play, %d game(s) already done", config.name, config.games,
             len(todo), done)
    if progress:
        progress(done, config.games)
    start, played = time.perf_counter(), 0
    for entry in submit_all(config, run_dir, todo):
        manifest["shards"][f"{entry['shard']:06d}"] = entry
        write_manifest(run_dir, manifest)
        done += entry["games"]
        played += entry["games"]
        if progress:
            progress(done, config.games)
    manifest["complete"] = True
    write_manifest(run_dir, manifest)
    log.info("run %s finished: %d games played in %.1f s", config.name, played, time.perf_counter() - start)
    with open(os.path.join(run_dir, SUCCESS), "w"):
        pass
    return RunResult(run_dir, manifest, time.perf_counter() - start, played)


# --- local backend ------------------------------------------------------------------------
def _local_shards(workers):
    def submit_all(config, run_dir, todo):
        if workers == 1 or len(todo) <= 1:
            for shard in todo:
                yield run_shard(config, run_dir, shard)
            return
        with forked_pool(workers, config.spec.warm) as pool:
            futures = [pool.submit(run_shard, config, run_dir, shard) for shard in todo]
            try:
                for future in concurrent.futures.as_completed(futures):
                    yield future.result()
            except BaseException:
                for future in futures:
                    future.cancel()
                raise
    return submit_all


# --- Dask backend -------------------------------------------------------------------------
def _dask_shards(scheduler, workers):
    """(submit_all, close) on a connected Dask client: the given scheduler, or a local
    cluster of `workers` single-threaded worker processes."""
    try:
        from dask.distributed import Client, LocalCluster, as_completed
    except ImportError:
        raise ConfigError("the dask backend needs dask[distributed]: pip install 'scythe-sim[dask]'") from None
    cluster = None
    if scheduler:
        try:
            client = Client(scheduler, timeout="10s")
        except (OSError, TimeoutError, ValueError) as exc:
            raise ConfigError(f"cannot reach the Dask scheduler at {scheduler}: {exc}") from None
    else:
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                               dashboard_address=None)
        client = Client(cluster)

    def submit_all(config, run_dir, todo):
        futures = [client.submit(run_shard, config, os.path.abspath(run_dir), shard, pure=False)
                   for shard in todo]
        for future in as_completed(futures):
            yield future.result()

    def close():
        client.close()
        if cluster is not None:
            cluster.close()
    return submit_all, close

