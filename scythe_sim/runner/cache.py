"""Cached runs: a run kept in a folder named by its key, reused by every later command
that needs the same games, and extended when it needs more (`scythe-sim run --cache
DIR`, and the base of `scythe-sim check`).

The key names what decides the games, except their number: the config (its snapshot
without the run's name and game count), the rule set (the game's data files) and the
package (its version and a hash of its code, since a commit can change play without a
new version). Two commands agree on a key exactly when they would play the same games;
the folder DIR/<key> then holds the first N of them, and the first n <= N are what a
run of n games holds (extend.py). CI caches DIR between jobs under the key.
"""
import dataclasses
import hashlib
import json
import os

from ..version import __version__
from .extend import extension
from .manifest import SUCCESS, code_sha256, read_manifest
from .run import execute

KEY_PARTS = 12          # hex digits of each hash in a key


def _digest(value):
    text = json.dumps(value, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:KEY_PARTS]


def cache_key(config) -> str:
    """GAME-CONFIG-RULESET-VERSION-CODE, e.g. scythe-3f2a9c1b7d4e-91ab22cd04ef-0.1.0-5c3e2a1f9b0d:
    the config hash (without name and games), the rule-set hash, the package version and
    its code hash."""
    snapshot = {k: v for k, v in config.snapshot().items() if k not in ("name", "games")}
    rules = {k: v for k, v in config.rule_set().items() if k != "scythe_sim"}
    return "-".join((config.game, _digest(snapshot), _digest(rules), __version__, code_sha256()[:KEY_PARTS]))


def cached_config(config, folder, games=None):
    """The config of the cached run of `config` in `folder` (named by its key), of
    `games` games (default: the config's)."""
    return dataclasses.replace(config, name=cache_key(config), output=str(folder),
                               games=config.games if games is None else games)


def held_games(config, folder):
    """Games the finished cached run of `config` in `folder` holds (0 when there is none)."""
    run_dir = cached_config(config, folder).run_dir()
    manifest = read_manifest(run_dir) if os.path.isdir(run_dir) else None
    if manifest is None or not manifest.get("complete") or not os.path.exists(os.path.join(run_dir, SUCCESS)):
        return 0
    return manifest["games"]


def ensure_cached(config, folder, games, **execute_args):
    """The cached run of `config` in `folder` holding at least `games` games: reused as it
    is when it holds enough, extended when it holds fewer (an unfinished one completed
    first), played when there is none. Returns (run folder, games it holds, what was done:
    "reused", "extended", "completed" or "played"); execute_args go to runner.run.execute."""
    cfg = cached_config(config, folder, games)
    run_dir = str(cfg.run_dir())
    manifest = read_manifest(run_dir) if os.path.isdir(run_dir) else None
    if manifest is None:
        execute(cfg, **execute_args)
        return run_dir, games, "played"
    held = manifest["games"]
    finished = manifest.get("complete") and os.path.exists(os.path.join(run_dir, SUCCESS))
    if held >= games and finished:
        return run_dir, held, "reused"
    if held >= games:
        execute(dataclasses.replace(cfg, games=held), resume=True, **execute_args)
        return run_dir, held, "completed"
    execute(extension(dataclasses.replace(cfg, games=held), games), resume=True, **execute_args)
    return run_dir, games, "extended"
