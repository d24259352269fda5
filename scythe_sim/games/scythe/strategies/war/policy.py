"""The war policy of every strategy but `random` (which stays uniform over the legal
rows): one scored choice per decision, from the seat's own information only.

- Placing divisions and mechs (deployment, Produce): on the territory that needs them
  most (war_map.need: enemy force next to it, weighted by its worth; home-adjacent land
  first), all at once when it needs them all, else one at a time.
- The swap at mobilization: the receiver's territory worth most to the giver.
- The action: Produce when coins allow and the front wants divisions, Move when a
  move is worth it (land to take, an attack the forecast wins, a capitulation within
  reach), else Bolster (power below the top of the track, else cards) or the coins;
  the coins before a small move when, within a few points of the win, no coin is left
  for a Bolster.
- A move: take empty land by its points, attack where war_combat.forecast wins (its
  worth times aggression/4, capitulations first), reinforce land that needs units;
  never strip a territory below what it wants to keep (home-adjacent land above all).
- The order of a Move's fights: a won fight that makes an enemy capitulate first, then
  the won ones by the land they take, the lost ones last.
- Each combat round: war_combat (dial, cards, fight on or retreat).
- The airship (with the Wind Gambit): flown, with the spare divisions where it stands
  aboard, to where it ends its move best within its range (a blitz drop the forecast
  wins, land to take or to reinforce, over rivers and lakes, or an enemy airship it
  likely beats); bombard when power beyond a full dial is spare or when it turns a fight
  the forecast loses into a win; ship combats by ship_combat.ship_fight_worth.

The personas differ by their weights: `aggression` scales what a won attack is worth,
`caution` how strong the enemy's unseen cards are guessed. Ties are broken at random
from the seat's stream."""
from scythe_sim.compiled.jit import njit, njit_inline
from scythe_sim.compiled.rng import rand_below

from ..view import war_begun
from ..view import (A_WAR_BOLSTER, A_WAR_CORPS, A_WAR_DEPLOY_MECH, A_WAR_FIGHT, A_WAR_GAIN_COINS,
                   A_WAR_LOAD, A_WAR_MOVE, A_WAR_PLACE, A_WAR_PRODUCE, A_WAR_SELECT_MECH,
                   A_WAR_STEP, A_WAR_SWAP, G_DECIDER, G_MOVED_MASK, G_MOVER, G_PHASE, G_WAR_CARGO,
                   G_WAR_MOVES_LEFT, G_WAR_PLACE_LEFT, N_HEX, OFF_BOARD, PH_WAR_ACTION, PH_WAR_CARDS,
                   PH_WAR_CORPS_SIZE, PH_WAR_DIAL, PH_WAR_MECH_STEP, PH_WAR_MOVE, PH_WAR_RETREAT,
                   P_COINS, P_POWER, R_POWER_MAX, R_WAR_MECH_CARRY, R_WAR_POINTS_TO_WIN, R_WAR_PRODUCE_COST,
                   UNIT_MECH0, UNIT_WORKER0, W_RECRUIT_POOL, count_mechs, division_targets,
                   enemy_at, hand_size, mech_targets, movable, territory_points,
                   units_at, war_controller, war_points, A_WAR_AIRSHIP_LOAD, A_WAR_AIRSHIP_STEP, A_WAR_AIRSHIP_STOP,
                   A_WAR_AIRSHIP_UNLOAD, A_WAR_BLITZ, A_WAR_BOMBARD, A_WAR_SELECT_AIRSHIP,
                   A_WAR_PLACE_AIRSHIP, A_WAR_SHIP_FIGHT, AS_DESTROYED, AS_DIVISIONS, AS_PASSIVE, G_N_PLAYERS, G_STEPS_LEFT,
                   HOME, PH_SHIP_CARDS, PH_SHIP_DIAL, PH_WAR_AIRSHIP, PH_WAR_AIRSHIP_END, R_DIAL_MAX, R_WAR_AIRSHIP_BOMBARD_POWER,
                   R_WAR_AIRSHIP_CARRY, TILE_RANGE, airship_in_war, drop_spot, in_war)
from ..weights import W_AGGRESSION
from ..wind_gambit.ship_combat import choose_ship_card, choose_ship_dial, ship_fight_worth
from ..workspace import BUF_CONTROL, BUF_ENEMY, BUF_NEED, BUF_TARGETS
from .combat import choose_fight_on, choose_war_card, choose_war_dial, forecast, quiet_share, side
from .seat_map import (HOME_GUARD, RIVER, capitulation_target, danger, enemy_units, front_distance, frontier,
                      guards_home, is_land, keep, need, worth)

