"""The greedy family's direct heuristics: where units go, whether and how hard to fight.

These score legal rows from the position without playing them (they run at every
movement step, so they must be cheap). They read only public information and the
deciding player's own hand: an opponent's strength is estimated from its power, its
number of cards and the units it has on the territory, never from its cards' values.
"""
from scythe_sim.compiled.jit import njit, njit_inline

from .invaders.abilities import is_anchor, power_edge, teleports, token_spot_value, trap_step_value
from .movememo import GAIN_COL, VALUE, known, remember
from .view import (A_COMBAT_CARD, A_DIAL, A_DROP_WORKER, A_PAY_RESOURCE, A_PICK_RESOURCE,
                   A_PICK_WORKER, A_SELECT_UNIT, A_STEP, G_ACTIVE, G_ATK_DIAL, G_ATK_NCARDS,
                   G_CARGO_MASK, G_COMBAT_HEX, G_DECIDER, G_DEFENDER, G_DEF_DIAL, G_DEF_NCARDS,
                   G_FACTORY_POOL, G_MOVER, G_N_PLAYERS, LAKE, N_CARD_VALUES, N_HEX, N_RES,
                   N_UNITS, OFF_BOARD, P_FACTORY_CARD, P_POWER, R_DIAL_MAX, combat_star_cap, star_cap_reached,
                   STAR_COMBAT, UNIT_CHARACTER, UNIT_WORKER0, bottom_cost, card_allowance,
                   count_workers, enemy_presence,
                   hand_size, highest_dial_row, opponent_in_combat, pieces_on, skip_row,
                   step_targets)
from .weights import (W_AGGRESSION, W_APPROACH, W_CAUTION, W_CARGO, W_ENCOUNTER, W_FACTORY,
                      W_POPULARITY, W_PRODUCE_BIAS, W_RESOURCE, W_SCORE, W_SPREAD)
from .workspace import NEAR_BITS, NEAR_LOC_MASK, UNREACHABLE

VILLAGE_MAKES = -2      # tables.produces of a village: workers, not a resource
HOPELESS = -1000.0


# --- combat ------------------------------------------------------------------------------

@njit
def best_cards(s, p, k):
    """Sum of the k highest combat cards in p's own hand."""
    total = 0
    for v in range(N_CARD_VALUES - 1, -1, -1):
        take = min(k, s.hand[p, v])
        total += take * (v + 2)
        k -= take
        if k == 0:
            break
    return total


@njit
def top_dial(s, t, p):
    """The highest power p may dial in a fight: the dial's top, at most p's power."""
    return min(t.rules[R_DIAL_MAX], s.player[p, P_POWER])


@njit
def estimated_strength(s, t, q, loc, w):
    """What opponent q may bring to a fight on loc, from public information: its dial at
    most, plus one card per combat unit there (its hand size at most), each guessed at
    3 + caution."""
    cards = min(card_allowance(s, t, q, loc), hand_size(s, q))
    return top_dial(s, t, q) + cards * (3.0 + w[W_CAUTION])


@njit
def own_strength(s, t, p, loc, joining):
    """p's best total on loc with `joining` more combat units arriving."""
    return top_dial(s, t, p) + best_cards(s, p, card_allowance(s, t, p, loc) + joining)


@njit
def attack_value(s, t, p, loc, w):
    """Value of moving one more combat unit onto loc, where an enemy character or mech
    stands: a fight the strategy expects to win (ties go to the attacker) earns a combat
    star while fewer than the cap are placed; one it expects to lose is to be avoided."""
    q = opponent_in_combat(s, p, loc)
    if q < 0:
        return 0.0
    margin = own_strength(s, t, p, loc, 1) - estimated_strength(s, t, q, loc, w)
    margin += power_edge(s, t, p, q, loc)     # Sword, Shield, Ronin (0 without them)
    if margin < 0:
        return -2.0 * w[W_AGGRESSION] - 2.0
    star_open = s.stars[p, STAR_COMBAT] < combat_star_cap(s, t) and not star_cap_reached(s, t, p)
    return w[W_AGGRESSION] * (1.0 if star_open else 0.3)


