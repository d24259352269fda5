"""The game's data files (``scythe_sim/games/scythe/data/*.toml``, package data), read once
per process: `load_data` gives a fresh copy of their parsed content."""

from __future__ import annotations

import copy
import functools
import tomllib
from importlib import resources

SETS = ("base", "invaders_from_afar")
DATA_FILES = ("board", "factions", "mats", "scoring", "combat", "rules", "encounters", "factory",
              "objectives", "resolution", "airships")


@functools.lru_cache(maxsize=1)
def read_data() -> dict:
    """The parsed TOML files as {file stem: content}, read once: treat as read-only."""
    folder = resources.files(__package__).joinpath("data")
    return {name: tomllib.loads(folder.joinpath(f"{name}.toml").read_text(encoding="utf-8"))
            for name in DATA_FILES}


def load_data() -> dict:
    """The parsed TOML files as {file stem: content}; read once, a fresh copy each call."""
    return copy.deepcopy(read_data())
