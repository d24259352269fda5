"""The greedy family's direct rules: a row for every decision point without playing
any row out. Inside a plan every decision is taken here; in the real game the decisions
a plan does not cover are (movement, payment, combat: tactics.py)."""
import numpy as np

from scythe_sim.compiled.jit import njit

from .invaders.abilities import token_row
from .movememo import forget
from .tactics import (choose_card, choose_dial, choose_payment, choose_step, choose_unit,
                      enemy_map, moving_units_worth, resource_need, spot_value)
from .value import control_map
from .view import (A_BOLSTER_CARDS, A_BOLSTER_POWER, A_BOTTOM, A_BUILD, A_DEPLOY, A_ENCOUNTER_OPTION,
                   A_ENLIST, A_GAIN_COINS, A_GAIN_RESOURCES, A_MOVE, A_PRODUCE, A_PRODUCE_HEX,
                   A_REVEAL_OBJECTIVE, A_TAKE_FACTORY, A_TRADE_POPULARITY, A_TRADE_RESOURCES, A_UPGRADE,
                   BOTTOM_ACTION_ROW, CF_ANY_RESOURCES, CF_CARDS, CF_COINS, CF_FREE_ACTIONS, CF_PAY_CARDS,
                   CF_PAY_COINS, CF_PAY_POPULARITY, CF_PAY_POWER, CF_POPULARITY, CF_POWER, CF_PRODUCE,
                   CF_RES0, CF_WORKERS, CUBE_CARDS, CUBE_POWER, FACTORY_SECTION, G_ENC_CARD, G_PHASE, N_RES,
                   PH_BOTTOM, PH_COMBAT_CARDS, PH_COMBAT_DIAL, PH_END_TURN, PH_MOVE_STEP, PH_MOVE_UNIT,
                   PH_PAY, PH_TOP, P_CUBE0, OFF_BOARD, P_POPULARITY, P_POWER, RES_BITS, R_POWER_MAX,
                   UNIT_MECH0, benefit_possible, highest_dial_row, skip_row, PH_ARTILLERY, PH_PLACE_TOKEN,
                   PH_RETREAT, PH_RONIN, A_RETREAT_HAVEN)
from .wind_gambit.view import PH_AIRSHIP, PH_SHIP_CARDS, PH_SHIP_DIAL
from .weights import (W_COMBAT_CARD, W_POPULARITY, W_POWER, W_RESOURCE, W_WORKER)
from .wind_gambit.airship import airship_first, airship_select_row, choose_airship
from .wind_gambit.airship_purpose import (choose_airship_purposeful, choose_mover, flight_worth, pay_from_airship,
                              purposeful)
from .wind_gambit.ship_combat import choose_ship_card, choose_ship_dial
from .workspace import rule_inputs

# An upgrade's and a structure's worth lie in later turns, which a one-turn plan cannot
# see: fixed preferences order them (TECH_CUBES, BOTTOM_ACTIONS and STRUCTURES order).
CUBE_PREFERENCE = np.array([0.6, 0.1, 0.5, 0.2, 0.3, 0.6])
COST_BOX_PREFERENCE = np.array([0.1, 0.6, 0.4, 0.6])
STRUCTURE_PREFERENCE = np.array([0.4, 0.5, 0.4, 0.6])
MOVE_WORTH = 0.5           # a Move is taken (over Gain) when some unit gains this much
LOW_POPULARITY = 7         # below it (the lowest scoring tier) Trade buys popularity


@njit
def reveal_row(rows, n):
    for i in range(n):
        if rows[i, 0] == A_REVEAL_OBJECTIVE:
            return i
    return -1


@njit
def factory_card_row(t, rows, n, w):
    """The Factory card whose top action is worth most (its gains less its costs, as an
    encounter option is valued); the cards' bottom actions are alike."""
    best = 0
    best_value = -1e18
    for i in range(n):
        if rows[i, 0] == A_TAKE_FACTORY:
            v = _option_value(t.factory_top[rows[i, 1]], w)
            if v > best_value:
                best, best_value = i, v
    return best


@njit
def opponent_public_choice(s, n):
    """An opponent's decision inside a plan (a defender's), from public information only:
    the highest dial it can set and no combat cards."""
    if s.game[G_PHASE] == PH_COMBAT_DIAL or s.game[G_PHASE] == PH_SHIP_DIAL:
        return highest_dial_row(n)
    if s.game[G_PHASE] == PH_ARTILLERY or s.game[G_PHASE] == PH_RONIN:
        return 0          # an opponent's Artillery or Ronin: expected to be used
    return skip_row(n)


@njit
def _find_kind(rows, n, kind):
    for i in range(n):
        if rows[i, 0] == kind:
            return i
    return -1


@njit
def _argmax(values, n):
    best = 0
    for i in range(1, n):
        if values[i] > values[best]:
            best = i
    return best