@njit
def choose_dial(s, t, rows, n, w):
    """The dial of the deciding side: just enough, with its own best cards, to beat the
    opponent's estimated best; nothing when that is out of reach (keep the power)."""
    d = s.game[G_DECIDER]
    loc = s.game[G_COMBAT_HEX]
    attacker = d == s.game[G_ACTIVE]
    q = s.game[G_DEFENDER] if attacker else s.game[G_ACTIVE]
    theirs = estimated_strength(s, t, q, loc, w)
    mine = best_cards(s, d, card_allowance(s, t, d, loc))
    need = theirs - mine + (0.0 if attacker else 1.0)
    want = 0
    if need > 0.0:
        want = int(need + 0.999)
    top = rows[highest_dial_row(n), 1]
    if want > top:
        want = 0
    for i in range(n):
        if rows[i, 0] == A_DIAL and rows[i, 1] == want:
            return i
    return 0


@njit
def choose_card(s, t, rows, n, w):
    """Add the highest card while the side is fighting to win (it dialled, already added
    a card, or its cards alone beat the estimate); otherwise add none (End cards)."""
    d = s.game[G_DECIDER]
    attacker = d == s.game[G_ACTIVE]
    dial = s.game[G_ATK_DIAL] if attacker else s.game[G_DEF_DIAL]
    added = s.game[G_ATK_NCARDS] if attacker else s.game[G_DEF_NCARDS]
    if dial == 0 and added == 0:
        loc = s.game[G_COMBAT_HEX]
        q = s.game[G_DEFENDER] if attacker else s.game[G_ACTIVE]
        mine = best_cards(s, d, card_allowance(s, t, d, loc))
        if mine < estimated_strength(s, t, q, loc, w) + (0.0 if attacker else 1.0):
            return skip_row(n)
    best = -1
    for i in range(n):
        if rows[i, 0] == A_COMBAT_CARD and (best < 0 or rows[i, 1] > rows[best, 1]):
            best = i
    return best if best >= 0 else skip_row(n)


# --- movement ------------------------------------------------------------------------------

@njit
def enemy_map(s, p, out):
    """out[loc]: bit 1 when an enemy character or mech stands there, bit 2 enemy workers."""
    for loc in range(N_HEX):
        out[loc] = enemy_presence(s, p, loc)


@njit
def resource_need(s, t, p, ctrl, need):
    """need[r]: tokens of r p lacks for its bottom action paid with r."""
    for r in range(N_RES):
        need[r] = 0
    for loc in range(N_HEX):
        if ctrl[loc] == p:
            for r in range(N_RES):
                need[r] += s.hex_res[loc, r]
    for r in range(N_RES):
        need[r] = max(0, bottom_cost(s, t, p, r) - need[r])


@njit
def own_pieces(s, p, loc, skip_unit):
    """p's units and structures on loc besides unit skip_unit."""
    return pieces_on(s, p, loc) - (1 if s.unit_loc[p, skip_unit] == loc else 0)


@njit
def _goal_distance(s, t, p, u, loc, w, near, ctrl, enemy):
    """Steps from loc to the nearest goal of unit u: the character's encounter tokens and
    (before a Factory card is kept) the Factory; a mech's enemy combat units when the
    strategy is aggressive, else territories p does not hold yet. The territories are
    tried nearest first (near, workspace.nearest_first): the first goal met is the one."""
    character = u == UNIT_CHARACTER
    factory = t.factory_loc[0]
    want_factory = character and s.player[p, P_FACTORY_CARD] < 0 and s.game[G_FACTORY_POOL] != 0
    aggressive = w[W_AGGRESSION] >= 10.0
    for k in range(N_HEX):
        d = near[loc, k] >> NEAR_BITS
        if d >= UNREACHABLE:
            break
        x = near[loc, k] & NEAR_LOC_MASK
        if character:
            if s.encounter_token[x] != 0 or (want_factory and x == factory):
                return d
        elif x == loc:
            continue
        elif aggressive:
            if enemy[x] & 1:
                return d
        elif ctrl[x] != p and t.terrain[x] != LAKE:
            return d
    return UNREACHABLE if character else 0


@njit
def _reach_distance(s, t, p, u, loc, w, near, ctrl, enemy):
    """_goal_distance, with Rally or Shinobi: from any spot a character or mech may jump
    to one of p's anchors (invaders.is_anchor) and go on from there, so no spot is
    farther from a goal than one step plus the best anchor's distance."""
    d = _goal_distance(s, t, p, u, loc, w, near, ctrl, enemy)
    if u >= UNIT_WORKER0 or d <= 1 or not teleports(s, t, p):
        return d
    for a in range(N_HEX):
        if a != loc and is_anchor(s, t, p, a):
            d = min(d, 1 + _goal_distance(s, t, p, u, a, w, near, ctrl, enemy))
    return d


