"""The war policy's value of a Move's parts (war/policy.py): where a corps or a mech goes
and with what, what leaving a territory costs, attacks the Move's later moves join,
stacks massed for next turn's attack."""
from scythe_sim.compiled.jit import njit

from ..view import G_MOVED_MASK, G_MOVER, G_PHASE, N_HEX, UNIT_MECH0, UNIT_WORKER0, count_mechs
from .view import (G_WAR_CARGO, G_WAR_MOVES_LEFT, PH_WAR_ACTION, PH_WAR_CORPS_SIZE, PH_WAR_MECH_STEP,
                   PH_WAR_MOVE, R_WAR_MECH_CARRY, enemy_at, mech_targets, movable, territory_points, units_at,
                   war_controller)
from ..weights import W_AGGRESSION
from ..workspace import BUF_NEED, BUF_TARGETS
from .combat import forecast, quiet_share, side
from .seat_map import (HOME_GUARD, RIVER, capitulation_target, danger, enemy_units, front_distance,
                       frontier, guards_home, is_land, keep, worth)

CAPITULATION = 60.0   # taking land next to a fighting enemy's home base
POINT = 4.0           # one territorial point won (or taken from an enemy)
NO_MOVE = -1.0e9
SIZES_ALL = 12        # corps sizes a choice weighs one by one (larger ones by tenths)
JOINT = 0.8           # a won attack that needs the Move's later moves to join it
MASSED = 0.5          # a stack made strong enough to win an attack next turn, of that attack's value
LOSS = 0.25           # an own division lost in an attack that wins (land taken is what decides a war)


@njit
def _aggression(s, t, w):
    """What a won attack's prize is scaled by: aggression / 4 (0.5 to 3), up to twice
    that as the quiet-rounds stalemate nears (a change of control keeps the war going)."""
    a = w[W_AGGRESSION] / 4.0
    return min(max(a, 0.5), 3.0) * (1.0 + quiet_share(s, t))


@njit
def leave_cost(s, t, d, frm, k, mechs, to):
    """What leaving frm with k divisions and `mechs` mechs for `to` costs: the risk of
    losing frm that the move creates (an enemy force nearby stronger than what stays;
    the enemy units on `to` are counted out, the move is meant to beat them), and a
    little per unit taken away that frm wants to keep (the danger from `to` left out of
    it too; a territory already short of it is not charged for the units it lacked)."""
    now = units_at(s, d, frm)
    left = now - k - mechs
    beaten = enemy_units(s, d, to) if to != frm else 0
    threat = danger(s, t, d, frm) - beaten
    cost = 0.0
    if threat >= left and not threat >= now:
        cost = CAPITULATION if guards_home(s, t, d, frm) else POINT * worth(s, t, d, frm)
    short = min(keep(s, t, d, frm) - (1.5 if guards_home(s, t, d, frm) else 1.0) * beaten - left, k + mechs)
    if short > 0.0:
        cost += 0.05 * short * (1.0 + worth(s, t, d, frm))
    return -cost


