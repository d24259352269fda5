"""All Out War's result columns (docs/schema.md): the war's outcome per game, each seat's
mobilisation and war counts, and its turn log columns; null in a game without a war
(every game of a base run), so base and war runs share one schema. Called through
variants/hooks.py by spec/results.py."""
import numpy as np
import pyarrow as pa

from scythe_sim.runner.parquet import enum_column as _enum

from ...layout import G_N_PLAYERS, SCORE_FIELDS
from ...variants.war.layout import G_WAR_STAGE, G_WAR_WINNER, WAR_END_REASONS, WAR_STAGE_MOBILIZATION
from ...kernel.war.record import WAR_GAME_RESULTS, WAR_SEAT_RESULTS, WAR_TURN_ACTIONS
from ...play import GAME_RESULTS, SEAT_RESULTS

# the war's columns of the game's row (kernel/variant_play.py places the war's block)
(R_WAR_END_REASON, R_WAR_ROUNDS, R_WAR_WINNER, R_WAR_COMBATS, R_WAR_CAPITULATIONS,
 R_WAR_DECISIONS) = (GAME_RESULTS.index(name) for name in WAR_GAME_RESULTS)


def game_columns(game_out) -> dict:
    """The war's outcome columns."""
    reason = game_out[:, R_WAR_END_REASON]
    no_war = reason == 0
    winner = game_out[:, R_WAR_WINNER]

    def col(values, dtype, mask=no_war):
        return pa.array(values.astype(dtype), mask=mask)

    return {
        "war_end_reason": _enum(np.where(no_war, -1, reason - 1), WAR_END_REASONS[1:]),
        "war_rounds": col(game_out[:, R_WAR_ROUNDS], np.int16),
        "war_winner_seat": col(winner, np.int8, no_war | (winner < 0)),
        "war_combats": col(game_out[:, R_WAR_COMBATS], np.int32),
        "war_capitulations": col(game_out[:, R_WAR_CAPITULATIONS], np.int8),
        "war_decisions": col(game_out[:, R_WAR_DECISIONS], np.int32),
    }


def seat_columns(r, game_rows, seats) -> dict:
    """A seat's columns: whether it won the war and the W_* counts; a conqueror is named
    by its seat."""
    no_war = game_rows[:, R_WAR_END_REASON] == 0
    cols = {"war_winner": pa.array(game_rows[:, R_WAR_WINNER] == seats, mask=no_war)}
    for name in WAR_SEAT_RESULTS:
        values = r[:, SEAT_RESULTS.index(name)]
        if name in ("war_capitulated_by", "war_capitulated_round"):
            cols[name] = pa.array(values.astype(np.int8 if name.endswith("by") else np.int16),
                                  mask=no_war | (values < 0))
        else:
            cols[name] = pa.array(values.astype(np.int16), mask=no_war)
    return cols


def turn_columns(col) -> dict:
    """A turn's war columns (the turn log's war_* fields; null outside the war)."""
    return {
        "war_action": _enum(col["war_action"], WAR_TURN_ACTIONS),
        "war_points": pa.array(col["war_points"].astype(np.int16), mask=col["war_points"] < 0),
        "divisions": pa.array(col["divisions"].astype(np.int16), mask=col["divisions"] < 0),
    }


def replay_rows(game, rows):
    """A replayed game's score rows (game.score()) as its seats table stored them: after
    the war, the score the state kept when the war began, and whether the seat won the war."""
    s = game.state
    if s.game[G_WAR_STAGE] < WAR_STAGE_MOBILIZATION:
        return
    for p, row in zip(range(int(s.game[G_N_PLAYERS])), rows):
        row.update({name: int(s.standard_score[p, i]) for i, name in enumerate(SCORE_FIELDS)})
        row["war_winner"] = bool(s.game[G_WAR_WINNER] == p)
