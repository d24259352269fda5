"""Checking a finished run before anything reads it: every shard file the manifest lists
is present with its size and sha256, and no other part file sits beside them (a reader
globbing `<table>/*.parquet` would mix it in). `report`, `compare` and `replay` call
`verify_run`; a damaged run is named shard by shard, never computed on.
"""
import os

from ..errors import ScytheSimError
from .parquet import file_sha256
from .shard import part_name


class DamagedRunError(ScytheSimError):
    """A run folder whose files disagree with its manifest."""


def verify_run(run_dir, manifest, hashes=True):
    """Raise DamagedRunError naming the first shard file that is missing, has another
    size or (with hashes) another sha256 than the manifest records, or a part file the
    manifest does not list (in a finished run). hashes=False checks presence and sizes only (fast)."""
    shards = manifest.get("shards", {})
    if manifest.get("complete") and len(shards) != manifest.get("shards_total", len(shards)):
        raise DamagedRunError(f"{run_dir}: the manifest lists {len(shards)} of its "
                              f"{manifest.get('shards_total')} shards: play it again (--overwrite)")
    listed = {}
    for key in sorted(shards):
        for table, info in shards[key]["files"].items():
            listed.setdefault(table, set()).add(part_name(int(key)))
            _check_file(run_dir, table, int(key), info, hashes)
    for table, names in listed.items() if manifest.get("complete") else ():
        folder = os.path.join(run_dir, table)
        extra = sorted(n for n in os.listdir(folder) if n.endswith(".parquet") and n not in names)
        if extra:
            raise DamagedRunError(f"{os.path.join(folder, extra[0])} is not a shard of this run's manifest: "
                                  "move it out of the run folder")


def _check_file(run_dir, table, shard, info, hashes):
    path = os.path.join(run_dir, table, part_name(shard))
    fix = "play the run again (--overwrite) or restore the file from a good copy"
    try:
        size = os.path.getsize(path)
    except OSError:
        raise DamagedRunError(f"shard {shard} is damaged: {path} is missing; {fix}") from None
    if "bytes" in info and size != info["bytes"]:
        raise DamagedRunError(f"shard {shard} is damaged: {path} has {size} bytes, the manifest "
                              f"records {info['bytes']} (truncated or replaced); {fix}")
    if hashes and file_sha256(path) != info["sha256"]:
        raise DamagedRunError(f"shard {shard} is damaged: {path} does not match its sha256 in the "
                              f"manifest; {fix}")
