"""The strategy weights file every game reads (TOML): ``[weights]`` names a strategy's
weights, ``based_on = "<strategy>"`` starts from another strategy's file of the same
folder, ``description`` is free text, and a game may allow tables of overrides keyed by
names it lists (``[<keyed>.<name>]``). Each game says which weights, strategies and keys
are known (`WeightsFormat`); this module reads and checks a file, one ConfigError line
per problem."""
from __future__ import annotations

import dataclasses
import pathlib
from typing import Callable

from ..errors import ConfigError
from ..toml_file import read_toml


@dataclasses.dataclass(frozen=True)
class WeightsFormat:
    weights: tuple                       # the weight names a file may set
    bases: tuple                         # the strategies a file may be based_on
    folder: pathlib.Path                 # where a based_on strategy's file lives: <folder>/<name>.toml
    keyed: str | None = None             # the name of a table of per-key override tables
    keys: tuple = ()                     # the names allowed under it
    check: Callable | None = None        # check(key, value, path, where): a ConfigError for a bad value


def read_weights_file(fmt: WeightsFormat, path, seen=()) -> tuple:
    """({weight: float}, {key index: {weight: float}}) of one weights file, based_on files
    included ([weights] only: a file's override tables are its own)."""
    path = pathlib.Path(path)
    data = read_toml(path, f"cannot read strategy weights {path}", f"strategy weights {path} is not valid TOML")
    allowed = {"based_on", "weights", "description"} | ({fmt.keyed} if fmt.keyed else set())
    unknown = set(data) - allowed
    if unknown:
        tables = f", [weights] and [{fmt.keyed}.<name>]" if fmt.keyed else " and [weights]"
        raise ConfigError(f"strategy weights {path}: unknown key {sorted(unknown)[0]!r} "
                          f"(use description, based_on{tables})")
    weights = {}
    base = data.get("based_on")
    if base is not None:
        if base not in fmt.bases or base in seen:
            raise ConfigError(f"strategy weights {path}: based_on = {base!r} is not another strategy's file")
        weights.update(read_weights_file(fmt, fmt.folder / f"{base}.toml", seen + (path.stem,))[0])
    weights.update(_numbers(fmt, data.get("weights", {}), path, "[weights]"))
    overrides = {}
    if fmt.keyed:
        tables = data.get(fmt.keyed, {})
        if not isinstance(tables, dict):
            raise ConfigError(f"strategy weights {path}: '{fmt.keyed}' must hold [{fmt.keyed}.<name>] tables")
        for name, table in tables.items():
            if name not in fmt.keys:
                raise ConfigError(f"strategy weights {path}: unknown {fmt.keyed} {name!r} in "
                                  f"[{fmt.keyed}.{name}] (known: {', '.join(fmt.keys)})")
            overrides[fmt.keys.index(name)] = _numbers(fmt, table, path, f"[{fmt.keyed}.{name}]")
    return weights, overrides


def _numbers(fmt, table, path, where) -> dict:
    """{weight: float} of one table of a weights file, every key a known weight."""
    if not isinstance(table, dict):
        raise ConfigError(f"strategy weights {path}: {where} must be a table of numbers")
    out = {}
    for key, value in table.items():
        if key not in fmt.weights:
            raise ConfigError(f"strategy weights {path}: {where} has unknown weight {key!r} "
                              f"(known: {', '.join(fmt.weights)})")
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ConfigError(f"strategy weights {path}: {where} weight {key!r} must be a number, not {value!r}")
        if fmt.check is not None:
            fmt.check(key, value, path, where)
        out[key] = float(value)
    return out


def missing_weights(path) -> ConfigError:
    """The error for a default weights file that is not where the package put it."""
    return ConfigError(f"strategy weights {path} are missing: the installed package is incomplete; "
                       "reinstall scythe-sim (pip install scythe-sim, or pip install -e . in its repository)")
