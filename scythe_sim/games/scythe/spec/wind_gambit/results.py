"""The Wind Gambit's result columns (docs/schema.md): the resolution tile and the airship
tiles of a game, each seat's airship uses and own tiles; null without them (every game
of a base run), so base and Wind Gambit runs share one schema. Called through
variants/hooks.py by spec/results.py."""
import numpy as np
import pyarrow as pa

from scythe_sim.runner.parquet import enum_column as _enum

from ...enums import RESOLUTION_TILES
from ...kernel.wind_gambit.record import WIND_GAME_RESULTS, WIND_SEAT_TILES, WIND_SEAT_USES
from ...play import GAME_RESULTS, SEAT_RESULTS
from ...tables import load_data
from ...variants.wind_gambit.airships import N_AGGRESSIVE, tile_names

_TILES = tile_names(load_data()["airships"])
# the variant's columns of the game's row and of a seat's (kernel/variant_play.py places its blocks)
R_RESOLUTION_TILE, R_RESOLUTION_TRIGGER, R_AIRSHIP_AGGRESSIVE, R_AIRSHIP_PASSIVE = (
    GAME_RESULTS.index(name) for name in WIND_GAME_RESULTS)
SR_AIRSHIP_AGGRESSIVE, SR_AIRSHIP_PASSIVE = (SEAT_RESULTS.index(name) for name in WIND_SEAT_TILES)


def _airship_columns(aggressive, passive) -> dict:
    """Airship tile numbers (0 none) as the tiles' names, null where there is none."""
    return {"airship_aggressive": _enum(aggressive - 1, _TILES[:N_AGGRESSIVE]),
            "airship_passive": _enum(passive - 1 - N_AGGRESSIVE, _TILES[N_AGGRESSIVE:])}


def game_columns(game_out) -> dict:
    """The resolution tile and the seat whose play triggered its end; the airship tiles
    (null without airships or with a tile pair per player)."""
    tile = game_out[:, R_RESOLUTION_TILE]
    trigger = game_out[:, R_RESOLUTION_TRIGGER]
    return {"resolution_tile": _enum(tile - 1, RESOLUTION_TILES),
            "resolution_trigger_seat": pa.array(trigger.astype(np.int8), mask=(tile == 0) | (trigger < 0)),
            **_airship_columns(game_out[:, R_AIRSHIP_AGGRESSIVE], game_out[:, R_AIRSHIP_PASSIVE])}


def seat_columns(r, game_rows, seats) -> dict:
    """The seat's airship uses (0 without airships) and its own tiles (with a pair per
    player, the only record of them)."""
    cols = {name: pa.array(r[:, SEAT_RESULTS.index(name)].astype(np.int16)) for name in WIND_SEAT_USES}
    cols.update(_airship_columns(r[:, SR_AIRSHIP_AGGRESSIVE], r[:, SR_AIRSHIP_PASSIVE]))
    return cols