@njit
def _entry_value(s, t, d, frm, to, k, mechs, w, work):
    """Value of k divisions and `mechs` mechs entering `to` (a fight if enemy units are
    there). Private to the war policy's modules (policy.py, airship.py, here)."""
    if not is_land(t, to):
        return -1.0
    holder = war_controller(s, to)
    if holder == d:   # reinforcing own land
        short = keep(s, t, d, to) - units_at(s, d, to)
        gain = min(float(k + mechs), short) if short > 0.0 else 0.0
        closer = front_distance(s, t, d, frm, work.dist) - front_distance(s, t, d, to, work.dist)
        staging = 0.1 * min(k + mechs, 5) * (frontier(s, t, d, to) - frontier(s, t, d, frm))
        staging += 0.3 * min(k + mechs, 10) * closer
        mass = mass_value(s, t, d, to, k, mechs, w, work) if frm != to else 0.0
        return gain * (1.0 + worth(s, t, d, to)) * 0.5 + max(staging, 0.0) + mass - 0.1
    prize = POINT * territory_points(t, to)
    if capitulation_target(s, t, d, to) >= 0:
        prize += CAPITULATION
    if guards_home(s, t, d, to):
        prize += POINT * HOME_GUARD
    q = enemy_at(s, d, to)
    if q < 0:   # empty land, or an enemy structure alone
        exposed = keep(s, t, d, to) - (units_at(s, d, to) + k + mechs)
        return prize - (max(exposed, 0.0) if not guards_home(s, t, d, to) else 0.0)
    enemy = side(q, s.divisions[q, to], count_mechs(s, q, to))
    k_in = s.divisions[d, to] + k
    m_in = count_mechs(s, d, to) + mechs
    won, a_left, d_left, _ = forecast(s, t, to, side(d, k_in, m_in), enemy, w, work.buf[0, BUF_NEED])
    if won:
        return _aggression(s, t, w) * prize + 0.5 * (s.divisions[q, to] - d_left) - LOSS * (k_in - a_left)
    lost = k_in - a_left
    more_k, more_m = _joiners(s, t, d, frm, to)
    if more_k + more_m > 0:   # the Move's later moves may join this fight (it comes after them all)
        won, a_left, d_left, _ = forecast(s, t, to, side(d, k_in + more_k, m_in + more_m), enemy, w,
                                          work.buf[0, BUF_NEED])
        if won:
            return (JOINT * _aggression(s, t, w) * prize + 0.5 * (s.divisions[q, to] - d_left)
                    - LOSS * (k_in + more_k - a_left))
    return -5.0 - lost


@njit
def _later_moves(s):
    """Moves of this Move still to come after the one being chosen (one, the least a
    Move has, when the action itself is being chosen)."""
    phase = s.game[G_PHASE]
    if phase == PH_WAR_MOVE or phase == PH_WAR_CORPS_SIZE or phase == PH_WAR_MECH_STEP:
        return max(s.game[G_WAR_MOVES_LEFT] - 1, 0)
    return 1


@njit
def _walks_to(t, x, to):
    """Divisions on x may step onto `to` on their own (adjacent, no river between)."""
    return x < N_HEX and t.edge[x, to] != 0 and t.edge[x, to] != RIVER


@njit
def _joiners(s, t, d, frm, to):
    """(divisions, mechs) the Move's later moves may bring into a fight on `to`: the
    largest corps from other own territories next to it, or an unmoved mech next to it
    with the divisions it may carry, one per later move. Fights come after all of a
    Move's moves, so attacks on one enemy territory from several sides add up."""
    moves = _later_moves(s)
    in_move = s.game[G_PHASE] != PH_WAR_ACTION
    used = -1
    more_k, more_m = 0, 0
    for _ in range(moves):
        best_k, best_m, best_x = 0, 0, -1
        for k in range(t.neighbours.shape[1]):
            x = t.neighbours[to, k]
            if x < 0:
                break
            if x >= N_HEX or x == frm or x == used or s.divisions[d, x] == 0 and count_mechs(s, d, x) == 0:
                continue
            if enemy_at(s, d, x) >= 0:
                continue
            go = movable(s, d, x) if _walks_to(t, x, to) else 0
            mech = 0
            for u in range(UNIT_MECH0, UNIT_WORKER0):
                if s.unit_loc[d, u] == x and not (in_move and (s.game[G_MOVED_MASK] >> u) & 1):
                    mech = 1
            if mech and t.edge[x, to] == RIVER:
                mech = 0   # a mech crossing a river needs its ability; left out of the plan
            ride = min(t.rules[R_WAR_MECH_CARRY], spare_divisions(s, t, d, x, 1), max(movable(s, d, x), 0)) if mech else 0
            if ride + mech * 3 > best_k + best_m * 3 and ride + mech * 3 > go:
                best_k, best_m, best_x = ride, mech, x
            elif go > best_k + best_m * 3:
                best_k, best_m, best_x = go, 0, x
        if best_x < 0:
            break
        more_k += best_k
        more_m += best_m
        used = best_x
    return more_k, more_m


