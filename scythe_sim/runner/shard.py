"""One shard: play its games through batch.play_range and write its Parquet files.

`run_shard` is the only function a backend calls; it is a pure function of the
config and the shard number, so any worker (process or Dask) produces the same files.
"""
import logging
import os
import time

import pyarrow as pa

from .batch import Batch, play_range
from .memory import peak_rss_mb
from .parquet import write_table
from .plan import game_seed
from .progress import counter
from .reproducer import BAD_GAMES, STATUS_RAISED, REPRODUCERS_PER_SHARD, leave_out, stop_on_bug, write_reproducer

log = logging.getLogger(__name__)
PEAK_RSS = "peak_rss_mb"     # the worker's peak memory, beside the entry (not in the manifest)


def shard_range(config, shard):
    start = shard * config.shard_size
    return start, min(start + config.shard_size, config.games)


def shard_count(config):
    return -(-config.games // config.shard_size)


def part_name(shard):
    return f"part-{shard:06d}.parquet"


def play_isolating(config, start, stop, check=False) -> Batch:
    """play_range(config, start, stop, check); when the compiled code raises (a simulator
    bug too), the games are played one by one, and each game that raises is a bad game of
    status STATUS_RAISED, so that it gets a reproducer like any other (the games counted
    before the error are taken back from this process's counter: each is counted once)."""
    before = int(counter()[0])
    try:
        return play_range(config, start, stop, check)
    except Exception:                   # noqa: BLE001 - any error of the compiled batch is a bug
        log.warning("games %d to %d raised an error: playing them one by one", start, stop - 1)
    counter()[0] = before
    tables, bad = {}, []
    for g in range(start, stop):
        try:
            one = play_range(config, g, g + 1, check)
        except Exception:               # noqa: BLE001
            bad.append((g - start, STATUS_RAISED, game_seed(config.seed, g)))
            continue
        bad.extend((g - start, status, seed) for _, status, seed in one.bad)
        for name, table in one.tables.items():
            tables.setdefault(name, []).append(table)
    return Batch({name: pa.concat_tables(parts) for name, parts in tables.items()}, tuple(bad))


def run_shard(config, run_dir, shard, keep_going=False):
    """Play and publish shard `shard`; returns its manifest entry, with the peak resident
    memory of the process that played it under PEAK_RSS (the run takes it out of the entry
    before the manifest records it). A game stopped on a simulator bug gets a reproducer
    (reproducer.py) and stops the shard with SimulatorBug, or with keep_going is left out
    of the tables and listed in the shard's `bad_games` table (the entry counts them)."""
    t0 = time.perf_counter()
    start, stop = shard_range(config, shard)
    log.info("shard %d: start, games %d to %d", shard, start, stop - 1)
    batch = play_isolating(config, start, stop)
    tables = batch.tables
    bad = [(start + k, status, seed) for k, status, seed in batch.bad]
    if bad:
        written = {}
        for game_id, status, seed in bad[:1 if not keep_going else REPRODUCERS_PER_SHARD]:
            log.warning("game %d (seed %d) stopped on a simulator bug (status %d)", game_id, seed, status)
            written[game_id] = write_reproducer(config, run_dir, game_id, status, seed)
        if not keep_going:
            game_id, _, seed = bad[0]
            stop_on_bug(run_dir, game_id, seed, written[game_id])
        tables = leave_out(tables, bad, written, config)
    files = {}
    for name, table in tables.items():
        folder = os.path.join(run_dir, name)
        os.makedirs(folder, exist_ok=True)
        files[name] = write_table(table, os.path.join(folder, part_name(shard)))
    seconds = time.perf_counter() - t0
    rss = peak_rss_mb()
    log.info("shard %d: end, %d games in %.2f s, peak memory %.0f MB", shard, stop - start, seconds, rss)
    entry = {"shard": shard, "games": stop - start, "files": files, "seconds": round(seconds, 3),
             PEAK_RSS: round(rss, 1)}
    if bad:
        entry[BAD_GAMES] = len(bad)
    return entry
