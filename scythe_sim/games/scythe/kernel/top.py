"""Top-row actions: Move/Gain (the Move itself is in movement.py), Bolster, Trade, Produce."""
from scythe_sim.compiled.jit import njit, njit_inline
from scythe_sim.compiled.rows import emit  # noqa: F401  (the kernel's modules import it from here)

from ..enums import (ARMORY, BOLSTER, CUBE_CARDS, CUBE_GAIN, CUBE_MOVE, CUBE_POPULARITY,
                     CUBE_POWER, CUBE_PRODUCE, LAKE, MILL, MONUMENT, MOVE, N_HEX, PRODUCE,
                     TRADE)
from ..layout import (A_BOLSTER_CARDS, A_BOLSTER_POWER, A_END_PRODUCE, A_GAIN_COINS,
                      A_MOVE, A_PRODUCE, A_PRODUCE_HEX, A_SKIP, A_TRADE_HEX,
                      A_TRADE_POPULARITY, A_TRADE_RESOURCES, G_MILL_LEFT, G_PHASE,
                      G_PRODUCE_LEFT, G_SECTION, G_TRADE_A, G_TRADE_B, G_UNITS_LEFT,
                      G_MOVED_MASK, N_UNITS, N_WORKERS, P_COINS, P_CUBE0, P_MAT,
                      P_POPULARITY, P_POWER, PH_BOTTOM, PH_MOVE_UNIT, PH_PRODUCE,
                      PH_TRADE_HEX)
from .board import controls, count_workers, first_worker_on_mat, put_unit, workers_on_board
from .cards import draw_cards
from .movement import can_start_moving
from .tracks import gain_popularity, gain_power


@njit_inline
def cube_amount(s, t, p, cube):
    """A top-row amount: without its tech cube moved, or with it."""
    return t.top_amount[cube, s.player[p, P_CUBE0 + cube]]


@njit
def top_action(s, t, p):
    return t.mat_top[s.player[p, P_MAT], s.game[G_SECTION]]


@njit
def has_worker_hex(s, p):
    """Some territory p controls holds one of p's workers (where Trade/Deploy/Build place)."""
    for loc in range(N_HEX):
        if count_workers(s, p, loc) > 0 and controls(s, p, loc):
            return True
    return False


@njit
def produce_cost(s, t, p):
    """(power, popularity, coins) the Produce action costs now."""
    w = workers_on_board(s, p)
    return t.produce_cost[w, 0], t.produce_cost[w, 1], t.produce_cost[w, 2]


@njit
def legal_top(s, t, p, out, buf):
    n = 0
    act = top_action(s, t, p)
    coins = s.player[p, P_COINS]
    if act == MOVE:
        for u in range(N_UNITS):
            if can_start_moving(s, t, p, u, buf):
                n = emit(out, n, A_MOVE, 0, 0, 0)
                break
        n = emit(out, n, A_GAIN_COINS, 0, 0, 0)
    elif act == BOLSTER:
        if coins >= t.top_const[1]:
            n = emit(out, n, A_BOLSTER_POWER, 0, 0, 0)
            n = emit(out, n, A_BOLSTER_CARDS, 0, 0, 0)
    elif act == TRADE:
        if coins >= t.top_const[2]:
            n = emit(out, n, A_TRADE_POPULARITY, 0, 0, 0)
            if has_worker_hex(s, p):
                for a in range(4):
                    n = emit(out, n, A_TRADE_RESOURCES, a, -1, 0)
                    for b in range(a, 4):
                        n = emit(out, n, A_TRADE_RESOURCES, a, b, 0)
    elif act == PRODUCE:
        cp, cpop, cc = produce_cost(s, t, p)
        if s.player[p, P_POWER] >= cp and s.player[p, P_POPULARITY] >= cpop and coins >= cc:
            n = emit(out, n, A_PRODUCE, 0, 0, 0)
    n = emit(out, n, A_SKIP, 0, 0, 0)
    return n


@njit
def start_bottom(s):
    s.game[G_PHASE] = PH_BOTTOM


@njit
def start_move(s, t, p):
    s.game[G_UNITS_LEFT] = cube_amount(s, t, p, CUBE_MOVE)
    s.game[G_MOVED_MASK] = 0
    s.game[G_PHASE] = PH_MOVE_UNIT


@njit
def gain_coins(s, t, p):
    s.player[p, P_COINS] += cube_amount(s, t, p, CUBE_GAIN)
    start_bottom(s)


