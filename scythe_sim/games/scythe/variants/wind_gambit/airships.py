"""The Wind Gambit's airship tiles: vocabularies and data/airships.toml -> one table.

Each of the 16 tiles is one row of ``t.airship_tile`` (row = tile number - 1), its
columns the TILE_* parameters below; kernel/wind_gambit/airship.py reads the row of the tile a
player holds. A tile's effect is a KIND the kernel implements with the row's
parameters, so correcting a tile (its numbers, carry type, range or kind) is a data edit.
"""
from __future__ import annotations

import numpy as np

from scythe_sim.errors import ConfigError

N_AIRSHIP_TILES = 16
N_AGGRESSIVE = 8                      # tiles 1..8 aggressive, 9..16 passive
CATEGORIES = ("aggressive", "passive")
AGGRESSIVE_KINDS = ("toll", "bombard", "blitzkrieg", "harass")
PASSIVE_KINDS = ("plain", "haven", "stop_gain", "ferry")
KINDS = AGGRESSIVE_KINDS + PASSIVE_KINDS
(KIND_TOLL, KIND_BOMBARD, KIND_BLITZKRIEG, KIND_HARASS,
 KIND_PLAIN, KIND_HAVEN, KIND_STOP_GAIN, KIND_FERRY) = range(len(KINDS))
CARRIES = ("resources", "workers")
CARRY_RESOURCES, CARRY_WORKERS = range(len(CARRIES))
FEES = ("resource", "coins")
FEE_RESOURCE, FEE_COINS = range(len(FEES))
WHERES = ("any", "village", "encounter", "opponent")
WHERE_ANY, WHERE_VILLAGE, WHERE_ENCOUNTER, WHERE_OPPONENT = range(len(WHERES))
CONFIDENCES = ("H", "M", "L", "placeholder")

# Columns of t.airship_tile
TILE_FIELDS = ("category", "kind", "range", "tunnels", "carry", "capacity", "fee", "fee_coins",
               "fighters_only", "loss1", "loss2", "loss3", "opp_power", "opp_coins",
               "opp_popularity", "self_popularity", "where", "gain_power", "gain_coins",
               "gain_popularity")
(TILE_CATEGORY, TILE_KIND, TILE_RANGE, TILE_TUNNELS, TILE_CARRY, TILE_CAPACITY, TILE_FEE,
 TILE_FEE_COINS, TILE_FIGHTERS_ONLY, TILE_LOSS1, _TILE_LOSS2, _TILE_LOSS3, TILE_OPP_POWER,
 TILE_OPP_COINS, TILE_OPP_POPULARITY, TILE_SELF_POPULARITY, TILE_WHERE, TILE_GAIN_POWER,
 TILE_GAIN_COINS, TILE_GAIN_POPULARITY) = range(len(TILE_FIELDS))
N_TILE_FIELDS = len(TILE_FIELDS)

_COMMON = {"number", "name", "category", "kind", "confidence", "source"}
_KEYS = {
    "toll": {"carry", "capacity", "fee", "fee_coins", "fighters_only"},
    "bombard": {"carry", "capacity", "loss"},
    "blitzkrieg": {"carry", "capacity"},
    "harass": {"carry", "capacity", "opp_power", "opp_coins", "opp_popularity", "self_popularity"},
    "plain": {"range", "tunnels"},
    "haven": {"range", "tunnels"},
    "stop_gain": {"range", "tunnels", "where", "gain_power", "gain_coins", "gain_popularity"},
    "ferry": {"range", "tunnels"},
}
_MAX_CAPACITY = {"resources": 3, "workers": 2}   # "up to 3 resources or up to 2 workers"


def _small(tile, key, where, top=9):
    value = tile.get(key, 0)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= top:
        raise ValueError(f"data error in {where}: {key} must be a whole number 0..{top}")
    return value


