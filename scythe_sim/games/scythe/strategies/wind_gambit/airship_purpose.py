"""The purposeful play of the Wind Gambit's airship (weight `airship` 1; airship.py has
the simple rules of `airship` 0).

Every flight and cargo row is priced in the value function's units (value.py's weights:
a coin is `score`, a resource its pair's coins plus `resource`, a star `star` plus its
coins, an opponent's loss a share of what it would be worth to p): resources nobody
holds, or p's own within an opponent's reach, go aboard (resources aboard count and pay
like held ones, and no one can take them); a worker boards where a territory within
range is worth more to it (tactics.spot_value) and is landed where it is worth most;
the aggressive tile acts where it pays (a harass on opponents, a Bombard whose power loss
is worth more than the resources paid, a Blitzkrieg it wins, a toll next to opponents'
fighters); a passive tile's gain where it pays. The airship takes a Move's unit slot
only when its flight is worth more than the unit it displaces.
"""
from scythe_sim.compiled.jit import njit

from ..tactics import best_cards, best_step_gain, choose_unit, memo_spot, top_dial, worker_on
from ..view import (A_SELECT_UNIT, DOMINATE, G_N_PLAYERS, G_STEPS_LEFT, G_UNITS_LEFT, LAKE, N_HEX, N_RES,
                    N_UNITS, P_COINS, P_POPULARITY, STAR_COMBAT, UNIT_CHARACTER, UNIT_WORKER0,
                    combat_star_cap, controller, faction_ability, skip_row, star_cap_reached)
from .view import (AS_RES0, AS_STEPS, AS_WORKERS, A_AIRSHIP_ATTACK, A_AIRSHIP_BOARD, A_AIRSHIP_LAND,
                   A_AIRSHIP_LOAD, A_AIRSHIP_STEP, A_AIRSHIP_UNLOAD, A_PAY_AIRSHIP, CARRY_WORKERS,
                   KIND_BLITZKRIEG, KIND_BOMBARD, KIND_HARASS, KIND_HAVEN, KIND_STOP_GAIN, KIND_TOLL,
                   SHIP_CARDS, TILE_CAPACITY, TILE_CARRY, TILE_GAIN_COINS, TILE_GAIN_POPULARITY,
                   TILE_GAIN_POWER, TILE_KIND, TILE_LOSS1, TILE_OPP_COINS, TILE_OPP_POPULARITY,
                   TILE_OPP_POWER, TILE_RANGE, TILE_SELF_POPULARITY, aggressive_param, can_drop_off,
                   cargo_total, opponents_with_units, passive_param)
from ..weights import (W_AIRSHIP, W_COMBAT_CARD, W_POPULARITY, W_POWER, W_RESOURCE, W_SCORE, W_STAR,
                      W_TERRITORY)
from .airship import NOBODY, _gain_here, _reach_mask, airship_select_row
from .ship_combat import dial_to_beat, guessed_ship_card, ship_strength

AIRSHIP_WORTH = 0.3    # a flight (or a worker's lift) is taken when worth more than this
TOLL_WORTH = 0.3       # per opponent's character or mech next to a toll airship: the way it closes
THREAT_SHARE = 0.5     # p's own resources within an opponent's reach: the share of their worth saved aboard
TIE = 1e-3             # of equal flights, the one whose best end is nearer


@njit
def purposeful(w):
    return w[W_AIRSHIP] > 0.0


@njit
def _popularity_worth(w):
    return 0.5 + w[W_POPULARITY]      # as rules.py prices an encounter's popularity


@njit
def _deny(s):
    """An opponent's loss as a share of the same gain to p: it is one of p's n - 1 rivals."""
    return 1.0 / max(s.game[G_N_PLAYERS] - 1, 1)


@njit
def resource_worth(s, t, p, w, need, r):
    """A token of r to p: half a resource pair's coins at p's tier, `resource`, and more while
    the bottom action paid with r lacks it (need: tactics.resource_need)."""
    tier = t.pop_tier[s.player[p, P_POPULARITY]]
    return w[W_RESOURCE] + 0.5 * w[W_SCORE] * t.tier_pay[tier, 2] + (0.5 if need[r] > 0 else 0.0)


