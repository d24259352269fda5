"""The Wind Gambit's decision points as legal.py and apply.py meet them, through the
registration (kernel/variant_play.py): the airship's own phase (PH_AIRSHIP), an
airship fight's dial and cards (PH_SHIP_DIAL, PH_SHIP_CARDS), the airship's row among a
Move's units, and paying a bottom action from the airship's cargo."""
from scythe_sim.compiled.jit import njit, njit_inline
from scythe_sim.compiled.rows import emit

from ...layout import A_PAY_AIRSHIP, A_SELECT_AIRSHIP, PH_AIRSHIP, PH_SHIP_CARDS, PH_SHIP_DIAL
from ..bottom import pay_airship
from .airship import can_select_airship, select_airship
from .airship_combat import apply_ship, is_ship_kind, legal_ship_fight
from .airship_effects import apply_airship, is_airship_kind, legal_airship


@njit_inline
def is_wind_phase(phase):
    return phase == PH_AIRSHIP or phase == PH_SHIP_DIAL or phase == PH_SHIP_CARDS


@njit
def legal_wind(s, t, p, phase, out, buf):
    """The rows of one of the variant's phases (is_wind_phase)."""
    if phase == PH_AIRSHIP:
        return legal_airship(s, t, p, out, buf)
    return legal_ship_fight(s, t, out)


@njit_inline
def is_wind_kind(kind):
    return (kind == A_SELECT_AIRSHIP or kind == A_PAY_AIRSHIP or is_airship_kind(kind)
            or is_ship_kind(kind))


@njit
def apply_wind(s, t, p, kind, a0, a1):
    """Carry out one of the variant's rows (is_wind_kind)."""
    if kind == A_SELECT_AIRSHIP:
        select_airship(s, t, p)
    elif kind == A_PAY_AIRSHIP:
        pay_airship(s, p)        # a bottom action's resource paid from the cargo (kernel/bottom.py)
    elif is_airship_kind(kind):
        apply_airship(s, t, p, kind, a0, a1)
    else:
        apply_ship(s, t, kind, a0)


@njit
def airship_move_row(s, t, p, out, n, buf):
    """The Move's unit choice: the airship's row after the units' when it may fly."""
    if can_select_airship(s, t, p, buf):
        n = emit(out, n, A_SELECT_AIRSHIP, 0, 0, 0)
    return n
