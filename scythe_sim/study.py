"""Studies: what `scythe-sim evaluate STUDY` plays, for any game.

A study is a named check a game declares (its GameTools' studies module holds them in
STUDIES): a one-line summary, the games it plays unless told, whether it takes a player
count and its own parameters with their defaults (`--set KEY=VALUE`, checked here).

Most studies are declared: a list of named blocks (each a run config), the queries its
report shows over them and its targets, each PASS or FAIL. One engine plays every
declared study (analysis/study_engine.py): its blocks through the runner's run cache (so
a study restarts where it stopped, extends a shorter block, runs on Dask like any run),
read back through the analysis. A user writes one in a TOML file (study_file.py). A
study too particular for queries (timings, a search's budget sweep) gives `run`
instead: the function that plays its blocks and returns its report.
"""
from __future__ import annotations

import dataclasses
from typing import Callable

from .errors import ConfigError
from .names import did_you_mean


@dataclasses.dataclass(frozen=True)
class Block:
    """A block: a run config's keys (players, rules, strategies, variant, weights ...; the
    study gives the games, the seed and the player count unless `config` names one). Every
    block of a study plays the same deals: game i of each has the same seed."""
    name: str                    # short: the column heads say "<name> win rate"
    config: dict = dataclasses.field(default_factory=dict)
    label: str = ""              # how a sentence names it ("the default mix"); default: the name
    # its games: 0 the study's (--games); a number, its own; a name, the study parameter
    # giving them (a slow block, e.g. a search mirror: `--set mirror_games=`). A query
    # pairs two blocks on the deals both played, their first games.
    games: int | str = 0


@dataclasses.dataclass(frozen=True)
class Rates:
    """A query: each group's win rate (n, Wilson 95% interval) in each block, side by side."""
    blocks: tuple
    by: str = "faction"          # a seats column: faction, mat, seat, turn_order, strategy ...
    title: str = ""


@dataclasses.dataclass(frozen=True)
class Ranking:
    """A query: two blocks' rankings of the groups, side by side, with Kendall's tau."""
    blocks: tuple                # two block names
    by: str = "faction"
    title: str = ""


@dataclasses.dataclass(frozen=True)
class Grid:
    """A query: one block's win rate (seats) in each cell of two seats columns, e.g.
    faction x mat."""
    block: str
    rows: str = "faction"
    columns: str = "mat"
    title: str = ""


@dataclasses.dataclass(frozen=True)
class Shifts:
    """A query: each group's win rate from block `against` to block `block`, as `scythe-sim
    compare` decides it: the difference paired game by game on the same deals, its interval
    simultaneous over the groups (Holm), and the verdict (shift: beyond chance and at
    least `min_effect`). `by` a tuple of columns (("faction", "mat")): one table whose
    groups are every group of each, one Holm family (as `compare --by faction --by mat`)."""
    block: str
    against: str
    by: str | tuple = "faction"
    min_effect: float = 0.02
    title: str = ""


@dataclasses.dataclass(frozen=True)
class Within:
    """A target: each group's win rate in a block (or the one named `group`'s) lies in
    [low, high]."""
    block: str
    by: str = "faction"
    low: float = 0.0
    high: float = 1.0
    group: str = ""
    text: str = ""               # the target's sentence; default: made from the above


@dataclasses.dataclass(frozen=True)
class Agree:
    """A target: two blocks rank the groups alike, Kendall's tau at least `tau`."""
    blocks: tuple
    by: str = "faction"
    tau: float = 0.8
    text: str = ""


@dataclasses.dataclass(frozen=True)
class Shift:
    """A target: no group's win rate shifts by `at_most` or more from block `against` to
    block `block`, decided as `scythe-sim compare --fail` decides: paired on the same
    deals, beyond chance after Holm over the groups, and at least `at_most` (0: any
    difference beyond chance). `by` as Shifts'; `allowed`: how many groups may shift."""
    block: str
    against: str
    by: str | tuple = "faction"
    at_most: float = 0.03
    allowed: int = 0
    text: str = ""