CAPITULATION = 60.0   # taking land next to a fighting enemy's home base
POINT = 4.0           # one territorial point won (or taken from an enemy)
NO_MOVE = -1.0e9
SIZES_ALL = 12        # corps sizes a choice weighs one by one (larger ones by tenths)
JOINT = 0.8           # a won attack that needs the Move's later moves to join it
MASSED = 0.5          # a stack made strong enough to win an attack next turn, of that attack's value
LOSS = 0.25           # an own division lost in an attack that wins (land taken is what decides a war)
BROKE = 0.3           # per point of power room: the coins that pay for the next Bolster, when there are none
FINISH = 6            # territorial points short of the win within which a broke faction gathers power


@njit_inline
def war_policy_plays(s):
    """The war is due or under way: every scripted strategy plays this policy."""
    return war_begun(s)


@njit
def choose_war(s, t, seat, actions, n, w, work):
    """Index of the row the seat plays at a war decision point."""
    phase = s.game[G_PHASE]
    hand = work.buf[0, BUF_NEED]
    if phase == PH_WAR_DIAL:
        return choose_war_dial(s, t, actions, n, w)
    if phase == PH_WAR_CARDS:
        return choose_war_card(s, t, actions, n, w)
    if phase == PH_WAR_RETREAT:
        return choose_fight_on(s, t, actions, n, w, hand)
    if phase == PH_SHIP_DIAL:
        return choose_ship_dial(s, t, actions, n, w)
    if phase == PH_SHIP_CARDS:
        return choose_ship_card(s, t, actions, n, w)
    values = work.values[0]
    d = s.game[G_DECIDER]
    for i in range(n):
        values[i] = _score(s, t, d, actions[i], w, work)
    return _best(values, n, work, seat)


@njit
def _best(values, n, work, seat):
    """The highest-valued row; ties at random from the seat's stream."""
    best = values[0]
    count = 0
    for i in range(n):
        if values[i] > best + 1e-9:
            best = values[i]
            count = 1
        elif abs(values[i] - best) <= 1e-9:
            count += 1
    k = rand_below(work.rng, seat, count) if count > 1 else 0
    for i in range(n):
        if abs(values[i] - best) <= 1e-9:
            if k == 0:
                return i
            k -= 1
    return 0


@njit
def row_value(s, t, d, row, w, work):
    """The policy's value of a row at a decision outside combat (what choose_war ranks by;
    the war search takes its candidates from it)."""
    return _score(s, t, d, row, w, work)


@njit
def _score(s, t, d, row, w, work):
    kind, a0, a1, a2 = row[0], row[1], row[2], row[3]
    if kind == A_WAR_PLACE:
        return _place_value(s, t, d, a0, a1, w, work)
    if kind == A_WAR_DEPLOY_MECH:
        return need(s, t, d, a0)
    if kind == A_WAR_PLACE_AIRSHIP:
        return _airship_place_value(s, t, d, a0)
    if kind == A_WAR_SWAP:
        return _swap_value(s, t, d, a0)
    if kind == A_WAR_CORPS:   # a2 = 0: the corps chosen, its best size; else that size
        return _corps_value(s, t, d, a0, a1, a2, w, work) if a2 > 0 else best_corps(s, t, d, a0, a1, w, work)
    if kind == A_WAR_FIGHT:
        return _fight_first_value(s, t, d, a0, w, work)
    if kind == A_WAR_SELECT_MECH:
        return _mech_value(s, t, d, a0, w, work)
    if kind == A_WAR_LOAD:
        return _load_value(s, t, d, a0, w, work)
    if kind == A_WAR_STEP:
        u = s.game[G_MOVER]
        cargo = s.game[G_WAR_CARGO]
        loc = s.unit_loc[d, u]
        return _entry_value(s, t, d, loc, a0, cargo, 1, w, work) + _leave_cost(s, t, d, loc, cargo, 1, a0)
    if s.game[G_PHASE] == PH_WAR_ACTION:
        return _action_value(s, t, d, kind, a0, w, work)
    if s.game[G_PHASE] == PH_WAR_AIRSHIP or s.game[G_PHASE] == PH_WAR_AIRSHIP_END or kind == A_WAR_SELECT_AIRSHIP:
        return _airship_row_value(s, t, d, kind, a0, a1, w, work)
    return 0.0   # stop, end of the Move (worth nothing more), pass


