"""Studies: what `scythe-sim evaluate STUDY` plays, for any game.

A study is a named check a game declares (its GameTools' studies module holds them in
STUDIES): a one-line summary, the games it plays unless told, whether it takes a player
count, its own parameters with their defaults (`--set KEY=VALUE`, checked here), and the
function that plays its blocks and returns its report (scythe_sim.quality.Report) with
each target PASS or FAIL. A user's study is the same record in a module of their own.
"""
from __future__ import annotations

import dataclasses
from typing import Callable

from .errors import ConfigError
from .names import did_you_mean


@dataclasses.dataclass(frozen=True)
class Study:
    name: str
    summary: str                 # one line: what it measures
    run: Callable                # (Settings) -> Report
    games: int = 200             # games per block unless --games says otherwise
    players: bool = True         # takes --players (False: plays its own count, 4)
    params: tuple = ()           # ((key, default, one-line meaning), ...): --set KEY=VALUE
    keeps_runs: bool = False     # its blocks are restartable runs in a folder (the `runs` parameter)


@dataclasses.dataclass(frozen=True)
class Settings:
    """What one evaluation plays: the common options, the study's parameters (`own`) and
    `bar(total)`, a context manager yielding update(n) (the command line's progress bar)."""
    games: int
    players: int
    seed: int
    workers: int
    own: dict
    bar: Callable


def parse_sets(study: Study, pairs) -> dict:
    """The study's parameters: its defaults, with each "KEY=VALUE" of `pairs` parsed to the
    default's type; an unknown key or a bad value is one line naming the valid keys."""
    own = {key: default for key, default, _ in study.params}
    keys = ", ".join(own) or "none"
    for pair in pairs:
        key, sep, text = pair.partition("=")
        key = key.strip().replace("-", "_")
        if not sep or key not in own:
            hint = did_you_mean(key, list(own)) if key and own else ""
            raise ConfigError(f"--set {pair!r}: study {study.name} takes no parameter {key!r}:{hint} "
                              f"its parameters are {keys}")
        own[key] = _value(study, key, own[key], text.strip())
    return own


def _value(study, key, default, text):
    if isinstance(default, bool):
        if text.lower() in ("1", "true", "yes", "on"):
            return True
        if text.lower() in ("0", "false", "no", "off"):
            return False
        raise ConfigError(f"--set {key}={text}: study {study.name}'s {key} is true or false")
    if isinstance(default, int):
        try:
            return int(text.replace("_", "").replace(",", ""))
        except ValueError:
            raise ConfigError(f"--set {key}={text}: study {study.name}'s {key} is a whole number") from None
    return text


def command(given: str, study: Study, game: str, settings: Settings, sets=()) -> str:
    """The command line that plays the study again with these settings (`given`: the
    study's name or file as the command line gave it)."""
    parts = ["scythe-sim evaluate", given]
    if game != "scythe":
        parts += ["--game", game]
    parts += ["--games", str(settings.games)]
    if study.players:
        parts += ["--players", str(settings.players)]
    parts += ["--seed", str(settings.seed)]
    parts += [f"--set {pair}" for pair in sets]
    return " ".join(parts)
