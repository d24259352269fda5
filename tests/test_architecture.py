"""The floor plan holds: docs/ARCHITECTURE.md names every module of the library's root,
of each game's root and of cli/ and analysis/; the games are siblings that import nothing
of each other; the runner imports no game; analysis imports no kernel; and no import
circle exists among the project's modules, imports inside functions included."""
import ast
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[1]
DOC = (ROOT / "docs" / "ARCHITECTURE.md").read_text()
PACKAGES = ("scythe_sim", "cli", "analysis")


def _modules():
    """{dotted module name: path} of every project module."""
    out = {}
    for top in PACKAGES:
        for path in (ROOT / top).rglob("*.py"):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            out[".".join(parts)] = path
    return out


MODULES = _modules()


def _imports(name, path):
    """The project modules `name` imports, anywhere in the file."""
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            targets = [module] + [f"{module}.{a.name}" for a in node.names]
        else:
            continue
        for target in targets:
            while target and target not in MODULES:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


GRAPH = {name: _imports(name, path) for name, path in MODULES.items()}


def _circles():
    """Strongly connected groups of more than one module (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in GRAPH[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(GRAPH):
        if v not in index:
            visit(v)
    return out


def _is_package_parent(child, parent):
    """A package's __init__ naturally imports below itself; not an arrow up."""
    return child.startswith(parent + ".")


def test_no_import_circles():
    circles = [c for c in _circles()
               if not all(_is_package_parent(a, b) or _is_package_parent(b, a) for a in c for b in c if a != b)]
    assert circles == []


def test_the_circle_check_finds_a_circle():
    global GRAPH
    saved = GRAPH
    try:
        GRAPH = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}
        assert _circles() == [["a", "b", "c"]]
    finally:
        GRAPH = saved


def test_the_games_import_nothing_of_each_other_and_the_runner_no_game():
    for name, targets in GRAPH.items():
        for game, other in (("scythe_sim.games.scythe", "scythe_sim.games.mls"),
                            ("scythe_sim.games.mls", "scythe_sim.games.scythe")):
            if name.startswith(game):
                assert not [t for t in targets if t.startswith(other)], name
        if name.startswith(("scythe_sim.runner", "scythe_sim.compiled")) or name in (
                "scythe_sim.errors", "scythe_sim.intervals", "scythe_sim.sequential", "scythe_sim.quality"):
            assert not [t for t in targets if t.startswith("scythe_sim.games")], name
        if name.startswith("analysis"):
            assert not [t for t in targets if ".kernel" in t or ".strategies" in t], name


def test_the_architecture_page_names_every_module():
    folders = [ROOT / "scythe_sim", ROOT / "scythe_sim" / "games" / "scythe",
               ROOT / "scythe_sim" / "games" / "mls", ROOT / "cli", ROOT / "analysis"]
    missing = []
    for folder in folders:
        for path in folder.iterdir():
            name = path.name
            if name.startswith(("_", ".")) or name == "__pycache__":
                continue
            named = f"{name}/" if path.is_dir() else name if path.suffix == ".py" else None
            if named and named not in DOC:
                missing.append(path.relative_to(ROOT).as_posix())
    for path in (ROOT / "scythe_sim" / "runner").glob("*.py"):
        if path.name != "__init__.py" and path.name not in DOC:
            missing.append(path.relative_to(ROOT).as_posix())
    assert missing == []


MAX_PARAMETERS = 8      # what travels together goes as one NamedTuple (docs/ARCHITECTURE.md, "Signatures")


def _long_signatures(source):
    """(name, parameters) of every public module-level function of source taking more
    than MAX_PARAMETERS parameters (*args and **kwargs count one each)."""
    out = []
    for node in ast.parse(source).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and not node.name.startswith("_"):
            a = node.args
            count = (len(a.posonlyargs) + len(a.args) + len(a.kwonlyargs)
                     + (a.vararg is not None) + (a.kwarg is not None))
            if count > MAX_PARAMETERS:
                out.append((node.name, count))
    return out


def _kernel_strategy_and_play_modules():
    """Every module of a game's kernel/ and strategies/, and each game's play.py."""
    for game in sorted((ROOT / "scythe_sim" / "games").iterdir()):
        if not game.is_dir() or game.name.startswith("_"):
            continue
        yield from sorted((game / "kernel").rglob("*.py"))
        yield from sorted((game / "strategies").rglob("*.py"))
        yield game / "play.py"


def test_no_kernel_strategy_or_batch_function_takes_more_than_eight_parameters():
    paths = list(_kernel_strategy_and_play_modules())
    assert len({p.parts[-3] for p in paths if p.parent.name == "kernel"}) >= 2     # both games looked at
    long = {f"{p.relative_to(ROOT)}:{name}": count for p in paths
            for name, count in _long_signatures(p.read_text())}
    assert not long, f"group what travels together (a NamedTuple) to get these to {MAX_PARAMETERS}: {long}"


def test_the_signature_check_finds_a_long_signature():
    source = ("def fine(a, b, c, d, e, f, g, h):\n    pass\n"
              "def long(a, b, c, d, e, f, g, h, *rest):\n    pass\n"
              "def _private(a, b, c, d, e, f, g, h, i):\n    pass\n")
    assert _long_signatures(source) == [("long", 9)]