@njit
def _fight_first_value(s, t, d, loc, w, work):
    """Which of the Move's fights d fights next: the one whose result helps the others
    most. A fight the forecast wins that makes an enemy capitulate comes first (the
    enemy's divisions on the other fights' territories become d's, and those fights are
    over unfought), then the won fights by the land they take, while power and cards are
    fresh; the fights it loses come last, the cheapest loss first."""
    q = enemy_at(s, d, loc)
    mine = s.divisions[d, loc]
    won, left, _, _ = forecast(s, t, loc, side(d, mine, count_mechs(s, d, loc)),
                               side(q, s.divisions[q, loc], count_mechs(s, q, loc)), w, work.buf[0, BUF_NEED])
    if not won:
        return -1.0 - (mine - left)
    prize = POINT * territory_points(t, loc)
    if capitulation_target(s, t, d, loc) == q:
        prize += CAPITULATION
    return prize - LOSS * (mine - left)


# --- placing -------------------------------------------------------------------------------

@njit
def _place_value(s, t, d, loc, k, w, work):
    """Divisions go where they are needed most: all there when it needs them all (or
    nothing needs any), or when they make the stack there strong enough to win an attack
    next turn (massing, not spreading thin); else one, so the next one goes where it is
    then needed."""
    v = need(s, t, d, loc)
    left = s.game[G_WAR_PLACE_LEFT]
    if k == left:
        return v + (0.01 if v >= left - 0.5 or v <= 0.0 else -0.01) + _mass_value(s, t, d, loc, k, 0, w, work)
    return v


@njit
def _swap_value(s, t, d, loc):
    """The receiver's territory worth most to the giver, better next to its own land."""
    v = worth(s, t, d, loc)
    for k in range(t.neighbours.shape[1]):
        nb = t.neighbours[loc, k]
        if nb < 0:
            break
        if nb < N_HEX and war_controller(s, nb) == d:
            v += 0.5
    return v


# --- the action ----------------------------------------------------------------------------

@njit
def _action_value(s, t, d, kind, a0, w, work):
    if kind == A_WAR_PRODUCE:
        total = 0.0
        for loc in range(N_HEX):
            if war_controller(s, loc) == d:
                v = need(s, t, d, loc)
                if v > 0.0:
                    total += v
        return 25.0 + min(total, 15.0)
    if kind == A_WAR_MOVE:
        best = best_move(s, t, d, w, work)
        return 20.0 + best if best > 0.0 else 2.0
    if kind == A_WAR_BOLSTER:
        room = t.rules[R_POWER_MAX] - s.player[d, P_POWER]
        if a0 == 0:   # power, while the track has room for it
            return 5.0 + 0.8 * min(room, 10) if room >= 2 else 1.0
        return 9.0 - 0.5 * min(hand_size(s, d), 10)
    if kind == A_WAR_GAIN_COINS:
        room = t.rules[R_POWER_MAX] - s.player[d, P_POWER]
        if s.player[d, P_COINS] < t.top_const[1] and room >= 2 and _near_win(s, t, d):
            # without a coin Bolster is closed: a faction that Moves whenever any move is
            # worth a little ends broke at power 0, a few points short of the win and
            # unable to attack for them
            return 20.0 + BROKE * min(room, 10)
        short = s.player[d, P_COINS] < t.rules[R_WAR_PRODUCE_COST] and s.war[d, W_RECRUIT_POOL] > 0
        return 7.0 if short else 3.0
    return 0.0


@njit
def _near_win(s, t, d):
    """d's territorial points are within FINISH of the points that win the war."""
    return war_points(s, t, d) >= t.rules[R_WAR_POINTS_TO_WIN] - FINISH


@njit
def best_move(s, t, d, w, work):
    """The best single move open now: a corps of all that may leave a territory, or a
    mech with what it may load."""
    buf = work.buf[0, BUF_TARGETS]
    best = NO_MOVE
    for frm in range(N_HEX):
        if s.divisions[d, frm] == 0:
            continue
        k = movable(s, d, frm)
        if k == 0:
            continue
        m = division_targets(s, t, d, frm, buf)
        for i in range(m):
            best = max(best, best_corps(s, t, d, frm, buf[i], w, work))
    for u in range(UNIT_MECH0, UNIT_WORKER0):
        loc = s.unit_loc[d, u]
        if loc != OFF_BOARD and loc < N_HEX:
            best = max(best, _mech_value(s, t, d, u, w, work))
    if airship_in_war(s, d):
        best = max(best, _select_airship_value(s, t, d, w, work))
    return best


# --- moves ---------------------------------------------------------------------------------

@njit
def _aggression(s, t, w):
    """What a won attack's prize is scaled by: aggression / 4 (0.5 to 3), up to twice
    that as the quiet-rounds stalemate nears (a change of control keeps the war going)."""
    a = w[W_AGGRESSION] / 4.0
    return min(max(a, 0.5), 3.0) * (1.0 + quiet_share(s, t))


