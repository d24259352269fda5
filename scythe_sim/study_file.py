"""A user's study as a TOML file (`scythe-sim evaluate mine.toml`): the same blocks,
queries and targets a built-in declared study holds (scythe_sim/study.py).

    name = "five-stars"
    summary = "my house rule: the game ends at the 5th star"
    games = 2000                          # games per block unless --games says otherwise

    [[block]]
    name = "printed"                      # the rules as printed
    [[block]]
    name = "five"
    label = "the game ending at 5 stars"  # how a sentence names it
    rules = { stars_to_end = 5 }          # any run config key (configs.md): rules,
                                          # strategies, setup, variant, players ...
    # games = 500                         # its own count (default: the study's)
    [[query]]
    kind = "rates"                        # rates, ranking, shifts or grid
    blocks = ["printed", "five"]
    by = "faction"                        # shifts: also ["faction", "mat"], one family
    [[target]]
    kind = "shift"                        # within, agree, shift or enough
    block = "five"
    against = "printed"
    at_most = 0.03

A mistake (an unknown key or kind, a block a query names but the file lacks) is one
line naming it and what is valid."""
from __future__ import annotations

import dataclasses

from .errors import ConfigError
from .study import Agree, Block, Enough, Grid, Ranking, Rates, Shift, Shifts, Study, Within
from .toml_file import read_toml

QUERY_KINDS = {"rates": Rates, "ranking": Ranking, "shifts": Shifts, "grid": Grid}
TARGET_KINDS = {"within": Within, "agree": Agree, "shift": Shift, "enough": Enough}
TOP_KEYS = ("name", "summary", "games", "players", "block", "query", "target")


def read_study(path) -> Study:
    """The Study a TOML file declares (a ConfigError naming the first mistake)."""
    data = read_toml(path, f"study file {path} not found or unreadable", f"study file {path} is not valid TOML")
    unknown = [k for k in data if k not in TOP_KEYS]
    if unknown:
        raise ConfigError(f"{path}: unknown key {unknown[0]!r}; a study file holds {', '.join(TOP_KEYS)}")
    blocks = tuple(_block(path, k, b) for k, b in enumerate(_tables(path, data, "block")))
    if not blocks:
        raise ConfigError(f"{path}: no [[block]]: a study plays at least one block (a run config)")
    queries = tuple(_record(path, "query", q, QUERY_KINDS) for q in _tables(path, data, "query"))
    targets = tuple(_record(path, "target", t, TARGET_KINDS) for t in _tables(path, data, "target"))
    name = data.get("name") or str(path).rsplit("/", 1)[-1].removesuffix(".toml")
    games = data.get("games", 200)
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ConfigError(f"{path}: games is a whole number of games per block, got {games!r}")
    try:
        return Study(str(name), str(data.get("summary", f"the study in {path}")), games=games,
                     players=bool(data.get("players", True)), blocks=blocks, queries=queries, targets=targets)
    except ConfigError as exc:
        raise ConfigError(f"{path}: {exc}") from None


def _tables(path, data, key) -> list:
    found = data.get(key, [])
    if not isinstance(found, list) or not all(isinstance(x, dict) for x in found):
        raise ConfigError(f"{path}: {key} is a list of tables: write each as [[{key}]]")
    return found


def _block(path, k, table) -> Block:
    config = dict(table)
    name = config.pop("name", None)
    if not isinstance(name, str) or not name:
        raise ConfigError(f"{path}: block {k + 1} has no name: give each [[block]] name = \"...\"")
    label = config.pop("label", "")
    games = config.pop("games", 0)
    if "games" in table and (isinstance(games, bool) or not isinstance(games, int) or games < 1):
        raise ConfigError(f"{path}: block {name}'s games is a whole number of games (its own count; without "
                          f"it, the study's), got {games!r}")
    return Block(name, config, str(label), games)


def _record(path, what, table, kinds):
    fields = dict(table)
    kind = fields.pop("kind", None)
    if kind not in kinds:
        raise ConfigError(f"{path}: a [[{what}]] has kind {kind!r}: give kind = one of {', '.join(kinds)}")
    record = kinds[kind]
    names = [f.name for f in dataclasses.fields(record)]
    unknown = [k for k in fields if k not in names]
    if unknown:
        raise ConfigError(f"{path}: a {kind} {what} takes no {unknown[0]!r}; it takes {', '.join(names)}")
    for key in ("blocks", "by"):           # lists: two blocks; several columns (one Holm family)
        if isinstance(fields.get(key), list):
            fields[key] = tuple(fields[key])
    required = [f.name for f in dataclasses.fields(record) if f.default is dataclasses.MISSING
                and f.default_factory is dataclasses.MISSING and f.name not in fields]
    if required:
        raise ConfigError(f"{path}: a {kind} {what} needs {required[0]!r}")
    return record(**fields)
