"""Bottom-row actions: paying the cost, Upgrade/Deploy/Build/Enlist, mat coins and
the recruits' ongoing bonuses (you, then your left neighbour, then your right)."""
from scythe_sim.compiled.jit import njit

from ..enums import (BONUS_CARDS, BONUS_COINS, BONUS_POPULARITY, BONUS_POWER, BUILD, COERCION,
                     DEPLOY, ENLIST, LAKE, N_BONUSES, N_CARD_VALUES, N_CUBES, N_HEX, N_SECTIONS,
                     N_STRUCTURES, UPGRADE)
from ..layout import (A_PAY_AIRSHIP, AS_RES0, A_BOTTOM, A_BUILD, A_DEPLOY, A_ENLIST, A_NO_BENEFIT, A_PAY_COERCION,
                      A_PAY_RESOURCE, A_SKIP, A_UPGRADE, G_COERCION_USED, G_N_PLAYERS,
                      G_PAY_LEFT, G_PAY_RES, G_PHASE, G_SECTION, N_MECHS, OFF_BOARD,
                      PH_BOTTOM_BENEFIT, PH_PAY, P_COINS, P_CUBE0, P_ABILITY, P_MAT, P_ONETIME0,
                      P_RECRUIT0, P_REDUCED0, UNIT_MECH0)
from .board import (controlled_resource, controls, count_workers, note_faction_ability,
                    put_structure, put_unit, structure_owner_at)
from .cards import discard_card, draw_cards, hand_size
from .objectives import close_turn
from .top import emit
from .tracks import gain_popularity, gain_power
from .turn import check_stars
from .wind_gambit.resolution import action_open


@njit
def bottom_cost(s, t, p, b):
    return t.mat_cost[s.player[p, P_MAT], b] - s.player[p, P_REDUCED0 + b]


@njit
def coercion_available(s, t, p):
    return (s.player[p, P_ABILITY] == COERCION
            and s.game[G_COERCION_USED] == 0 and hand_size(s, p) > 0)


@njit
def can_pay(s, t, p, r, amount):
    extra = 1 if coercion_available(s, t, p) else 0
    return controlled_resource(s, p, r) + extra >= amount


@njit
def legal_bottom(s, t, p, out):
    n = 0
    b = s.game[G_SECTION]
    if action_open(s, b) and can_pay(s, t, p, b, bottom_cost(s, t, p, b)):
        n = emit(out, n, A_BOTTOM, b, 0, 0)
    n = emit(out, n, A_SKIP, 0, 0, 0)
    return n


@njit
def start_payment(s, t, p):
    b = s.game[G_SECTION]
    s.game[G_PAY_RES] = b  # bottom action b is paid with resource b (oil, metal, wood, food)
    s.game[G_PAY_LEFT] = bottom_cost(s, t, p, b)
    s.game[G_PHASE] = PH_PAY if s.game[G_PAY_LEFT] > 0 else PH_BOTTOM_BENEFIT


@njit
def legal_pay(s, t, p, out):
    n = 0
    r = s.game[G_PAY_RES]
    for loc in range(N_HEX):
        if s.hex_res[loc, r] > 0 and controls(s, p, loc):
            n = emit(out, n, A_PAY_RESOURCE, loc, 0, 0)
    if s.airship[p, AS_RES0 + r] > 0:   # The Wind Gambit: resources aboard are p's to spend
        n = emit(out, n, A_PAY_AIRSHIP, 0, 0, 0)
    if coercion_available(s, t, p):
        for v in range(N_CARD_VALUES):
            if s.hand[p, v] > 0:
                n = emit(out, n, A_PAY_COERCION, v, 0, 0)
    return n


@njit
def pay_resource(s, loc):
    s.hex_res[loc, s.game[G_PAY_RES]] -= 1
    _paid_one(s)


@njit
def pay_airship(s, p):
    s.airship[p, AS_RES0 + s.game[G_PAY_RES]] -= 1
    _paid_one(s)


@njit
def pay_coercion(s, p, v):
    discard_card(s, p, v)
    s.game[G_COERCION_USED] = 1
    note_faction_ability(s, p, COERCION)
    _paid_one(s)


@njit
def _paid_one(s):
    s.game[G_PAY_LEFT] -= 1
    if s.game[G_PAY_LEFT] <= 0:
        s.game[G_PHASE] = PH_BOTTOM_BENEFIT


@njit
def placement_ok(s, t, p, loc):
    """Deploy/Build target: a territory p controls with a worker of p on it, not a lake."""
    return t.terrain[loc] != LAKE and count_workers(s, p, loc) > 0 and controls(s, p, loc)


@njit
def legal_benefit(s, t, p, out):
    n = benefit_rows(s, t, p, s.game[G_SECTION], -1, out, 0)
    n = emit(out, n, A_NO_BENEFIT, 0, 0, 0)
    return n


