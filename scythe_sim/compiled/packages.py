"""Per-package on-disk compile caches: which folder a compiled function caches in.

Why a source hash at all: Numba checks only the source of a function's own file before
it loads the function from the cache, yet a compiled function carries copies of every
helper it calls and every module constant it reads. An entry point loaded from the
cache would keep stale copies of helpers edited in other files. So each game package
registers its folder, and its functions cache under ``<cache root>/<name>-<key>``, the
key hashing the numba version and every module its compiled code imports, transitively,
in its folder and in the plumbing (this folder: decorators and random streams). The
list is read from the import statements (imports.py), never kept by hand. An edit to
any of them starts a fresh folder; an edit to one game leaves another game's folder
alone, and so does an edit to a module no compiled code imports (text, spec, tools).

The cache root is ``$NUMBA_CACHE_DIR`` when set (the override, e.g. a fresh folder to
time a cold compile), else ``$XDG_CACHE_HOME/scythe-sim`` (``~/.cache/scythe-sim``).
A package's folders of other sources (and the single ``numba-<key>`` folders of
earlier versions) are removed once unused for a week.

Pure Python: numba is imported only when a folder is first asked for.
"""
import dataclasses
import hashlib
import os
import pathlib
import re
import shutil
import time

from .imports import compiled_sources

_NAME = re.compile(r"[a-z0-9_]+")
_KEY_LEN = 16
_UNUSED = 7 * 86400          # seconds after which another key's folder is removed


@dataclasses.dataclass
class CompiledPackage:
    name: str
    root: pathlib.Path
    folder: pathlib.Path | None = None   # resolved on the first compiled function

    def source_files(self):
        """{name: path} of the modules the package's compiled code is built from
        (imports.compiled_sources): what its compile cache is keyed by."""
        return compiled_sources(self.root)


_PACKAGES = {}


def register_compiled_package(name, root):
    """Cache the compiled functions defined in files under ``root`` in the package's own
    folder, keyed by the modules its compiled code imports (imports.py finds them). Call
    it before the package's first decorated function is defined (the package's
    ``__init__.py``). Roots do not nest: the games are siblings
    (``scythe_sim/games/<game>``), so each file belongs to one package."""
    if not _NAME.fullmatch(name):
        raise ValueError(f"compiled package name {name!r}: use lowercase letters, digits and _")
    package = CompiledPackage(name, pathlib.Path(root).resolve())
    for other in _PACKAGES.values():
        if other.name != name and (package.root.is_relative_to(other.root)
                                   or other.root.is_relative_to(package.root)):
            raise ValueError(f"compiled package {name!r} at {package.root} nests with "
                             f"{other.name!r} at {other.root}: give each its own folder")
    _PACKAGES[name] = package
    return package


def registered(name):
    return _PACKAGES[name]


def package_of(py_file):
    """The registered package whose root holds py_file, or None."""
    path = pathlib.Path(py_file).resolve()
    for package in _PACKAGES.values():
        if path.is_relative_to(package.root):
            return package
    return None


def source_key(package):
    """Hash of the numba version and the modules the package's compiled code is built
    from (their names under the package's base and their bytes)."""
    import numba

    digest = hashlib.sha256(numba.__version__.encode())
    for name, path in package.source_files().items():
        digest.update(b"\0" + name.encode() + b"\0")
        digest.update(path.read_bytes())
    return digest.hexdigest()[:_KEY_LEN]


# The plumbing's own compiled functions (the random streams) cache in a folder of their own.
PLUMBING = register_compiled_package("plumbing", pathlib.Path(__file__).resolve().parent)


def cache_root():
    override = os.environ.get("NUMBA_CACHE_DIR")
    if override:
        return pathlib.Path(override)
    home = pathlib.Path(os.environ.get("XDG_CACHE_HOME", pathlib.Path.home() / ".cache"))
    return home / "scythe-sim"


def package_folder(package):
    """The package's cache folder (created, marked used), or None when it cannot be
    written (Numba then falls back to its own locations)."""
    if package.folder is None:
        root = cache_root()
        folder = root / f"{package.name}-{source_key(package)}"
        try:
            folder.mkdir(parents=True, exist_ok=True)
            os.utime(folder)  # loading from a folder counts as using it
            _remove_unused(root, package.name, folder)
        except OSError:
            return None
        package.folder = folder
    return package.folder


def has_cache(name):
    """True when package `name`'s cache folder for its present sources holds compiled
    functions, so warming it loads them (seconds) instead of compiling (minutes)."""
    package = _PACKAGES.get(name)
    if package is None:
        return False
    folder = cache_root() / f"{package.name}-{source_key(package)}"
    return folder.is_dir() and any(folder.rglob("*.nbi"))


def _remove_unused(root, name, keep):
    stale = re.compile(rf"({re.escape(name)}|numba)-[0-9a-f]{{{_KEY_LEN}}}")
    for old in root.iterdir():
        if old == keep or not stale.fullmatch(old.name):
            continue
        if time.time() - old.stat().st_mtime > _UNUSED:
            shutil.rmtree(old, ignore_errors=True)
