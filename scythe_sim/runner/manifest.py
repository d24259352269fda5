"""manifest.json: what a run is (config snapshot and hash, seeds, versions, the git
commit and a hash of the package's code; the game, variant and ruleset, a checksum of the game's data files and the
flagged assumptions played) and which shards are published, with their row counts and
checksums. Only the coordinating process writes it (a temporary file starting with "."
+ os.replace); `_SUCCESS` marks a finished run."""
import datetime
import functools
import hashlib
import importlib.metadata
import json
import os
import pathlib
import platform
import subprocess

from ..errors import ConfigError
from .commands import resume_command
from .parquet import file_sha256, is_temporary
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
    out["git_commit"] = git_commit()
    return out


@functools.lru_cache(maxsize=1)
def git_commit():
    """The commit of the checkout scythe_sim is imported from (with "+dirty" when its
    files differ from it), or None outside a git checkout."""
    here = os.path.dirname(os.path.abspath(__file__))
    try:
        head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=here, capture_output=True, text=True,
                              timeout=10)
        if head.returncode != 0:
            return None
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no", "--", "."],
                               cwd=os.path.dirname(here), capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return None
    return head.stdout.strip() + ("+dirty" if dirty.stdout.strip() else "")


@functools.lru_cache(maxsize=1)
def code_sha256():
    """sha256 of the package's Python sources (scythe_sim/**/*.py, paths and contents): the
    code that plays the games, which the package version alone does not pin down between
    releases. An extension must be played by the same code (extend.py), and a cached run
    is keyed by it (cache.py)."""
    root = pathlib.Path(__file__).resolve().parents[1]
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        digest.update(path.read_bytes())
    return digest.hexdigest()


def new_manifest(config) -> dict:
    spec = config.spec
    played = spec.provenance(config)
    return {"format": FORMAT, "name": config.name, "config": config.snapshot(),
            "game": config.game, "variant": config.variant, "ruleset": spec.ruleset(config),
            "data_sha256": played["data_sha256"], "rule_set": config.rule_set(),
            "assumptions": played["assumptions"], "models": played["models"],
            "config_hash": config.config_hash(), "root_seed": config.seed,
            "games": config.games, "shard_size": config.shard_size,
            "shards_total": shard_count(config), "versions": _versions(), "code_sha256": code_sha256(),
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


# The fields a reader of a run needs (replay, report, compare, --resume), with their JSON
# types: a manifest lacking one was written by another version or edited by hand.
READ_FIELDS = {"name": str, "game": str, "config": dict, "config_hash": str, "root_seed": int,
               "games": int, "shard_size": int, "shards_total": int, "shards": dict, "complete": bool}


def check_manifest(run_dir, manifest, fields=READ_FIELDS):
    """ConfigError (one line) naming the first field of `fields` the manifest lacks or holds
    as another type, or a game this installation does not know."""
    from .spec import BUILTIN, GAMES

    path = os.path.join(run_dir, MANIFEST)
    for field, kind in fields.items():
        if field not in manifest:
            raise ConfigError(f"{path} lacks the field {field!r} (written by another scythe-sim version, or "
                              "edited): play the run again with this version (--overwrite)")
        value = manifest[field]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise ConfigError(f"{path}: the field {field!r} holds {type(value).__name__} {value!r:.40}, not "
                              f"{kind.__name__} (edited by hand?): play the run again (--overwrite)")
    game = manifest.get("game")
    if game is not None and game not in GAMES and game not in BUILTIN:
        raise ConfigError(f"{run_dir} is a run of the game {game!r}, which this scythe-sim does not play "
                          f"(it plays {', '.join(sorted(set(GAMES) | set(BUILTIN)))}): open it with the "
                          "version that wrote it")


def unfinished(run_dir, manifest):
    """One line saying how far an unfinished run got and how to complete it."""
    shards = manifest.get("shards", {})
    played = sum(entry.get("games", 0) for entry in shards.values())
    return (f"{run_dir} is an unfinished run: {len(shards)} of {manifest.get('shards_total', '?')} shards done "
            f"({played:,} of {manifest.get('games', 0):,} games); complete it with: {resume_command(run_dir)}")


def rule_set_change(manifest, config):
    """How the rules the run at manifest was played by differ from this installation's
    (a phrase: "was played with other game data ..."), or None when they are the same."""
    then = manifest.get("rule_set") or {"data_sha256": manifest.get("data_sha256")}
    now = config.rule_set()
    if then.get("data_sha256") != now["data_sha256"]:
        return f"was played with other game data ({config.game}'s data/*.toml changed since)"
    if then.get("scythe_sim", now["scythe_sim"]) != now["scythe_sim"]:
        return f"was played by scythe-sim {then['scythe_sim']} (this is {now['scythe_sim']})"
    return None


def write_manifest(run_dir, manifest):
    path = os.path.join(run_dir, MANIFEST)
    tmp = os.path.join(run_dir, f".{MANIFEST}.tmp")
    with open(tmp, "w", encoding="utf-8") as fh:
        json.dump(manifest, fh, indent=1, sort_keys=True)
    os.replace(tmp, path)


def holds_nothing(run_dir) -> bool:
    """True when run_dir holds no file but the temporary ones a killed run leaves before
    its first manifest is published (so the folder may start the run again)."""
    for folder, _, names in os.walk(run_dir):
        if any(not is_temporary(name) for name in names):
            return False
    return True


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
