"""The rule variants at the top of the kernel, registered in one place: their decision
points and what a played game records of them. legal.py asks here for the rows of a
phase no base rule owns and apply.py for the step of such a row; play.py and turnlog.py
ask for the variants' result columns and turn-log columns and when to write them. None
of them names a variant's phase, kind, state or switch. Each hook calls the registered
variants' own code in their folders: The Wind Gambit (wind_gambit/decisions.py,
record.py), All Out War (war/legal.py, record.py).

kernel/variants.py registers the hooks the rule files below call (the end, the stars,
the invariants); this registration sits above them, beside legal.py and apply.py,
because a variant's decision points play the base rules they share (a war Move's
fights, an airship fight's cards). The result and turn-log blocks follow the base
columns in the order the variants are named here (All Out War's, then The Wind
Gambit's), so stored columns keep their index."""
from scythe_sim.compiled.jit import njit, njit_inline

from .war.legal import apply_war, is_war_kind, is_war_phase, legal_war
from .war.record import (WAR_GAME_RESULTS, WAR_SEAT_RESULTS, WAR_TURN_FIELDS, WAR_TURN_STAGE,
                         log_war_columns, record_war, war_follows, war_log_rounds, war_played, war_round,
                         war_turn_action, war_turns_on, war_turns_taken)
from .wind_gambit.decisions import airship_move_row, apply_wind, is_wind_kind, is_wind_phase, legal_wind
from .wind_gambit.record import WIND_GAME_RESULTS, WIND_SEAT_RESULTS, record_wind_game, record_wind_seat

# --- decision points ----------------------------------------------------------------------


@njit_inline
def is_variant_phase(phase):
    return is_wind_phase(phase) or is_war_phase(phase)


@njit
def legal_variant(s, t, p, phase, out, buf):
    """The rows of a variant's phase (is_variant_phase), written into out; their count."""
    if is_wind_phase(phase):
        return legal_wind(s, t, p, phase, out, buf)
    return legal_war(s, t, p, out, buf)


@njit_inline
def is_variant_kind(kind):
    return is_war_kind(kind) or is_wind_kind(kind)


@njit
def apply_variant(s, t, p, kind, a0, a1, a2):
    """Carry out a variant's row (is_variant_kind)."""
    if is_war_kind(kind):
        apply_war(s, t, p, kind, a0, a1, a2)
    else:
        apply_wind(s, t, p, kind, a0, a1)


@njit_inline
def variant_move_rows(s, t, p, out, n, buf):
    """A Move's unit choice: the variants' rows after the units' (The Wind Gambit's
    airship); the new count."""
    return airship_move_row(s, t, p, out, n, buf)


# --- the result rows (play.py) ------------------------------------------------------------
# The variants' columns of a game's row and of a seat's row, after the base columns
VARIANT_GAME_RESULTS = WAR_GAME_RESULTS + WIND_GAME_RESULTS
VARIANT_SEAT_RESULTS = WAR_SEAT_RESULTS + WIND_SEAT_RESULTS
_WIND_GAME0 = len(WAR_GAME_RESULTS)
_WIND_SEAT0 = len(WAR_SEAT_RESULTS)


@njit_inline
def variant_follows(s):
    """The standard game is over and a variant's own game follows it (All Out War's
    war is due): the standard game's results are recorded now."""
    return war_follows(s)


@njit_inline
def variant_played(s):
    """A variant's own game followed the standard game (All Out War's war began): the
    record adds its results to the standard game's, recorded when that ended."""
    return war_played(s)


@njit
def record_variant_game(s, t, decisions, game_row, c0, seat_rows, sc0):
    """The columns of the variant's own game that followed (variant_played): the game's
    from column c0, each seat's from column sc0; decisions: the variant's game's own."""
    record_war(s, t, decisions, game_row, c0, seat_rows, sc0)


@njit
def record_variant_columns(s, t, game_row, c0):
    """The variants' columns of the standard game's row, from column c0 (The Wind
    Gambit's tiles)."""
    record_wind_game(s, t, game_row, c0 + _WIND_GAME0)


@njit
def record_variant_seat(s, p, row, c0):
    """The variants' columns of p's row in the standard game, from column c0 (The Wind
    Gambit's airship)."""
    record_wind_seat(s, p, row, c0 + _WIND_SEAT0)


# --- the turn log (play.py, turnlog.py) ---------------------------------------------------
# The stages after the standard game's (a turn log row's stage 1 + k: the k-th), and the
# variants' columns after the base columns (-1 where a row is not the variant's)
VARIANT_TURN_STAGES = (WAR_TURN_STAGE,)
VARIANT_TURN_FIELDS = WAR_TURN_FIELDS
_WAR_TURN_STAGE_ID = 1 + VARIANT_TURN_STAGES.index(WAR_TURN_STAGE)


@njit_inline
def variant_turns_on(s):
    """A variant's own turns are being played (All Out War's war turns)."""
    return war_turns_on(s)


@njit_inline
def variant_turns_taken(s):
    """The variant's own turns begun so far, all players together (a new one means the
    last ended)."""
    return war_turns_taken(s)


@njit_inline
def variant_round(s):
    """The variant's own round under way."""
    return war_round(s)


@njit_inline
def variant_turn_action(phase, kind, a0, action):
    """The turn's action the log names when the row taken at phase chooses one (All
    Out War's war action), else action."""
    return war_turn_action(phase, kind, a0, action)


@njit
def log_variant_columns(s, p, action, log, k, c0):
    """A variant's own turn's columns of log row k, from column c0; its stage."""
    log_war_columns(s, p, action, log, k, c0)
    return _WAR_TURN_STAGE_ID


@njit
def blank_variant_columns(log, k, c0):
    """A standard turn's row: the variants' columns -1."""
    for c in range(len(VARIANT_TURN_FIELDS)):
        log[k, c0 + c] = -1


def variant_log_rounds(rules):
    """Rounds the turn log may need a game for the variants' own turns."""
    return war_log_rounds(rules)
