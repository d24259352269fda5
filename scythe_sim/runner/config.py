"""Run configs: a TOML file (docs/configs.md) read into a validated, frozen RunConfig.

Every mistake raises ConfigError with one line naming the field and the fix. The
config's canonical JSON (`snapshot`) and its hash go into the run's manifest; the
fields that do not change the games (workers, output folder, quiet...) are not in it.
The snapshot holds the weight rows of the strategies the run uses (from
configs/strategies or the config's [strategies.weights] files), so a run is tied to
the weights it was played with.
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
import math
import tomllib
from pathlib import Path

import numpy as np

from ..enums import BASE_FACTIONS, BASE_MATS, FACTIONS, MATS
from ..errors import ConfigError
from ..strategies import N_STRATEGY_PARAMS, STRATEGIES
from ..strategies.mixes import MIXES
from ..tables import RULE_NAMES, build_tables

ASSIGNMENTS = ("random", "fixed", "balanced")
STRATEGY_MODES = ("seats", "pool")
MAX_RUN_PLAYERS = 5          # the base game's factions; expansions raise it later
MAX_GAMES = 10 ** 12

_TOP_KEYS = {"name", "games", "seed", "players", "shard_size", "output", "log_turns",
             "setup", "strategies", "rules"}
_SETUP_KEYS = {"assignment", "factions", "mats", "rotate_seats"}
_STRATEGY_KEYS = {"seats", "pool", "weights"}


@dataclasses.dataclass(frozen=True)
class RunConfig:
    name: str = "default"
    games: int = 10_000
    seed: int = 1
    players: tuple = (4,)          # player counts; game i has players[i % len(players)]
    shard_size: int = 500
    output: str = "results"
    log_turns: bool = False
    assignment: str = "random"     # random (rulebook deal with bans) | fixed | balanced
    factions: tuple = ()           # fixed: one faction per seat
    mats: tuple = ()               # fixed: one mat per seat
    rotate_seats: bool = True      # game i shifts the seat lists by i places
    strategy_mode: str = "pool"    # seats: one strategy per seat | pool: drawn per game
    strategies: tuple = MIXES["default"]
    rules: tuple = ()              # ((rule name, value), ...) house-rule overrides
    weights: tuple = ()            # ((strategy name, (float, ...)), ...): rows of the strategies used

    def params(self) -> np.ndarray:
        """(len(STRATEGIES), N_STRATEGY_PARAMS) float64 weights for run_games: the rows of
        the strategies this run uses (0 for the others)."""
        params = np.zeros((len(STRATEGIES), N_STRATEGY_PARAMS), np.float64)
        for name, row in self.weights:
            params[STRATEGIES.index(name), :len(row)] = row
        return params

    @property
    def rules_dict(self) -> dict:
        return dict(self.rules)

    def snapshot(self) -> dict:
        """Everything that decides the games, as plain JSON values."""
        d = dataclasses.asdict(self)
        for key in ("output",):
            d.pop(key)
        d["rules"] = dict(self.rules)
        d["weights"] = {name: list(row) for name, row in self.weights}
        return {k: list(v) if isinstance(v, tuple) else v for k, v in d.items()}

    def config_hash(self) -> str:
        text = json.dumps(self.snapshot(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def run_dir(self) -> Path:
        return Path(self.output) / self.name


def config_from_snapshot(snapshot: dict) -> RunConfig:
    """The RunConfig a manifest's snapshot describes (output is not part of it)."""
    fields = {k: tuple(v) if isinstance(v, list) else v for k, v in snapshot.items()}
    fields["rules"] = tuple(sorted(snapshot["rules"].items()))
    fields["weights"] = tuple(sorted((name, tuple(float(x) for x in row))
                                     for name, row in snapshot.get("weights", {}).items()))
    return RunConfig(**fields)


# --- reading ----------------------------------------------------------------------------
def load_config(path=None, **overrides) -> RunConfig:
    """Read a run config (None: configs/default.toml's values, built in) and apply the
    command-line overrides (None values are ignored). Weights files named in the config
    are found relative to the config file."""
    data = {}
    base = Path.cwd()
    if path is not None:
        p = Path(path)
        try:
            text = p.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise ConfigError(f"cannot read config {str(path)!r}: {exc.strerror if isinstance(exc, OSError) else exc}"
                              ) from None
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise ConfigError(f"config {str(path)!r} is not valid TOML: {exc}") from None
        base = p.resolve().parent
    for key, value in overrides.items():
        if value is not None:
            data[key] = value
    return parse_config(data, base)


