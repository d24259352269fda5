"""MLS's flagged assumptions and simplifications (data/assumptions.toml), read once."""
import functools
import tomllib
from importlib import resources


@functools.lru_cache(maxsize=1)
def all_assumptions() -> tuple:
    text = resources.files("scythe_sim.games.mls").joinpath("data", "assumptions.toml").read_text(encoding="utf-8")
    return tuple(tomllib.loads(text)["assumption"])