@njit
def _fighter_near(s, t, q, loc):
    """q has a character or mech on loc or next to it."""
    for u in range(UNIT_CHARACTER, UNIT_WORKER0):
        at = s.unit_loc[q, u]
        if at >= 0 and (at == loc or (at < N_HEX and loc < N_HEX and t.edge[at, loc] != 0)):
            return True
    return False


@njit
def fighters_next_to(s, t, p, loc):
    """Opponents' characters and mechs on the territories next to loc: the units a toll
    airship on loc stands in the way of."""
    count = 0
    for q in range(s.game[G_N_PLAYERS]):
        if q == p:
            continue
        for u in range(UNIT_CHARACTER, UNIT_WORKER0):
            at = s.unit_loc[q, u]
            if 0 <= at < N_HEX and at != loc and t.edge[at, loc] != 0:
                count += 1
    return count


@njit
def _threatened(s, t, p, loc):
    """An opponent's character or mech could take loc next (on it or next to it)."""
    for q in range(s.game[G_N_PLAYERS]):
        if q != p and _fighter_near(s, t, q, loc):
            return True
    return False


@njit
def pickup_worth(s, t, p, loc, room, w, ctrl, need):
    """What loading up to `room` resources on loc is worth to p (the most valuable kind
    present, counted for each token): resources nobody holds in full, p's own within an
    opponent's reach in part (THREAT_SHARE), an opponent's never (not allowed)."""
    if room <= 0 or loc >= N_HEX or t.terrain[loc] == LAKE:
        return 0.0
    share = 0.0
    if ctrl[loc] == NOBODY:
        share = 1.0
    elif ctrl[loc] == p and _threatened(s, t, p, loc):
        share = THREAT_SHARE
    if share == 0.0:
        return 0.0
    tokens, best = 0, 0.0
    for r in range(N_RES):
        if s.hex_res[loc, r] > 0:
            tokens += s.hex_res[loc, r]
            best = max(best, resource_worth(s, t, p, w, need, r))
    return share * min(room, tokens) * best


@njit
def _harass_worth(s, t, p, others, w):
    """A harass tile acting on the opponents in `others`: coins taken (a gain to p and a
    loss to them), their power and popularity lost, p's own popularity."""
    v = aggressive_param(s, t, p, TILE_SELF_POPULARITY) * _popularity_worth(w)
    deny = _deny(s)
    for q in range(s.game[G_N_PLAYERS]):
        if (others >> q) & 1:
            coins = min(aggressive_param(s, t, p, TILE_OPP_COINS), s.player[q, P_COINS])
            v += coins * w[W_SCORE] * (1.0 + deny)
            v += deny * (aggressive_param(s, t, p, TILE_OPP_POWER) * w[W_POWER]
                         + aggressive_param(s, t, p, TILE_OPP_POPULARITY) * _popularity_worth(w))
    return v


@njit
def bombard_worth(s, t, p, q, k, w, need):
    """Paying k resources aboard for q to lose power: the loss (in full when q has a
    fighter at or next to a territory p holds, where a fight may come; else a rival's
    share) less the k cheapest resources aboard."""
    threat = _deny(s)
    for loc in range(N_HEX):
        if controller(s, loc) == p and _fighter_near(s, t, q, loc):
            threat = 1.0
            break
    v = aggressive_param(s, t, p, TILE_LOSS1 + k - 1) * w[W_POWER] * threat
    paid = k
    for r in range(N_RES):          # the kernel pays the lowest resources first
        take = min(paid, s.airship[p, AS_RES0 + r])
        v -= take * resource_worth(s, t, p, w, need, r)
        paid -= take
    return v


