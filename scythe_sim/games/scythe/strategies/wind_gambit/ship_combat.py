"""Airship against airship (Blitzkrieg, the war's ship combat) from one seat: the dial and
the card, and whether a fight is worth starting, from public information only (powers,
hand sizes) and the seat's own cards. Only one card is played, so an opponent's is its
best: guessed at 3 + caution, a quarter more per further card in its hand, at most the
top card's value.

A side dials just enough, with its best card, to beat the opponent's best (the attacker
wins ties). When that is out of reach it keeps its power, except in the war, where a loss
by the destroy margin loses the airship for good: there it dials all it may."""
from scythe_sim.compiled.jit import njit

from ..tactics import best_cards, top_dial
from ..view import (G_ACTIVE, G_ATK_DIAL, G_ATK_NCARDS, G_DECIDER, G_DEFENDER, G_DEF_DIAL, G_DEF_NCARDS,
                    N_CARD_VALUES, hand_size, highest_dial_row, skip_row)
from ..war.view import G_WAR_STAGE
from .view import A_SHIP_CARD, A_SHIP_DIAL, SHIP_CARDS
from ..weights import W_CAUTION


@njit
def guessed_ship_card(s, t, p, w):
    """p's card in an airship fight as an opponent guesses it from p's hand size."""
    h = hand_size(s, p)
    if h == 0:
        return 0.0
    return min(3.0 + w[W_CAUTION] + 0.25 * (h - 1), float(t.card_values[N_CARD_VALUES - 1]))


@njit
def ship_strength(s, t, p, w, own):
    """p's best total in an airship fight: its dial at most and one card (its own best
    when own, else guessed)."""
    if own:
        return top_dial(s, t, p) + best_cards(s, p, SHIP_CARDS)
    return top_dial(s, t, p) + guessed_ship_card(s, t, p, w)


@njit
def dial_to_beat(theirs, mine, attacker, top):
    """The least dial that, with `mine` from the side's card, beats `theirs` (the attacker
    wins ties); -1 when even `top` does not."""
    need = theirs - mine + (0.0 if attacker else 1.0)
    want = int(need + 0.999) if need > 0.0 else 0
    return want if want <= top else -1


@njit
def ship_fight_worth(s, t, p, q, w):
    """How far p's best beats q's guessed best when p attacks (ties are p's): > 0 wins."""
    return ship_strength(s, t, p, w, True) - ship_strength(s, t, q, w, False) + 0.5


@njit
def _sides(s):
    d = s.game[G_DECIDER]
    attacker = d == s.game[G_ACTIVE]
    return d, (s.game[G_DEFENDER] if attacker else s.game[G_ACTIVE]), attacker


@njit
def choose_ship_dial(s, t, rows, n, w):
    d, q, attacker = _sides(s)
    top = rows[highest_dial_row(n), 1]
    want = dial_to_beat(ship_strength(s, t, q, w, False), best_cards(s, d, SHIP_CARDS), attacker, top)
    if want < 0:
        want = top if s.game[G_WAR_STAGE] != 0 else 0
    for i in range(n):
        if rows[i, 0] == A_SHIP_DIAL and rows[i, 1] == want:
            return i
    return 0


@njit
def choose_ship_card(s, t, rows, n, w):
    """The best card when the side fights to win (it dialled, or its card alone may win)."""
    d, q, attacker = _sides(s)
    dial = s.game[G_ATK_DIAL] if attacker else s.game[G_DEF_DIAL]
    added = s.game[G_ATK_NCARDS] if attacker else s.game[G_DEF_NCARDS]
    if added > 0:
        return skip_row(n)
    if dial == 0 and best_cards(s, d, SHIP_CARDS) < ship_strength(s, t, q, w, False) + (0.0 if attacker else 1.0):
        if s.game[G_WAR_STAGE] == 0:
            return skip_row(n)
    best = -1
    for i in range(n):
        if rows[i, 0] == A_SHIP_CARD and (best < 0 or rows[i, 1] > rows[best, 1]):
            best = i
    return best if best >= 0 else skip_row(n)
