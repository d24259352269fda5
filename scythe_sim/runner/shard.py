"""One shard: play its games through batch.play_range and write its Parquet files.

`run_shard` is the only function a backend calls; it is a pure function of the
config and the shard number, so any worker (process or Dask) produces the same files.
"""
import logging
import os
import time

from .batch import play_range
from .memory import peak_rss_mb
from .parquet import write_table

log = logging.getLogger(__name__)
PEAK_RSS = "peak_rss_mb"     # the worker's peak memory, beside the entry (not in the manifest)


def shard_range(config, shard):
    start = shard * config.shard_size
    return start, min(start + config.shard_size, config.games)


def shard_count(config):
    return -(-config.games // config.shard_size)


def part_name(shard):
    return f"part-{shard:06d}.parquet"


def run_shard(config, run_dir, shard):
    """Play and publish shard `shard`; returns its manifest entry, with the peak resident
    memory of the process that played it under PEAK_RSS (the run takes it out of the entry
    before the manifest records it)."""
    t0 = time.perf_counter()
    start, stop = shard_range(config, shard)
    log.info("shard %d: start, games %d to %d", shard, start, stop - 1)
    batch = play_range(config, start, stop)
    if batch.bad:
        k, status, seed = batch.bad[0]
        raise RuntimeError(f"game {start + k} (seed {seed}) stopped with status {status}: "
                           "a simulator bug, please report it")
    files = {}
    for name, table in batch.tables.items():
        folder = os.path.join(run_dir, name)
        os.makedirs(folder, exist_ok=True)
        files[name] = write_table(table, os.path.join(folder, part_name(shard)))
    seconds = time.perf_counter() - t0
    rss = peak_rss_mb()
    log.info("shard %d: end, %d games in %.2f s, peak memory %.0f MB", shard, stop - start, seconds, rss)
    return {"shard": shard, "games": stop - start, "files": files, "seconds": round(seconds, 3),
            PEAK_RSS: round(rss, 1)}
