"""The package's version, in a module of its own: what the runner stamps on a run and
keys its cache by, read without importing the package root (whose lazy entry points
reach analysis/, which reaches the runner)."""
__version__ = "0.1.0"
