"""A game's compile cache is keyed by what its compiled code reads, found from the import
statements (scythe_sim/compiled/imports.py): in a throwaway copy of the library, an edit
to any module the compiled code imports changes the key, an edit to a pure-Python
module (façade, text, spec, tools) leaves it."""
import ast
import pathlib
import re
import shutil

import pytest

import scythe_sim.games.mls  # noqa: F401  (registers each game's compiled package)
import scythe_sim.games.scythe  # noqa: F401
from scythe_sim.compiled.imports import _statements
from scythe_sim.compiled.packages import CompiledPackage, registered, source_key

ROOT = pathlib.Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "scythe_sim"
GAMES = {"scythe": "games/scythe", "mls": "games/mls"}

# Modules the compiled code must be keyed by, whatever else it imports.
MUST = {
    "scythe": ("house_rules.py", "tables.py", "enums.py", "layout.py", "variants/wind_gambit/airships.py",
               # a variant's R_* and RP_* indices: house_rules.py reads the rules through
               # variants/hooks.py by name, so the key holds them by the compiled code's imports
               "variants/war/rules.py", "variants/wind_gambit/rules.py", "variants/wind_gambit/resolution.py",
               "turnlog.py", "kernel/legal.py", "kernel/war/combat.py", "kernel/wind_gambit/airship.py",
               "kernel/variants.py",
               "strategies/dispatch.py", "strategies/view.py", "strategies/weights.py"),
    "mls": ("layout.py", "tables.py", "kernel/legal.py", "strategies/dispatch.py",
            "strategies/workspace.py"),
}
PLUMBING = ("jit.py", "rng.py", "rows.py", "records.py", "packages.py", "imports.py")
# Pure-Python modules: editing them keeps the compiled cache. play.py and tools/profiling.py
# are compiled, but nothing else compiled imports them, and Numba checks their own file.
FREE = {
    "scythe": ("game.py", "lineup.py", "play.py", "text/codec.py", "text/position.py", "spec/__init__.py",
               "spec/results.py", "tools/evaluate.py", "tools/bench.py", "tools/profiling.py"),
    "mls": ("game.py", "play.py", "assumptions.py", "text/position.py", "spec/__init__.py",
            "tools/evaluate.py"),
}
# Modules outside the game and the plumbing that its compiled modules import: read by
# Python code only (error types, the weights file, the nearest names to a mistyped rule),
# never a constant of compiled code.
OUTSIDE = {"scythe_sim.errors", "scythe_sim.toml_file", "scythe_sim.runner.weights_file", "scythe_sim.names"}

_CONSTANT = re.compile(r"^([A-Z_][A-Z0-9_]*) = (\d+)$", re.M)


def _edit_a_constant(path):
    """Change the first integer constant of the module, or add one."""
    text = path.read_text()
    match = _CONSTANT.search(text)
    if match:
        edited = f"{match.group(1)} = {int(match.group(2)) + 1}"
        path.write_text(text[:match.start()] + edited + text[match.end():])
    else:
        path.write_text(text + "\n_EDITED = 1\n")
    return text


@pytest.fixture(scope="module")
def copy(tmp_path_factory):
    """A throwaway copy of the library's Python sources."""
    target = tmp_path_factory.mktemp("copy") / "scythe_sim"
    shutil.copytree(PACKAGE, target, ignore=lambda folder, names: [
        n for n in names if n == "__pycache__" or (n.endswith(".pyc"))])
    return target


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_copy_has_the_same_key(copy, game):
    package = CompiledPackage(game, copy / GAMES[game])
    assert source_key(package) == source_key(registered(game))
    assert set(package.source_files()) == set(registered(game).source_files())


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_constant_edited_in_any_module_the_compiled_code_imports_changes_the_key(copy, game):
    package = CompiledPackage(game, copy / GAMES[game])
    names = package.source_files()
    for must in MUST[game]:
        assert f"scythe_sim/{GAMES[game]}/{must}" in names, must
    for must in PLUMBING:
        assert f"scythe_sim/compiled/{must}" in names, must
    key = source_key(package)
    for name, path in names.items():
        text = _edit_a_constant(path)
        try:
            assert source_key(package) != key, f"editing {name} kept {game}'s compile cache"
        finally:
            path.write_text(text)
    assert source_key(package) == key


