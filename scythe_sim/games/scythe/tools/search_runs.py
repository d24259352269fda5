"""The blocks of the reference player's checks (`evaluate search`, `evaluate
reference-verdicts`) played as runs: each block is a run config played by the runner
(runner/run.py: shards through the batch path `play_range`, local processes or Dask) into
its own folder under one runs folder, so that an interrupted check restarts where it
stopped: a finished block is read back, an unfinished one resumed, shard by shard.

With the local backend, the CPU seconds of the processes that played a block (this
process and its forked workers) are kept beside its folder (`<name>.cpu.json`: seconds and
the games they played, summed over restarts): the searching seat's cost per game.
"""
from __future__ import annotations

import dataclasses
import json
import os
import resource

import numpy as np
import pyarrow.parquet as pq

from scythe_sim.errors import ConfigError
from scythe_sim.runner.config import parse_config
from scythe_sim.runner.manifest import SUCCESS, read_manifest

from .lineups import with_params

from .deal_rules import CHECK_RULES

SHARD = 25              # games per shard: a restart loses at most the shards in flight
PLAYED_NOW = "played now"


@dataclasses.dataclass
class Block:
    name: str           # the run's name: its folder under the runs folder
    config: object      # RunConfig


@dataclasses.dataclass
class Played:
    games: object       # pyarrow Table, one row per game, by game
    seats: object       # pyarrow Table, one row per game x seat, by game and seat
    cpu: float          # CPU seconds per game of the processes that played it (nan: not measured)


def block(name, games, seed, players, strategies, params, runs, rules=None) -> Block:
    """A block of `games` games of root seed `seed` (game i: the same deal in every block
    of that seed), bans off and `rules`, played with the weight rows `params`."""
    data = {"name": name, "games": games, "seed": seed, "players": players, "shard_size": SHARD,
            "output": str(runs), "rules": {**CHECK_RULES, **(rules or {})}, "strategies": strategies}
    return Block(name, with_params(parse_config(data), params))


def finished(config) -> bool:
    """The block's run is finished, and by this config (a ConfigError when the folder
    holds another config's run: other weights or rules under the same name)."""
    run_dir = str(config.run_dir())
    manifest = read_manifest(run_dir) if os.path.isdir(run_dir) else None
    if manifest is not None and manifest.get("config_hash") != config.config_hash():
        raise ConfigError(f"{run_dir} holds a run of another config (other weights or rules): remove it, or "
                          "give another --set runs=DIR")
    return bool(manifest and manifest.get("complete") and os.path.exists(os.path.join(run_dir, SUCCESS)))


def _cpu_now() -> float:
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def _cpu_file(config) -> str:
    return os.path.join(config.output, f"{config.name}.cpu.json")


def _add_cpu(config, seconds, games):
    path = _cpu_file(config)
    held = {"cpu_seconds": 0.0, "games": 0}
    if os.path.exists(path):
        with open(path, encoding="utf-8") as fh:
            held = json.load(fh)
    held = {"cpu_seconds": held["cpu_seconds"] + seconds, "games": held["games"] + games}
    with open(path + ".tmp", "w", encoding="utf-8") as fh:
        json.dump(held, fh)
    os.replace(path + ".tmp", path)


def _cpu_per_game(config) -> float:
    path = _cpu_file(config)
    if not os.path.exists(path):
        return float("nan")
    with open(path, encoding="utf-8") as fh:
        held = json.load(fh)
    return held["cpu_seconds"] / held["games"] if held["games"] else float("nan")


def play(blocks, workers=1, backend="local", scheduler=None, progress=None) -> dict:
    """{name: Played} of every block, playing what is missing; progress(done, total) over
    all blocks' games. The games played by this call (the rest were read back) are
    under the key PLAYED_NOW."""
    from scythe_sim.runner.run import execute

    total = sum(b.config.games for b in blocks)
    before = 0
    out = {PLAYED_NOW: 0}
    for b in blocks:
        if not finished(b.config):
            resume = os.path.isdir(b.config.run_dir()) and read_manifest(str(b.config.run_dir())) is not None
            tick = None if progress is None else (lambda done, _, base=before: progress(base + done, total))
            start = _cpu_now()
            result = execute(b.config, workers=workers, backend=backend, scheduler=scheduler, resume=resume,
                             progress=tick)
            if backend == "local" and result.played:
                _add_cpu(b.config, _cpu_now() - start, result.played)
            out[PLAYED_NOW] += result.played
        before += b.config.games
        if progress is not None:
            progress(before, total)
        out[b.name] = read_block(b.config)
    return out


def read_block(config) -> Played:
    run_dir = str(config.run_dir())
    games = pq.read_table(os.path.join(run_dir, "games")).sort_by("game")
    seats = pq.read_table(os.path.join(run_dir, "seats")).sort_by([("game", "ascending"), ("seat", "ascending")])
    if games.num_rows != config.games:
        raise ConfigError(f"{run_dir} holds {games.num_rows} games, not {config.games}: remove it and run again")
    return Played(games, seats, _cpu_per_game(config))


def seat_column(played: Played, column, players) -> np.ndarray:
    """A seats column as (games, players)."""
    col = played.seats[column]
    if hasattr(col.type, "value_type"):           # a dictionary column: its labels
        col = col.cast(col.type.value_type)
    return np.asarray(col.to_numpy(zero_copy_only=False)).reshape(-1, players)