@njit
def mass_value(s, t, d, loc, k, mechs, w, work):
    """What k more divisions (and mechs) on own territory loc are worth as staging: a
    share (MASSED) of the best attack from loc next turn that they turn from a loss into
    a win (one division stays behind)."""
    best = 0.0
    hand = work.buf[0, BUF_NEED]
    mine_m = count_mechs(s, d, loc)
    before = s.divisions[d, loc] - 1
    after = before + k
    if after <= 0:
        return 0.0
    for j in range(t.neighbours.shape[1]):
        y = t.neighbours[loc, j]
        if y < 0:
            break
        if not is_land(t, y) or not _walks_to(t, loc, y):
            continue
        q = enemy_at(s, d, y)
        if q < 0:
            continue
        prize = POINT * territory_points(t, y)
        if capitulation_target(s, t, d, y) >= 0:
            prize += CAPITULATION
        if prize * MASSED <= best:
            continue
        enemy = side(q, s.divisions[q, y], count_mechs(s, q, y))
        won, _, _, _ = forecast(s, t, y, side(d, after, mine_m + mechs), enemy, w, hand)
        if not won:
            continue
        if before > 0:
            won_now, _, _, _ = forecast(s, t, y, side(d, before, mine_m), enemy, w, hand)
            if won_now:
                continue
        best = prize * MASSED
    return best * _aggression(s, t, w)


@njit
def corps_value(s, t, d, frm, to, k, w, work):
    return _entry_value(s, t, d, frm, to, k, 0, w, work) + leave_cost(s, t, d, frm, k, 0, to)


@njit
def corps_sizes(k, i):
    """The i-th size of a corps of at most k divisions a choice weighs, 0 past the last:
    every size up to SIZES_ALL, then steps of about a tenth, and k itself."""
    if i < min(k, SIZES_ALL):
        return i + 1
    if k <= SIZES_ALL:
        return 0
    step = max(1, k // 10)
    size = SIZES_ALL + (i - SIZES_ALL + 1) * step
    if size < k:
        return size
    return k if size - step < k else 0


@njit
def best_corps(s, t, d, frm, to, w, work):
    """The most a corps frm -> to is worth, over the sizes it may take."""
    k = movable(s, d, frm)
    best = NO_MOVE
    i = 0
    while corps_sizes(k, i) > 0:
        best = max(best, corps_value(s, t, d, frm, to, corps_sizes(k, i), w, work))
        i += 1
    return best


@njit
def spare_divisions(s, t, d, loc, mechs):
    """Divisions p can take away from loc keeping what it wants there."""
    extra = units_at(s, d, loc) - mechs - keep(s, t, d, loc)
    return int(extra) if extra > 0.0 else 0


@njit
def mech_value(s, t, d, u, w, work):
    """The best step of mech u with what it may load where it stands."""
    loc = s.unit_loc[d, u]
    buf = work.buf[1, BUF_TARGETS]
    cargo = min(t.rules[R_WAR_MECH_CARRY], spare_divisions(s, t, d, loc, 1), max(movable(s, d, loc), 0))
    best = NO_MOVE
    m = mech_targets(s, t, d, u, buf)
    for i in range(m):
        v = _entry_value(s, t, d, loc, buf[i], cargo, 1, w, work)
        best = max(best, v + leave_cost(s, t, d, loc, cargo, 1, buf[i]))
    return best


@njit
def load_value(s, t, d, k, w, work):
    """Load all when the spare divisions allow it and the mech has a step worth taking
    with them; one when a single one is spare."""
    u = s.game[G_MOVER]
    loc = s.unit_loc[d, u]
    cargo = s.game[G_WAR_CARGO]
    buf = work.buf[1, BUF_TARGETS]
    best = NO_MOVE
    m = mech_targets(s, t, d, u, buf)
    for i in range(m):
        best = max(best, _entry_value(s, t, d, loc, buf[i], cargo + k, 1, w, work)
                   + leave_cost(s, t, d, loc, cargo + k, 1, buf[i]))
    return best + 0.01 * k