@pytest.mark.parametrize("game", sorted(GAMES))
def test_editing_a_pure_python_module_keeps_the_key(copy, game):
    package = CompiledPackage(game, copy / GAMES[game])
    key = source_key(package)
    for free in FREE[game]:
        path = copy / GAMES[game] / free
        assert path.is_file(), free
        text = _edit_a_constant(path)
        try:
            assert source_key(package) == key, f"editing {free} threw {game}'s compile cache away"
        finally:
            path.write_text(text)
    keyed = {path for path in package.source_files().values()}
    for folder in ("text", "spec", "tools"):
        assert not [p for p in keyed if p.is_relative_to(copy / GAMES[game] / folder)], folder


@pytest.mark.parametrize("module, names", [("house_rules.py", "BASE_RULES = ("),
                                           ("variants/war/rules.py", "WAR_RULES = ("),
                                           ("variants/wind_gambit/rules.py", "RULES = (")])
def test_a_house_rule_inserted_changes_scythe_key(copy, module, names):
    """The bug this key fixes: R_* indices defined in house_rules.py (the base game's) and
    in a variant's rules.py (its own, assembled by house_rules.py), read by the kernel."""
    package = CompiledPackage("scythe", copy / GAMES["scythe"])
    key = source_key(package)
    path = copy / GAMES["scythe"] / module
    text = path.read_text()
    assert "R_" in text and names in text
    path.write_text(text.replace(names, names + "\"an_inserted_rule\", ", 1))
    try:
        assert source_key(package) != key
    finally:
        path.write_text(text)


def test_editing_the_other_game_keeps_the_key(copy):
    scythe = CompiledPackage("scythe", copy / GAMES["scythe"])
    key = source_key(scythe)
    path = copy / GAMES["mls"] / "layout.py"
    text = _edit_a_constant(path)
    try:
        assert source_key(scythe) == key
    finally:
        path.write_text(text)


def _full_imports(path):
    return {ast.dump(node) for node in ast.walk(ast.parse(path.read_bytes()))
            if isinstance(node, (ast.Import, ast.ImportFrom))}


def test_the_fast_reading_finds_every_import_statement():
    """Reading import lines only finds every import a whole-file parse finds."""
    for path in [*(ROOT / "scythe_sim").rglob("*.py"), *(ROOT / "cli").rglob("*.py")]:
        found = {ast.dump(node) for node in _statements(path.read_bytes())}
        missed = _full_imports(path) - found
        assert not missed, f"{path.relative_to(ROOT)}: {missed}"


@pytest.mark.parametrize("text", [
    b"X = 1; import os\n", b"if X:  import os\n", b"if X: from os import path\n",
    b"try:\n    import os\nexcept ImportError:  # no os\n    os = None\n",
    b"from os import (path,  # a comment with a ) in it\n                 sep)\n",
    b"from os import \\\n    path\n",
    b"import os; X = os.sep\n",
])
def test_imports_after_another_statement_or_odd_lines_are_found(text, tmp_path):
    path = tmp_path / "m.py"
    path.write_bytes(text)
    found = _statements(text)
    assert all(isinstance(node, (ast.Import, ast.ImportFrom)) for node in found)
    assert {ast.dump(node) for node in found} >= _full_imports(path)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_compiled_code_imports_nothing_else_of_the_library_but_python_side_readers(game):
    """Imports are followed only in the game and the plumbing: a module elsewhere in the
    library that compiled code imports must not hold what compiled code reads."""
    package = registered(game)
    compiled = [p for p in package.root.rglob("*.py") if "compiled.jit import" in p.read_text()]
    assert compiled
    outside = set()
    for path in {*package.source_files().values(), *compiled}:
        for node in ast.walk(ast.parse(path.read_bytes())):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module.startswith("scythe_sim"):
                outside.add(node.module)
            elif isinstance(node, ast.Import):
                outside.update(a.name for a in node.names if a.name.startswith("scythe_sim"))
    outside = {m for m in outside if not m.startswith(("scythe_sim.compiled", f"scythe_sim.{GAMES[game].replace('/', '.')}"))}
    assert outside <= OUTSIDE, outside - OUTSIDE
