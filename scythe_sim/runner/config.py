"""Run configs: a TOML file (docs/configs.md) read into a validated, frozen RunConfig.

Every mistake raises ConfigError with one line naming the field and the fix. The
config's canonical JSON (`snapshot`) and its hash (with the rule set: the game's data
files and the package version) go into the run's manifest; the
fields that do not change the games (workers, output folder, quiet...) are not in it.
The snapshot holds the weight rows of the strategies the run uses (the game's default
weights or the config's [strategies.weights] files), so a run is tied to the weights
it was played with.

This module checks what every game shares (counts, seeds, strategy line-ups, weights
files, house-rule names); the game's spec (`game = "..."`, runner/spec.py) checks the
rest: its variants' setups, names and player counts.
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
import math
from pathlib import Path

import numpy as np

from ..errors import ConfigError
from ..names import did_you_mean, nearest, unknown_strategy
from ..toml_file import read_toml
from .spec import keep_tables, spec_for

STRATEGY_MODES = ("seats", "pool", "lineups")
MAX_GAMES = 10 ** 12

_TOP_KEYS = {"name", "game", "variant", "games", "seed", "players", "shard_size", "output",
             "log_turns", "setup", "strategies", "rules", "prices"}
_SETUP_KEYS = {"assignment", "rotate_seats"}      # + the game's seat lists
_STRATEGY_KEYS = {"seats", "pool", "lineups", "weights", "model"}


@dataclasses.dataclass(frozen=True)
class RunConfig:
    name: str = "default"
    game: str = "scythe"           # a registered game (runner/spec.py)
    variant: str = "base"          # one of the game's variants
    games: int = 10_000
    seed: int = 1
    players: tuple = (4,)          # player counts; game i has players[i % len(players)]
    shard_size: int = 500
    output: str = "results"
    log_turns: bool = False
    assignment: str = "random"     # one of the game's assignments (Scythe: random | fixed | balanced)
    fixed: tuple = ()              # fixed: ((seat list, (name per seat, ...)), ...); the game names the lists
    rotate_seats: bool = True      # game i shifts the seat lists by i places
    strategy_mode: str = "pool"    # seats: one per seat | pool: drawn per game | lineups: cycled
    strategies: tuple = ()         # names (seats, pool), or line-ups of names (lineups)
    rules: tuple = ()              # ((rule name, value), ...) house-rule overrides
    weights: tuple = ()            # ((strategy name, (float, ...)), ...): rows of the strategies used
    seat_weights: tuple = ()       # ((strategy name, seat key, (float, ...)), ...): rows for the seats
                                   #   of one key (the game decides which) where a weights file overrides some
    prices: tuple = ()             # a price table's rows, (((key, value), ..., ("coins", int)), ...):
                                   #   coins each seat of a group starts with besides (runner/prices.py)
    model: str = ""                # the text of the learned model file the players value positions
                                   #   with ("": the game's shipped one); the game checks it

    @property
    def spec(self):
        return spec_for(self.game)

    def params(self) -> np.ndarray:
        """(strategies, weights) float64 rows for the game's batch player: the rows of the
        strategies this run uses (0 for the others)."""
        names = self.spec.setup.strategies
        width = max((len(row) for _, row in self.weights), default=0)
        params = np.zeros((len(names), width), np.float64)
        for name, row in self.weights:
            params[names.index(name), :len(row)] = row
        if self.seat_weights:
            return self.spec.weights.with_keyed(params, {(name, key): np.asarray(row, np.float64)
                                                         for name, key, row in self.seat_weights})
        return params

    @property
    def rules_dict(self) -> dict:
        return dict(self.rules)

    @property
    def fixed_dict(self) -> dict:
        return dict(self.fixed)

    def used_strategies(self) -> tuple:
        """Every strategy name the run plays, each once, in first-seen order."""
        names = (self.strategies if self.strategy_mode != "lineups"
                 else [n for line in self.strategies for n in line])
        return tuple(dict.fromkeys(names))

    def snapshot(self) -> dict:
        """Everything that decides the games, as plain JSON values."""
        d = dataclasses.asdict(self)
        d.pop("output")
        d["rules"] = dict(self.rules)
        d["fixed"] = {key: list(names) for key, names in self.fixed}
        d["weights"] = {name: list(row) for name, row in self.weights}
        if not self.seat_weights:
            d.pop("seat_weights")       # so a run without them keeps its hash
        if self.prices:
            d["prices"] = [dict(row) for row in self.prices]
        else:
            d.pop("prices")             # likewise for a run without a price table
        if not self.model:
            d.pop("model")              # and without a model of its own
        return json.loads(json.dumps(d))         # tuples (nested too) as lists

    def rule_set(self) -> dict:
        """What the games are played by besides the config: the game's data files and the
        package version (a changed card or mat in data/*.toml plays other games)."""
        from ..version import __version__

        return {"data_sha256": self.spec.provenance(self)["data_sha256"], "scythe_sim": __version__}

    def config_hash(self) -> str:
        """The run's identity: the snapshot and the rule set it is played by."""
        text = json.dumps({"config": self.snapshot(), "rule_set": self.rule_set()}, sort_keys=True,
                          separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def run_dir(self) -> Path:
        return Path(self.output) / self.name


def _tuples(value):
    return tuple(_tuples(v) for v in value) if isinstance(value, list) else value


# snapshot fields a run may lack: output is never in it, seat_weights only when some seat has them
_SNAPSHOT_OPTIONAL = ("output", "seat_weights", "prices", "model")


def config_from_snapshot(snapshot: dict) -> RunConfig:
    """The RunConfig a manifest's snapshot describes (output is not part of it); a
    ConfigError names a field the snapshot lacks (a default would play other games)."""
    missing = [f.name for f in dataclasses.fields(RunConfig)
               if f.name not in snapshot and f.name not in _SNAPSHOT_OPTIONAL]
    if missing:
        raise ConfigError(f"the manifest's config lacks the field {missing[0]!r} (written by another "
                          "scythe-sim version, or edited): replay or resume it with the version that wrote it")
    fields = {k: _tuples(v) for k, v in snapshot.items()}
    fields["rules"] = tuple(sorted(snapshot["rules"].items()))
    fields["fixed"] = tuple(sorted((key, tuple(names)) for key, names in snapshot.get("fixed", {}).items()))
    fields["weights"] = tuple(sorted((name, tuple(float(x) for x in row))
                                     for name, row in snapshot.get("weights", {}).items()))
    fields["seat_weights"] = tuple(sorted((name, key, tuple(float(x) for x in row))
                                          for name, key, row in snapshot.get("seat_weights", [])))
    fields["prices"] = tuple(tuple(sorted(row.items())) for row in snapshot.get("prices", []))
    try:
        return RunConfig(**fields)
    except TypeError:
        raise ConfigError("the manifest's config comes from another scythe-sim version: "
                          "replay or resume it with that version") from None


# --- reading ----------------------------------------------------------------------------
def load_config(path=None, **overrides) -> RunConfig:
    """Read a run config (None: configs/default.toml's values, built in) and apply the
    command-line overrides (None values are ignored). Weights files named in the config
    are found relative to the config file."""
    return config_of(*read_config(path), **overrides)


def read_config(path=None):
    """(table, folder) of the run config file at path, read once: the table as TOML gives
    it, the folder its weights files are relative to; None: no file (the game's defaults)."""
    if path is None:
        return None, Path.cwd()
    p = Path(path)
    return read_toml(p, f"cannot read config {str(path)!r}", f"config {str(path)!r} is not valid TOML"), \
        p.resolve().parent


def game_of(data) -> str:
    """The game a config table names (the default when it names none); a ConfigError for a
    name that is not a known game's."""
    game = (data or {}).get("game", RunConfig.game)
    if not isinstance(game, str):
        raise ConfigError(f"config 'game' must be a game name (a string), got {_shown(game)}")
    spec_for(game)
    return game


def config_of(data, base, **overrides) -> RunConfig:
    """The validated RunConfig of a table read_config gave (None: no file, the game's
    default config) under the command-line overrides (None values are ignored)."""
    from_file = data is not None
    data = dict(data or {})
    for key, value in overrides.items():
        if value is None:
            continue
        if key in ("setup", "rules"):           # flags set some keys of a table
            data[key] = {**_table(data, key), **value}
        elif key == "strategies":               # a flag's line-up replaces the config's
            data[key] = {**{k: v for k, v in _table(data, key).items() if k not in STRATEGY_MODES}, **value}
        else:
            data[key] = value
    if not from_file:       # the game's default config (e.g. configs/default.toml) under the flags
        spec = spec_for(data.get("game", RunConfig.game))
        data = {**spec.setup.default_config, **data}
        defaults = dict(spec.setup.default_rules.get(data.get("variant", spec.setup.variants[0]), ()))
        data["rules"] = {**defaults, **_table(data, "rules")}
    return parse_config(data, base)


def flag_overrides(players=None, strategies=None, pool=None, seat_lists=None, rules=()) -> dict:
    """load_config overrides from `run`'s shaping flags (lists already split at commas;
    seat_lists: {setup key: one name per seat}, a fixed assignment), so that a run shaped
    by flags is the same config as the TOML that says the same; the values are validated
    by parse_config like the config's own."""
    out = {}
    if players:
        try:
            counts = [int(p) for p in players]
        except ValueError:
            raise ConfigError(f"--players {','.join(players)!r}: give a player count or a list, "
                              "e.g. --players 4 or --players 3,4") from None
        out["players"] = counts[0] if len(counts) == 1 else counts
    if strategies and pool:
        raise ConfigError("--strategies and --strategy-pool exclude each other: pick one")
    if strategies or pool:
        out["strategies"] = {"seats": list(strategies)} if strategies else {"pool": list(pool)}
    given = {key: list(names) for key, names in (seat_lists or {}).items() if names}
    if given:
        out["setup"] = {"assignment": "fixed", **given}
    table = {}
    for item in rules:
        key, sep, value = (part.strip() for part in item.partition("="))
        if not (sep and key and value):
            raise ConfigError(f"--rule {item!r}: give KEY=VALUE with a whole number (or a name the "
                              "rule takes), e.g. --rule turn_cap=80")
        table[key] = int(value) if value.lstrip("-").isdigit() else value
    if table:
        out["rules"] = table
    return out


def parse_config(data: dict, base=None) -> RunConfig:
    """The validated RunConfig of a parsed TOML table; weights file paths are relative to
    base (default: the current folder)."""
    _known(data, _TOP_KEYS, "")
    game = game_of(data)
    spec = spec_for(game)
    known = spec.setup
    setup = _table(data, "setup")
    _known(setup, _SETUP_KEYS | set(known.seat_lists), "setup.")
    strategies = _table(data, "strategies")
    _known(strategies, _STRATEGY_KEYS, "strategies.")
    variant = _choice(data.get("variant", known.variants[0]), known.variants, "variant")
    rules = _variant_rules(_table(data, "rules"), variant, spec)
    fields = {
        "name": _name(data.get("name", RunConfig.name)),
        "game": game,
        "variant": variant,
        "games": _whole(data.get("games", RunConfig.games), "games", 1, MAX_GAMES),
        "seed": _whole(data.get("seed", RunConfig.seed), "seed", 0, 2 ** 63 - 1),
        "players": _players(data.get("players", list(RunConfig.players))),
        "shard_size": _whole(data.get("shard_size", RunConfig.shard_size), "shard_size", 1, 10 ** 7),
        "output": _text(data.get("output", RunConfig.output), "output"),
        "log_turns": _bool(data.get("log_turns", False), "log_turns"),
        "assignment": _choice(setup.get("assignment", known.assignments[0]), known.assignments,
                              "setup.assignment"),
        "rotate_seats": _bool(setup.get("rotate_seats", True), "setup.rotate_seats"),
        "rules": _rules(rules, spec),
        "fixed": tuple((key, _names(setup[key], f"setup.{key}")) for key in sorted(known.seat_lists)
                       if key in setup),
    }
    mode, names = _strategies(strategies, spec)
    fields["strategy_mode"], fields["strategies"] = mode, names
    config = RunConfig(**fields)
    rows, seat_rows = _weights(strategies.get("weights", {}), config.used_strategies(), spec,
                               Path(base) if base is not None else Path.cwd())
    folder = Path(base) if base is not None else Path.cwd()
    config = dataclasses.replace(config, weights=rows, seat_weights=seat_rows,
                                 prices=_prices(data.get("prices"), spec, folder),
                                 model=_model(strategies.get("model"), folder))
    _check_combination(config)
    spec.check_config(config)
    return config


def _known(table, allowed, prefix):
    """Refuse a key the table does not take: the nearest known key when one is close (a
    typo such as `gmaes`, or `[rule]` for `[rules]`), else every known key."""
    for key in table:
        if key not in allowed:
            close = nearest(key, sorted(allowed), n=1)
            fix = (f"did you mean {prefix + close[0]!r}? (docs/configs.md lists the keys)" if close
                   else f"use one of {', '.join(sorted(allowed))}")
            raise ConfigError(f"unknown config key {prefix + key!r}: {fix}")


def _shown(value):
    """A config value as the error line shows it: a table or a list says so (a TOML
    [section] where a key was meant is the common slip)."""
    if isinstance(value, dict):
        return f"a table {value!r}"
    return f"a list {value!r}" if isinstance(value, list) else repr(value)


def _table(data, key):
    value = data.get(key, {})
    if not isinstance(value, dict):
        raise ConfigError(f"config [{key}] must be a table, got {_shown(value)}")
    return value


def _whole(value, key, lo, hi):
    if isinstance(value, bool) or not isinstance(value, int):
        raise ConfigError(f"config {key!r} must be a whole number, got {_shown(value)}")
    if not lo <= value <= hi:
        raise ConfigError(f"config {key!r} must be between {lo} and {hi}, got {value}")
    return value


def _bool(value, key):
    if not isinstance(value, bool):
        raise ConfigError(f"config {key!r} must be true or false, got {_shown(value)}")
    return value


def _text(value, key):
    if not isinstance(value, str) or not value.strip():
        raise ConfigError(f"config {key!r} must be a non-empty string, got {_shown(value)}")
    return value


def _name(value):
    text = _text(value, "name")
    if not all(c.isalnum() or c in "-_." for c in text) or text.startswith("."):
        raise ConfigError(f"config 'name' {text!r} must be a folder name: letters, digits, '-', '_', '.'")
    return text


def _choice(value, choices, key):
    if not isinstance(value, str):
        raise ConfigError(f"config {key!r} must be a name (a string), got {_shown(value)}: write "
                          f"{key.split('.')[-1]} = \"{choices[0]}\", one of {', '.join(choices)}")
    if value not in choices:
        raise ConfigError(f"config {key!r} is {value!r}: choose one of {', '.join(choices)}")
    return value


def _players(value):
    values = value if isinstance(value, list) else [value]
    if not values:
        raise ConfigError("config 'players' is empty: give a player count or a list of them")
    for v in values:
        if isinstance(v, bool) or not isinstance(v, int) or v < 1:
            raise ConfigError(f"config 'players' holds {_shown(v)}: player counts are whole numbers 1 or more")
    return tuple(values)


def _names(value, key, vocabulary=None, yardsticks=None):
    """A list of names, lower-cased; each one of vocabulary when given (strategies: with
    the game's yardsticks named apart)."""
    if not isinstance(value, list):
        raise ConfigError(f"config {key!r} must be a list of names, got {_shown(value)}")
    out = []
    for v in value:
        if not isinstance(v, str):
            raise ConfigError(f"config {key!r} holds {_shown(v)}: give names in quotes, e.g. "
                              f"{key.split('.')[-1]} = [\"{(vocabulary or ('name',))[0]}\"]")
        name = v.strip().lower()
        if vocabulary is not None and name not in vocabulary:
            if yardsticks is not None:
                raise ConfigError(f"config {key!r}: {unknown_strategy(v, vocabulary, yardsticks)}")
            raise ConfigError(f"config {key!r}: unknown {v!r},{did_you_mean(name, vocabulary)} choose from "
                              f"{', '.join(vocabulary)}")
        out.append(name)
    return tuple(out)


def _strategies(table, spec):
    given = [mode for mode in STRATEGY_MODES if mode in table]
    if len(given) > 1:
        raise ConfigError(f"config [strategies] gives {' and '.join(repr(m) for m in given)}: keep one")
    if not given:
        return RunConfig.strategy_mode, spec.setup.default_strategies
    mode = given[0]
    names = table[mode]
    if not isinstance(names, list) or not names:
        raise ConfigError(f"config 'strategies.{mode}' must be a non-empty list of strategy names")
    vocabulary, yardsticks = spec.setup.strategies, spec.setup.yardsticks
    if mode != "lineups":
        return mode, _names(names, f"strategies.{mode}", vocabulary, yardsticks)
    if not all(isinstance(line, list) and line for line in names):
        raise ConfigError("config 'strategies.lineups' must be a list of line-ups, each a list with "
                          "one strategy name per seat")
    return mode, tuple(_names(line, "strategies.lineups", vocabulary, yardsticks) for line in names)


def _weights(given, used, spec, base):
    """(((name, row), ...), ((name, seat key, row), ...)) for every strategy the run uses:
    the game's default weights, or the file the config names for it; the second holds
    the rows for the seats of one key, where the weights have any (seat_weights)."""
    if not isinstance(given, dict):
        raise ConfigError('config \'strategies.weights\' must be a table of strategy = "weights file"')
    names = spec.setup.strategies
    params = spec.weights.defaults()
    keyed = {k: row for k, row in spec.weights.keyed(params).items() if k[0] in used}
    for name, path in given.items():
        key = f"strategies.weights.{name}"
        if name not in names:
            raise ConfigError(f"config 'strategies.weights': "
                              f"{unknown_strategy(name, names, spec.setup.yardsticks)}")
        if name not in used:
            raise ConfigError(f"config {key!r}: the run does not play {name} (its strategies: "
                              f"{', '.join(used)}); remove the line")
        if not isinstance(path, str) or not path.strip():
            raise ConfigError(f"config {key!r} must be a weights file path (a string), got {path!r}")
        file = Path(path) if Path(path).is_absolute() else base / path
        if not file.is_file():
            raise ConfigError(f"config {key!r}: weights file {str(file)!r} not found (paths are "
                              "relative to the config file)")
        try:
            row, by_key = spec.weights.read(file)
        except ConfigError as exc:
            raise ConfigError(f"config {key!r}: {exc}") from None
        if not all(math.isfinite(x) for r in (row, *by_key.values()) for x in r):
            raise ConfigError(f"config {key!r}: weights file {str(file)!r} holds a weight that is "
                              "not a finite number")
        params[names.index(name)] = row
        keyed = {k: r for k, r in keyed.items() if k[0] != name}
        keyed.update({(name, k): r for k, r in by_key.items()})
    rows = tuple((name, tuple(float(x) for x in params[names.index(name)]))
                 for name in sorted(set(used)))
    return rows, tuple((name, k, tuple(float(x) for x in r)) for (name, k), r in sorted(keyed.items()))


def _model(path, base) -> str:
    """The text of the learned model file `strategies.model` names ("" none), its path
    relative to the config file; the game reads it (check_config)."""
    if path is None:
        return ""
    if not isinstance(path, str) or not path.strip():
        raise ConfigError(f"config 'strategies.model' must be a learned model file (a string), got {_shown(path)}")
    file = Path(path) if Path(path).is_absolute() else base / path
    try:
        return file.read_text()
    except OSError:
        raise ConfigError(f"config 'strategies.model': cannot read {str(file)!r}: give a learned model file "
                          "(scythe-sim learn writes them)") from None


def _prices(path, spec, base):
    """The rows of the price table the config names (none: ()), its path relative to the
    config file; the game checks the names (check_config)."""
    from .prices import read_price_table

    if path is None:
        return ()
    if not isinstance(path, str) or not path.strip():
        raise ConfigError(f"config 'prices' must be a price table file (a string), got {_shown(path)}")
    if not spec.setup.price_keys:
        raise ConfigError(f"config 'prices': {spec.name} takes no price table: remove the line")
    file = Path(path) if Path(path).is_absolute() else base / path
    return read_price_table(file, spec.setup.price_keys, "config 'prices'")


def _variant_rules(table, variant, spec):
    """[rules] plus the rules the variant sets (a variant's rule set otherwise is an error)."""
    fixed = dict(spec.setup.variant_rules.get(variant, ()))
    for key, value in fixed.items():
        if key in table and table[key] != value:
            raise ConfigError(f"config [rules] {key} = {table[key]!r} contradicts variant {variant!r}, "
                              f"which sets it to {value}: remove it")
    return {**table, **fixed}


def _rules(table, spec):
    """The canonical rules ((name, integer), ...) of a [rules] table, validated by building
    the game's tables once; the runner's per-process cache keeps them for the batches."""
    try:
        tables = spec.build_tables(table)      # validates names, types and ranges
    except ConfigError as exc:
        raise ConfigError(f"config [rules]: {exc}") from None
    as_int = spec.setup.rule_value or (lambda key, value: int(value))
    rules = tuple(sorted((k, int(as_int(k, v))) for k, v in table.items() if k in spec.setup.rule_names))
    if len(rules) == len(table):
        keep_tables(spec.name, rules, tables)
    return rules


def _check_combination(c: RunConfig):
    """What holds for every game: seat lists and line-ups fit the player counts."""
    top = max(c.players)
    if c.assignment == "fixed":
        for key in c.spec.setup.seat_lists:
            given = c.fixed_dict.get(key, ())
            if len(given) != top:
                raise ConfigError(f"config 'setup.{key}' needs {top} names (one per seat) for a fixed assignment")
            if len(set(given)) != len(given):
                raise ConfigError(f"config 'setup.{key}' names the same one twice")
        if len(set(c.players)) != 1:
            raise ConfigError("config 'players': a fixed assignment needs a single player count")
    elif c.fixed:
        keys = "/".join(f"'setup.{key}'" for key in c.spec.setup.seat_lists)
        raise ConfigError(f"config {keys} are only used with assignment = \"fixed\" "
                          f"(it is {c.assignment!r})")
    if c.strategy_mode == "seats" and len(c.strategies) not in (1, top):
        raise ConfigError(f"config 'strategies.seats' has {len(c.strategies)} names: give 1 (every seat) "
                          f"or {top} (one per seat)")
    if c.strategy_mode == "lineups" and any(len(line) != top for line in c.strategies):
        raise ConfigError(f"config 'strategies.lineups': every line-up needs {top} names (one per seat; "
                          "a game with fewer players takes the first ones)")
