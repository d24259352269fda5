"""What a played game records of its war, written by play.py and turnlog.py through the
registration (kernel/variant_play.py): the war's columns of the game's and the seats'
result rows (docs/schema.md) and its columns of the turn log. Each writer is given the
first column of the war's block; the registration places the blocks."""
import numpy as np

from scythe_sim.compiled.jit import njit

from ...layout import G_N_PLAYERS, P_SEAT
from ...variants.war.layout import (A_WAR_BOLSTER, A_WAR_GAIN_COINS, A_WAR_MOVE, A_WAR_PASS, A_WAR_PRODUCE,
                                    G_WAR_COMBATS, G_WAR_END_REASON, G_WAR_ROUND, G_WAR_STAGE, G_WAR_WINNER,
                                    PH_WAR_ACTION, WAR_FIELDS, WAR_STAGE_DUE, WAR_STAGE_MOBILIZATION,
                                    WAR_STAGE_WAR, W_CAPITULATED_BY, W_POINTS, W_WAR_TURNS)
from ...variants.war.rules import R_ALL_OUT_WAR, R_WAR_ROUND_CAP
from .board import war_points

# The game's row: the war's outcome (0 / -1 in a game without a war)
WAR_GAME_RESULTS = ("war_end_reason", "war_rounds", "war_winner", "war_combats", "war_capitulations",
                    "war_decisions")
(WR_END_REASON, WR_ROUNDS, WR_WINNER, WR_COMBATS, WR_CAPITULATIONS,
 WR_DECISIONS) = range(len(WAR_GAME_RESULTS))

# A seat's row (0 / -1 in a game without a war): s.war's W_* fields by name, the
# territorial points counted at the war's end and the divisions still deployed then
_WAR_COPIED = ("mob_place", "mob_popularity", "mob_resources", "mob_factory", "mob_recruits",
               "mob_territories", "produced", "captured_in", "captured_out", "casualties",
               "mechs_lost", "trophies", "structures_lost", "capitulated_by", "capitulated_round",
               "war_turns")
WAR_SEAT_RESULTS = tuple(f"war_{name}" if not name.startswith("war_") else name
                         for name in _WAR_COPIED) + ("war_points", "war_divisions")
_WAR_FIELD_IDS = np.array([WAR_FIELDS.index(name) for name in _WAR_COPIED], np.int64)
_BY = _WAR_COPIED.index("capitulated_by")
_POINTS = len(_WAR_COPIED)
_DIVISIONS = _POINTS + 1

# The turn log: the war's turns are a stage of their own, with these columns (-1 on the
# standard game's turns)
WAR_TURN_STAGE = "war"
WAR_TURN_FIELDS = ("war_action", "war_points", "divisions")
# a war turn's action (-1: the war ended before it chose one)
WAR_TURN_ACTIONS = ("bolster_power", "bolster_cards", "move", "gain_coins", "produce", "pass")


@njit
def war_played(s):
    """The war began (mobilization or later): the game's record keeps the standard
    game's results, recorded when it ended, and adds the war's."""
    return s.game[G_WAR_STAGE] >= WAR_STAGE_MOBILIZATION


@njit
def war_follows(s):
    """The standard game is over and its war is due: the standard game's results are
    recorded now, before the war changes the board."""
    return s.game[G_WAR_STAGE] == WAR_STAGE_DUE


@njit
def record_war(s, t, decisions, game_row, c0, seat_rows, sc0):
    """The war's outcome into game_row from column c0 (its winner and each conqueror as a
    seat; decisions: the war's own) and each seat's war columns into its row of
    seat_rows from column sc0."""
    game_row[c0 + WR_END_REASON] = s.game[G_WAR_END_REASON]
    game_row[c0 + WR_ROUNDS] = s.game[G_WAR_ROUND]
    winner = s.game[G_WAR_WINNER]
    game_row[c0 + WR_WINNER] = s.player[winner, P_SEAT] if winner >= 0 else -1
    game_row[c0 + WR_COMBATS] = s.game[G_WAR_COMBATS]
    game_row[c0 + WR_DECISIONS] = decisions
    capitulations = 0
    for p in range(s.game[G_N_PLAYERS]):
        if s.war[p, W_CAPITULATED_BY] >= 0:
            capitulations += 1
        _record_seat(s, t, p, seat_rows[s.player[p, P_SEAT]], sc0)
    game_row[c0 + WR_CAPITULATIONS] = capitulations


@njit
def _record_seat(s, t, p, row, c0):
    for k in range(len(_WAR_FIELD_IDS)):
        row[c0 + k] = s.war[p, _WAR_FIELD_IDS[k]]
    by = s.war[p, W_CAPITULATED_BY]
    row[c0 + _BY] = s.player[by, P_SEAT] if by >= 0 else -1
    row[c0 + _POINTS] = war_points(s, t, p)
    row[c0 + _DIVISIONS] = deployed_divisions(s, p)


@njit
def deployed_divisions(s, p):
    deployed = 0
    for loc in range(s.divisions.shape[1]):
        deployed += s.divisions[p, loc]
    return deployed


@njit
def war_turns_on(s):
    """War turns are being played (the turn log's war rows)."""
    return s.game[G_WAR_STAGE] == WAR_STAGE_WAR


@njit
def war_turns_taken(s):
    """War turns begun so far, all factions together (a new one means the last ended)."""
    total = 0
    for p in range(s.game[G_N_PLAYERS]):
        total += s.war[p, W_WAR_TURNS]
    return total


@njit
def war_round(s):
    return s.game[G_WAR_ROUND]


@njit
def war_turn_action(phase, kind, a0, action):
    """The WAR_TURN_ACTIONS index of the war action row taken at phase, else action."""
    if phase != PH_WAR_ACTION:
        return action
    if kind == A_WAR_BOLSTER:
        return 1 if a0 == 1 else 0
    if kind == A_WAR_MOVE:
        return 2
    if kind == A_WAR_GAIN_COINS:
        return 3
    if kind == A_WAR_PRODUCE:
        return 4
    if kind == A_WAR_PASS:
        return 5
    return -1


@njit
def log_war_columns(s, p, action, log, k, c0):
    """A war turn's columns of log row k from column c0: p's action, its points at the
    count and its divisions on the board."""
    log[k, c0] = action
    log[k, c0 + 1] = s.war[p, W_POINTS]
    log[k, c0 + 2] = deployed_divisions(s, p)


def war_log_rounds(rules):
    """Rounds the turn log may need for the war: its round cap, and one more."""
    return int(rules[R_WAR_ROUND_CAP]) + 1 if rules[R_ALL_OUT_WAR] else 0
