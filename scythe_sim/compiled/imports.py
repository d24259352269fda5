"""What a package's compiled code is built from, found by reading its import statements
(packages.py keys the package's compile cache by a hash of these files).

A module with compiled functions (one that imports the decorators, jit.py) is a
*compiled module*. A compiled function carries copies of every compiled helper it calls
and of every module constant it reads, from whatever module they come from; Numba
checks only the function's own file. So the cache must be keyed by every module a
compiled module imports, transitively: the compiled helpers, the constant modules
(layout, enums, tables, house rules ...) and whatever those import in turn. Imports are
followed inside the package's own folder and into the shared plumbing (this folder);
a module elsewhere (errors, the weights-file reader) is read by Python code only.

A compiled module that no other module of the package imports (a game's profiling
helpers in tools/) is left out of the key: nothing carries a copy of its functions, and
Numba checks its own file before loading them. Pure-Python modules nothing compiled
imports (a game's façade, text, spec, tools) are left out too, so editing them keeps
the compiled cache.

Imports are read with ``ast`` and never executed, so the key costs no import and no
numba. It is computed at every process start, so it parses only what it must: the
modules that name the decorators (to find the compiled modules) and the modules they
reach, and of each only its import statements (the lines that start one, parsed
together: about 20 times faster than parsing the whole text).
"""
import ast
import pathlib
import re

_STATEMENT = re.compile(rb"^[ \t]*(?:from[ \t]+[\w.]+[ \t]+import[ \t]*(?:\([^)]*\)|[^\n]*)"
                        rb"|import[ \t]+[^\n]*)", re.M)

_STATEMENT_END = re.compile(rb"[;:][ \t]*(?:from[ \t]+[\w.]+[ \t]+)?$")


def _after_a_statement(text):
    """True when an ``import`` may follow another statement on its line (``x = 1; import
    y``, ``if a: import b``), where the line pattern would not see it."""
    at = text.find(b"import")
    while at >= 0:
        if _STATEMENT_END.search(text, text.rfind(b"\n", 0, at) + 1, at):
            return True
        at = text.find(b"import", at + 6)
    return False


def _statements(text):
    """The import statements of a module's source (bytes), as ast nodes: the lines that
    start with one, parsed together; the whole text parsed when an import may follow
    another statement on its line, or when those lines do not parse on their own."""
    nodes = None
    if not _after_a_statement(text):
        try:
            nodes = ast.parse(b"\n".join(m.group(0).strip() for m in _STATEMENT.finditer(text))).body
        except SyntaxError:
            pass
    if nodes is None:
        nodes = ast.walk(ast.parse(text))
    return [node for node in nodes if isinstance(node, (ast.Import, ast.ImportFrom))]


def _base(root):
    """The folder the package's top-level package sits in (where its dotted names start)."""
    top = root
    while (top.parent / "__init__.py").is_file():
        top = top.parent
    return top.parent


class ImportGraph:
    """The modules of a package folder (root) and of the plumbing (a dotted name, looked
    up under the package's own base first, then under ``fallback``: the installed
    plumbing's base), each module's imports resolved to them."""

    def __init__(self, root, plumbing, fallback):
        parts = plumbing.split(".")
        folder = next((base.joinpath(*parts) for base in (_base(root), fallback)
                       if (base.joinpath(*parts) / "__init__.py").is_file()), None)
        self.modules = {}           # {dotted name as a tuple: file}
        self.names = {}             # {file: its path under its base, as in the key}
        for top in (folder, root) if folder else (root,):
            base = _base(top)
            for path in top.rglob("*.py"):
                name = path.relative_to(base)
                self.modules[name.parent.parts + (() if name.stem == "__init__" else (name.stem,))] = path
                self.names[path] = name
        self.plumbing = folder
        self._found = {}

    def imports(self, path):
        """The files of the package and the plumbing that module `path` imports."""
        if path not in self._found:
            self._found[path] = self._read(path)
        return self._found[path]

    def _read(self, path):
        package = self.names[path].parent.parts
        found = set()
        for node in _statements(path.read_bytes()):
            if isinstance(node, ast.Import):
                targets = [tuple(alias.name.split(".")) for alias in node.names]
            else:
                module = (package[:len(package) - node.level + 1] if node.level else ()) + \
                         (tuple(node.module.split(".")) if node.module else ())
                targets = [module] + [module + (alias.name,) for alias in node.names]
            found.update(self.modules[t] for t in targets if t in self.modules)
        found.discard(path)
        return found


def compiled_sources(root, plumbing="scythe_sim.compiled", fallback=None):
    """The files whose content a package's compiled code is built from: every module of
    the package folder `root` and the plumbing that a compiled module imports,
    transitively (the module's docstring says why), as {name under its base: path},
    sorted by name."""
    root = pathlib.Path(root).resolve()
    fallback = pathlib.Path(fallback or pathlib.Path(__file__).resolve().parents[2])
    graph = ImportGraph(root, plumbing, fallback)
    decorators = graph.plumbing and graph.plumbing / "jit.py"
    compiled = [path for path in graph.names if path.is_relative_to(root)
                and b"jit" in path.read_bytes() and decorators in graph.imports(path)]
    todo = [target for path in compiled for target in graph.imports(path)]
    found = set()
    while todo:
        path = todo.pop()
        if path not in found:
            found.add(path)
            todo.extend(graph.imports(path))
    return dict(sorted((graph.names[path].as_posix(), path) for path in found))
