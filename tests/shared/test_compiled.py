"""The shared compiled plumbing (scythe_sim/compiled/): a second game can import it
without loading Scythe, and every package's compiled functions cache in a folder of
their own, keyed by that package's sources (subfolders included)."""
import importlib.util
import os
import pathlib
import subprocess
import sys
import time

import pytest

import scythe_sim.games.mls  # noqa: F401  (registers each game's compiled package)
import scythe_sim.games.scythe  # noqa: F401
from scythe_sim.compiled import packages
from scythe_sim.compiled.packages import (package_folder, package_of, register_compiled_package,
                                          registered, source_key)

ROOT = pathlib.Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "scythe_sim"
SCYTHE = PACKAGE / "games" / "scythe"


@pytest.mark.slow
def test_plumbing_loads_no_scythe_module():
    code = ("import sys, scythe_sim.compiled.jit, scythe_sim.compiled.rng\n"
            "bad = [m for m in sys.modules if m.startswith('scythe_sim.games')]\n"
            "assert not bad, bad\n"
            "from scythe_sim import Game\n"
            "print(Game.__name__)\n")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "Game"


def _tree(root, files):
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


@pytest.fixture
def scratch(tmp_path, monkeypatch):
    """Temp packages registered for one test, caching under a temp root."""
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path / "cache"))
    before = dict(packages._PACKAGES)
    yield tmp_path
    packages._PACKAGES.clear()
    packages._PACKAGES.update(before)


COMPILED = "from scythe_sim.compiled.jit import njit\n"


def test_a_module_a_compiled_module_imports_changes_the_key(scratch):
    root = scratch / "game_a"
    _tree(root, {"kernel/rules.py": COMPILED + "from .war.fronts import Z\n",
                 "kernel/war/fronts.py": "Z = 1\n", "façade.py": "from .kernel.rules import njit\nY = 2\n"})
    package = register_compiled_package("game_a", root)
    names = list(package.source_files())
    assert [n for n in names if n.startswith("game_a/")] == ["game_a/kernel/war/fronts.py"]
    assert "scythe_sim/compiled/jit.py" in names
    key = source_key(package)
    _tree(root, {"façade.py": "Y = 3\n"})            # nothing compiled imports it
    _tree(root, {"kernel/rules.py": COMPILED + "from .war.fronts import Z\nW = 1\n"})  # Numba's own check
    assert source_key(package) == key
    _tree(root, {"kernel/war/fronts.py": "Z = 2\n"})
    assert source_key(package) != key


def test_editing_one_package_keeps_the_other_key(scratch):
    for game in ("game_a", "game_b"):
        _tree(scratch / game, {"kernel/rules.py": COMPILED + "from .fronts import X\n",
                               "kernel/fronts.py": "X = 1\n"})
    a = register_compiled_package("game_a", scratch / "game_a")
    b = register_compiled_package("game_b", scratch / "game_b")
    key_a, key_b = source_key(a), source_key(b)
    _tree(scratch / "game_b", {"kernel/fronts.py": "X = 2\n"})
    assert source_key(a) == key_a
    assert source_key(b) != key_b


def test_a_function_caches_in_its_package_folder(scratch):
    root = scratch / "game_c"
    _tree(root, {"kernel/war/fronts.py": (
        "from scythe_sim.compiled.jit import njit_entry\n\n\n"
        "@njit_entry\ndef advance(x):\n    return x + 1\n")})
    package = register_compiled_package("game_c", root)
    spec = importlib.util.spec_from_file_location("game_c_fronts", root / "kernel/war/fronts.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.advance(2) == 3
    folder = package_folder(package)
    assert folder == scratch / "cache" / f"game_c-{source_key(package)}"
    cache_path = pathlib.Path(module.advance._cache._cache_path)
    assert cache_path == folder / "kernel" / "war"       # the source's place in the package
    assert any(cache_path.glob("*.nbi"))


def _load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_copy_of_the_sources_elsewhere_loads_what_the_first_compiled(scratch):
    """A clone, a worktree or an installed wheel of the same sources compiles nothing: the
    place in the cache is the file's path inside its package, not on the disk."""
    source = {"kernel/fronts.py": ("from scythe_sim.compiled.jit import njit_entry\n\n\n"
                                   "@njit_entry\ndef advance(x):\n    return x + 2\n")}
    for where in ("first", "second"):
        _tree(scratch / where / "game_g", source)
    register_compiled_package("game_g", scratch / "first" / "game_g")
    first = _load("game_g_first", scratch / "first" / "game_g" / "kernel" / "fronts.py")
    assert first.advance(1) == 3 and sum(first.advance._cache_misses.values()) == 1
    register_compiled_package("game_g", scratch / "second" / "game_g")
    second = _load("game_g_second", scratch / "second" / "game_g" / "kernel" / "fronts.py")
    assert second.advance(1) == 3
    assert sum(second.advance._cache_hits.values()) == 1 and not second.advance._cache_misses


def test_scythe_kernel_caches_in_scythe_folder():
    from scythe_sim.compiled.rng import rand_below
    from scythe_sim.games.scythe.kernel.legal import legal_actions
    from scythe_sim.games.scythe.strategies.dispatch import choose

    scythe = package_folder(registered("scythe"))
    assert scythe.name.startswith("scythe-")
    assert pathlib.Path(legal_actions._cache._cache_path) == scythe / "kernel"
    assert pathlib.Path(choose._cache._cache_path) == scythe / "strategies"
    plumbing = package_folder(registered("plumbing"))
    assert pathlib.Path(rand_below._cache._cache_path) == plumbing


def test_each_file_belongs_to_one_package_and_roots_do_not_nest(scratch):
    assert package_of(SCYTHE / "kernel" / "legal.py").name == "scythe"
    assert package_of(PACKAGE / "games" / "mls" / "kernel" / "fight.py").name == "mls"
    assert package_of(PACKAGE / "compiled" / "rng.py").name == "plumbing"
    assert package_of(scratch / "elsewhere.py") is None
    with pytest.raises(ValueError, match="nests"):
        register_compiled_package("game_d", SCYTHE / "game_d")
    with pytest.raises(ValueError, match="nests"):
        register_compiled_package("game_d", PACKAGE / "games")


def test_folders_unused_for_a_week_are_removed(scratch):
    _tree(scratch / "game_e", {"kernel/rules.py": "X = 1\n"})
    package = register_compiled_package("game_e", scratch / "game_e")
    cache = scratch / "cache"
    old_own, old_legacy, recent_own, old_other = (
        cache / "game_e-0123456789abcdef", cache / "numba-0123456789abcdef",
        cache / "game_e-fedcba9876543210", cache / "game_f-0123456789abcdef")
    week_ago = time.time() - 8 * 86400
    for folder in (old_own, old_legacy, recent_own, old_other):
        folder.mkdir(parents=True)
    for folder in (old_own, old_legacy, old_other):
        os.utime(folder, (week_ago, week_ago))
    folder = package_folder(package)
    assert folder.is_dir() and time.time() - folder.stat().st_mtime < 60
    assert not old_own.exists() and not old_legacy.exists()
    assert recent_own.exists() and old_other.exists()


def test_package_names_are_folder_safe():
    with pytest.raises(ValueError, match="lowercase"):
        register_compiled_package("My-Game", SCYTHE)


