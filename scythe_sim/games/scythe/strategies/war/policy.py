"""The war policy of every strategy but `random` (which stays uniform over the legal
rows): one scored choice per decision, from the seat's own information only. This module
chooses and values the action, placements and the fight order; a Move's parts are
valued in moves.py, the airship's in airship.py.

- Placing divisions and mechs (deployment, Produce): on the territory that needs them
  most (seat_map.need: enemy force next to it, weighted by its worth; home-adjacent land
  first), all at once when it needs them all, else one at a time.
- The swap at mobilization: the receiver's territory worth most to the giver.
- The action: Produce when coins allow and the front wants divisions, Move when a
  move is worth it (land to take, an attack the forecast wins, a capitulation within
  reach), else Bolster (power below the top of the track, else cards) or the coins;
  the coins before a small move when, within a few points of the win, no coin is left
  for a Bolster.
- A move: take empty land by its points, attack where combat.forecast wins (its
  worth times aggression/4, capitulations first), reinforce land that needs units;
  never strip a territory below what it wants to keep (home-adjacent land above all).
- The order of a Move's fights: a won fight that makes an enemy capitulate first, then
  the won ones by the land they take, the lost ones last.
- Each combat round: combat.py (dial, cards, fight on or retreat).
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

from ..view import (G_DECIDER, G_MOVER, G_PHASE, N_HEX, OFF_BOARD, P_COINS, P_POWER, R_POWER_MAX, UNIT_MECH0,
                    UNIT_WORKER0, count_mechs, hand_size)
from .view import (A_WAR_BOLSTER, A_WAR_CORPS, A_WAR_DEPLOY_MECH, A_WAR_FIGHT, A_WAR_GAIN_COINS, A_WAR_LOAD,
                   A_WAR_MOVE, A_WAR_PLACE, A_WAR_PLACE_AIRSHIP, A_WAR_PRODUCE, A_WAR_SELECT_AIRSHIP,
                   A_WAR_SELECT_MECH, A_WAR_STEP, A_WAR_SWAP, G_WAR_CARGO, G_WAR_PLACE_LEFT, PH_WAR_ACTION,
                   PH_WAR_AIRSHIP, PH_WAR_AIRSHIP_END, PH_WAR_CARDS, PH_WAR_DIAL, PH_WAR_RETREAT,
                   R_WAR_POINTS_TO_WIN, R_WAR_PRODUCE_COST, W_RECRUIT_POOL, airship_in_war, division_targets,
                   enemy_at, movable, territory_points, war_begun, war_controller, war_points)
from ..wind_gambit.view import PH_SHIP_CARDS, PH_SHIP_DIAL
from ..wind_gambit.ship_combat import choose_ship_card, choose_ship_dial
from ..workspace import BUF_NEED, BUF_TARGETS
from .airship import airship_place_value, airship_row_value, select_airship_value
from .combat import choose_fight_on, choose_war_card, choose_war_dial, forecast, side
from .moves import (CAPITULATION, LOSS, NO_MOVE, POINT, _entry_value, best_corps, corps_value, leave_cost,
                    load_value, mass_value, mech_value)
from .seat_map import capitulation_target, need, worth

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
        return airship_place_value(s, t, d, a0)
    if kind == A_WAR_SWAP:
        return _swap_value(s, t, d, a0)
    if kind == A_WAR_CORPS:   # a2 = 0: the corps chosen, its best size; else that size
        return corps_value(s, t, d, a0, a1, a2, w, work) if a2 > 0 else best_corps(s, t, d, a0, a1, w, work)
    if kind == A_WAR_FIGHT:
        return _fight_first_value(s, t, d, a0, w, work)
    if kind == A_WAR_SELECT_MECH:
        return mech_value(s, t, d, a0, w, work)
    if kind == A_WAR_LOAD:
        return load_value(s, t, d, a0, w, work)
    if kind == A_WAR_STEP:
        u = s.game[G_MOVER]
        cargo = s.game[G_WAR_CARGO]
        loc = s.unit_loc[d, u]
        return _entry_value(s, t, d, loc, a0, cargo, 1, w, work) + leave_cost(s, t, d, loc, cargo, 1, a0)
    if s.game[G_PHASE] == PH_WAR_ACTION:
        return _action_value(s, t, d, kind, a0, w, work)
    if s.game[G_PHASE] == PH_WAR_AIRSHIP or s.game[G_PHASE] == PH_WAR_AIRSHIP_END or kind == A_WAR_SELECT_AIRSHIP:
        return airship_row_value(s, t, d, kind, a0, a1, w, work)
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
        return v + (0.01 if v >= left - 0.5 or v <= 0.0 else -0.01) + mass_value(s, t, d, loc, k, 0, w, work)
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
            best = max(best, mech_value(s, t, d, u, w, work))
    if airship_in_war(s, d):
        best = max(best, select_airship_value(s, t, d, w, work))
    return best
