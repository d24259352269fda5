"""MLS's result arrays (play.run_games) as Arrow tables: games and seats (docs/schema.md,
"My Little Scythe"). Enum columns are dictionary-encoded over the whole vocabulary."""
import numpy as np
import pyarrow as pa

from scythe_sim.runner.parquet import enum_column as _enum
from scythe_sim.runner.parquet import game_columns, outcome_columns, seat_rows

from ..layout import END_REASONS, TROPHIES
from ..play import (R_DELIVERIES, R_FIGHTS, R_FINALE, R_QUESTS, R_SEEKS, SEAT_RESULTS,
                    SR_MAKE_TILE, SR_MOVE_TILE, SR_ORDER, SR_PERSONALITY, SR_RANK, SR_TROPHY0,
                    SR_TROPHY_TURN0, SR_WINNER)
from ..strategies import STRATEGIES
from ..tables import load_data

TABLES = ("games", "seats")
_COUNTS = ("trophies", "friendship", "pies", "spells", "quests_done", "held", "camp", "turns",
           "fights_won", "deliveries")


def _names(kind):
    return [x["name"] for x in load_data()["cards"][kind]]


def games_table(first_game, seeds, players, game_out) -> pa.Table:
    return pa.table({
        **game_columns(first_game, seeds, players),
        **outcome_columns(game_out, END_REASONS),
        "pie_fights": pa.array(game_out[:, R_FIGHTS].astype(np.int32)),
        "quests": pa.array(game_out[:, R_QUESTS].astype(np.int32)),
        "deliveries": pa.array(game_out[:, R_DELIVERIES].astype(np.int32)),
        "seeks": pa.array(game_out[:, R_SEEKS].astype(np.int32)),
        "grand_finale": pa.array(game_out[:, R_FINALE] == 1),
    })


def seats_table(first_game, players, strategies, seat_out) -> pa.Table:
    _, _, r, shared = seat_rows(first_game, players, strategies, seat_out, SR_ORDER, STRATEGIES)
    tiles = _names("power_up")
    cols = {
        **shared,
        "rank": pa.array(r[:, SR_RANK].astype(np.int8)),
        "winner": pa.array(r[:, SR_WINNER] == 1),
        "personality": _enum(r[:, SR_PERSONALITY], _names("personality")),
        "move_tile": _enum(r[:, SR_MOVE_TILE], tiles),
        "make_tile": _enum(r[:, SR_MAKE_TILE], tiles),
    }
    for name in _COUNTS:
        cols[name] = pa.array(r[:, SEAT_RESULTS.index(name)].astype(np.int16))
    for k, kind in enumerate(TROPHIES):
        cols[f"trophy_{kind}"] = pa.array(r[:, SR_TROPHY0 + k] == 1)
    for k, kind in enumerate(TROPHIES):
        turn = r[:, SR_TROPHY_TURN0 + k]
        cols[f"trophy_turn_{kind}"] = pa.array(turn.astype(np.int32), mask=turn < 0)
    return pa.table(cols)


def result_tables(first_game, plan, raw, config) -> dict:
    return {"games": games_table(first_game, plan.seeds, plan.players, raw[0]),
            "seats": seats_table(first_game, plan.players, plan.strategies, raw[1])}