@njit
def _spot_value(s, t, p, u, loc, w, near, ctrl, enemy, need):
    """Value of unit u of p standing on loc (a step's value is the target's minus the
    current spot's): holding a territory no other piece of p holds, its resources, a
    worker's production, the character's encounters and the Factory, fights, and how
    near the unit is to its goal."""
    if loc >= N_HEX:
        return -5.0
    v = 0.0
    if own_pieces(s, p, loc, u) == 0:
        tokens = 0
        for r in range(N_RES):
            tokens += s.hex_res[loc, r]
        v += w[W_SPREAD] + tokens * (w[W_RESOURCE] + 0.5 * w[W_SCORE])
    flags = enemy[loc]
    if u >= UNIT_WORKER0:
        made = t.produces[t.terrain[loc]]
        if made >= 0:
            v += w[W_PRODUCE_BIAS] * (1.0 if need[made] > 0 else 0.4)
        elif made == VILLAGE_MAKES:
            v += w[W_PRODUCE_BIAS] * 0.6
        return v
    if s.unit_loc[p, u] != loc:      # a fight or a raid only where the unit is going
        if flags & 1:
            v += attack_value(s, t, p, loc, w)
        elif flags & 2:
            workers = 0
            for q in range(s.game[G_N_PLAYERS]):
                if q != p:
                    workers += count_workers(s, q, loc)
            v += 0.2 * w[W_AGGRESSION] - workers * (1.0 + w[W_POPULARITY])
    if u == UNIT_CHARACTER:
        if s.encounter_token[loc] != 0:
            v += w[W_ENCOUNTER]
        if loc == t.factory_loc[0] and s.player[p, P_FACTORY_CARD] < 0 and s.game[G_FACTORY_POOL] != 0:
            v += w[W_FACTORY]
        v += token_spot_value(s, t, p, loc, near)        # Exalt, Maifuku (0 without them)
    if s.unit_loc[p, u] != loc:
        v += trap_step_value(s, t, p, u, loc)             # Traps in the way (0 without them)
    v -= w[W_APPROACH] * _reach_distance(s, t, p, u, loc, w, near, ctrl, enemy)
    return v


@njit
def _memo_spot(s, t, p, u, loc, w, near, ctrl, enemy, need, memo):
    """_spot_value, computed once per position (movememo.py)."""
    if known(memo, u, loc):
        return memo[VALUE, u, loc]
    return remember(memo, u, loc, _spot_value(s, t, p, u, loc, w, near, ctrl, enemy, need))


@njit
def _known_step_gain(s, t, p, u, w, near, ctrl, enemy, need, targets, memo):
    """How much unit u gains by its best single step from where it stands (computed
    once per position, movememo.py)."""
    if known(memo, u, GAIN_COL):
        return memo[VALUE, u, GAIN_COL]
    return remember(memo, u, GAIN_COL, _best_step_gain(s, t, p, u, w, near, ctrl, enemy, need,
                                                       targets, memo))


@njit
def _best_step_gain(s, t, p, u, w, near, ctrl, enemy, need, targets, memo):
    """_known_step_gain: with the cargo weight, a mech's step also counts what the ride is
    worth to the best of p's workers on its hex (workers on one hex are alike, so one is
    counted; cargo never goes onto a lake or a home base)."""
    here = s.unit_loc[p, u]
    k = step_targets(s, t, p, u, here, targets)
    if k == 0:
        return HOPELESS
    base = _memo_spot(s, t, p, u, here, w, near, ctrl, enemy, need, memo)
    rider = -1
    if w[W_CARGO] > 0.0 and UNIT_CHARACTER < u < UNIT_WORKER0:
        rider = worker_on(s, p, here)
    rider_base = 0.0
    if rider >= 0:
        rider_base = _memo_spot(s, t, p, rider, here, w, near, ctrl, enemy, need, memo)
    best = HOPELESS
    for i in range(k):
        to = targets[i]
        g = _memo_spot(s, t, p, u, to, w, near, ctrl, enemy, need, memo) - base
        if rider >= 0 and to < N_HEX and t.terrain[to] != LAKE:
            g += max(0.0, _memo_spot(s, t, p, rider, to, w, near, ctrl, enemy, need, memo) - rider_base)
        if g > best:
            best = g
    return best


@njit
def worker_on(s, p, loc):
    """One of p's workers on loc, or -1."""
    for x in range(UNIT_WORKER0, N_UNITS):
        if s.unit_loc[p, x] == loc:
            return x
    return -1


