"""Combat: after the whole Move, every territory where the active player's character or
mechs stand with an opponent's character or mechs is fought over, in the attacker's order.

Each fight: abilities before combat (attacker's, then defender's), then each side sets
its dial and adds combat cards without seeing the other's (the attacker commits first;
strategies see only their own side), then the reveal: the higher total wins, ties to
the attacker; both pay the dialled power; the loser retreats every unit there home
(Seaworthy: its character and mechs may retreat onto an adjacent lake instead).
"""
from scythe_sim.compiled.jit import njit

from ..enums import (ARTILLERY, CAMARADERIE, DISARM, DOMINATE, LAKE, MINE, N_CARD_VALUES, N_HEX,
                     PEOPLES_ARMY, SCOUT, SEAWORTHY, SHIELD, STAR_COMBAT, SUITON, SWORD)
from ..layout import (A_ARTILLERY, A_RONIN, A_SKIP, A_COMBAT_CARD, A_DIAL, A_END_CARDS, A_FIGHT, G_ACTIVE, G_ATK_CARDS,
                      G_ATK_DIAL, G_ATK_NCARDS, G_CARDS_LEFT, G_COMBATS, G_COMBAT_HEX,
                      G_DECIDER, G_DEFENDER, G_DEF_CARDS, G_DEF_DIAL, G_DEF_NCARDS, G_N_PLAYERS,
                      G_PHASE, G_WARNING, N_UNITS, PH_COMBAT_CARDS, PH_COMBAT_DIAL,
                      PH_COMBAT_HEX, PH_ARTILLERY, PH_RONIN, BEFORE_ATK_ARTILLERY, BEFORE_ATK_RONIN,
                      BEFORE_DEF_ARTILLERY, BEFORE_DEF_RONIN, BEFORE_DONE, G_BEFORE_STEP, A_RETREAT_HAVEN, A_RETREAT_LAKE,
                      PH_RETREAT,
                      P_ABILITY, P_FACTION, P_POPULARITY, P_POWER, RNG_GAME,
                      UNIT_WORKER0)
from ..tables import R_DIAL_MAX
from .aftermove import after_combats
from .board import (count_workers, enemy_presence, has_ability, note_faction_ability,
                    note_mech_ability, put_unit)
from .cards import discard_card, draw_card, hand_size, random_card_from
from .invaders.ronin import ronin_possible, take_ronin
from .invaders.tokens import rearm_trap
from .top import emit
from .tracks import gain_power
from .turn import place_star
from .wind_gambit.airship import haven_refuge
from .wind_gambit.resolution import combat_star_cap


@njit
def combat_units(s, p, loc):
    """p's character and mechs on loc."""
    c = 0
    for u in range(UNIT_WORKER0):
        if s.unit_loc[p, u] == loc:
            c += 1
    return c


@njit
def opponent_in_combat(s, p, loc):
    """The opponent with a character or mech on loc, or -1."""
    for q in range(s.game[G_N_PLAYERS]):
        if q != p and combat_units(s, q, loc) > 0:
            return q
    return -1


@njit
def _is_battle(s, p, loc):
    return combat_units(s, p, loc) > 0 and opponent_in_combat(s, p, loc) >= 0


@njit
def next_combat(s, t, p):
    """After the Move and after each fight: the next fight, the attacker's choice of
    fight, or (no fight left) what follows the Move (aftermove.after_combats)."""
    count = 0
    last = -1
    for loc in range(N_HEX):
        if _is_battle(s, p, loc):
            count += 1
            last = loc
    s.game[G_COMBAT_HEX] = -1
    s.game[G_DECIDER] = p
    if count == 0:
        after_combats(s, t, p)
    elif count == 1:
        start_combat(s, t, p, last)
    else:
        s.game[G_PHASE] = PH_COMBAT_HEX


