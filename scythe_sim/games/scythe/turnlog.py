"""The optional per-turn log (run_games with BatchOptions(log_turns=True), the runner's `turns` table): one
row per turn played, the standard game's turns and then, in All Out War, the war's
(docs/schema.md "turns"). play.py writes the rows as the game is played."""
from scythe_sim.compiled.jit import njit

from .kernel.cards import hand_size
from .layout import (A_BOLSTER_CARDS, A_BOLSTER_POWER, A_FACTORY_TOP, A_GAIN_COINS, A_MOVE,
                     A_PRODUCE, A_SKIP, A_TRADE_POPULARITY, A_TRADE_RESOURCES, A_WAR_BOLSTER,
                     A_WAR_GAIN_COINS, A_WAR_MOVE, A_WAR_PASS, A_WAR_PRODUCE, G_GAME_OVER,
                     G_N_PLAYERS, G_SECTION, G_TURN, P_COINS, P_LAST_SECTION, P_POPULARITY,
                     P_POWER, P_SEAT, P_STARS, W_POINTS, W_WAR_TURNS)

TURN_FIELDS = ("game", "turn", "round", "seat", "section", "top", "bottom",
               "coins", "power", "popularity", "stars", "combat_cards",
               "stage", "war_action", "war_points", "divisions")
(T_GAME, T_TURN, T_ROUND, T_SEAT, T_SECTION, T_TOP, T_BOTTOM, T_COINS, T_POWER,
 T_POPULARITY, T_STARS, T_CARDS, T_STAGE, T_WAR_ACTION, T_WAR_POINTS,
 T_DIVISIONS) = range(len(TURN_FIELDS))
# the turn's stage: the standard game or All Out War
TURN_STAGES = ("standard", "war")
STAGE_STANDARD, STAGE_WAR = range(len(TURN_STAGES))
# what the turn's top-row and bottom-row choices were (-1: the game ended first)
TOP_CHOICES = ("skip", "gain_coins", "move", "bolster_power", "bolster_cards",
               "trade_resources", "trade_popularity", "produce", "factory_top")
BOTTOM_CHOICES = ("skip", "upgrade", "deploy", "build", "enlist", "factory_move")
_TOP_KINDS = (A_SKIP, A_GAIN_COINS, A_MOVE, A_BOLSTER_POWER, A_BOLSTER_CARDS,
              A_TRADE_RESOURCES, A_TRADE_POPULARITY, A_PRODUCE, A_FACTORY_TOP)
# a war turn's action (-1: the war ended before it chose one)
WAR_TURN_ACTIONS = ("bolster_power", "bolster_cards", "move", "gain_coins", "produce", "pass")


@njit
def top_choice(kind):
    for c in range(len(_TOP_KINDS)):
        if _TOP_KINDS[c] == kind:
            return c
    return -1


@njit
def war_choice(kind, a0):
    """The WAR_TURN_ACTIONS index of a war action row."""
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
def war_turns_taken(s):
    """War turns begun so far, all factions together (a new one means the last ended)."""
    total = 0
    for p in range(s.game[G_N_PLAYERS]):
        total += s.war[p, W_WAR_TURNS]
    return total


@njit
def _next_row(s, log, log_n, game_id, turn, rnd, p):
    """The index of the log's next row, filled with the fields every turn has, or -1 when
    the log is full (the caller sizes it for the turn caps)."""
    k = log_n[0]
    if k >= log.shape[0]:
        return -1
    log_n[0] = k + 1
    log[k, T_GAME] = game_id
    log[k, T_TURN] = turn
    log[k, T_ROUND] = rnd
    log[k, T_SEAT] = s.player[p, P_SEAT]
    log[k, T_COINS] = s.player[p, P_COINS]
    log[k, T_POWER] = s.player[p, P_POWER]
    log[k, T_POPULARITY] = s.player[p, P_POPULARITY]
    log[k, T_STARS] = s.player[p, P_STARS]
    log[k, T_CARDS] = hand_size(s, p)
    return k


@njit
def log_turn(s, log, log_n, game_id, turn, rnd, p, top, bottom):
    """The row of the standard game's turn `turn` of player p just finished."""
    k = _next_row(s, log, log_n, game_id, turn, rnd, p)
    if k < 0:
        return
    # the section this turn used: recorded by end_turn, still current if the game ended mid-turn
    over_mid_turn = s.game[G_GAME_OVER] and s.game[G_SECTION] >= 0
    log[k, T_SECTION] = s.game[G_SECTION] if over_mid_turn else s.player[p, P_LAST_SECTION]
    log[k, T_TOP] = top
    log[k, T_BOTTOM] = bottom
    log[k, T_STAGE] = STAGE_STANDARD
    log[k, T_WAR_ACTION] = -1
    log[k, T_WAR_POINTS] = -1
    log[k, T_DIVISIONS] = -1


@njit
def log_war_turn(s, log, log_n, game_id, war_turn, war_round, p, action):
    """The row of All Out War turn `war_turn` (counted on from the standard game's last
    turn) of player p just finished: its action, its points at the count and its
    divisions on the board."""
    k = _next_row(s, log, log_n, game_id, s.game[G_TURN] + war_turn, war_round - 1, p)
    if k < 0:
        return
    log[k, T_SECTION] = -1
    log[k, T_TOP] = -1
    log[k, T_BOTTOM] = -1
    log[k, T_STAGE] = STAGE_WAR
    log[k, T_WAR_ACTION] = action
    log[k, T_WAR_POINTS] = s.war[p, W_POINTS]
    deployed = 0
    for loc in range(s.divisions.shape[1]):
        deployed += s.divisions[p, loc]
    log[k, T_DIVISIONS] = deployed
