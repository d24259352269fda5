"""Replaying one game of a finished run from its stored seed and setup, and checking
that the replay ends exactly as the stored rows say (the game's spec knows which)."""
import os

import polars as pl

from ..errors import ConfigError
from .config import config_from_snapshot
from .manifest import read_manifest
from .verify import verify_run


def replay(run_dir, game_id, hashes=True):
    """(lines, mismatches): the playthrough of game `game_id` (with the run's own strategy
    weights, from the manifest) and the stored columns it disagrees with (empty when
    the replay matches). The run's files are checked against its manifest first
    (hashes=False: sizes only)."""
    manifest = read_manifest(run_dir)
    if manifest is None:
        raise ConfigError(f"{run_dir} holds no scythe-sim run (no manifest.json)")
    verify_run(run_dir, manifest, hashes)
    config = config_from_snapshot(manifest["config"])
    if not 0 <= game_id < config.games:
        raise ConfigError(f"--game must be 0..{config.games - 1} for this run, got {game_id}")

    def stored(table):
        return (pl.scan_parquet(os.path.join(run_dir, table, "*.parquet"))
                .filter(pl.col("game") == game_id).collect())
    return config.spec.replay(config, game_id, stored)