@njit
def legal_combat(s, t, out):
    n = 0
    phase = s.game[G_PHASE]
    d = s.game[G_DECIDER]
    if phase == PH_COMBAT_HEX:
        for loc in range(N_HEX):
            if _is_battle(s, s.game[G_ACTIVE], loc):
                n = emit(out, n, A_FIGHT, loc, 0, 0)
    elif phase == PH_COMBAT_DIAL:
        n = dial_rows(s, t, d, out, n, A_DIAL)
    elif phase == PH_COMBAT_CARDS:
        n = card_rows(s, d, out, n, A_COMBAT_CARD, A_END_CARDS)
    elif phase == PH_ARTILLERY:   # Artillery, or the Skip (last) that declines it
        n = emit(out, n, A_ARTILLERY, 0, 0, 0)
        n = emit(out, n, A_SKIP, 0, 0, 0)
    elif phase == PH_RONIN:       # Ronin's 2 power, or the Skip (last) that declines it
        n = emit(out, n, A_RONIN, 0, 0, 0)
        n = emit(out, n, A_SKIP, 0, 0, 0)
    elif phase == PH_RETREAT:     # Seaworthy's lakes, Safe Haven, or the Skip (last): home
        loc = s.game[G_COMBAT_HEX]
        if lake_retreat_possible(s, t, d, loc):
            for k in range(t.neighbours.shape[1]):
                lake = t.neighbours[loc, k]
                if lake < 0:
                    break
                if lake_refuge(s, t, d, lake):
                    n = emit(out, n, A_RETREAT_LAKE, lake, 0, 0)
        haven = haven_refuge(s, t, d, loc)
        if haven >= 0:
            n = emit(out, n, A_RETREAT_HAVEN, haven, 0, 0)
        n = emit(out, n, A_SKIP, 0, 0, 0)
    return n


@njit
def dial_rows(s, t, d, out, n, kind):
    """Rows of kind (a0 = power) for every dial d may set: up to the dial's top or its power.
    The standard game's combat and All Out War's rounds share them."""
    top = min(t.rules[R_DIAL_MAX], s.player[d, P_POWER])
    for v in range(top + 1):
        n = emit(out, n, kind, v, 0, 0)
    return n


@njit
def card_rows(s, d, out, n, card_kind, end_kind):
    """A card_kind row per card value d holds while it may still add cards, then end_kind."""
    if s.game[G_CARDS_LEFT] > 0:
        for v in range(N_CARD_VALUES):
            if s.hand[d, v] > 0:
                n = emit(out, n, card_kind, v, 0, 0)
    return emit(out, n, end_kind, 0, 0, 0)


@njit
def start_combat(s, t, p, loc):
    q = opponent_in_combat(s, p, loc)
    s.game[G_COMBAT_HEX] = loc
    s.game[G_DEFENDER] = q
    clear_dials(s)
    s.game[G_COMBATS] += 1
    s.game[G_BEFORE_STEP] = BEFORE_ATK_ARTILLERY
    go_on_before_combat(s, t)


@njit
def clear_dials(s):
    """Neither side has dialled nor added cards yet (a fight, or the war's round, begins)."""
    s.game[G_ATK_DIAL] = 0
    s.game[G_DEF_DIAL] = 0
    s.game[G_ATK_CARDS] = 0
    s.game[G_DEF_CARDS] = 0
    s.game[G_ATK_NCARDS] = 0
    s.game[G_DEF_NCARDS] = 0


@njit
def go_on_before_combat(s, t):
    """The abilities before the fight, attacker's first: each side's Artillery is its
    choice (PH_ARTILLERY, taken or declined by apply), then its other abilities, then
    Ronin, its choice too (PH_RONIN); then the attacker sets its dial."""
    p = s.game[G_ACTIVE]
    q = s.game[G_DEFENDER]
    loc = s.game[G_COMBAT_HEX]
    while s.game[G_BEFORE_STEP] < BEFORE_DONE:
        step = s.game[G_BEFORE_STEP]
        a, b = (p, q) if step < BEFORE_DEF_ARTILLERY else (q, p)
        s.game[G_BEFORE_STEP] = step + 1
        if step == BEFORE_ATK_ARTILLERY or step == BEFORE_DEF_ARTILLERY:
            if artillery_possible(s, t, a, b):
                s.game[G_DECIDER] = a
                s.game[G_PHASE] = PH_ARTILLERY
                return
        elif step == BEFORE_ATK_RONIN or step == BEFORE_DEF_RONIN:
            if ronin_possible(s, t, a, loc):
                s.game[G_DECIDER] = a
                s.game[G_PHASE] = PH_RONIN
                return
        else:
            after_artillery(s, t, a, b, loc, RNG_GAME)
    s.game[G_DECIDER] = p
    s.game[G_PHASE] = PH_COMBAT_DIAL


@njit
def artillery_possible(s, t, a, b):
    """Artillery can act: a has it, a power to pay, and b power to lose."""
    return has_ability(s, t, a, ARTILLERY) and s.player[a, P_POWER] >= 1 and s.player[b, P_POWER] > 0


