"""How a game of a batch ends, the same for every game: the codes of the games table's
``status`` column, the columns each game's GAME_RESULTS starts with, and the check after
every decision. A game's play.py builds on them (its step limit is its own)."""
from .jit import njit, njit_inline

# the status codes of a game (GAME_RESULTS "status")
STATUS_OK = 0
STATUS_BAD_SETUP = 1        # no deal was found (Scythe: none without a banned pair)
STATUS_NO_ACTION = 2        # a decision point offered no row (a kernel bug)
STATUS_STEP_LIMIT = 3       # the game's safety limit on decisions was hit (a kernel bug)
STATUS_INVARIANT = 100      # + the broken invariant's code

# the first columns of every game's GAME_RESULTS
GAME_HEAD = ("status", "end_reason", "turns", "rounds", "decisions")


@njit_inline
def after_decision(code, decisions, limit):
    """The status after a game's `decisions`-th decision: STATUS_INVARIANT + code when
    the invariant check returned a code (0 when unchecked or sound), STATUS_STEP_LIMIT
    at the game's limit, else STATUS_OK (play on)."""
    if code != 0:
        return STATUS_INVARIANT + code
    if decisions >= limit:
        return STATUS_STEP_LIMIT
    return STATUS_OK


@njit
def record_head(game_row, status, end_reason, turns, rounds, decisions):
    """The GAME_HEAD columns of a game's row."""
    game_row[0] = status
    game_row[1] = end_reason
    game_row[2] = turns
    game_row[3] = rounds
    game_row[4] = decisions