@njit
def _leave_cost(s, t, d, frm, k, mechs, to):
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
    there)."""
    if not is_land(t, to):
        return -1.0
    holder = war_controller(s, to)
    if holder == d:   # reinforcing own land
        short = keep(s, t, d, to) - units_at(s, d, to)
        gain = min(float(k + mechs), short) if short > 0.0 else 0.0
        closer = front_distance(s, t, d, frm, work.dist) - front_distance(s, t, d, to, work.dist)
        staging = 0.1 * min(k + mechs, 5) * (frontier(s, t, d, to) - frontier(s, t, d, frm))
        staging += 0.3 * min(k + mechs, 10) * closer
        mass = _mass_value(s, t, d, to, k, mechs, w, work) if frm != to else 0.0
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
            ride = min(t.rules[R_WAR_MECH_CARRY], _spare(s, t, d, x, 1), max(movable(s, d, x), 0)) if mech else 0
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
def _mass_value(s, t, d, loc, k, mechs, w, work):
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
def _corps_value(s, t, d, frm, to, k, w, work):
    return _entry_value(s, t, d, frm, to, k, 0, w, work) + _leave_cost(s, t, d, frm, k, 0, to)


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
        best = max(best, _corps_value(s, t, d, frm, to, corps_sizes(k, i), w, work))
        i += 1
    return best


@njit
def _spare(s, t, d, loc, mechs):
    """Divisions p can take away from loc keeping what it wants there."""
    extra = units_at(s, d, loc) - mechs - keep(s, t, d, loc)
    return int(extra) if extra > 0.0 else 0


@njit
def _mech_value(s, t, d, u, w, work):
    """The best step of mech u with what it may load where it stands."""
    loc = s.unit_loc[d, u]
    buf = work.buf[1, BUF_TARGETS]
    cargo = min(t.rules[R_WAR_MECH_CARRY], _spare(s, t, d, loc, 1), max(movable(s, d, loc), 0))
    best = NO_MOVE
    m = mech_targets(s, t, d, u, buf)
    for i in range(m):
        v = _entry_value(s, t, d, loc, buf[i], cargo, 1, w, work)
        best = max(best, v + _leave_cost(s, t, d, loc, cargo, 1, buf[i]))
    return best


@njit
def _load_value(s, t, d, k, w, work):
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
                   + _leave_cost(s, t, d, loc, cargo + k, 1, buf[i]))
    return best + 0.01 * k


# --- the airship (All Out War with the Wind Gambit) ---------------------------------------

SHIP_WIN = 8.0   # an enemy airship beaten (a trophy too when it falls by the margin)


@njit
def _airship_row_value(s, t, d, kind, a0, a1, w, work):
    loc = s.airship_loc[d]
    aboard = s.airship[d, AS_DIVISIONS]
    if kind == A_WAR_SELECT_AIRSHIP:
        return _select_airship_value(s, t, d, w, work)
    if kind == A_WAR_AIRSHIP_STEP:
        return _airship_plan(s, t, d, a0, s.game[G_STEPS_LEFT] - 1, aboard, w, work) - 0.01   # ties: stop
    if kind == A_WAR_AIRSHIP_LOAD:
        return (_airship_plan(s, t, d, loc, s.game[G_STEPS_LEFT], aboard + a0, w, work)
                + _leave_cost(s, t, d, loc, a0, 0, loc) + 0.01 * a0)
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
def _airship_place_value(s, t, d, loc):
    """Mobilization's airship: over divisions it can carry to the front (the spare ones
    there, up to its load) next to land to take."""
    spare = min(_spare(s, t, d, loc, 0), t.rules[R_WAR_AIRSHIP_CARRY])
    return spare + 0.5 * frontier(s, t, d, loc)


@njit
def _select_airship_value(s, t, d, w, work):
    """The airship's best flight, with the spare divisions where it stands aboard or not."""
    loc = s.airship_loc[d]
    steps = t.airship_tile[s.airship[d, AS_PASSIVE] - 1, TILE_RANGE]
    aboard = s.airship[d, AS_DIVISIONS]
    best = _airship_plan(s, t, d, loc, steps, aboard, w, work)
    if loc < N_HEX and enemy_at(s, d, loc) < 0:
        k = min(t.rules[R_WAR_AIRSHIP_CARRY] - aboard, _spare(s, t, d, loc, 0), max(movable(s, d, loc), 0))
        if k > 0:
            best = max(best, _airship_plan(s, t, d, loc, steps, aboard + k, w, work)
                       + _leave_cost(s, t, d, loc, k, 0, loc))
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
