"""What a seat may know of a position: a copy made a world the seat cannot tell from
the real one. `redraw` deals it at random from a seed (the rollouts of `search` and of
the war search), `mask_traps` turns opponents' armed Traps face down (also the greedy
planner's canonical copy, greedy.determinize)."""
from scythe_sim.compiled.jit import njit
from scythe_sim.compiled.rng import rand_below, seed_streams

from .view import (G_N_PLAYERS, N_CARD_VALUES, N_HEX, N_OBJECTIVES, P_OBJECTIVES_DONE, P_OBJECTIVE_A,
                   P_OBJECTIVE_B, TOKEN_DISARMED0, TOKEN_TRAP0, is_armed_trap)


@njit
def redraw(x, p, seed):
    """Make x a world p may know, drawn at random from seed: the game's chance reseeded,
    the opponents' hands dealt anew from the combat cards p cannot see (the draw pile and
    their hands; their sizes kept), their objectives dealt anew from the cards that are
    neither p's nor revealed, the opponents' Traps face down."""
    seed_streams(x.rng, seed, 0)
    n = x.game[G_N_PLAYERS]
    for q in range(n):
        if q != p:
            for v in range(N_CARD_VALUES):
                x.deck[0, v] += x.hand[q, v]
    for q in range(n):
        if q != p:
            size = x.hand[q].sum()
            x.hand[q, :] = 0
            for _ in range(size):
                v = draw_value(x)
                x.hand[q, v] += 1
                x.deck[0, v] -= 1
    taken = 0
    for q in range(n):
        taken |= x.player[q, P_OBJECTIVES_DONE]
    for f in (P_OBJECTIVE_A, P_OBJECTIVE_B):
        if x.player[p, f] >= 0:
            taken |= 1 << x.player[p, f]
    for q in range(n):
        if q != p:
            for f in (P_OBJECTIVE_A, P_OBJECTIVE_B):
                if x.player[q, f] >= 0:
                    card = free_card(x, taken)
                    x.player[q, f] = card
                    if card >= 0:
                        taken |= 1 << card
    mask_traps(x, p)


@njit
def draw_value(x):
    """A card's value drawn at random from the draw pile's counts (x's game stream)."""
    total = 0
    for v in range(N_CARD_VALUES):
        total += x.deck[0, v]
    k = rand_below(x.rng, 0, max(total, 1))
    for v in range(N_CARD_VALUES):
        if k < x.deck[0, v]:
            return v
        k -= x.deck[0, v]
    return N_CARD_VALUES - 1


@njit
def free_card(x, taken):
    """An objective card drawn at random among those not in `taken` (bits), -1 none."""
    free = 0
    for c in range(N_OBJECTIVES):
        if not (taken >> c) & 1:
            free += 1
    if free == 0:
        return -1
    k = rand_below(x.rng, 0, free)
    for c in range(N_OBJECTIVES):
        if not (taken >> c) & 1:
            if k == 0:
                return c
            k -= 1
    return -1


@njit
def mask_traps(x, p):
    """Opponents' armed Traps lie face down: give them, in board order, the penalties not
    yet revealed by a disarmed Trap, lowest first (what p may know of them)."""
    revealed = 0
    for loc in range(N_HEX):
        if x.token_owner[loc] != p and TOKEN_DISARMED0 <= x.token_kind[loc]:
            revealed |= 1 << (x.token_kind[loc] - TOKEN_DISARMED0)
    k = 0
    for loc in range(N_HEX):
        if x.token_owner[loc] != p and is_armed_trap(x.token_kind[loc]):
            while (revealed >> k) & 1:
                k += 1
            x.token_kind[loc] = TOKEN_TRAP0 + k
            k += 1
