"""One shard: plan its games, play them in one njit batch, write its Parquet files.

`run_shard` is the only function a backend calls; it is a pure function of the
config and the shard number, so any worker (process or Dask) produces the same files.
"""
import functools
import logging
import os
import time

from ..play import R_STATUS, STATUS_OK, run_games
from ..tables import build_tables
from .parquet import games_table, seats_table, turns_table, write_table
from .plan import plan_games

log = logging.getLogger(__name__)


def shard_range(config, shard):
    start = shard * config.shard_size
    return start, min(start + config.shard_size, config.games)


def shard_count(config):
    return -(-config.games // config.shard_size)


def part_name(shard):
    return f"part-{shard:06d}.parquet"


@functools.lru_cache(maxsize=4)
def _tables(rules):
    return build_tables(dict(rules))


def run_shard(config, run_dir, shard):
    """Play and publish shard `shard`; returns its manifest entry."""
    t0 = time.perf_counter()
    start, stop = shard_range(config, shard)
    seeds, players, factions, mats, strategies = plan_games(config, start, stop)
    out = run_games(_tables(config.rules), seeds, players, factions, mats, strategies,
                    params=config.params(), log_turns=config.log_turns)
    game_out, seat_out = out[0], out[1]
    bad = game_out[:, R_STATUS] != STATUS_OK
    if bad.any():
        k = int(bad.argmax())
        raise RuntimeError(f"game {start + k} (seed {int(seeds[k])}) stopped with status "
                           f"{int(game_out[k, R_STATUS])}: a simulator bug, please report it")
    tables = {"games": games_table(start, seeds, players, game_out),
              "seats": seats_table(start, players, strategies, seat_out)}
    if config.log_turns:
        tables["turns"] = turns_table(start, out[2])
    files = {}
    for name, table in tables.items():
        folder = os.path.join(run_dir, name)
        os.makedirs(folder, exist_ok=True)
        files[name] = write_table(table, os.path.join(folder, part_name(shard)))
    seconds = time.perf_counter() - t0
    log.debug("shard %d: %d games in %.2f s", shard, stop - start, seconds)
    return {"shard": shard, "games": stop - start, "files": files, "seconds": round(seconds, 3)}