@njit
def fire_artillery(s, a, b):
    _lose_power(s, a, 1)
    _lose_power(s, b, 2)
    note_mech_ability(s, a, ARTILLERY)


@njit
def _lose_power(s, p, amount):
    v = s.player[p, P_POWER] - amount
    s.player[p, P_POWER] = v if v > 0 else 0


@njit
def before_combat_from(s, t, a, b, loc, stream):
    """a's abilities that act before an All Out War fight, against b (attacker's first),
    Artillery whenever it can act, with Scout's steal drawn on State.rng row `stream`."""
    if artillery_possible(s, t, a, b):
        fire_artillery(s, a, b)
    after_artillery(s, t, a, b, loc, stream)
    if ronin_possible(s, t, a, loc):
        take_ronin(s, t, a)


@njit
def after_artillery(s, t, a, b, loc, stream):
    """a's abilities before the fight other than Artillery and Ronin: Scout, Disarm, Sword, Shield."""
    if has_ability(s, t, a, SCOUT) and hand_size(s, b) > 0:
        v = random_card_from(s, s.hand[b], hand_size(s, b), stream)
        s.hand[b, v] -= 1
        s.hand[a, v] += 1
        note_mech_ability(s, a, SCOUT)
    if has_ability(s, t, a, DISARM) and (t.is_tunnel[loc] != 0 or s.struct_loc[a, MINE] == loc):
        _lose_power(s, b, 2)
        note_mech_ability(s, a, DISARM)
    _invaders_before_combat(s, t, a, b, loc)


@njit
def _invaders_before_combat(s, t, a, b, loc):
    """Albion's Sword (attacking: the defender loses 2 power) and Shield (defending: gain 2
    power)."""
    attacking = a == s.game[G_ACTIVE]
    if attacking and has_ability(s, t, a, SWORD):
        _lose_power(s, b, 2)
        note_mech_ability(s, a, SWORD)
    if not attacking and has_ability(s, t, a, SHIELD):
        gain_power(s, t, a, 2)
        note_mech_ability(s, a, SHIELD)


@njit
def card_allowance(s, t, p, loc):
    """Combat cards p may add: one per own character/mech there, +1 with People's Army
    when one of p's workers is there too, +1 with Suiton on a lake."""
    n = combat_units(s, p, loc)
    if has_ability(s, t, p, PEOPLES_ARMY) and count_workers(s, p, loc) > 0:
        n += 1
    if has_ability(s, t, p, SUITON) and loc < N_HEX and t.terrain[loc] == LAKE:
        n += 1   # Suiton: one more card in a fight on a lake
    return n


@njit
def set_dial(s, t, v):
    d = s.game[G_DECIDER]
    attacker = d == s.game[G_ACTIVE]
    s.game[G_ATK_DIAL if attacker else G_DEF_DIAL] = v
    loc = s.game[G_COMBAT_HEX]
    s.game[G_CARDS_LEFT] = card_allowance(s, t, d, loc)
    if has_ability(s, t, d, PEOPLES_ARMY) and count_workers(s, d, loc) > 0:
        note_mech_ability(s, d, PEOPLES_ARMY)
    if has_ability(s, t, d, SUITON) and loc < N_HEX and t.terrain[loc] == LAKE:
        note_mech_ability(s, d, SUITON)
    s.game[G_PHASE] = PH_COMBAT_CARDS


@njit
def add_card(s, t, v):
    d = s.game[G_DECIDER]
    attacker = d == s.game[G_ACTIVE]
    discard_card(s, d, v)
    s.game[G_ATK_CARDS if attacker else G_DEF_CARDS] += t.card_values[v]
    s.game[G_ATK_NCARDS if attacker else G_DEF_NCARDS] += 1
    s.game[G_CARDS_LEFT] -= 1


@njit
def end_cards(s, t):
    if s.game[G_DECIDER] == s.game[G_ACTIVE]:
        s.game[G_DECIDER] = s.game[G_DEFENDER]
        s.game[G_PHASE] = PH_COMBAT_DIAL
    else:
        resolve_combat(s, t)


@njit
def reveal_dials(s):
    """Both sides reveal: their totals (dial + cards, attacker's first), each paying the
    power its dial shows (a standard fight, a war round, an airship fight)."""
    attack = s.game[G_ATK_DIAL] + s.game[G_ATK_CARDS]
    defence = s.game[G_DEF_DIAL] + s.game[G_DEF_CARDS]
    _lose_power(s, s.game[G_ACTIVE], s.game[G_ATK_DIAL])
    _lose_power(s, s.game[G_DEFENDER], s.game[G_DEF_DIAL])
    return attack, defence