def parse_config(data: dict, base=None) -> RunConfig:
    """The validated RunConfig of a parsed TOML table; weights file paths are relative to
    base (default: the current folder)."""
    _known(data, _TOP_KEYS, "")
    setup = _table(data, "setup")
    _known(setup, _SETUP_KEYS, "setup.")
    strategies = _table(data, "strategies")
    _known(strategies, _STRATEGY_KEYS, "strategies.")
    rules = _table(data, "rules")
    fields = {
        "name": _name(data.get("name", RunConfig.name)),
        "games": _whole(data.get("games", RunConfig.games), "games", 1, MAX_GAMES),
        "seed": _whole(data.get("seed", RunConfig.seed), "seed", 0, 2 ** 63 - 1),
        "players": _players(data.get("players", list(RunConfig.players))),
        "shard_size": _whole(data.get("shard_size", RunConfig.shard_size), "shard_size", 1, 10 ** 7),
        "output": _text(data.get("output", RunConfig.output), "output"),
        "log_turns": _bool(data.get("log_turns", False), "log_turns"),
        "assignment": _choice(setup.get("assignment", "random"), ASSIGNMENTS, "setup.assignment"),
        "rotate_seats": _bool(setup.get("rotate_seats", True), "setup.rotate_seats"),
        "rules": _rules(rules),
    }
    fields["factions"] = _names(setup.get("factions", []), FACTIONS, "setup.factions")
    fields["mats"] = _names(setup.get("mats", []), MATS, "setup.mats")
    mode, names = _strategies(strategies)
    fields["strategy_mode"], fields["strategies"] = mode, names
    fields["weights"] = _weights(strategies.get("weights", {}), names,
                                 Path(base) if base is not None else Path.cwd())
    config = RunConfig(**fields)
    _check_combination(config)
    return config


def _known(table, allowed, prefix):
    for key in table:
        if key not in allowed:
            raise ConfigError(f"unknown config key {prefix + key!r}: use one of {', '.join(sorted(allowed))}")


def _table(data, key):
    value = data.get(key, {})
    if not isinstance(value, dict):
        raise ConfigError(f"config [{key}] must be a table, got {value!r}")
    return value


def _whole(value, key, lo, hi):
    if isinstance(value, bool) or not isinstance(value, int):
        raise ConfigError(f"config {key!r} must be a whole number, got {value!r}")
    if not lo <= value <= hi:
        raise ConfigError(f"config {key!r} must be between {lo} and {hi}, got {value}")
    return value


def _bool(value, key):
    if not isinstance(value, bool):
        raise ConfigError(f"config {key!r} must be true or false, got {value!r}")
    return value


def _text(value, key):
    if not isinstance(value, str) or not value.strip():
        raise ConfigError(f"config {key!r} must be a non-empty string, got {value!r}")
    return value


def _name(value):
    text = _text(value, "name")
    if not all(c.isalnum() or c in "-_." for c in text) or text.startswith("."):
        raise ConfigError(f"config 'name' {text!r} must be a folder name: letters, digits, '-', '_', '.'")
    return text


def _choice(value, choices, key):
    if value not in choices:
        raise ConfigError(f"config {key!r} is {value!r}: choose one of {', '.join(choices)}")
    return value


def _players(value):
    values = value if isinstance(value, list) else [value]
    if not values:
        raise ConfigError("config 'players' is empty: give a player count 1..5 or a list of them")
    out = []
    for v in values:
        if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= MAX_RUN_PLAYERS:
            raise ConfigError(f"config 'players' holds {v!r}: player counts are whole numbers 1..{MAX_RUN_PLAYERS}")
        out.append(v)
    return tuple(out)


def _names(value, vocabulary, key):
    if not isinstance(value, list):
        raise ConfigError(f"config {key!r} must be a list of names, got {value!r}")
    out = []
    for v in value:
        name = str(v).strip().lower()
        if name not in vocabulary:
            raise ConfigError(f"config {key!r}: unknown {v!r}, choose from {', '.join(vocabulary)}")
        out.append(name)
    return tuple(out)