@njit
def blitz_worth(s, t, p, q, w):
    """A Blitzkrieg on q's airship, judged as ship_combat.py will fight it: p dials just
    enough, with its best card, to beat q's top dial and guessed card (ties are p's), and
    does not attack when its top dial is not enough. Worth a star when p may place one,
    less the power dialled and the card played (the winner draws none), plus q's loss as a
    rival's share: the dial q sets against p's guessed best (its card comes back: a loser
    that dialled or played draws one)."""
    mine = best_cards(s, p, SHIP_CARDS)
    spent = dial_to_beat(ship_strength(s, t, q, w, False), mine, True, top_dial(s, t, p))
    if spent < 0:
        return -1.0
    star = 0.0
    if not star_cap_reached(s, t, p) and (s.stars[p, STAR_COMBAT] < combat_star_cap(s, t)
                                          or faction_ability(s, p) == DOMINATE):
        tier = t.pop_tier[s.player[p, P_POPULARITY]]
        star = w[W_STAR] + w[W_SCORE] * t.tier_pay[tier, 0]
    lost = max(dial_to_beat(ship_strength(s, t, p, w, False), guessed_ship_card(s, t, q, w), False,
                            top_dial(s, t, q)), 0)
    card = w[W_COMBAT_CARD] if mine > 0 else 0.0
    return star - spent * w[W_POWER] - card + lost * w[W_POWER] * _deny(s)


@njit
def dest_worth(s, t, p, loc, w, ctrl, need):
    """What ending a flight on loc is worth to p by its tiles: the aggressive tile's act
    (harass, the best Bombard, a Blitzkrieg it wins), a toll's standing in the way of
    opponents' fighters, the passive tile's gain or Safe Haven's territory. Loads are
    priced apart (pickup_worth)."""
    if loc >= N_HEX:
        return 0.0
    v = 0.0
    others = opponents_with_units(s, p, loc)
    kind = aggressive_param(s, t, p, TILE_KIND)
    if kind == KIND_HARASS and others != 0:
        v += _harass_worth(s, t, p, others, w)
    elif kind == KIND_TOLL and others == 0:
        v += TOLL_WORTH * fighters_next_to(s, t, p, loc)
    elif kind == KIND_BOMBARD and others != 0:
        best = 0.0
        for q in range(s.game[G_N_PLAYERS]):
            if (others >> q) & 1:
                for k in range(1, min(3, cargo_total(s, p)) + 1):
                    best = max(best, bombard_worth(s, t, p, q, k, w, need))
        v += best
    elif kind == KIND_BLITZKRIEG:
        best = 0.0
        for q in range(s.game[G_N_PLAYERS]):
            if q != p and s.airship_loc[q] == loc:
                best = max(best, blitz_worth(s, t, p, q, w))
        v += best
    passive = passive_param(s, t, p, TILE_KIND)
    if passive == KIND_STOP_GAIN and _gain_here(s, t, p, loc, others):
        v += (passive_param(s, t, p, TILE_GAIN_POWER) * w[W_POWER]
              + passive_param(s, t, p, TILE_GAIN_COINS) * w[W_SCORE]
              + passive_param(s, t, p, TILE_GAIN_POPULARITY) * _popularity_worth(w))
    elif passive == KIND_HAVEN and ctrl[loc] == NOBODY and t.terrain[loc] != LAKE:
        tier = t.pop_tier[s.player[p, P_POPULARITY]]
        v += w[W_TERRITORY] + w[W_SCORE] * t.tier_pay[tier, 1]
    return v


@njit
def _room(s, t, p):
    """Resources the airship may still load (0 with a tile that carries workers)."""
    if aggressive_param(s, t, p, TILE_CARRY) == CARRY_WORKERS:
        return 0
    return aggressive_param(s, t, p, TILE_CAPACITY) - cargo_total(s, p)


@njit
def _spot_ahead(s, t, p, x, mask, inputs):
    """The best spot value (tactics.spot_value) worker x may be landed on within mask."""
    best = -1e18
    for loc in range(N_HEX):
        if (mask >> loc) & 1 and can_drop_off(s, t, p, loc):
            best = max(best, memo_spot(s, t, p, x, loc, inputs))
    return best


@njit
def lift_worth(s, t, p, frm, steps, inputs):
    """What carrying one of p's workers on frm to its best landing within `steps` flights
    gains it (a tile that carries workers; 0 otherwise or without a worker there)."""
    if aggressive_param(s, t, p, TILE_CARRY) != CARRY_WORKERS or steps <= 0 or frm >= N_HEX:
        return 0.0
    x = worker_on(s, p, frm)
    if x < 0:
        return 0.0
    mask = _reach_mask(t, frm, steps) & ~(1 << frm)
    here = memo_spot(s, t, p, x, frm, inputs)
    return max(0.0, _spot_ahead(s, t, p, x, mask, inputs) - here)


