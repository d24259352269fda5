"""War combat from one seat: the expected outcome of a fight over several rounds, and
the dial, the cards and fight-on-or-retreat of each round.

The forecast plays the rounds out with both sides dialling all the power they may and
adding their allowed cards: the seat's own cards are known (best first), the enemy's
are guessed from its hand size at 3 + caution / 2 each, less as the quiet rounds
before the stalemate mount (down to 3, about a card's mean), cards drawn in the fight
at 3.
Power and divisions trade one for one in a round (the loser loses the difference + 1),
so dialling high is rarely wasted; the dial stops at what wipes out the enemy's units
there. Nothing here reads an opponent's cards, its committed dial or the RNG."""
from typing import NamedTuple

import numpy as np

from scythe_sim.compiled.jit import njit

from ..tactics import best_cards, top_dial
from ..view import (G_ACTIVE, G_ATK_CARDS, G_ATK_DIAL, G_COMBAT_HEX, G_DECIDER, G_DEFENDER, G_DEF_CARDS,
                    G_DEF_DIAL, N_CARD_VALUES, P_POWER, R_DIAL_MAX, count_mechs, hand_size, highest_dial_row,
                    skip_row)
from .view import (A_WAR_CARD, A_WAR_DIAL, A_WAR_FIGHT_ON, A_WAR_RETREAT, G_WAR_QUIET_ROUNDS,
                   R_WAR_CARD_DIVISIONS, R_WAR_QUIET_ROUNDS, war_card_allowance)
from ..weights import W_CAUTION

DRAWN_CARD = 3.0    # a card drawn during the fight, unseen yet
MAX_ROUNDS = 24     # rounds a forecast looks at (a large stack grinds a smaller one down)


@njit
def guessed_card(w):
    """An opponent's unseen card, as tactics.estimated_strength guesses it."""
    return 3.0 + w[W_CAUTION]


@njit
def quiet_share(s, t):
    """How far the war is toward the quiet-rounds stalemate (0 just after a change of
    control, 1 at it): public, the same for every seat."""
    return min(s.game[G_WAR_QUIET_ROUNDS] / max(t.rules[R_WAR_QUIET_ROUNDS], 1), 1.0)


@njit
def forecast_card(s, t, w):
    """An opponent's unseen card in a forecast: 3 + caution / 2, falling to 3 (about a
    combat card's mean, 2-5 in 16/12/8/6 copies) as the stalemate nears, which ends the
    war with no winner: closer fights become worth risking."""
    return DRAWN_CARD + 0.5 * w[W_CAUTION] * (1.0 - quiet_share(s, t))


class Side(NamedTuple):
    """One side of a forecast fight: its player and the divisions and mechs it brings."""
    player: np.int64
    divisions: np.int64
    mechs: np.int64


@njit
def side(player, divisions, mechs):
    """A Side, its numbers int64 (one compiled forecast whatever widths they were read at)."""
    return Side(np.int64(player), np.int64(divisions), np.int64(mechs))


@njit
def forecast(s, t, loc, attacker, defender, w, hand):
    """(the attacker wins, its divisions left, the defender's divisions left, rounds) of
    the attacker's fight on loc, from the powers and hands now (Side: player, divisions,
    mechs). hand: scratch (N_CARD_VALUES,) for the attacker's own cards. Losses are
    expected values: a round is won with a chance that grows with the margin, the wider
    the more unseen cards are in it (round_chance)."""
    p, a0, m0 = attacker
    q, d0, n0 = defender
    a_div, a_mech, d_div, d_mech = float(a0), float(m0), float(d0), float(n0)
    for v in range(N_CARD_VALUES):
        hand[v] = s.hand[p, v]
    drawn = 0
    pa = s.player[p, P_POWER]
    pd = s.player[q, P_POWER]
    dh = hand_size(s, q)
    d_drawn = 0
    top = t.rules[R_DIAL_MAX]
    need_draw = t.rules[R_WAR_CARD_DIVISIONS]
    guess = forecast_card(s, t, w)
    rounds = 0
    while rounds < MAX_ROUNDS and a_div + a_mech > 0.5 and d_div + d_mech > 0.5:
        rounds += 1
        if a_div >= need_draw:
            drawn += 1
        if d_div >= need_draw:
            d_drawn += 1
        k = int(a_mech + 0.5) + (1 if a_div > 0.5 else 0)
        ca = 0.0
        used_a = 0
        for v in range(N_CARD_VALUES - 1, -1, -1):
            take = min(k - used_a, hand[v])
            hand[v] -= take
            used_a += take
            ca += take * (v + 2)
        take = min(k - used_a, drawn)
        drawn -= take
        used_a += take
        ca += take * DRAWN_CARD
        unseen = take
        allowed = int(d_mech + 0.5) + (1 if d_div > 0.5 else 0)
        from_hand = min(allowed, dh)
        dh -= from_hand
        fresh = min(allowed - from_hand, d_drawn)
        d_drawn -= fresh
        unseen += from_hand + fresh
        da = min(top, pa)
        dd = min(top, pd)
        pa -= da
        pd -= dd
        margin = da + ca - (dd + from_hand * guess + fresh * DRAWN_CARD)
        chance = round_chance(margin, a_mech > 0.5, unseen)
        if d_div > 0.5:
            d_div = max(d_div - chance * (max(margin, 0.0) + 1.0), 0.0)
        else:
            d_mech = max(d_mech - chance, 0.0)
        if a_div > 0.5:
            a_div = max(a_div - (1.0 - chance) * (max(-margin, 0.0) + 1.0), 0.0)
        else:
            a_mech = max(a_mech - (1.0 - chance), 0.0)
        if chance >= 0.5 and dd + from_hand + fresh > 0:
            d_drawn += 1
        if chance < 0.5 and da + used_a > 0:
            drawn += 1
        if a_div > 0.5:
            a_div -= 1.0
    won = d_div + d_mech <= 0.5 and a_div + a_mech > 0.5
    return won, int(a_div + 0.5), int(d_div + 0.5), rounds


