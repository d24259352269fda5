"""Replaying one game of a finished run from its stored seed and setup, and checking
that the replay ends exactly as the stored rows say."""
import os

import polars as pl

from ..enums import FACTIONS, MATS
from ..errors import ConfigError
from ..strategies import STRATEGIES
from .config import config_from_snapshot
from .manifest import read_manifest
from .plan import plan_games

CHECKED = ("faction", "mat", "turn_order", "rank", "total", "stars", "coins")


def replay(run_dir, game_id):
    """(lines, mismatches): the playthrough of game `game_id` (with the run's own strategy
    weights, from the manifest) and the stored seat columns it disagrees with (empty when
    the replay matches)."""
    from ..playthrough import play_through

    manifest = read_manifest(run_dir)
    if manifest is None:
        raise ConfigError(f"{run_dir} holds no scythe-sim run (no manifest.json)")
    config = config_from_snapshot(manifest["config"])
    if not 0 <= game_id < config.games:
        raise ConfigError(f"--game must be 0..{config.games - 1} for this run, got {game_id}")
    seeds, players, factions, mats, strategies = plan_games(config, game_id, game_id + 1)
    n = int(players[0])
    given_f = [FACTIONS[f] for f in factions[0, :n]] if factions[0, 0] >= 0 else None
    given_m = [MATS[m] for m in mats[0, :n]] if mats[0, 0] >= 0 else None
    game, lines = play_through(int(seeds[0]), n, given_f, given_m,
                               [STRATEGIES[x] for x in strategies[0, :n]], config.rules_dict,
                               params=config.params())
    stored = (pl.scan_parquet(os.path.join(run_dir, "seats", "*.parquet"))
              .filter(pl.col("game") == game_id).sort("seat").collect())
    if stored.height != n:
        raise ConfigError(f"game {game_id} is not in {run_dir}'s seats table (is the run complete?)")
    mismatches = []
    by_seat = {row["seat"]: dict(row, turn_order=row["player"] + 1) for row in game.score()}
    for row in stored.iter_rows(named=True):
        replayed = by_seat[row["seat"]]
        for key in CHECKED:
            if str(replayed[key]) != str(row[key]):
                mismatches.append(f"seat {row['seat']} {key}: stored {row[key]}, replayed {replayed[key]}")
    return lines, mismatches
