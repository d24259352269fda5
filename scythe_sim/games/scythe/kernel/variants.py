"""The rule variants' compiled hooks, registered in one place.

A shared rule file asks here where a variant may change what it does (the end of the
game, the stars, the invariants, the step after a decision) and never reads a variant's
state or switch itself. Each hook calls every registered variant's own hook in turn,
from the variant's folder: The Wind Gambit (wind_gambit/), All Out War (war/). A
variant's hook tests its own switch and returns at once when its variant is off, so a
hook costs a base game a read or two. Compiled code cannot look functions up at run
time, so registering a variant is naming its hook here, in each hook that concerns it.
"""
from scythe_sim.compiled.jit import njit, njit_entry, njit_inline

from .war.capitulate import power_top  # noqa: F401  (the power track's top: a war's may differ)
from .war.fields import WAR_STATE_FIELDS, clear_war_state
from .war.invariants import WAR_INVARIANTS, mobilized, war_invariants
from .war.mobilize import mark_war_due, start_war_if_due, war_begun
from .wind_gambit.airship import AIRSHIPS_INVARIANT
from .wind_gambit.airship import airships_ok, clear_airships, is_aboard
from .wind_gambit.resolution import (combat_star_cap, shared_done, star_cap_reached,  # noqa: F401
                                    star_limit)                  # (Mission Possible's stars)
from .wind_gambit.resolution import clear_turn as resolution_clear_turn
from .wind_gambit.resolution import note_free_action
from .wind_gambit.resolution import star_end as resolution_star_end
from .wind_gambit.resolution import turn_end as resolution_turn_end

# The State's fields that close the record, copied only where full_copy says so
# (state.copy_into): All Out War's
CLOSING_FIELDS = WAR_STATE_FIELDS

# What check_invariants calls the variants' checks: invariants() returns first_code + k for
# the k-th of VARIANT_INVARIANTS, late_code + k for the k-th of LATE_VARIANT_INVARIANTS.
VARIANT_INVARIANTS = WAR_INVARIANTS
LATE_VARIANT_INVARIANTS = (AIRSHIPS_INVARIANT,)


@njit
def star_end(s, t, p):
    """p has just placed a star: the END_* reason a variant ends the game with now,
    END_GOES_ON when a variant rules that it goes on, END_BASE_RULE when none rules the
    stars' end (the stars to end apply). The Wind Gambit's resolution tile."""
    return resolution_star_end(s, t, p)


@njit
def turn_end(s, t, p):
    """p's turn is over: the END_* reason a variant ends the game with now, else
    END_GOES_ON. The Wind Gambit's resolution tile."""
    return resolution_turn_end(s, t, p)


@njit_inline
def on_game_end(s, t):
    """The game has just ended (ending.end_game): All Out War marks its war due."""
    mark_war_due(s, t)


@njit_entry
def after_step(s, t):
    """After each decision's step (the batch loop, Game.step): True when a variant has
    taken the game on (All Out War's mobilization starts once the standard game ended)."""
    return start_war_if_due(s, t)


@njit_inline
def clear_turn(s):
    """A turn starts (turn.clear_turn_scratch): the variants' turn scratch back to blank
    (the Resolution Module's free bottom actions)."""
    resolution_clear_turn(s)


@njit_inline
def free_action_taken(s, b):
    """A card gave p bottom action b free this turn (apply._apply_free_action): the
    Resolution Module allows no second b this turn."""
    note_free_action(s, b)


@njit_inline
def clear_variant_state(s):
    """The variants' fields of the State back to blank (state.clear_state)."""
    clear_airships(s)
    clear_war_state(s)


@njit_inline
def full_copy(dst, src):
    """state.copy_into copies the whole record, not only its bytes up to the fields a
    variant uses alone (All Out War's, while src or dst is in a war)."""
    return war_begun(src) or war_begun(dst)


@njit_inline
def standard_play(s):
    """The standard game is under way: no variant has taken the game on (All Out War's
    war is neither due nor under way). The turn log and the learned record keep its turns."""
    return not war_begun(s)


@njit_inline
def stars_closed(s):
    """No more stars are placed (All Out War: the war is due or under way)."""
    return war_begun(s)


@njit_inline
def may_be_off_board(s, p, u):
    """p's unit u may be off the board where the base game keeps it on: All Out War's
    workers after mobilization (and a capitulated character), a worker aboard p's
    airship (The Wind Gambit)."""
    return mobilized(s) or is_aboard(s, p, u)


@njit
def invariants(s, t, n, first_code, late_code):
    """0 when every variant's state holds, else the broken check's code: the Wind
    Gambit's airships (late_code), then All Out War's checks (from first_code)."""
    if not airships_ok(s, t, n):
        return late_code
    return war_invariants(s, t, first_code)