@njit
def round_chance(margin, attacker_mech, unseen):
    """The attacker's chance of winning a round it is expected to win by `margin` (its
    total less the defender's, unseen cards at their guess): sure beyond the spread of
    the unseen cards (about 1 a card, 2-5), a tie to the defender without an attacking
    mech, to the attacker with one."""
    edge = margin + (0.5 if attacker_mech else -0.5)
    spread = 0.5 + 1.0 * unseen
    return min(max(0.5 + edge / (2.0 * spread), 0.0), 1.0)


@njit
def _sides(s):
    """(decider, opponent, decider attacks) of the fight going on."""
    d = s.game[G_DECIDER]
    attacker = d == s.game[G_ACTIVE]
    q = s.game[G_DEFENDER] if attacker else s.game[G_ACTIVE]
    return d, q, attacker


@njit
def opponent_best(s, t, q, loc, w):
    """What q may bring to this round, from public information."""
    cards = min(war_card_allowance(s, q, loc), hand_size(s, q))
    return top_dial(s, t, q) + cards * guessed_card(w)


@njit
def _target(s, t, d, q, loc, attacker, w):
    """The total that beats q's best this round by enough to destroy its divisions
    there (the loser loses the difference + 1; ties go to the defender unless the
    attacker has a mech in the fight)."""
    units = s.divisions[q, loc]
    margin = units - 1.0 if units > 0 else 0.0   # only mechs: one falls to any win
    ties_mine = count_mechs(s, d, loc) > 0 if attacker else count_mechs(s, q, loc) == 0
    if margin == 0.0 and not ties_mine:
        margin = 1.0
    return opponent_best(s, t, q, loc, w) + margin


@njit
def choose_war_dial(s, t, rows, n, w):
    """Dial what, with the best allowed cards, wipes out the enemy's divisions there;
    all the dial allows when that is out of reach (each point saves a division)."""
    d, q, attacker = _sides(s)
    loc = s.game[G_COMBAT_HEX]
    want = _target(s, t, d, q, loc, attacker, w) - best_cards(s, d, war_card_allowance(s, d, loc))
    dial = 0 if want <= 0.0 else int(want + 0.999)
    top = rows[highest_dial_row(n), 1]
    if dial > top:
        dial = top
    for i in range(n):
        if rows[i, 0] == A_WAR_DIAL and rows[i, 1] == dial:
            return i
    return highest_dial_row(n)


@njit
def choose_war_card(s, t, rows, n, w):
    """Add the highest card until the total wipes out the enemy's divisions there."""
    d, q, attacker = _sides(s)
    loc = s.game[G_COMBAT_HEX]
    total = s.game[G_ATK_DIAL] + s.game[G_ATK_CARDS] if attacker else s.game[G_DEF_DIAL] + s.game[G_DEF_CARDS]
    if total >= _target(s, t, d, q, loc, attacker, w):
        return skip_row(n)
    best = -1
    for i in range(n):
        if rows[i, 0] == A_WAR_CARD and (best < 0 or rows[i, 1] > rows[best, 1]):
            best = i
    return best if best >= 0 else skip_row(n)


@njit
def choose_fight_on(s, t, rows, n, w, hand):
    """Fight on while the forecast of the rounds to come is a win; else retreat."""
    p = s.game[G_ACTIVE]
    q = s.game[G_DEFENDER]
    loc = s.game[G_COMBAT_HEX]
    won, _, _, _ = forecast(s, t, loc, side(p, s.divisions[p, loc], count_mechs(s, p, loc)),
                            side(q, s.divisions[q, loc], count_mechs(s, q, loc)), w, hand)
    want = A_WAR_FIGHT_ON if won else A_WAR_RETREAT
    for i in range(n):
        if rows[i, 0] == want:
            return i
    return 0