@dataclasses.dataclass(frozen=True)
class Enough:
    """A target: a block played at least `games` games (a verdict needs that many)."""
    block: str
    games: int
    text: str = ""


QUERIES = (Rates, Ranking, Shifts, Grid)
TARGETS = (Within, Agree, Shift, Enough)
# where a declared study keeps its blocks' runs unless --set runs= says otherwise: the run
# cache's folder (runs named by what decides their games, shared by every study and
# `run --cache`); and the other parameters every declared study takes
RUNS = "results/study-runs"
RUNS_PARAMS = (("runs", RUNS, "the run cache its blocks play into (the same command restarts there)"),
               ("backend", "local", "where the blocks play: local or dask"),
               ("scheduler", "", "the Dask scheduler's address (default: a local cluster)"),
               ("weights", "", "STRATEGY=FILE,...: weights files the blocks' players play (e.g. a tuned "
                               "greedy: greedy=results/tune/greedy.toml)"),
               ("model", "", "a learned model file every block's players value positions with (e.g. a "
                             "generation of scythe-sim learn; default: the shipped one)"))


@dataclasses.dataclass(frozen=True)
class Study:
    name: str
    summary: str                 # one line: what it measures
    run: Callable = None         # (Settings) -> Report, for a study not declared by blocks
    games: int = 200             # games per block unless --games says otherwise
    players: bool = True         # takes --players (False: plays its own count, 4)
    params: tuple = ()           # ((key, default, one-line meaning), ...): --set KEY=VALUE
    keeps_runs: bool = False     # its blocks are restartable runs in a folder (the `runs` parameter)
    blocks: tuple = ()           # Block, ...: a declared study
    queries: tuple = ()          # Rates / Ranking / Shifts / Grid, ...: its report's tables, in order
    targets: tuple = ()          # Within / Agree / Shift / Enough, ...

    def __post_init__(self):
        if (self.run is None) == (not self.blocks):
            given = "both" if self.blocks else "neither"
            raise ConfigError(f"study {self.name}: give its blocks or the function that plays it (run), "
                              f"one of them; it gives {given}")
        if self.blocks:
            check_declaration(self)
            names = {key for key, _, _ in self.params}
            extra = tuple(p for p in RUNS_PARAMS if p[0] not in names)
            object.__setattr__(self, "params", self.params + extra)
            object.__setattr__(self, "keeps_runs", True)

    @property
    def declared(self) -> bool:
        return bool(self.blocks)


def check_declaration(study):
    """A ConfigError naming the first block a query or target names but the study lacks,
    or a record that is no query or target."""
    names = [b.name for b in study.blocks]
    if len(set(names)) != len(names):
        raise ConfigError(f"study {study.name}: two blocks are named alike ({', '.join(names)})")
    params = [key for key, _, _ in study.params]
    for block in study.blocks:
        games = block.games
        if isinstance(games, str) and games not in params:
            raise ConfigError(f"study {study.name}: block {block.name}'s games come from parameter {games!r}, "
                              f"which the study lacks (its parameters: {', '.join(params) or 'none'})")
        if isinstance(games, bool) or not isinstance(games, (int, str)) or (isinstance(games, int) and games < 0):
            raise ConfigError(f"study {study.name}: block {block.name}'s games is a whole number of games, "
                              f"got {games!r}")
    for kind, records, allowed in (("query", study.queries, QUERIES), ("target", study.targets, TARGETS)):
        for record in records:
            if not isinstance(record, allowed):
                raise ConfigError(f"study {study.name}: {record!r} is no {kind} (one of "
                                  f"{', '.join(c.__name__ for c in allowed)})")
            named = list(getattr(record, "blocks", ())) + [getattr(record, k, "") for k in ("block", "against")]
            for name in filter(None, named):
                if name not in names:
                    raise ConfigError(f"study {study.name}: its {kind} {type(record).__name__} names block "
                                      f"{name!r}, but its blocks are {', '.join(names)}")
            if isinstance(record, (Ranking, Agree)) and len(record.blocks) != 2:
                raise ConfigError(f"study {study.name}: a {type(record).__name__} compares two blocks, "
                                  f"got {len(record.blocks)}")


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
