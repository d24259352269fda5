"""Replaying one game of a run from its stored seed and setup, and checking that the
replay ends exactly as the stored rows say (the game's spec knows which). The game's
shard must be published; the rest of the run may still be unfinished."""
import os

import polars as pl

from ..errors import ConfigError
from .config import config_from_snapshot
from .manifest import check_manifest, read_manifest, rule_set_change, unfinished
from .reproducer import BAD_GAMES, reproducer_name
from .shard import part_name
from .verify import verify_run


def _run_config(run_dir, game_id):
    """The config of the run at run_dir, after its manifest, rule set and --game are checked."""
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
    return manifest, config


def is_bad_game(run_dir, game_id) -> bool:
    """Game `game_id` of the run stopped on a simulator bug: it has a reproducer, or a
    shard's bad_games table lists it."""
    if os.path.exists(os.path.join(run_dir, reproducer_name(game_id))):
        return True
    folder = os.path.join(run_dir, BAD_GAMES)
    parts = [os.path.join(folder, n) for n in os.listdir(folder) if n.endswith(".parquet")] \
        if os.path.isdir(folder) else []
    return any(pl.scan_parquet(p).filter(pl.col("game") == game_id).select(pl.len()).collect().item()
               for p in parts)


def replay_bad_game(run_dir, game_id):
    """Lines telling where game `game_id`, a game that stopped on a simulator bug, fails
    when replayed now with every invariant checked, and whether it still fails (the
    second item: False once the bug is fixed)."""
    _, config = _run_config(run_dir, game_id)
    found = config.spec.failure(config, game_id)
    if found is None:
        return [f"game {game_id} plays to its end now: the bug it stopped on is fixed"], False
    lines = [f"game {game_id} fails at decision {found['step']}: {found['problem']}",
             f"  the decision that failed: {found['decision']}",
             f"  reproducer (the run's config, both positions): {os.path.join(run_dir, reproducer_name(game_id))}"]
    return lines, True


def replay(run_dir, game_id, hashes=True, pictures=None):
    """(lines, mismatches): the playthrough of game `game_id` (with the run's own strategy
    weights, from the manifest) and the stored columns it disagrees with (empty when
    the replay matches); pictures: a new or empty folder that receives a picture per
    turn and the page stepping through them (scythe_sim/picture_page.py). The run's files are checked against its manifest first
    (hashes=False: sizes only). A ConfigError (one line) when the manifest lacks a
    field, the run was played by other rules (another version or game data), or the
    game's shard is not played yet (the line tells how to complete the run)."""
    manifest, config = _run_config(run_dir, game_id)
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
