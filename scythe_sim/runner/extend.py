"""Extending a run: `scythe-sim run --extend-to N` turns the run at OUT/NAME into the run of
N games it would have been from the start.

Game i of a run depends only on the config and (root seed, i), so the first n games of
an N-game run are the n-game run. An extension keeps every full shard and plays the
rest, and the result is a longer run's, file for file and byte for byte. Three things
differ from the longer run and are put right first:
- the manifest: its config (games), hash and shard count become the longer run's;
- the last shard, when the run's games are not a multiple of the shard size: it holds
  fewer games than the longer run's shard of that number, so it is dropped and played
  again whole (at most a shard of games played twice);
- `_SUCCESS`: removed before the manifest changes and written when the last shard lands,
  so an extension stopped halfway is an unfinished run of N games that `--resume`
  completes.
The code that plays the extension must be the code that played the run (the manifest's
code_sha256): other code would append other games.
"""
import dataclasses
import os

from ..errors import ConfigError
from .manifest import SUCCESS, code_sha256, read_manifest, write_manifest
from .run import refusal
from .shard import part_name, shard_count, shard_range


def extension(config, games):
    """Make the run at config.run_dir() (a run of `config` with any game count) a run of
    `games` games still to complete; returns the longer run's config, which
    `execute(longer, resume=True)` plays. ConfigError (one line, nothing touched) for a
    missing run, another config or code, or fewer games than the run holds."""
    run_dir = str(config.run_dir())
    manifest = read_manifest(run_dir) if os.path.isdir(run_dir) else None
    if manifest is None:
        raise ConfigError(f"--extend-to: there is no run at {run_dir} to extend (no manifest.json): check "
                          "--out and --name, or play the run first")
    held = manifest["games"]
    if dataclasses.replace(config, games=held).config_hash() != manifest["config_hash"]:
        raise ConfigError(refusal(run_dir, manifest, config))
    if manifest.get("code_sha256", code_sha256()) != code_sha256():
        raise ConfigError(f"{run_dir} was played by other code (the scythe_sim sources changed since): "
                          "extend it with the code that played it, or play it again with --overwrite")
    if games < held:
        raise ConfigError(f"--extend-to {games}: the run at {run_dir} already holds {held:,} games and a run "
                          "only grows: give at least that many, or play a shorter run under another --name")
    longer = dataclasses.replace(config, games=games)
    if games == held:
        return longer
    keep, dropped = {}, []
    for key, entry in manifest["shards"].items():
        start, stop = shard_range(longer, int(key))
        if entry["games"] == stop - start:
            keep[key] = entry
        else:
            dropped.append(entry)
    success = os.path.join(run_dir, SUCCESS)
    if os.path.exists(success):
        os.remove(success)
    manifest.update(config=longer.snapshot(), config_hash=longer.config_hash(), games=games,
                    shards_total=shard_count(longer), complete=False, shards=keep)
    write_manifest(run_dir, manifest)
    for entry in dropped:        # no longer listed: the shard is played again whole
        for table in entry["files"]:
            path = os.path.join(run_dir, table, part_name(entry["shard"]))
            if os.path.exists(path):
                os.remove(path)
    return longer
