"""What a card option costs and gives: encounter options and Factory top actions.

An option is one row of CARD_FIELDS (tables.enc_option / tables.factory_top). Paying and
the fixed gains happen at once; then the choices it leaves are decided in turn:
resources of the player's choice (PH_GAIN_RESOURCES), then one free bottom-row action
(PH_FREE_ACTION). Free actions pay nothing and trigger no mat coins or recruit
bonuses; a star still follows when they complete a set (apply.py checks after every
decision). The caller goes on once `next_gain_phase` returns False.
"""
from scythe_sim.compiled.jit import njit

from ..enums import (CF_ANY_RESOURCES, CF_CARDS, CF_COINS, CF_FREE_ACTIONS, CF_PAY_CARDS,
                     CF_PAY_COINS, CF_PAY_POPULARITY, CF_PAY_POWER, CF_POPULARITY, CF_POWER,
                     CF_RES0, CF_WORKERS, N_HEX, N_RES, N_SECTIONS)
from ..layout import (A_GAIN_RESOURCES, A_NO_BENEFIT, G_FREE_MASK, G_GAIN_ANY, G_GAIN_FROM,
                      G_GAIN_LOC, G_PHASE, PH_FREE_ACTION, PH_GAIN_RESOURCES, P_COINS,
                      P_POPULARITY, P_POWER)
from .board import controls, count_workers, first_worker_on_mat, put_unit
from .bottom import benefit_possible, benefit_rows
from .cards import discard_card, draw_cards, hand_size
from .top import emit
from .tracks import gain_popularity, gain_power
from .wind_gambit.resolution import action_open

RES_BITS = 4   # gain_resources packs the four amounts 4 bits each, oil in the lowest


@njit
def can_pay_option(s, p, row):
    return (s.player[p, P_COINS] >= row[CF_PAY_COINS]
            and s.player[p, P_POPULARITY] >= row[CF_PAY_POPULARITY]
            and s.player[p, P_POWER] >= row[CF_PAY_POWER]
            and hand_size(s, p) >= row[CF_PAY_CARDS])


@njit
def pay_option(s, p, row, card_value):
    """Pay the option's cost; card_value is the combat card given up when it costs one."""
    s.player[p, P_COINS] -= row[CF_PAY_COINS]
    s.player[p, P_POPULARITY] -= row[CF_PAY_POPULARITY]
    s.player[p, P_POWER] -= row[CF_PAY_POWER]
    if row[CF_PAY_CARDS] > 0:
        discard_card(s, p, card_value)


@njit
def take_gains(s, t, p, row, loc, source):
    """The fixed gains now (resources and workers onto loc); the choices are queued."""
    gain_popularity(s, t, p, row[CF_POPULARITY])
    s.player[p, P_COINS] += row[CF_COINS]
    gain_power(s, t, p, row[CF_POWER])
    draw_cards(s, p, row[CF_CARDS])
    if loc >= 0:
        for r in range(N_RES):
            s.hex_res[loc, r] += row[CF_RES0 + r]
        for _ in range(row[CF_WORKERS]):
            w = first_worker_on_mat(s, p)
            if w >= 0:
                put_unit(s, p, w, loc)
    s.game[G_GAIN_FROM] = source
    s.game[G_GAIN_LOC] = loc
    s.game[G_GAIN_ANY] = row[CF_ANY_RESOURCES]
    s.game[G_FREE_MASK] = row[CF_FREE_ACTIONS]


@njit
def _gain_location_ok(s, p, loc):
    if s.game[G_GAIN_LOC] >= 0:
        return loc == s.game[G_GAIN_LOC]
    return count_workers(s, p, loc) > 0 and controls(s, p, loc)


@njit
def legal_gain_resources(s, p, out):
    """Every split of the owed resources over the four types, times every location."""
    k = s.game[G_GAIN_ANY]
    n = 0
    for loc in range(N_HEX):
        if not _gain_location_ok(s, p, loc):
            continue
        for oil in range(k + 1):
            for metal in range(k - oil + 1):
                for wood in range(k - oil - metal + 1):
                    food = k - oil - metal - wood
                    packed = oil | (metal << RES_BITS) | (wood << (2 * RES_BITS)) | (food << (3 * RES_BITS))
                    n = emit(out, n, A_GAIN_RESOURCES, packed, loc, 0)
    return n


@njit
def gain_resources(s, packed, loc):
    for r in range(N_RES):
        s.hex_res[loc, r] += (packed >> (RES_BITS * r)) & 15
    s.game[G_GAIN_ANY] = 0


@njit
def legal_free_action(s, t, p, out):
    n = 0
    mask = s.game[G_FREE_MASK]
    for b in range(N_SECTIONS):
        if (mask >> b) & 1 and action_open(s, b):
            n = benefit_rows(s, t, p, b, s.game[G_GAIN_LOC], out, n)
    if n > 0:
        n = emit(out, n, A_NO_BENEFIT, 0, 0, 0)
    return n


@njit
def _any_free_action(s, t, p):
    mask = s.game[G_FREE_MASK]
    for b in range(N_SECTIONS):
        if (mask >> b) & 1 and action_open(s, b) and benefit_possible(s, t, p, b, s.game[G_GAIN_LOC]):
            return True
    return False


@njit
def next_gain_phase(s, t, p):
    """Move to the next choice the gains leave open; False when none is left."""
    if s.game[G_GAIN_ANY] > 0:
        for loc in range(N_HEX):
            if _gain_location_ok(s, p, loc):
                s.game[G_PHASE] = PH_GAIN_RESOURCES
                return True
        s.game[G_GAIN_ANY] = 0   # nowhere to put them: the gain is lost
    if s.game[G_FREE_MASK] != 0:
        if _any_free_action(s, t, p):
            s.game[G_PHASE] = PH_FREE_ACTION
            return True
        s.game[G_FREE_MASK] = 0
    return False
