"""manifest.json: what a run is (config snapshot and hash, seeds, versions; the game,
variant and ruleset, a checksum of the game's data files and the flagged assumptions
played) and which shards are published, with their row counts and checksums. Only the coordinating
process writes it (temporary file + os.replace); `_SUCCESS` marks a finished run."""
import datetime
import importlib.metadata
import json
import os
import platform

from ..errors import ConfigError
from .parquet import file_sha256
from .shard import part_name, shard_count

FORMAT = "scythe-sim/run-1"
MANIFEST = "manifest.json"
SUCCESS = "_SUCCESS"


def _versions():
    out = {"python": platform.python_version()}
    for package in ("scythe-sim", "numba", "numpy", "polars", "pyarrow"):
        try:
            out[package] = importlib.metadata.version(package)
        except importlib.metadata.PackageNotFoundError:
            out[package] = None
    return out


def new_manifest(config) -> dict:
    spec = config.spec
    return {"format": FORMAT, "name": config.name, "config": config.snapshot(),
            "game": config.game, "variant": config.variant, "ruleset": spec.ruleset(config),
            "data_sha256": spec.data_sha256(), "assumptions": spec.assumptions(config),
            "config_hash": config.config_hash(), "root_seed": config.seed,
            "games": config.games, "shard_size": config.shard_size,
            "shards_total": shard_count(config), "versions": _versions(),
            "created": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
            "complete": False, "shards": {}}


def read_manifest(run_dir):
    path = os.path.join(run_dir, MANIFEST)
    if not os.path.exists(path):
        return None
    try:
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
    except (OSError, ValueError):
        raise ConfigError(f"{path} is unreadable: use --overwrite to start the run again") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ConfigError(f"{path} is not a scythe-sim run manifest: choose another output or --overwrite")
    return data


def write_manifest(run_dir, manifest):
    path = os.path.join(run_dir, MANIFEST)
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as fh:
        json.dump(manifest, fh, indent=1, sort_keys=True)
    os.replace(tmp, path)


def valid_shards(run_dir, manifest):
    """Shards recorded in the manifest whose files are all present with their checksums."""
    good = {}
    for key, entry in manifest.get("shards", {}).items():
        shard = int(key)
        ok = True
        for table, info in entry["files"].items():
            path = os.path.join(run_dir, table, part_name(shard))
            if not os.path.exists(path) or file_sha256(path) != info["sha256"]:
                ok = False
                break
        if ok:
            good[key] = entry
    return good
