"""Game specs: what the runner needs to know about a game, and the registry of games.

The runner never names a piece, a rule or a result column of a game (docs/ARCHITECTURE.md, "Layers"):
each game describes itself with a `GameSpec`, the narrow contract of twelve members the
runner plays a game through (tests/runner/test_spec.py holds the limit), and registers
it, optionally with a `GameTools` record for the command line and tools (module paths
as strings, options, listings), which the runner never reads. `spec_for(name)` finds a
registered game, importing a built-in one on first use; `tools_for(name)` its record.
"""
from __future__ import annotations

import dataclasses
import importlib
from typing import Callable

from ..errors import ConfigError

# the games this package ships: importing the module registers its spec
BUILTIN = {"scythe": "scythe_sim.games.scythe.spec", "my_little_scythe": "scythe_sim.games.mls.spec"}
GAMES: dict = {}
TOOLS: dict = {}
MAX_MEMBERS = 12      # GameSpec's fields: what every game must answer stays this narrow


@dataclasses.dataclass(frozen=True)
class Setup:
    """What a run config of the game may say (docs/configs.md): its names and defaults."""
    variants: tuple              # known variant names; the first is the default
    rule_names: tuple            # house rules a run config may override ([rules])
    strategies: tuple            # strategy names, in id order
    default_strategies: tuple    # the pool a run plays when its config names none
    assignments: tuple           # setup.assignment choices; the first is the default
    seat_lists: tuple = ()       # setup keys that list one name per seat for a fixed assignment
    # Strategies that are frozen baselines (yardsticks), not players: named apart.
    yardsticks: tuple = ()
    # Rules a variant sets ({variant: ((rule name, value), ...)}): parse_config adds them to
    # the config's [rules], which may not set them otherwise.
    variant_rules: dict = dataclasses.field(default_factory=dict)
    # The [rules] of the game's default run config, by variant ({variant: ((rule, value), ...)}):
    # what a run given no config file plays (the flags' rules on top).
    default_rules: dict = dataclasses.field(default_factory=dict)
    # The game's default run config beyond RunConfig's defaults, default_strategies and
    # default_rules (e.g. its run name): what `run --game NAME` plays with no config file,
    # the same as the game's configs/*.toml (tests/cli/test_game_flag.py holds them equal).
    default_config: dict = dataclasses.field(default_factory=dict)
    # (rule name, value) -> the rule's integer: where a game lets a rule be named (a
    # resolution tile's name); None: every rule is a whole number already.
    rule_value: Callable = None
    # The seat columns a price table is keyed by (runner/prices.py; a config's `prices`):
    # () when the game takes none.
    price_keys: tuple = ()


def _no_keyed_rows(params) -> dict:
    return {}


def _rows_alone(rows, keyed):
    return rows


@dataclasses.dataclass(frozen=True)
class Weights:
    """A game's strategy weights, in one place: the default rows, a weights file's rows,
    and the rows that differ by a seat key the game defines (carried in the config's
    `seat_weights`; a game without such keys keeps the defaults of keyed and with_keyed)."""
    defaults: Callable           # () -> float64 params: row i is strategy i's (+ keyed rows, below)
    read: Callable               # (path) -> (row, {seat key: row}) of a weights file; ConfigError if bad
    keyed: Callable = _no_keyed_rows     # (params) -> {(strategy name, seat key): row} beside the rows
    with_keyed: Callable = _rows_alone   # (rows, {(strategy name, seat key): row}) -> params


