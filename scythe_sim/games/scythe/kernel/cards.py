"""The combat deck: counts by value in a draw pile and a discard pile.

Drawing a uniformly random card from the counts is the same as drawing the top card of
a shuffled pile; when the pile runs out the discards are shuffled into a new one.
"""
from scythe_sim.compiled.jit import njit
from scythe_sim.compiled.rng import rand_below

from ..enums import N_CARD_VALUES
from ..layout import RNG_GAME


@njit
def random_card(s, counts, total):
    """Value index of a uniformly random card among counts (total > 0 cards)."""
    return random_card_from(s, counts, total, RNG_GAME)


@njit
def random_card_from(s, counts, total, stream):
    """random_card drawing on State.rng row `stream` (the war draws from RNG_VARIANT)."""
    k = rand_below(s.rng, stream, total)
    for v in range(N_CARD_VALUES):
        if k < counts[v]:
            return v
        k -= counts[v]
    return N_CARD_VALUES - 1


@njit
def draw_card(s, p):
    """p draws one combat card; returns the value index drawn, or -1 if none is left."""
    return draw_card_from(s, p, RNG_GAME)


@njit
def draw_card_from(s, p, stream):
    """draw_card on State.rng row `stream` (reshuffles need no randomness: the pile is
    counts, and each draw picks uniformly among them)."""
    total = 0
    for v in range(N_CARD_VALUES):
        total += s.deck[0, v]
    if total == 0:
        for v in range(N_CARD_VALUES):
            s.deck[0, v] = s.deck[1, v]
            s.deck[1, v] = 0
            total += s.deck[0, v]
        if total == 0:
            return -1
    v = random_card_from(s, s.deck[0], total, stream)
    s.deck[0, v] -= 1
    s.hand[p, v] += 1
    return v


@njit
def draw_cards(s, p, count):
    for _ in range(count):
        draw_card(s, p)


@njit
def discard_card(s, p, v):
    s.hand[p, v] -= 1
    s.deck[1, v] += 1


@njit
def hand_size(s, p):
    total = 0
    for v in range(N_CARD_VALUES):
        total += s.hand[p, v]
    return total
