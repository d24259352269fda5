"""The variants' pure-Python hooks, found in their folders: each folder under variants/
declares in its __init__.py a HOOKS table, {hook: the module path of its part}, and the
shared modules (spec/results.py, ...) call every variant's part through here without
naming a variant. A new variant plugs in by adding its folder.

The parts are imported on first use, by path, as the runner loads a game's spec: a
variant's declarations stay below the layout while its parts (its result columns, its
text) sit in the layers above that they need. The variants go in name order, the order
of their columns in the result tables."""
import functools
import importlib
import pathlib
import pkgutil

_PACKAGE = __name__.rpartition(".")[0]


@functools.cache
def variants() -> tuple:
    """The variant folders' names, in name order."""
    folder = pathlib.Path(__file__).parent
    return tuple(sorted(m.name for m in pkgutil.iter_modules([str(folder)]) if m.ispkg))


def declared(hook) -> dict:
    """{variant: the module path it declares for `hook`}, without importing the part."""
    found = {name: importlib.import_module(f"{_PACKAGE}.{name}").HOOKS.get(hook) for name in variants()}
    return {name: path for name, path in found.items() if path}


@functools.cache
def parts(hook) -> tuple:
    """The modules the variants declare for `hook`, in variant order."""
    declared = (importlib.import_module(f"{_PACKAGE}.{name}").HOOKS.get(hook) for name in variants())
    return tuple(importlib.import_module(path) for path in declared if path)


def each(hook, function, *args) -> list:
    """function(*args) of every variant's part for `hook` that has it, in variant order."""
    return [getattr(part, function)(*args) for part in parts(hook) if hasattr(part, function)]
