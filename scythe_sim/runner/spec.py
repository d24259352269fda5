"""Game specs: what the runner needs to know about a game, and the registry of games.

The runner never names a piece, a rule or a result column of a game (docs/ARCHITECTURE.md, "Layers"):
each game describes itself with a `GameSpec` (its tables, config checks, per-game
plans, batch player, result tables, replay, ruleset and flagged assumptions) and
registers it. `spec_for(name)` finds a registered game, importing a built-in one on
first use.
"""
from __future__ import annotations

import dataclasses
import importlib
from typing import Callable

from ..errors import ConfigError

# the games this package ships: importing the module registers its spec
BUILTIN = {"scythe": "scythe_sim.games.scythe.spec", "my_little_scythe": "scythe_sim.games.mls.spec"}
GAMES: dict = {}


@dataclasses.dataclass(frozen=True)
class GameSpec:
    """One game, as the runner sees it. Every callable is a pure function of its
    arguments, so shards may run in any process."""
    name: str
    variants: tuple              # known variant names; the first is the default
    rule_names: tuple            # house rules a run config may override ([rules])
    strategies: tuple            # strategy names, in id order
    default_strategies: tuple    # the pool a run plays when its config names none
    assignments: tuple           # setup.assignment choices; the first is the default
    seat_lists: tuple            # setup keys that list one name per seat for a fixed assignment
    table_names: tuple           # result tables, in write order; the last is the optional turn log
    build_tables: Callable       # (rules dict) -> tables; ConfigError on a bad rule
    load_weights: Callable       # () -> float64 default weights: row i is strategy i's, and
                                 #   seat_weights(params) finds any per-seat-key rows
    weight_row: Callable         # (path) -> weight row of a weights file; ConfigError if bad
    check_config: Callable       # (config) -> None; ConfigError naming the field
    plan_games: Callable         # (config, start, stop) -> plan of games start..stop-1
    play: Callable               # (tables, plan, config, check=False, played=None) -> raw results;
                                 #   check: invariants after every step (tests/contract); played:
                                 #   an int64 (1,) array the compiled batch loop adds one to as each
                                 #   game ends (the run's progress within a shard, runner/progress.py)
    bad_games: Callable          # (plan, raw) -> ((batch index, status, seed), ...) stopped on a bug
    result_tables: Callable      # (first game, plan, raw, config) -> {table name: pyarrow.Table}
    ruleset: Callable            # (config) -> short readable identity of the rules played
    assumptions: Callable        # (config) -> [{"id", "text"}, ...] flagged assumptions played
    data_sha256: Callable        # () -> sha256 of the game's data files
    replay: Callable             # (config, game id, stored, pictures=None) -> (lines, mismatches); stored(table)
                                 # gives the game's stored rows; pictures: a folder for a picture per turn
                                 #   is the game's stored rows of that table (polars)
    warm: Callable               # () -> None: compile or load the kernel before workers fork
    failure: Callable            # (config, game id) -> where the game first fails, replayed with
                                 #   invariants checked (game_parts.first_failure), or None
    # Weights that differ by a seat key (a key the game defines per seat); None: a game without them.
    weight_rows: Callable = None       # (path) -> (row, {key: row}) of a weights file
    seat_weights: Callable = None      # (params) -> {(strategy name, key): row} beside the rows
    with_seat_weights: Callable = None  # (rows, {(strategy name, key): row}) -> params
    # Rules a variant sets ({variant: ((rule name, value), ...)}): parse_config adds them to
    # the config's [rules], which may not set them otherwise.
    variant_rules: dict = dataclasses.field(default_factory=dict)
    # The [rules] of the game's default run config, by variant ({variant: ((rule, value), ...)}):
    # what a run given no config file plays (the flags' rules on top).
    default_rules: dict = dataclasses.field(default_factory=dict)
    # The compiled package (compiled/packages.py) whose cache `warm` fills: tells whether a
    # run will compile the kernel first (minutes) or load it.
    compiled_package: str = None
    # (rule name, value) -> the rule's integer: where a game lets a rule be named (a
    # resolution tile's name); None: every rule is a whole number already.
    rule_value: Callable = None
    # The game's default run config beyond RunConfig's defaults, default_strategies and
    # default_rules (e.g. its run name): what `run --game NAME` plays with no config file,
    # the same as the game's configs/*.toml (tests/cli/test_game_flag.py holds them equal).
    default_config: dict = dataclasses.field(default_factory=dict)
    # The command line's parts of the game (cli/, imported only when a command runs):
    # {"play": module with play_game, "bench": module with warm, bench_compile and bench_games,
    # "evaluate": module with evaluate}; and per command the options of its own the game
    # takes (cli/common.py refuses, in one line, one given for a game that lacks it).
    commands: dict = dataclasses.field(default_factory=dict)
    options: dict = dataclasses.field(default_factory=dict)
    # Strategies that are frozen baselines (yardsticks), not players: listed apart.
    yardsticks: tuple = ()
    # (kind) -> [(name, one-line meaning, range or "")] for `scythe-sim list KIND`, kind one
    # of LIST_KINDS ("yardsticks" beside "strategies"); None: names only.
    listing: Callable = None
    # The seat columns `scythe-sim check` decides balance by unless told (--by): groupings,
    # each a tuple of columns whose values a game deals to one seat at most.
    balance_groups: tuple = ()
    # () -> {model name: {"name", "version", "sha256"}}: learned models the game's players read
    # at run time (package data, not weights), named in the run manifest; None: none.
    models: Callable = None


def register(spec: GameSpec) -> GameSpec:
    GAMES[spec.name] = spec
    return spec


def spec_for(name) -> GameSpec:
    """The spec of game `name`; a ConfigError lists the known games."""
    if name not in GAMES and name in BUILTIN:
        importlib.import_module(BUILTIN[name])
    if name not in GAMES:
        known = sorted(set(GAMES) | set(BUILTIN))
        raise ConfigError(f"config 'game' is {name!r}: choose one of {', '.join(known)}")
    return GAMES[name]
