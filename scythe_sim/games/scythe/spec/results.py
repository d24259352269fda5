"""Scythe's result arrays (play.run_games) as Arrow tables: games, seats and the optional
turn log (docs/schema.md). Enum columns are dictionary-encoded over the whole
vocabulary (runner/parquet.enum_column), the same dictionary in every shard."""
import numpy as np
import pyarrow as pa

from scythe_sim.runner.parquet import enum_column as _enum
from scythe_sim.runner.parquet import game_columns, outcome_columns, seat_rows
from scythe_sim.runner.spec import game_tables

from ..enums import FACTIONS, MATS, STAR_KINDS, STRUCTURE_BONUS_TILES
from ..handicap import applied
from ..tables import default_tables
from ..layout import END_REASONS, SCORE_FIELDS
from ..play import (R_COMBATS, R_CONTACTS, R_ENCOUNTERS, R_RETREATS, R_SB_TILE, SEAT_RESULTS, SR_FACTION,
                    SR_FACTORY_CARD, SR_MAT, SR_OBJECTIVES_DONE, SR_ORDER, SR_SCORE0, SR_STAR_TURN0, SR_STARS0)
from ..strategies import STRATEGIES
from ..turnlog import BOTTOM_CHOICES, TOP_CHOICES, TURN_FIELDS, TURN_STAGES
from ..variants import hooks

TABLES = ("games", "seats", "turns")
# score fields renamed where the bare name would be ambiguous in the seats table
_SCORE_NAMES = {"structure_bonus": "structure_bonus_coins", "tier": "popularity_tier"}
_SEAT_TAIL = ("workers", "mechs", "structures", "recruits", "upgrades", "combat_cards")
_USE_COLUMNS = SEAT_RESULTS[SEAT_RESULTS.index("ability_uses"):SEAT_RESULTS.index("turns")]
_PLAY_COLUMNS = ("turns", "bottom_actions")   # the play.py tail: how the seat played


def games_table(first_game, seeds, players, game_out) -> pa.Table:
    return pa.table({
        **game_columns(first_game, seeds, players),
        **outcome_columns(game_out, END_REASONS),
        "structure_bonus_tile": _enum(game_out[:, R_SB_TILE], STRUCTURE_BONUS_TILES),
        "contacts": pa.array(game_out[:, R_CONTACTS].astype(np.int32)),
        "worker_retreats": pa.array(game_out[:, R_RETREATS].astype(np.int32)),
        "combats": pa.array(game_out[:, R_COMBATS].astype(np.int32)),
        "encounters": pa.array(game_out[:, R_ENCOUNTERS].astype(np.int16)),
        **_variant_columns("game_columns", game_out),
    })


def seats_table(first_game, players, strategies, seat_out, game_out, start=None, moved=None) -> pa.Table:
    """start: the starting coins by mat (the tables' mat_start_coins; None: the default
    tables'); moved: (coins, prices) of the plan, each seat's coins moved at setup
    (handicap.py); None: none."""
    gi, si, r, shared = seat_rows(first_game, players, strategies, seat_out, SR_ORDER, STRATEGIES)
    rank = r[:, SR_SCORE0 + SCORE_FIELDS.index("rank")]
    cols = {
        "game": shared["game"],
        "seat": shared["seat"],
        "faction": _enum(r[:, SR_FACTION], FACTIONS),
        "mat": _enum(r[:, SR_MAT], MATS),
        "strategy": shared["strategy"],
        "turn_order": shared["turn_order"],
        "rank": pa.array(rank.astype(np.int8)),
        "winner": pa.array(rank == 1),
    }
    cols.update(_starting_coins(gi, si, r, default_tables().mat_start_coins if start is None else start, moved))
    for f, name in enumerate(SCORE_FIELDS):
        if name != "rank":
            cols[_SCORE_NAMES.get(name, name)] = pa.array(r[:, SR_SCORE0 + f].astype(np.int16))
    for k, kind in enumerate(STAR_KINDS):
        cols[f"stars_{kind}"] = pa.array(r[:, SR_STARS0 + k].astype(np.int8))
    for k, kind in enumerate(STAR_KINDS):
        turn = r[:, SR_STAR_TURN0 + k]
        cols[f"star_turn_{kind}"] = pa.array(turn.astype(np.int32), mask=turn < 0)
    for name in _SEAT_TAIL:
        cols[name] = pa.array(r[:, SEAT_RESULTS.index(name)].astype(np.int8))
    card = r[:, SR_FACTORY_CARD]
    cols["factory_card"] = pa.array((card + 1).astype(np.int8), mask=card < 0)
    done = r[:, SR_OBJECTIVES_DONE]
    cols["objectives"] = pa.array([[c + 1 for c in range(23) if (int(m) >> c) & 1] for m in done],
                                  pa.list_(pa.int8()))
    for name in _USE_COLUMNS + _PLAY_COLUMNS:
        cols[name] = pa.array(r[:, SEAT_RESULTS.index(name)].astype(np.int16))
    cols.update(_variant_columns("seat_columns", r, game_out[gi], si))
    return pa.table(cols)