@njit
def resolve_combat(s, t):
    p = s.game[G_ACTIVE]
    q = s.game[G_DEFENDER]
    loc = s.game[G_COMBAT_HEX]
    attack, defence = reveal_dials(s)
    winner, loser = (p, q) if attack >= defence else (q, p)
    revealed = defence if loser == q else attack
    to_lake = lake_retreat_possible(s, t, loser, loc)
    haven = haven_refuge(s, t, loser, loc) >= 0
    sent = count_workers(s, loser, loc)   # workers forced to retreat, wherever to
    if not haven:   # else all its units wait for its choice of retreat (retreat_to)
        retreat_all(s, t, loser, loc, UNIT_WORKER0 if to_lake else 0)
    if winner == p and sent > 0 and s.player[p, P_POWER] >= 7:
        s.game[G_WARNING] = 1   # objective 6, Send One Back as a Warning
    if winner == p and not has_ability(s, t, p, CAMARADERIE):
        pop = s.player[p, P_POPULARITY] - sent
        s.player[p, P_POPULARITY] = pop if pop > 0 else 0
    elif winner == p and sent > 0:   # workers sent home at no popularity
        note_mech_ability(s, p, CAMARADERIE)
    if revealed > 0:
        draw_card(s, loser)
    if winner == p:
        rearm_trap(s, t, p, loc)   # Shinobi: the unit that ended its move there won
    if to_lake or haven:   # the loser chooses where its units go (retreat_to)
        s.game[G_DECIDER] = loser
        s.game[G_PHASE] = PH_RETREAT
        return
    finish_fight(s, t, winner)


@njit
def finish_fight(s, t, winner):
    """The fight is over and the loser gone: the winner's combat star, then the next fight."""
    cap = combat_star_cap(s, t)
    if s.stars[winner, STAR_COMBAT] < cap or s.player[winner, P_ABILITY] == DOMINATE:
        if s.stars[winner, STAR_COMBAT] >= cap:   # a combat star past the cap
            note_faction_ability(s, winner, DOMINATE)
        if place_star(s, t, winner, STAR_COMBAT):
            return
    next_combat(s, t, s.game[G_ACTIVE])


@njit
def retreat_all(s, t, p, loc, first):
    """p's units on loc from slot `first` on (0: all; UNIT_WORKER0: the workers) go home;
    returns how many of them were workers."""
    home = t.home_loc[s.player[p, P_FACTION]]
    workers = 0
    for u in range(first, N_UNITS):
        if s.unit_loc[p, u] == loc:
            put_unit(s, p, u, home)
            if u >= UNIT_WORKER0:
                workers += 1
    return workers


@njit
def lake_refuge(s, t, p, lake):
    """Seaworthy: lake is one p's losing character and mechs may retreat onto (adjacency
    is checked by the caller; rivers do not matter to a retreat): no enemy unit there."""
    return t.terrain[lake] == LAKE and enemy_presence(s, p, lake) == 0


@njit
def lake_retreat_possible(s, t, p, loc):
    """p, losing on loc, has Seaworthy, a character or mech there and a lake to go to."""
    if loc >= N_HEX or not has_ability(s, t, p, SEAWORTHY) or combat_units(s, p, loc) == 0:
        return False
    for k in range(t.neighbours.shape[1]):
        lake = t.neighbours[loc, k]
        if lake < 0:
            break
        if lake_refuge(s, t, p, lake):
            return True
    return False


@njit
def retreat_to(s, t, dest, haven):
    """The losing decider's units on the combat hex retreat: its character and mechs onto
    the lake dest (Seaworthy; its workers home), all of them onto its Safe Haven's
    territory dest (haven), or all home when dest is -1; then the fight finishes."""
    d = s.game[G_DECIDER]
    loc = s.game[G_COMBAT_HEX]
    home = t.home_loc[s.player[d, P_FACTION]]
    if dest < 0:
        dest = home
    elif not haven:
        note_mech_ability(s, d, SEAWORTHY)
    for u in range(N_UNITS):
        if s.unit_loc[d, u] == loc:
            put_unit(s, d, u, dest if u < UNIT_WORKER0 or haven or dest == home else home)
    p = s.game[G_ACTIVE]
    finish_fight(s, t, s.game[G_DEFENDER] if d == p else p)
