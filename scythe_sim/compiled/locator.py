"""A Numba cache locator that puts a function's cache in its package's folder
(packages.py). Written against numba 0.68's numba/core/caching.py: a locator class
offers ``from_function(py_func, py_file)`` and returns None to let the next class
try; ``CacheImpl._locator_classes`` lists the classes tried, in order.

The place inside the folder is the source's path relative to the package's root, never
its absolute path (Numba's own locators hash that): the folder is already keyed by the
bytes of the package's sources, and Numba's stamp of a source file is a hash of its
bytes, so a clone, a worktree or an installed wheel of the same sources loads what
another one compiled."""
import os
import pathlib

from numba.core.caching import CacheImpl, _CacheLocator, _SourceFileBackedLocatorMixin

from .packages import package_folder, package_of


class PackageCacheLocator(_SourceFileBackedLocatorMixin, _CacheLocator):
    """Caches a function defined in ``<package root>/a/b/file.py`` in
    ``<package folder>/a/b/`` (index files are named after the module and function, so
    two files of one name in different folders never share them)."""

    def __init__(self, py_func, py_file, folder, root):
        self._py_file = py_file
        self._lineno = py_func.__code__.co_firstlineno
        within = pathlib.Path(py_file).resolve().relative_to(root).parent
        self._cache_path = os.path.join(folder, *within.parts)

    def get_cache_path(self):
        return self._cache_path

    @classmethod
    def from_function(cls, py_func, py_file):
        if not os.path.exists(py_file):
            return None
        package = package_of(py_file)
        folder = package_folder(package) if package is not None else None
        if folder is None:
            return None
        self = cls(py_func, py_file, folder, package.root)
        try:
            self.ensure_cache_path()
        except OSError:
            return None
        return self


def install():
    """Try the package locator before Numba's own (once per process)."""
    if PackageCacheLocator not in CacheImpl._locator_classes:
        CacheImpl._locator_classes.insert(0, PackageCacheLocator)