@njit
def bolster(s, t, p, cards):
    s.player[p, P_COINS] -= t.top_const[1]
    if cards:
        draw_cards(s, p, cube_amount(s, t, p, CUBE_CARDS))
    else:
        gain_power(s, t, p, cube_amount(s, t, p, CUBE_POWER))
    if s.struct_loc[p, MONUMENT] >= 0:
        gain_popularity(s, t, p, 1)
    start_bottom(s)


@njit
def trade_popularity(s, t, p):
    s.player[p, P_COINS] -= t.top_const[2]
    gain_popularity(s, t, p, cube_amount(s, t, p, CUBE_POPULARITY))
    if s.struct_loc[p, ARMORY] >= 0:
        gain_power(s, t, p, 1)
    start_bottom(s)


@njit
def trade_resources(s, t, p, a, b):
    s.player[p, P_COINS] -= t.top_const[2]
    if s.struct_loc[p, ARMORY] >= 0:
        gain_power(s, t, p, 1)
    s.game[G_TRADE_A] = a
    s.game[G_TRADE_B] = b
    s.game[G_PHASE] = PH_TRADE_HEX


@njit
def legal_trade_hex(s, t, p, out):
    n = 0
    for loc in range(N_HEX):
        if count_workers(s, p, loc) > 0 and controls(s, p, loc):
            n = emit(out, n, A_TRADE_HEX, loc, 0, 0)
    return n


@njit
def trade_hex(s, loc):
    s.hex_res[loc, s.game[G_TRADE_A]] += 1
    if s.game[G_TRADE_B] >= 0:
        s.hex_res[loc, s.game[G_TRADE_B]] += 1
    start_bottom(s)


@njit
def start_produce(s, t, p):
    cp, cpop, cc = produce_cost(s, t, p)
    s.player[p, P_POWER] -= cp
    s.player[p, P_POPULARITY] -= cpop
    s.player[p, P_COINS] -= cc
    begin_producing(s, t, p, cube_amount(s, t, p, CUBE_PRODUCE), s.struct_loc[p, MILL] >= 0)


@njit
def begin_producing(s, t, p, territories, with_mill):
    """Choose up to `territories` territories to produce on (plus the Mill's, with_mill);
    straight to the bottom row when none can produce."""
    s.game[G_PRODUCE_LEFT] = territories
    s.game[G_MILL_LEFT] = 1 if with_mill else 0
    for loc in range(s.mark.shape[0]):
        s.mark[loc] = 0
    s.game[G_PHASE] = PH_PRODUCE
    if not any_produce_hex(s, t, p):
        start_bottom(s)


@njit
def _producers(s, t, p, loc):
    """Workers producing on loc for p this Produce (the Mill counts as one), 0 if none may."""
    if s.mark[loc] != 0 or t.produces[t.terrain[loc]] == -1 or t.terrain[loc] == LAKE:
        return 0
    if not controls(s, p, loc):
        return 0
    mill_here = s.struct_loc[p, MILL] == loc
    if s.game[G_PRODUCE_LEFT] <= 0 and not (mill_here and s.game[G_MILL_LEFT] > 0):
        return 0
    return count_workers(s, p, loc) + (1 if mill_here else 0)


@njit
def any_produce_hex(s, t, p):
    for loc in range(N_HEX):
        if _producers(s, t, p, loc) > 0:
            return True
    return False


@njit
def legal_produce(s, t, p, out):
    n = 0
    on_mat = N_WORKERS - workers_on_board(s, p)
    for loc in range(N_HEX):
        k = _producers(s, t, p, loc)
        if k == 0:
            continue
        if t.produces[t.terrain[loc]] == -2:
            # a village: take as many of the new workers as wanted (and as the mat holds)
            for made in range(1, min(k, on_mat) + 1):
                n = emit(out, n, A_PRODUCE_HEX, loc, made, 0)
        else:
            n = emit(out, n, A_PRODUCE_HEX, loc, k, 0)
    n = emit(out, n, A_END_PRODUCE, 0, 0, 0)
    return n


@njit
def produce_hex(s, t, p, loc, amount):
    s.mark[loc] = 1
    if s.struct_loc[p, MILL] == loc and s.game[G_MILL_LEFT] > 0:
        s.game[G_MILL_LEFT] = 0
    else:
        s.game[G_PRODUCE_LEFT] -= 1
    made = t.produces[t.terrain[loc]]
    if made == -2:
        for _ in range(amount):
            w = first_worker_on_mat(s, p)
            if w < 0:
                break
            put_unit(s, p, w, loc)
    else:
        s.hex_res[loc, made] += amount
    if not any_produce_hex(s, t, p):
        start_bottom(s)