@njit
def _end_worth(s, t, p, loc, room, w, ctrl, need):
    return dest_worth(s, t, p, loc, w, ctrl, need) + pickup_worth(s, t, p, loc, room, w, ctrl, need)


@njit
def _best_end(s, t, p, mask, room, w, ctrl, need):
    best = 0.0
    for loc in range(N_HEX):
        if (mask >> loc) & 1:
            best = max(best, _end_worth(s, t, p, loc, room, w, ctrl, need))
    return best


@njit
def flight_worth(s, t, p, inputs):
    """What the airship's best move from where it stands is worth to p: the best end
    within its range (dest_worth and a load there), or a load where it stands and then the
    best end's tiles, plus a worker's lift."""
    w, ctrl, need = inputs.w, inputs.ctrl, inputs.need
    frm = s.airship_loc[p]
    if frm < 0:
        return 0.0
    steps = passive_param(s, t, p, TILE_RANGE)
    mask = _reach_mask(t, frm, steps) & ~(1 << frm)
    room = _room(s, t, p)
    acts = 0.0
    for loc in range(N_HEX):
        if (mask >> loc) & 1:
            acts = max(acts, dest_worth(s, t, p, loc, w, ctrl, need))
    best = max(_best_end(s, t, p, mask, room, w, ctrl, need),
               pickup_worth(s, t, p, frm, room, w, ctrl, need) + acts)
    return best + lift_worth(s, t, p, frm, steps, inputs)


@njit
def _kth_unit_gain(s, t, p, rows, n, k, inputs):
    """The k-th best (k = 1 or 2) first-step gain of the units listed (0 when fewer)."""
    first, second = 0.0, 0.0
    for i in range(n):
        if rows[i, 0] == A_SELECT_UNIT:
            g = best_step_gain(s, t, p, rows[i, 1], inputs)
            if g > first:
                first, second = g, first
            elif g > second:
                second = g
    return first if k <= 1 else second


@njit
def choose_mover(s, t, p, rows, n, inputs):
    """PH_MOVE_UNIT with purpose: the airship when its flight is worth more than the unit
    it would keep from moving (the last of the Move's units it leaves a slot for), else
    the units' choice (tactics.choose_unit)."""
    ship = airship_select_row(rows, n)
    i = choose_unit(s, t, p, rows, n, inputs)
    if ship < 0:
        return i
    worth = flight_worth(s, t, p, inputs)
    if worth <= AIRSHIP_WORTH:
        return i
    if i == skip_row(n):
        return ship
    slots = s.game[G_UNITS_LEFT]
    return ship if worth > _kth_unit_gain(s, t, p, rows, n, slots, inputs) else i


@njit
def _row_worth(s, t, p, rows, i, inputs):
    """An attack, load, unload or boarding row's worth to p (0 for other rows)."""
    w, ctrl, need = inputs.w, inputs.ctrl, inputs.need
    kind, a0, a1 = rows[i, 0], rows[i, 1], rows[i, 2]
    if kind == A_AIRSHIP_ATTACK:
        return bombard_worth(s, t, p, a0, a1, w, need) if a1 > 0 else blitz_worth(s, t, p, a0, w)
    if kind == A_AIRSHIP_LOAD:
        loc = s.airship_loc[p]
        share = 1.0 if ctrl[loc] == NOBODY else (THREAT_SHARE if _threatened(s, t, p, loc) else 0.0)
        return share * a1 * resource_worth(s, t, p, w, need, a0)
    if kind == A_AIRSHIP_BOARD:
        lift = lift_worth(s, t, p, s.airship_loc[p], s.game[G_STEPS_LEFT], inputs)
        return lift if lift > AIRSHIP_WORTH else 0.0
    if kind == A_AIRSHIP_UNLOAD:
        return unload_worth(s, t, p, a0, a1, w, ctrl, need)
    return 0.0