@njit
def _worker_gain(s, t, p, x, frm, to, w, near, ctrl, enemy, need, memo):
    """What worker x gains by standing on `to` instead of `frm`."""
    return (_memo_spot(s, t, p, x, to, w, near, ctrl, enemy, need, memo)
            - _memo_spot(s, t, p, x, frm, w, near, ctrl, enemy, need, memo))


@njit
def _worker_twin_listed(s, p, rows, i):
    """Row i selects a worker and an earlier row a worker on the same hex: the two gain
    exactly the same by any step (a worker's spot value ignores which worker it is)."""
    u = rows[i, 1]
    if u < UNIT_WORKER0:
        return False
    here = s.unit_loc[p, u]
    for j in range(i):
        v = rows[j, 1]
        if rows[j, 0] == A_SELECT_UNIT and v >= UNIT_WORKER0 and s.unit_loc[p, v] == here:
            return True
    return False


@njit
def _choose_unit(s, t, p, rows, n, w, near, ctrl, enemy, need, targets, memo):
    """The unit with the best first step, or End moves (no more units move) when no
    unit gains anything by moving. A worker sharing its hex with an earlier listed worker
    is not evaluated again: it could only tie, and ties keep the earlier row."""
    best = skip_row(n)
    best_gain = 0.05
    for i in range(n):
        if rows[i, 0] == A_SELECT_UNIT and not _worker_twin_listed(s, p, rows, i):
            g = _known_step_gain(s, t, p, rows[i, 1], w, near, ctrl, enemy, need, targets, memo)
            if g > best_gain:
                best, best_gain = i, g
    return best


@njit
def _choose_step(s, t, p, rows, n, w, near, ctrl, enemy, need, memo):
    """The mover's best next hex, or Stop when no step improves its spot; with the cargo
    weight, what it picks up or drops first (_choose_cargo)."""
    u = s.game[G_MOVER]
    here = s.unit_loc[p, u]
    base = _memo_spot(s, t, p, u, here, w, near, ctrl, enemy, need, memo)
    cargo = w[W_CARGO] > 0.0
    best = skip_row(n)
    best_gain = 0.05
    for i in range(n):
        if rows[i, 0] == A_STEP:
            g = _memo_spot(s, t, p, u, rows[i, 1], w, near, ctrl, enemy, need, memo) - base
            if cargo:
                g += _carried_gain(s, t, p, here, rows[i, 1], w, near, ctrl, enemy, need, memo)
            if g > best_gain:
                best, best_gain = i, g
    if not cargo:
        return best
    k = _choose_cargo(s, t, p, rows, n, best, best_gain, w, near, ctrl, enemy, need, memo)
    return k if k >= 0 else best


@njit
def _carried_gain(s, t, p, here, to, w, near, ctrl, enemy, need, memo):
    """What the workers the mover carries gain by going on to `to`."""
    g = 0.0
    cargo = s.game[G_CARGO_MASK]
    for x in range(UNIT_WORKER0, N_UNITS):
        if (cargo >> x) & 1:
            g += _worker_gain(s, t, p, x, here, to, w, near, ctrl, enemy, need, memo)
    return g


@njit
def _choose_cargo(s, t, p, rows, n, best, best_gain, w, near, ctrl, enemy, need, memo):
    """Before the step `best` (or Stop): drop a carried worker that is better off here
    than there; pick up a worker whose ride to some step's hex makes that step better
    than the best one; pick up resources that leaving would leave on a hex p no longer
    holds. -1: none of these."""
    u = s.game[G_MOVER]
    here = s.unit_loc[p, u]
    stepping = rows[best, 0] == A_STEP
    to = rows[best, 1] if stepping else here
    for i in range(n):
        if rows[i, 0] == A_DROP_WORKER and stepping:
            if _worker_gain(s, t, p, rows[i, 1], here, to, w, near, ctrl, enemy, need, memo) <= 0.0:
                return i
    if UNIT_CHARACTER < u < UNIT_WORKER0:
        base = _memo_spot(s, t, p, u, here, w, near, ctrl, enemy, need, memo)
        for i in range(n):
            if rows[i, 0] != A_PICK_WORKER:
                continue
            x = rows[i, 1]
            for j in range(n):
                dest = rows[j, 1]
                if rows[j, 0] != A_STEP or dest >= N_HEX or t.terrain[dest] == LAKE:
                    continue
                g = (_memo_spot(s, t, p, u, dest, w, near, ctrl, enemy, need, memo) - base
                     + _carried_gain(s, t, p, here, dest, w, near, ctrl, enemy, need, memo)
                     + _worker_gain(s, t, p, x, here, dest, w, near, ctrl, enemy, need, memo))
                if g > best_gain + 0.05:
                    return i
    if stepping and to < N_HEX and t.terrain[to] != LAKE and _left_unheld(s, p, u, here):
        most = -1
        for i in range(n):
            if rows[i, 0] == A_PICK_RESOURCE and (most < 0 or rows[i, 2] > rows[most, 2]):
                most = i
        if most >= 0:
            return most
    return -1


