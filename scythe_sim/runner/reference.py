"""A run's reference games: its first N deals played again with the game's reference
player in every seat (a runner/spec.py Reference, handed in by the command that asks), to
check the fast players' verdicts (analysis/reference.py).

The reference config is the run's own (seed, player counts, assignment, rules, variant)
with only the strategies changed, so game i is dealt alike in both (a deal depends on the
root seed and i alone). It is played into the run cache (cache.py): a folder named by the config,
rule set and code beside the run (`<the run's folder's parent>/reference/<key>`), so a
second report, compare or notebook asking for as many games or fewer plays nothing, and
one asking for more extends it. An interrupted reference keeps its finished shards and
the same command resumes it.
"""
import dataclasses
import os

from ..errors import ConfigError
from .cache import ensure_cached, held_games
from .config import config_from_snapshot
from .manifest import read_manifest

FOLDER = "reference"        # beside the run: <parent>/reference/<key>
SHARD = 25                  # games per shard: an interrupted reference loses little


def run_config(run_dir):
    """The config the run at run_dir was played with (its manifest's snapshot)."""
    manifest = read_manifest(run_dir)
    if manifest is None:
        raise ConfigError(f"{run_dir} is not a run (no manifest.json): give a folder `scythe-sim run` wrote")
    if not isinstance(manifest.get("config"), dict):
        raise ConfigError(f"{run_dir}'s manifest holds no run config, so its games cannot be played again: "
                          "give a run `scythe-sim run` wrote")
    config = config_from_snapshot(manifest["config"])
    return dataclasses.replace(config, output=os.path.dirname(os.path.abspath(run_dir)))


def reference_config(config, games, player, flag="--reference", within_run=True):
    """The run's config with the reference `player` in every seat, `games` games (within_run:
    at most the run's own games, since the reference replays the run's deals)."""
    if games < 1:
        raise ConfigError(f"{flag} {games}: give the number of deals the reference plays (1 or more), "
                          f"e.g. {flag} 300")
    if within_run and games > config.games:
        raise ConfigError(f"{flag} {games:,}: the run has {config.games:,} games and the reference plays "
                          f"its first deals: give {flag} {config.games:,} or fewer")
    strategy = player.strategy
    spec = config.spec
    params = spec.weights.defaults()
    row = tuple(float(x) for x in params[spec.setup.strategies.index(strategy)])
    keyed = tuple((name, key, tuple(float(x) for x in r))
                  for (name, key), r in sorted(spec.weights.keyed(params).items()) if name == strategy)
    return dataclasses.replace(config, games=games, strategy_mode="seats", strategies=(strategy,),
                               weights=((strategy, row),), seat_weights=keyed, shard_size=SHARD,
                               log_turns=False)


def folder(run_dir):
    """Where a run's reference games are kept: beside the run, in its parent's reference/."""
    return os.path.join(os.path.dirname(os.path.abspath(run_dir)), FOLDER)


def cpu_seconds(config, player, games=None) -> float:
    """The CPU seconds the reference player takes for `games` games of `config` (default:
    the config's): seats times the measured seconds per seat per game at the nearest
    measured player count, scaled by the player counts' ratio beyond it (a rollout plays
    every seat: the measured cost per seat grows about linearly with the count)."""
    games = config.games if games is None else games
    measured = dict(player.seat_seconds)
    total = 0.0
    counts = config.players
    for i, players in enumerate(counts):
        share = games // len(counts) + (1 if i < games % len(counts) else 0)
        nearest = min(measured, key=lambda p: (abs(p - players), p))
        total += share * players * measured[nearest] * players / nearest
    return total


def held(run_dir, games, player) -> int:
    """Reference games of the run at run_dir already held in its cache (0: none)."""
    return held_games(reference_config(run_config(run_dir), games, player), folder(run_dir))


def ensure(run_dir, games, player, **execute_args):
    """The reference run of the run at run_dir holding its first `games` deals: (folder,
    games it holds, what was done: reused, extended, completed or played); execute_args go
    to runner.run.execute (workers, backend, scheduler, progress, warm)."""
    config = reference_config(run_config(run_dir), games, player)
    return ensure_cached(config, folder(run_dir), games, **execute_args)