@njit
def _best_pickup(s, t, p, mask, room, w, ctrl, need):
    best = 0.0
    for loc in range(N_HEX):
        if (mask >> loc) & 1:
            best = max(best, pickup_worth(s, t, p, loc, room, w, ctrl, need))
    return best


@njit
def unload_worth(s, t, p, r, k, w, ctrl, need):
    """Unloading k of resource r where the airship stands: the room it frees for
    resources nobody holds within the steps left, less what the k are worth there (kept
    in full on p's own land out of opponents' reach, a share of it when threatened,
    nothing elsewhere)."""
    loc = s.airship_loc[p]
    room = _room(s, t, p)
    mask = _reach_mask(t, loc, s.game[G_STEPS_LEFT])
    gain = _best_pickup(s, t, p, mask, room + k, w, ctrl, need) - _best_pickup(s, t, p, mask, room, w, ctrl, need)
    keep = 0.0
    if ctrl[loc] == p:
        keep = THREAT_SHARE if _threatened(s, t, p, loc) else 1.0
    return gain - (1.0 - keep) * k * resource_worth(s, t, p, w, need, r)


@njit
def choose_airship_purposeful(s, t, p, rows, n, inputs):
    """PH_AIRSHIP with purpose: land a worker aboard where no landing within the steps
    left is better for it; else the attack, load or boarding worth most (when worth
    anything); else the step toward the best end within the steps left (the nearer of
    equal ones), or stop when staying is as good."""
    w, ctrl, need = inputs.w, inputs.ctrl, inputs.need
    loc = s.airship_loc[p]
    left = s.game[G_STEPS_LEFT]
    aboard = s.airship[p, AS_WORKERS] != 0
    for i in range(n):
        if rows[i, 0] == A_AIRSHIP_LAND:
            x = rows[i, 1]
            here = memo_spot(s, t, p, x, rows[i, 2], inputs)
            if left <= 0 or _spot_ahead(s, t, p, x, _reach_mask(t, loc, left), inputs) <= here:
                return i
    best, best_v = -1, 0.0
    for i in range(n):
        v = _row_worth(s, t, p, rows, i, inputs)
        if v > best_v:
            best, best_v = i, v
    if best >= 0:
        return best
    room = _room(s, t, p)
    x = _aboard(s, p)
    best, best_v, stay = -1, -1e18, -1e18     # with a worker aboard it must fly on (landing here is worse)
    if not aboard:   # its tiles act where it ends a flight: before its first step, staying is worth nothing
        best = skip_row(n)
        stay = _end_worth(s, t, p, loc, room, w, ctrl, need) if s.airship[p, AS_STEPS] > 0 else 0.0
        best_v = stay
    for i in range(n):
        if rows[i, 0] == A_AIRSHIP_STEP:
            dest = rows[i, 1]
            mask = _reach_mask(t, dest, left - 1)
            if aboard:
                ahead = _spot_ahead(s, t, p, x, mask, inputs)
                own = _spot_ahead(s, t, p, x, 1 << dest, inputs)
            else:
                ahead = _best_end(s, t, p, mask, room, w, ctrl, need)
                own = _end_worth(s, t, p, dest, room, w, ctrl, need)
            v = ahead + (TIE if own >= ahead else 0.0)
            if ahead > stay and v > best_v:      # no flying on to an end no better than here
                best, best_v = i, v
    return best if best >= 0 else skip_row(n)


@njit
def _aboard(s, p):
    """A worker aboard p's airship (-1 none)."""
    for x in range(UNIT_WORKER0, N_UNITS):
        if (s.airship[p, AS_WORKERS] >> x) & 1:
            return x
    return -1


@njit
def pay_from_airship(s, rows, n):
    """PH_PAY with purpose: pay from the airship's cargo first while resources nobody
    holds lie on the board (its room goes to them); -1 to pay as before."""
    k = -1
    for i in range(n):
        if rows[i, 0] == A_PAY_AIRSHIP:
            k = i
    if k < 0:
        return -1
    for loc in range(N_HEX):
        if controller(s, loc) == NOBODY and s.hex_res[loc].sum() > 0:
            return k
    return -1