@njit
def decide_direct(s, t, p, rows, n, inputs, values):
    """The row the direct rules pick for p, with one workspace level's inputs (a
    RuleInputs of work.buf[level], work.memo[level], ...: workspace.rule_inputs) and
    values (work.values[level]; not the whole Workspace, because a call pushes every
    array of that tuple field by field). The caller keeps or forgets the memo
    (movememo.py)."""
    w, near, ctrl, enemy, need = inputs.w, inputs.near, inputs.ctrl, inputs.enemy, inputs.need
    i = reveal_row(rows, n)
    if i >= 0:
        return i
    phase = s.game[G_PHASE]
    if phase == PH_COMBAT_DIAL:
        return choose_dial(s, t, rows, n, w)
    if phase == PH_COMBAT_CARDS:
        return choose_card(s, t, rows, n, w)
    if phase == PH_SHIP_DIAL:
        return choose_ship_dial(s, t, rows, n, w)
    if phase == PH_SHIP_CARDS:
        return choose_ship_card(s, t, rows, n, w)
    if phase == PH_PAY:
        i = pay_from_airship(s, rows, n) if purposeful(w) else -1
        return i if i >= 0 else choose_payment(s, rows, n)
    if phase == PH_END_TURN:
        return skip_row(n)
    if phase == PH_PLACE_TOKEN:
        return token_row(s, t, p, rows, n, near)
    if phase == PH_ARTILLERY:
        return 0          # Artillery whenever it can act (the opponent's 2 power for 1)
    if phase == PH_RONIN:
        return 0          # Ronin whenever it can act: 2 power for nothing
    if phase == PH_RETREAT:   # to the Safe Haven (the units stay on the board); Seaworthy's lakes declined: home
        i = _find_kind(rows, n, A_RETREAT_HAVEN)
        return i if i >= 0 else skip_row(n)
    if phase == PH_BOTTOM:
        kind, b = rows[BOTTOM_ACTION_ROW, 0], rows[BOTTOM_ACTION_ROW, 1]
        take = kind == A_BOTTOM and (b == FACTORY_SECTION or benefit_possible(s, t, p, b, -1))
        return BOTTOM_ACTION_ROW if take else skip_row(n)
    if _maps_read(phase, rows, n):
        _direct_maps(s, t, p, ctrl, enemy, need)
    if phase == PH_MOVE_UNIT and purposeful(w):
        return choose_mover(s, t, p, rows, n, inputs)
    if phase == PH_AIRSHIP and purposeful(w):
        return choose_airship_purposeful(s, t, p, rows, n, inputs)
    if phase == PH_MOVE_UNIT:
        ship = airship_first(s, t, p, rows, n)
        if ship >= 0:
            return ship
        i = choose_unit(s, t, p, rows, n, inputs)
        ship = airship_select_row(rows, n) if i == skip_row(n) else -1
        return ship if ship >= 0 else i      # the airship flies when no unit gains by moving
    if phase == PH_AIRSHIP:
        return choose_airship(s, t, p, rows, n)
    if phase == PH_MOVE_STEP:
        return choose_step(s, t, p, rows, n, inputs)
    if phase == PH_TOP:
        return direct_top(s, t, p, rows, n, inputs)
    _fill_values(s, t, p, rows, n, inputs, values)
    return _argmax(values, n)


@njit
def _maps_read(phase, rows, n):
    """The direct rules read the level's maps (_direct_maps) for this decision: movement,
    and the rows valued by where units stand or which resources p lacks. Building them
    for the other decisions would be wasted (they are rebuilt for every decision)."""
    if phase == PH_MOVE_UNIT or phase == PH_MOVE_STEP or phase == PH_AIRSHIP:
        return True
    for i in range(n):
        kind = rows[i, 0]
        if (kind == A_MOVE or kind == A_TRADE_RESOURCES or kind == A_DEPLOY
                or kind == A_PRODUCE_HEX or kind == A_GAIN_RESOURCES):
            return True
    return False


@njit
def _direct_maps(s, t, p, ctrl, enemy, need):
    """Fill the control, enemy and resource-need rows of a level's buffers, which the
    direct rules read."""
    control_map(s, ctrl)
    enemy_map(s, p, enemy)
    resource_need(s, t, p, ctrl, need)


@njit
def direct_top(s, t, p, rows, n, inputs):
    """The top-row option with the best direct value, or skipping when none is worth
    anything."""
    best = skip_row(n)
    best_value = 0.0
    for i in range(n):
        v = _top_value(s, t, p, rows, i, inputs)
        if v > best_value:
            best, best_value = i, v
    return best