@dataclasses.dataclass(frozen=True)
class GameSpec:
    """One game, as the runner sees it. Every callable is a pure function of its
    arguments, so shards may run in any process."""
    name: str
    setup: Setup                 # what a run config may say
    weights: Weights             # the strategies' weight rows
    build_tables: Callable       # (rules dict) -> tables; ConfigError on a bad rule
    check_config: Callable       # (config) -> None; ConfigError naming the field
    plan_games: Callable         # (config, start, stop) -> plan of games start..stop-1
    play: Callable               # (tables, start, plan, config, check=False, played=None) -> ({table
                                 #   name: pyarrow.Table}, ((batch index, status, seed), ...) of the
                                 #   games stopped on a bug); check: invariants after every step;
                                 #   played: an int64 (1,) array the compiled batch loop adds one to
                                 #   as each game ends (the run's progress within a shard, runner/progress.py)
    ruleset: Callable            # (config) -> short readable identity of the rules played
    provenance: Callable         # (config) -> {"data_sha256": sha256 of the game's data files,
                                 #   "assumptions": [{"id", "text"}, ...] flagged assumptions played,
                                 #   "models": {name: {"name", "version", "sha256"}} learned models read}
    replay: Callable             # (config, game id, stored, pictures=None) -> (lines, mismatches); stored(table)
                                 #   is the game's stored rows of that table (polars); pictures: a folder
                                 #   for a picture per turn
    failure: Callable            # (config, game id) -> where the game first fails, replayed with
                                 #   invariants checked (game_parts.first_failure), or None
    warm: Callable               # () -> None: compile or load the kernel before workers fork


@dataclasses.dataclass(frozen=True)
class GameTools:
    """A game's parts for the command line and the tools (cli/ reads it; the runner never does)."""
    tables: tuple = ()           # result tables, in write order; the last is the optional turn log
    # The compiled package (compiled/packages.py) whose cache `warm` fills: tells whether a
    # run will compile the kernel first (minutes) or load it.
    compiled_package: str = None
    # The command line's parts of the game (imported only when a command runs):
    # {"play": module with play_game, "bench": module with warm, bench_compile and bench_games,
    # "evaluate": module with studies(), {name: scythe_sim.study.Study}}; and per command the options of its own the game
    # takes (cli/common.py refuses, in one line, one given for a game that lacks it).
    commands: dict = dataclasses.field(default_factory=dict)
    options: dict = dataclasses.field(default_factory=dict)
    # (kind) -> [(name, one-line meaning, range or "")] for `scythe-sim list KIND`, kind one
    # of LIST_KINDS ("yardsticks" beside "strategies"); None: names only.
    listing: Callable = None
    # The seat columns `scythe-sim check` decides balance by unless told (--by): groupings,
    # each a tuple of columns whose values a game deals to one seat at most.
    balance_groups: tuple = ()
    # The game's reference player (runner/reference.py): the strategy that replays a run's
    # deals in every seat to check the fast players' verdicts, and what it costs; None: the
    # game has none.
    reference: "Reference" = None


@dataclasses.dataclass(frozen=True)
class Reference:
    """A game's reference player: its strategy name, and the CPU seconds it spends per
    seat per game at each player count it was measured at (a count between or beyond
    those measured is scaled from the nearest: runner/reference.py)."""
    strategy: str
    seat_seconds: tuple          # ((players, CPU seconds per searching seat per game), ...)


def register(spec: GameSpec, tools: GameTools = None) -> GameSpec:
    GAMES[spec.name] = spec
    TOOLS[spec.name] = tools if tools is not None else GameTools()
    return spec


def spec_for(name) -> GameSpec:
    """The spec of game `name`; a ConfigError lists the known games."""
    if name not in GAMES and name in BUILTIN:
        importlib.import_module(BUILTIN[name])
    if name not in GAMES:
        known = sorted(set(GAMES) | set(BUILTIN))
        raise ConfigError(f"config 'game' is {name!r}: choose one of {', '.join(known)}")
    return GAMES[name]


def tools_for(name) -> GameTools:
    """The command line's record of game `name` (an empty one when it registered none)."""
    spec_for(name)
    return TOOLS[name]


_TABLES: dict = {}


def game_tables(name, rules: tuple):
    """The tables of game `name` under rules ((rule name, integer), ...), the config's
    canonical rules, built once per process: config validation fills it before workers
    fork, and every batch of the process reads it."""
    key = (name, rules)
    if key not in _TABLES:
        if len(_TABLES) >= 8:
            _TABLES.clear()
        _TABLES[key] = spec_for(name).build_tables(dict(rules))
    return _TABLES[key]


def keep_tables(name, rules: tuple, tables) -> None:
    """Remember tables built (and so validated) from another spelling of the same rules."""
    _TABLES.setdefault((name, rules), tables)