def _tile_row(tile: dict, where: str) -> list:
    kind = tile.get("kind")
    if kind not in _KEYS:
        raise ValueError(f"data error in {where}: unknown kind {kind!r} (expected one of {', '.join(KINDS)})")
    category = CATEGORIES.index(tile["category"]) if tile.get("category") in CATEGORIES else -1
    if category != (0 if kind in AGGRESSIVE_KINDS else 1):
        raise ValueError(f"data error in {where}: kind {kind!r} needs category "
                         f"{'aggressive' if kind in AGGRESSIVE_KINDS else 'passive'}")
    unknown = set(tile) - _COMMON - _KEYS[kind]
    if unknown:
        raise ValueError(f"data error in {where}: keys {', '.join(sorted(unknown))} do not apply to kind {kind!r}")
    if tile.get("confidence") not in CONFIDENCES or not tile.get("source"):
        raise ValueError(f"data error in {where}: give confidence ({', '.join(CONFIDENCES)}) and source")
    row = [0] * N_TILE_FIELDS
    row[TILE_CATEGORY], row[TILE_KIND] = category, KINDS.index(kind)
    if category == 0:
        carry = tile.get("carry")
        if carry not in CARRIES:
            raise ValueError(f"data error in {where}: carry must be one of {', '.join(CARRIES)}")
        row[TILE_CARRY] = CARRIES.index(carry)
        row[TILE_CAPACITY] = _small(tile, "capacity", where, _MAX_CAPACITY[carry])
    else:
        row[TILE_RANGE] = _small(tile, "range", where)
        if row[TILE_RANGE] < 1:
            raise ValueError(f"data error in {where}: range must be at least 1")
        row[TILE_TUNNELS] = _small(tile, "tunnels", where, 1)
    if kind == "toll":
        if tile.get("fee") not in FEES:
            raise ValueError(f"data error in {where}: fee must be one of {', '.join(FEES)}")
        row[TILE_FEE] = FEES.index(tile["fee"])
        row[TILE_FEE_COINS] = _small(tile, "fee_coins", where)
        row[TILE_FIGHTERS_ONLY] = _small(tile, "fighters_only", where, 1)
    if kind == "bombard":
        loss = tile.get("loss")
        if not isinstance(loss, list) or len(loss) != 3:
            raise ValueError(f"data error in {where}: loss must list the power lost for 1, 2 and 3 resources")
        row[TILE_LOSS1:TILE_LOSS1 + 3] = [_small({"loss": x}, "loss", where, 16) for x in loss]
    for key, col in (("opp_power", TILE_OPP_POWER), ("opp_coins", TILE_OPP_COINS),
                     ("opp_popularity", TILE_OPP_POPULARITY), ("self_popularity", TILE_SELF_POPULARITY),
                     ("gain_power", TILE_GAIN_POWER), ("gain_coins", TILE_GAIN_COINS),
                     ("gain_popularity", TILE_GAIN_POPULARITY)):
        row[col] = _small(tile, key, where)
    if kind == "stop_gain":
        if tile.get("where") not in WHERES:
            raise ValueError(f"data error in {where}: where must be one of {', '.join(WHERES)}")
        row[TILE_WHERE] = WHERES.index(tile["where"])
    return row


def airship_table(data: dict) -> np.ndarray:
    """(16, N_TILE_FIELDS) int64: each tile's parameters, row = number - 1."""
    tiles = data["tile"]
    if [t.get("number") for t in tiles] != list(range(1, N_AIRSHIP_TILES + 1)):
        raise ValueError(f"data error in airships.toml: tiles must be numbered 1..{N_AIRSHIP_TILES} in order")
    rows = []
    for tile in tiles:
        where = f"airships.toml tile {tile['number']}"
        if (tile["number"] <= N_AGGRESSIVE) != (tile.get("category") == "aggressive"):
            raise ValueError(f"data error in {where}: tiles 1..{N_AGGRESSIVE} are aggressive, the rest passive")
        rows.append(_tile_row(tile, where))
    return np.array(rows, np.int64)


def tile_names(data: dict) -> tuple:
    """The tile names in number order."""
    return tuple(t["name"] for t in data["tile"])


def tile_number(value, names: tuple, category: str, key: str) -> int:
    """A config's tile choice (a name, a number or "random") as the rule value: the tile
    number, 0 for random. Raises ConfigError naming the choices."""
    first = 1 if category == "aggressive" else N_AGGRESSIVE + 1
    allowed = names[first - 1:first - 1 + N_AGGRESSIVE]
    if value == "random" or value == 0:
        return 0
    if isinstance(value, str) and value in allowed:
        return first + allowed.index(value)
    if isinstance(value, int) and not isinstance(value, bool) and first <= value < first + N_AGGRESSIVE:
        return value
    raise ConfigError(f"config {key} = {value!r}: choose \"random\", one of the {category} tiles "
                      f"({', '.join(allowed)}) or its number {first}..{first + N_AGGRESSIVE - 1}")


# Its tables (tables.py builds them through variants/hooks.py): Tables fields and shapes
TABLE_SHAPES = {"airship_tile": (N_AIRSHIP_TILES, N_TILE_FIELDS)}


def tables(data: dict) -> dict:
    """{Tables field: its array} from the data files."""
    return {"airship_tile": airship_table(data["airships"])}