@njit
def _top_value(s, t, p, rows, i, inputs):
    """Move when some unit gains by it (else Gain); Bolster power below the track's top
    unless cards are worth more; Trade for popularity below the lowest tier's top, else
    for the resources most needed; Produce whenever it can be paid."""
    w, need = inputs.w, inputs.need
    kind = rows[i, 0]
    if kind == A_MOVE:
        worth = moving_units_worth(s, t, p, inputs)
        if purposeful(w) and s.airship_loc[p] != OFF_BOARD:     # The Wind Gambit: a flight is a Move's worth too
            worth = max(worth, flight_worth(s, t, p, inputs))
        return 2.0 if worth > MOVE_WORTH else -1.0
    if kind == A_GAIN_COINS or kind == A_PRODUCE:
        return 1.0
    if kind == A_BOLSTER_POWER:
        room = s.player[p, P_POWER] < t.rules[R_POWER_MAX]
        return w[W_POWER] * t.top_amount[CUBE_POWER, s.player[p, P_CUBE0 + CUBE_POWER]] if room else 0.0
    if kind == A_BOLSTER_CARDS:
        return w[W_COMBAT_CARD] * t.top_amount[CUBE_CARDS, s.player[p, P_CUBE0 + CUBE_CARDS]]
    if kind == A_TRADE_POPULARITY:
        return 2.0 if s.player[p, P_POPULARITY] < LOW_POPULARITY else 0.5 + w[W_POPULARITY]
    if kind == A_TRADE_RESOURCES:
        return 0.1 + _need_of(need, rows[i, 1]) + _need_of(need, rows[i, 2])
    return -1.0


@njit
def row_values(s, t, p, rows, n, w, work, level):
    """Fill work.values[level][:n] with every row's direct value (top-row options or rows
    with an immediate effect), so a planner can play out only the most promising rows.
    (Nothing is returned: a function compiled without the runtime must not return a view.)
    The level's movement memo is forgotten: s is a new position for it."""
    inputs = rule_inputs(w, work, level)
    forget(inputs.memo)
    if _maps_read(s.game[G_PHASE], rows, n):
        _direct_maps(s, t, p, inputs.ctrl, inputs.enemy, inputs.need)
    _fill_values(s, t, p, rows, n, inputs, work.values[level])


@njit
def _fill_values(s, t, p, rows, n, inputs, values):
    """values[:n] from the level's maps (_direct_maps, in inputs)."""
    top = s.game[G_PHASE] == PH_TOP
    for k in range(n):
        if top:
            values[k] = _top_value(s, t, p, rows, k, inputs)
        else:
            values[k] = _row_value(s, t, p, rows, k, inputs)


@njit
def _need_of(need, r):
    if r < 0:
        return 0.0
    return 1.0 if need[r] > 0 else 0.2


@njit
def _row_value(s, t, p, rows, i, inputs):
    """Direct value of a row with an immediate effect (benefits, encounter options,
    Produce territories, resources of choice); 0 for anything else."""
    w, need = inputs.w, inputs.need
    kind, a0, a1 = rows[i, 0], rows[i, 1], rows[i, 2]
    if kind == A_UPGRADE:
        return 1.0 + CUBE_PREFERENCE[a0] + COST_BOX_PREFERENCE[a1]
    if kind == A_DEPLOY:
        return 1.0 + 0.1 * spot_value(s, t, p, UNIT_MECH0 + a0, a1, inputs)
    if kind == A_BUILD:
        return 1.0 + STRUCTURE_PREFERENCE[a0]
    if kind == A_ENLIST:
        return 1.0 + _bonus_value(t, a1, w)
    if kind == A_ENCOUNTER_OPTION:
        return 1.0 + _option_value(t.enc_option[s.game[G_ENC_CARD], a0], w)
    if kind == A_PRODUCE_HEX:
        if t.produces[t.terrain[a0]] < 0:
            return a1 * w[W_WORKER]
        return a1 * (0.5 + _need_of(need, t.produces[t.terrain[a0]]))
    if kind == A_GAIN_RESOURCES:
        v = 0.0
        for r in range(N_RES):
            v += ((a0 >> (RES_BITS * r)) & ((1 << RES_BITS) - 1)) * (0.5 + _need_of(need, r))
        return v
    return 0.0


@njit
def _bonus_value(t, bonus, w):
    """A recruit's one-time bonus (ONE_TIME_BONUSES order: power, coins, popularity, cards)."""
    amount = t.onetime_amount[bonus]
    if bonus == 0:
        return amount * w[W_POWER]
    if bonus == 1:
        return amount * 1.0
    if bonus == 2:
        return amount * (0.5 + w[W_POPULARITY])
    return amount * w[W_COMBAT_CARD]


@njit
def _option_value(row, w):
    """An encounter option from its card data: what it gives less what it costs."""
    v = (row[CF_COINS] - row[CF_PAY_COINS]) * 1.0
    v += (row[CF_POPULARITY] - row[CF_PAY_POPULARITY]) * (0.5 + w[W_POPULARITY])
    v += (row[CF_POWER] - row[CF_PAY_POWER]) * w[W_POWER]
    v += (row[CF_CARDS] - row[CF_PAY_CARDS]) * w[W_COMBAT_CARD]
    for r in range(N_RES):
        v += row[CF_RES0 + r] * (0.5 + w[W_RESOURCE])
    v += row[CF_ANY_RESOURCES] * (0.7 + w[W_RESOURCE])
    v += row[CF_WORKERS] * w[W_WORKER]
    if row[CF_FREE_ACTIONS] != 0:
        v += 3.0
    v += row[CF_PRODUCE] * 2.0
    return v