def _starting_coins(gi, si, r, start, moved):
    """{"coin_adjustment", "start_coins"}: the coins each seat's start actually moved by
    (0 when none moved) and the coins it started with (its mat's plus that); 0 and 0 for
    a seat never set up (a bad setup)."""
    f, m = r[:, SR_FACTION], r[:, SR_MAT]
    dealt = (f >= 0) & (m >= 0)
    f, m = np.maximum(f, 0), np.maximum(m, 0)
    start = np.asarray(start, np.int64)[m]
    extra = np.zeros(len(gi), np.int64) if moved is None else moved[0][gi, si] + moved[1][f, m]
    adjustment = np.where(dealt, applied(start, extra), 0)
    return {"coin_adjustment": pa.array(adjustment.astype(np.int16)),
            "start_coins": pa.array(np.where(dealt, start + adjustment, 0).astype(np.int16))}


def turns_table(first_game, log) -> pa.Table:
    """The per-turn rows of play_batch's log (its game column is the batch index)."""
    col = {name: log[:, i] for i, name in enumerate(TURN_FIELDS)}
    return pa.table({
        "game": pa.array(col["game"].astype(np.int64) + first_game),
        "turn": pa.array(col["turn"].astype(np.int32)),
        "round": pa.array((col["round"] + 1).astype(np.int16)),
        "seat": pa.array(col["seat"].astype(np.int8)),
        "section": pa.array((col["section"] + 1).astype(np.int8), mask=col["section"] < 0),
        "top_action": _enum(col["top"], TOP_CHOICES),
        "bottom_action": _enum(col["bottom"], BOTTOM_CHOICES),
        "coins": pa.array(col["coins"].astype(np.int16)),
        "power": pa.array(col["power"].astype(np.int8)),
        "popularity": pa.array(col["popularity"].astype(np.int8)),
        "stars": pa.array(col["stars"].astype(np.int8)),
        "combat_cards": pa.array(col["combat_cards"].astype(np.int8)),
        "stage": _enum(col["stage"], TURN_STAGES),
        **_variant_columns("turn_columns", col),
    })


def _variant_columns(function, *args) -> dict:
    """The variants' own columns (each variant's results part, variants/hooks.py), after
    the shared ones: null where a game did not play the variant, so every run shares one
    schema."""
    cols = {}
    for part in hooks.each("results", function, *args):
        cols.update(part)
    return cols


def result_tables(first_game, plan, raw, config) -> dict:
    """{table name: Arrow table} of a block of games played from `plan`."""
    moved = (plan.coins, plan.prices) if plan.coins is not None else None
    start = game_tables("scythe", config.rules).mat_start_coins
    tables = {"games": games_table(first_game, plan.seeds, plan.players, raw[0]),
              "seats": seats_table(first_game, plan.players, plan.strategies, raw[1], raw[0], start, moved)}
    if config.log_turns:
        tables["turns"] = turns_table(first_game, raw[2])
    return tables
