"""The optional per-turn log (run_games with BatchOptions(log_turns=True), the runner's `turns` table): one
row per turn played, the standard game's turns and then a variant's own turns (All Out
War's; docs/schema.md "turns"). play.py writes the rows as the game is played; the
variants' columns follow the base columns (kernel/variant_play.py)."""
from scythe_sim.compiled.jit import njit

from .kernel.cards import hand_size
from .kernel.variant_play import VARIANT_TURN_FIELDS, VARIANT_TURN_STAGES, blank_variant_columns, log_variant_columns
from .layout import (A_BOLSTER_CARDS, A_BOLSTER_POWER, A_FACTORY_TOP, A_GAIN_COINS, A_MOVE,
                     A_PRODUCE, A_SKIP, A_TRADE_POPULARITY, A_TRADE_RESOURCES, G_GAME_OVER,
                     G_SECTION, G_TURN, P_COINS, P_LAST_SECTION, P_POPULARITY, P_POWER, P_SEAT,
                     P_STARS)

TURN_FIELDS = ("game", "turn", "round", "seat", "section", "top", "bottom",
               "coins", "power", "popularity", "stars", "combat_cards",
               "stage") + VARIANT_TURN_FIELDS
(T_GAME, T_TURN, T_ROUND, T_SEAT, T_SECTION, T_TOP, T_BOTTOM, T_COINS, T_POWER,
 T_POPULARITY, T_STARS, T_CARDS, T_STAGE) = range(len(TURN_FIELDS) - len(VARIANT_TURN_FIELDS))
T_VARIANT0 = T_STAGE + 1
# the turn's stage: the standard game or a variant's own turns
TURN_STAGES = ("standard",) + VARIANT_TURN_STAGES
STAGE_STANDARD = 0
# what the turn's top-row and bottom-row choices were (-1: the game ended first)
TOP_CHOICES = ("skip", "gain_coins", "move", "bolster_power", "bolster_cards",
               "trade_resources", "trade_popularity", "produce", "factory_top")
BOTTOM_CHOICES = ("skip", "upgrade", "deploy", "build", "enlist", "factory_move")
_TOP_KINDS = (A_SKIP, A_GAIN_COINS, A_MOVE, A_BOLSTER_POWER, A_BOLSTER_CARDS,
              A_TRADE_RESOURCES, A_TRADE_POPULARITY, A_PRODUCE, A_FACTORY_TOP)


@njit
def top_choice(kind):
    for c in range(len(_TOP_KINDS)):
        if _TOP_KINDS[c] == kind:
            return c
    return -1


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
    blank_variant_columns(log, k, T_VARIANT0)


@njit
def log_variant_turn(s, log, log_n, game_id, own_turn, own_round, p, action):
    """The row of a variant's own turn `own_turn` (All Out War's, counted on from the
    standard game's last turn) of player p just finished, in its round `own_round`:
    no section, top or bottom; the variant's columns."""
    k = _next_row(s, log, log_n, game_id, s.game[G_TURN] + own_turn, own_round - 1, p)
    if k < 0:
        return
    log[k, T_SECTION] = -1
    log[k, T_TOP] = -1
    log[k, T_BOTTOM] = -1
    log[k, T_STAGE] = log_variant_columns(s, p, action, log, k, T_VARIANT0)
