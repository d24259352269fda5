"""Replaying one game of a run from its stored seed and setup, and checking that the
replay ends exactly as the stored rows say (the game's spec knows which). The game's
shard must be published; the rest of the run may still be unfinished."""
import os

import polars as pl

from ..errors import ConfigError
from .config import config_from_snapshot
from .manifest import check_manifest, read_manifest, rule_set_change, unfinished
from .shard import part_name
from .verify import verify_run


def replay(run_dir, game_id, hashes=True, pictures=None):
    """(lines, mismatches): the playthrough of game `game_id` (with the run's own strategy
    weights, from the manifest) and the stored columns it disagrees with (empty when
    the replay matches); pictures: a new or empty folder that receives a picture per
    turn and the page stepping through them (scythe_sim/picture_page.py). The run's files are checked against its manifest first
    (hashes=False: sizes only). A ConfigError (one line) when the manifest lacks a
    field, the run was played by other rules (another version or game data), or the
    game's shard is not played yet (the line tells how to complete the run)."""
    manifest = read_manifest(run_dir)
    if manifest is None:
        raise ConfigError(f"{run_dir} holds no scythe-sim run (no manifest.json)")
    check_manifest(run_dir, manifest)
    config = config_from_snapshot(manifest["config"])
    change = rule_set_change(manifest, config)
    if change:
        raise ConfigError(f"{run_dir} {change}: replay it with the version that played it")
    if not 0 <= game_id < config.games:
        raise ConfigError(f"--game must be 0..{config.games - 1} for this run, got {game_id}")
    shard = game_id // config.shard_size
    if f"{shard:06d}" not in manifest["shards"]:
        raise ConfigError(f"game {game_id} is in shard {shard}, not played yet: {unfinished(run_dir, manifest)}")
    verify_run(run_dir, manifest, hashes)

    def stored(table):
        return (pl.scan_parquet(os.path.join(run_dir, table, part_name(shard)))
                .filter(pl.col("game") == game_id).collect())
    if pictures is not None:
        return config.spec.replay(config, game_id, stored, pictures=pictures)
    return config.spec.replay(config, game_id, stored)