@njit
def _place_ok(s, t, p, loc, fixed):
    """Where a mech or structure may go: the fixed location of a card gain, or (fixed < 0)
    a territory p controls with a worker of p on it."""
    if fixed >= 0:
        return loc == fixed and t.terrain[loc] != LAKE
    return placement_ok(s, t, p, loc)


@njit
def benefit_possible(s, t, p, b, fixed):
    """True when bottom action b's benefit has at least one row (see benefit_rows)."""
    mat = s.player[p, P_MAT]
    if b == UPGRADE:
        for target in range(N_SECTIONS):
            if s.player[p, P_REDUCED0 + target] < t.mat_cost[mat, target] - t.mat_min[mat, target]:
                return True  # a box left to cover means a cube is left to move
        return False
    if b == ENLIST:
        for sec in range(N_SECTIONS):
            if s.player[p, P_RECRUIT0 + sec] == 0:
                return True
        return False
    if b == DEPLOY:
        piece_left = False
        for m in range(N_MECHS):
            piece_left = piece_left or s.unit_loc[p, UNIT_MECH0 + m] == OFF_BOARD
    else:
        piece_left = False
        for k in range(N_STRUCTURES):
            piece_left = piece_left or s.struct_loc[p, k] == OFF_BOARD
    if not piece_left:
        return False
    for loc in range(N_HEX):
        if _place_ok(s, t, p, loc, fixed) and (b == DEPLOY or structure_owner_at(s, loc) < 0):
            return True
    return False


@njit
def benefit_rows(s, t, p, b, fixed, out, n):
    """Append the rows of bottom action b's benefit; fixed >= 0 pins Deploy/Build there."""
    mat = s.player[p, P_MAT]
    if b == UPGRADE:
        for c in range(N_CUBES):
            if s.player[p, P_CUBE0 + c] == 0:
                for target in range(N_SECTIONS):
                    boxes = t.mat_cost[mat, target] - t.mat_min[mat, target]
                    if s.player[p, P_REDUCED0 + target] < boxes:
                        n = emit(out, n, A_UPGRADE, c, target, 0)
    elif b == DEPLOY:
        for m in range(N_MECHS):
            if s.unit_loc[p, UNIT_MECH0 + m] == OFF_BOARD:
                for loc in range(N_HEX):
                    if _place_ok(s, t, p, loc, fixed):
                        n = emit(out, n, A_DEPLOY, m, loc, 0)
    elif b == BUILD:
        for k in range(N_STRUCTURES):
            if s.struct_loc[p, k] == OFF_BOARD:
                for loc in range(N_HEX):
                    if _place_ok(s, t, p, loc, fixed) and structure_owner_at(s, loc) < 0:
                        n = emit(out, n, A_BUILD, k, loc, 0)
    elif b == ENLIST:
        for sec in range(N_SECTIONS):
            if s.player[p, P_RECRUIT0 + sec] == 0:
                for bonus in range(N_BONUSES):
                    if s.player[p, P_ONETIME0 + bonus] == 0:
                        n = emit(out, n, A_ENLIST, sec, bonus, 0)
    return n


@njit
def gain_bonus(s, t, p, kind, amount):
    if kind == BONUS_POWER:
        gain_power(s, t, p, amount)
    elif kind == BONUS_COINS:
        s.player[p, P_COINS] += amount
    elif kind == BONUS_POPULARITY:
        gain_popularity(s, t, p, amount)
    elif kind == BONUS_CARDS:
        draw_cards(s, p, amount)


@njit
def upgrade(s, p, cube, target):
    s.player[p, P_CUBE0 + cube] = 1
    s.player[p, P_REDUCED0 + target] += 1


@njit
def deploy(s, p, m, loc):
    put_unit(s, p, UNIT_MECH0 + m, loc)


@njit
def build(s, p, k, loc):
    put_structure(s, p, k, loc)


@njit
def enlist(s, t, p, sec, bonus):
    s.player[p, P_RECRUIT0 + sec] = 1
    s.player[p, P_ONETIME0 + bonus] = 1
    gain_bonus(s, t, p, bonus, t.onetime_amount[bonus])


@njit
def finish_bottom(s, t, p):
    """Mat coins and ongoing recruit bonuses, stars in seat order, then the turn ends.

    The active player's own star (from the benefit, its coins or its bonus) is checked
    before any neighbour is paid: once a 6th star is placed nobody else is paid.
    """
    b = s.game[G_SECTION]
    s.player[p, P_COINS] += t.mat_coins[s.player[p, P_MAT], b]
    n = s.game[G_N_PLAYERS]
    for i in range(3):
        q = p if i == 0 else ((p + 1) % n if i == 1 else (p - 1 + n) % n)
        if i > 0 and (q == p or (i == 2 and q == (p + 1) % n)):
            continue  # no neighbour (solo) or the same neighbour twice (2 players)
        if s.player[q, P_RECRUIT0 + b] != 0:
            gain_bonus(s, t, q, t.ongoing_kind[b], t.ongoing_amount[b])
        if check_stars(s, t, q):
            return
    close_turn(s, t)
