"""The Factory card as a fifth section: its top-row action and its bottom-row Move.

The top action pays the card's cost and takes its gains (tables.factory_top): track
gains, a free bottom-row action placed by the normal rules, resources of the player's
choice on a territory it controls with a worker, or Produce on up to N territories
(without the Produce cost and without the Mill). The bottom action, the same on every
card, moves one unit up to tables.factory_steps hexes (one more with Speed), free.
Neither pays mat coins or recruit bonuses.
"""
from scythe_sim.compiled.jit import njit

from ..enums import CF_PAY_CARDS, CF_PRODUCE, FACTORY_SECTION, N_CARD_VALUES
from ..layout import (A_BOTTOM, A_FACTORY_TOP, A_SKIP, GAIN_FROM_FACTORY, G_MOVED_MASK, G_PHASE,
                      G_UNITS_LEFT, N_UNITS, PH_MOVE_UNIT, P_FACTORY_CARD)
from .gains import can_pay_option, next_gain_phase, pay_option, take_gains
from .movement import can_start_moving
from .top import begin_producing, emit, start_bottom


@njit
def legal_factory_top(s, t, p, out):
    n = 0
    row = t.factory_top[s.player[p, P_FACTORY_CARD]]
    if can_pay_option(s, p, row):
        if row[CF_PAY_CARDS] > 0:
            for v in range(N_CARD_VALUES):
                if s.hand[p, v] > 0:
                    n = emit(out, n, A_FACTORY_TOP, v, 0, 0)
        else:
            n = emit(out, n, A_FACTORY_TOP, -1, 0, 0)
    n = emit(out, n, A_SKIP, 0, 0, 0)
    return n


@njit
def factory_top(s, t, p, card_value):
    row = t.factory_top[s.player[p, P_FACTORY_CARD]]
    pay_option(s, p, row, card_value)
    take_gains(s, t, p, row, -1, GAIN_FROM_FACTORY)
    if row[CF_PRODUCE] > 0:
        begin_producing(s, t, p, row[CF_PRODUCE], False)
    elif not next_gain_phase(s, t, p):
        start_bottom(s)


@njit
def legal_factory_bottom(s, t, p, out, buf):
    n = 0
    for u in range(N_UNITS):
        if can_start_moving(s, t, p, u, buf):
            n = emit(out, n, A_BOTTOM, FACTORY_SECTION, 0, 0)
            break
    n = emit(out, n, A_SKIP, 0, 0, 0)
    return n


@njit
def start_factory_move(s):
    s.game[G_UNITS_LEFT] = 1
    s.game[G_MOVED_MASK] = 0
    s.game[G_PHASE] = PH_MOVE_UNIT