@njit
def _left_unheld(s, p, u, here):
    """No piece of p stays on here once the mover and its cargo leave."""
    if here >= N_HEX:
        return False
    staying = own_pieces(s, p, here, u)
    cargo = s.game[G_CARGO_MASK]
    for x in range(UNIT_WORKER0, N_UNITS):
        if (cargo >> x) & 1:
            staying -= 1
    return staying <= 0


@njit
def choose_payment(s, rows, n):
    """Pay from the territory holding most of the resource; a combat card (Coercion) only
    when no token is left to pay with."""
    best = 0
    most = -1
    for i in range(n):
        if rows[i, 0] == A_PAY_RESOURCE:
            here = s.hex_res[rows[i, 1]].sum()
            if here > most:
                best, most = i, here
    return best


@njit
def _moving_units_worth(s, t, p, w, near, ctrl, enemy, need, targets, memo):
    """The best step gain of any unit that can move: is a Move worth more than its coins?
    (Workers on one hex gain the same, so one of them is evaluated.)"""
    best = HOPELESS
    for u in range(N_UNITS):
        here = s.unit_loc[p, u]
        if here == OFF_BOARD or (u > UNIT_WORKER0 and _worker_before_on(s, p, u, here)):
            continue
        g = _known_step_gain(s, t, p, u, w, near, ctrl, enemy, need, targets, memo)
        if g > best:
            best = g
    return best


@njit
def _worker_before_on(s, p, u, loc):
    for v in range(UNIT_WORKER0, u):
        if s.unit_loc[p, v] == loc:
            return True
    return False


# --- the public names, taking a level's RuleInputs (workspace.py) ---------------------------
# Thin wrappers inlined into their callers: the calls inside stay the private functions
# above, which take the arrays they read one by one (Numba passes a NamedTuple field by
# field, so a per-spot call taking the whole RuleInputs pushes arrays it never reads;
# docs/ARCHITECTURE.md, "Signatures").
@njit_inline
def spot_value(s, t, p, u, loc, inputs):
    """Value of unit u of p standing on loc (_spot_value)."""
    return _spot_value(s, t, p, u, loc, inputs.w, inputs.near, inputs.ctrl, inputs.enemy, inputs.need)


@njit_inline
def memo_spot(s, t, p, u, loc, inputs):
    """spot_value, computed once per position (movememo.py)."""
    return _memo_spot(s, t, p, u, loc, inputs.w, inputs.near, inputs.ctrl, inputs.enemy, inputs.need,
                      inputs.memo)


@njit_inline
def best_step_gain(s, t, p, u, inputs):
    """How much unit u gains by its best single step from where it stands (computed once
    per position, movememo.py)."""
    return _known_step_gain(s, t, p, u, inputs.w, inputs.near, inputs.ctrl, inputs.enemy, inputs.need,
                            inputs.targets, inputs.memo)


@njit_inline
def choose_unit(s, t, p, rows, n, inputs):
    """PH_MOVE_UNIT: the unit with the best first step, or End moves (_choose_unit)."""
    return _choose_unit(s, t, p, rows, n, inputs.w, inputs.near, inputs.ctrl, inputs.enemy, inputs.need,
                        inputs.targets, inputs.memo)


@njit_inline
def choose_step(s, t, p, rows, n, inputs):
    """PH_MOVE_STEP: the mover's best next hex, or Stop (_choose_step)."""
    return _choose_step(s, t, p, rows, n, inputs.w, inputs.near, inputs.ctrl, inputs.enemy, inputs.need,
                        inputs.memo)


@njit_inline
def moving_units_worth(s, t, p, inputs):
    """The best step gain of any unit that can move (_moving_units_worth)."""
    return _moving_units_worth(s, t, p, inputs.w, inputs.near, inputs.ctrl, inputs.enemy, inputs.need,
                               inputs.targets, inputs.memo)
