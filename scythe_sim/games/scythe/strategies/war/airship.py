"""The war policy's airship (All Out War with the Wind Gambit; war/policy.py): flown, with
the spare divisions where it stands aboard, to where it ends its move best within its
range (a blitz drop the forecast wins, land to take or to reinforce, an enemy airship it
likely beats); bombard when power beyond a full dial is spare or when it turns a fight the
forecast loses into a win."""
from scythe_sim.compiled.jit import njit

from ..view import G_N_PLAYERS, G_STEPS_LEFT, HOME, N_HEX, P_POWER, R_DIAL_MAX, count_mechs
from .view import (A_WAR_AIRSHIP_LOAD, A_WAR_AIRSHIP_STEP, A_WAR_AIRSHIP_STOP, A_WAR_AIRSHIP_UNLOAD,
                   A_WAR_BLITZ, A_WAR_BOMBARD, A_WAR_SELECT_AIRSHIP, A_WAR_SHIP_FIGHT,
                   R_WAR_AIRSHIP_BOMBARD_POWER, R_WAR_AIRSHIP_CARRY, drop_spot, enemy_at, in_war, movable)
from ..wind_gambit.view import AS_DESTROYED, AS_DIVISIONS, AS_PASSIVE, TILE_RANGE
from ..wind_gambit.ship_combat import ship_fight_worth
from ..workspace import BUF_CONTROL, BUF_ENEMY, BUF_NEED
from .combat import forecast, side
from .moves import _entry_value, leave_cost, spare_divisions
from .seat_map import frontier

SHIP_WIN = 8.0   # an enemy airship beaten (a trophy too when it falls by the margin)


@njit
def airship_row_value(s, t, d, kind, a0, a1, w, work):
    loc = s.airship_loc[d]
    aboard = s.airship[d, AS_DIVISIONS]
    if kind == A_WAR_SELECT_AIRSHIP:
        return select_airship_value(s, t, d, w, work)
    if kind == A_WAR_AIRSHIP_STEP:
        return _airship_plan(s, t, d, a0, s.game[G_STEPS_LEFT] - 1, aboard, w, work) - 0.01   # ties: stop
    if kind == A_WAR_AIRSHIP_LOAD:
        return (_airship_plan(s, t, d, loc, s.game[G_STEPS_LEFT], aboard + a0, w, work)
                + leave_cost(s, t, d, loc, a0, 0, loc) + 0.01 * a0)
    if kind == A_WAR_AIRSHIP_UNLOAD or kind == A_WAR_BLITZ:
        return _entry_value(s, t, d, loc, loc, a0, 0, w, work)
    if kind == A_WAR_SHIP_FIGHT:
        return SHIP_WIN if ship_fight_worth(s, t, d, a0, w) > 0.0 else -SHIP_WIN
    if kind == A_WAR_BOMBARD:
        return _bombard_value(s, t, d, a0, a1, w, work)
    if kind == A_WAR_AIRSHIP_STOP:   # the airship ends its move here
        return _spot_value(s, t, d, loc, aboard, w, work)
    return 0.0   # done


@njit
def airship_place_value(s, t, d, loc):
    """Mobilization's airship: over divisions it can carry to the front (the spare ones
    there, up to its load) next to land to take."""
    spare = min(spare_divisions(s, t, d, loc, 0), t.rules[R_WAR_AIRSHIP_CARRY])
    return spare + 0.5 * frontier(s, t, d, loc)


@njit
def select_airship_value(s, t, d, w, work):
    """The airship's best flight, with the spare divisions where it stands aboard or not."""
    loc = s.airship_loc[d]
    steps = t.airship_tile[s.airship[d, AS_PASSIVE] - 1, TILE_RANGE]
    aboard = s.airship[d, AS_DIVISIONS]
    best = _airship_plan(s, t, d, loc, steps, aboard, w, work)
    if loc < N_HEX and enemy_at(s, d, loc) < 0:
        k = min(t.rules[R_WAR_AIRSHIP_CARRY] - aboard, spare_divisions(s, t, d, loc, 0), max(movable(s, d, loc), 0))
        if k > 0:
            best = max(best, _airship_plan(s, t, d, loc, steps, aboard + k, w, work)
                       + leave_cost(s, t, d, loc, k, 0, loc))
    return best - 0.05


@njit
def _spot_value(s, t, d, loc, cargo, w, work):
    """The airship ending its move on loc with cargo aboard: the best of its blitz drop
    (or unloading there) and a ship combat it likely wins."""
    best = 0.0
    if cargo > 0 and drop_spot(s, t, d, loc):
        best = max(best, _entry_value(s, t, d, loc, loc, cargo, 0, w, work))
    for q in range(s.game[G_N_PLAYERS]):
        if (q != d and in_war(s, q) and s.airship_loc[q] == loc and s.airship[q, AS_DESTROYED] == 0
                and ship_fight_worth(s, t, d, q, w) > 0.0):
            best = max(best, SHIP_WIN)
    return best


@njit
def _airship_plan(s, t, d, frm, steps, cargo, w, work):
    """The best spot value within `steps` airship steps of frm (rivers and lakes do not
    matter to it, home bases are never entered; tunnels are left out of the plan)."""
    dist = work.buf[1, BUF_CONTROL]
    queue = work.buf[1, BUF_ENEMY]
    for x in range(dist.shape[0]):
        dist[x] = -1
    dist[frm] = 0
    queue[0] = frm
    head, tail = 0, 1
    best = _spot_value(s, t, d, frm, cargo, w, work)
    while head < tail:
        x = queue[head]
        head += 1
        if dist[x] >= steps:
            continue
        for k in range(t.neighbours.shape[1]):
            nb = t.neighbours[x, k]
            if nb < 0:
                break
            if dist[nb] >= 0 or t.terrain[nb] == HOME:
                continue
            dist[nb] = dist[x] + 1
            queue[tail] = nb
            tail += 1
            best = max(best, _spot_value(s, t, d, nb, cargo, w, work))
    return best


@njit
def _bombard_value(s, t, d, q, k, w, work):
    """Bombarding k of q's divisions: worth a lot when it turns the fight there (the
    divisions aboard dropped and those standing there against q's) into a win, a little
    per division when the power is spare beyond a full dial, else a loss."""
    loc = s.airship_loc[d]
    cost = k * t.rules[R_WAR_AIRSHIP_BOMBARD_POWER]
    spare = s.player[d, P_POWER] - cost >= t.rules[R_DIAL_MAX]
    mine = s.divisions[d, loc] + s.airship[d, AS_DIVISIONS]
    mechs = count_mechs(s, d, loc)
    value = 0.5 * k if spare else -1.0 * k
    if mine + mechs > 0:
        hand = work.buf[0, BUF_NEED]
        ours = side(d, mine, mechs)
        before, _, _, _ = forecast(s, t, loc, ours, side(q, s.divisions[q, loc], count_mechs(s, q, loc)), w, hand)
        after, _, _, _ = forecast(s, t, loc, ours, side(q, s.divisions[q, loc] - k, count_mechs(s, q, loc)), w, hand)
        if after and not before:
            value += 15.0
    return value