def _strategies(table):
    if "seats" in table and "pool" in table:
        raise ConfigError("config [strategies] gives both 'seats' and 'pool': keep one")
    if "seats" not in table and "pool" not in table:
        return RunConfig.strategy_mode, RunConfig.strategies
    mode = "pool" if "pool" in table else "seats"
    names = table[mode]
    if not isinstance(names, list) or not names:
        raise ConfigError(f"config 'strategies.{mode}' must be a non-empty list of strategy names")
    return mode, _names(names, STRATEGIES, f"strategies.{mode}")


def _weights(given, used, base):
    """((name, row), ...) for every strategy the run uses: configs/strategies/<name>.toml,
    or the file the config names for it."""
    from ..strategies.weights import load_params, weight_row

    if not isinstance(given, dict):
        raise ConfigError('config \'strategies.weights\' must be a table of strategy = "weights file"')
    params = load_params()
    for name, path in given.items():
        key = f"strategies.weights.{name}"
        if name not in STRATEGIES:
            raise ConfigError(f"config 'strategies.weights': unknown strategy {name!r}, choose from "
                              f"{', '.join(STRATEGIES)}")
        if name not in used:
            raise ConfigError(f"config {key!r}: the run does not play {name} (its strategies: "
                              f"{', '.join(dict.fromkeys(used))}); remove the line")
        if not isinstance(path, str) or not path.strip():
            raise ConfigError(f"config {key!r} must be a weights file path (a string), got {path!r}")
        file = Path(path) if Path(path).is_absolute() else base / path
        if not file.is_file():
            raise ConfigError(f"config {key!r}: weights file {str(file)!r} not found (paths are "
                              "relative to the config file)")
        try:
            row = weight_row(file)
        except ConfigError as exc:
            raise ConfigError(f"config {key!r}: {exc}") from None
        if not all(math.isfinite(x) for x in row):
            raise ConfigError(f"config {key!r}: weights file {str(file)!r} holds a weight that is "
                              "not a finite number")
        params[STRATEGIES.index(name)] = row
    return tuple((name, tuple(float(x) for x in params[STRATEGIES.index(name)]))
                 for name in sorted(set(used)))


def _rules(table):
    try:
        build_tables(table)      # validates names, types and ranges
    except ConfigError as exc:
        raise ConfigError(f"config [rules]: {exc}") from None
    return tuple(sorted((k, int(v)) for k, v in table.items() if k in RULE_NAMES))


def _check_combination(c: RunConfig):
    top = max(c.players)
    expansion = dict(c.rules).get("expansion_factions", 0) != 0
    if c.assignment == "fixed":
        for key, given in (("factions", c.factions), ("mats", c.mats)):
            if len(given) != top:
                raise ConfigError(f"config 'setup.{key}' needs {top} names (one per seat) for a fixed assignment")
            if len(set(given)) != len(given):
                raise ConfigError(f"config 'setup.{key}' names the same one twice")
        if len(set(c.players)) != 1:
            raise ConfigError("config 'players': a fixed assignment needs a single player count")
        if dict(c.rules).get("ban_pairs", 1):
            tables = build_tables(c.rules_dict)
            for f, m in zip(c.factions, c.mats):
                if tables.banned[FACTIONS.index(f), MATS.index(m)]:
                    raise ConfigError(f"config 'setup': {f} with {m} is a banned pair; change it or set "
                                      "[rules] ban_pairs = 0")
    elif c.factions or c.mats:
        raise ConfigError(f"config 'setup.factions'/'setup.mats' are only used with assignment = \"fixed\" "
                          f"(it is {c.assignment!r})")
    usable = FACTIONS if expansion else [FACTIONS[f] for f in BASE_FACTIONS]
    for f in c.factions:
        if f not in usable or f in ("albion", "togawa"):
            raise ConfigError(f"config 'setup.factions': {f} is not playable yet (base factions: "
                              f"{', '.join(FACTIONS[x] for x in BASE_FACTIONS)})")
    if not expansion:
        for m in c.mats:
            if MATS.index(m) not in BASE_MATS:
                raise ConfigError(f"config 'setup.mats': {m} is an expansion mat; set [rules] expansion_factions = 1")
    if c.strategy_mode == "seats" and len(c.strategies) not in (1, top):
        raise ConfigError(f"config 'strategies.seats' has {len(c.strategies)} names: give 1 (every seat) "
                          f"or {top} (one per seat)")
