"""The token queue of Make and quests: payments from spaces of your Seekers, gifts to
a space of an opponent's Seeker, and gains onto a space of your Seekers (rulebook MAKE
and QUESTS). One token at a time; a choice with a single answer is taken at once."""
from scythe_sim.compiled.jit import njit
from scythe_sim.compiled.rows import emit

from ..layout import (A_GAIN, A_GIVE_TARGET, A_PAY, G_ACTIVE, G_GAIN_APPLES, G_GAIN_GEMS,
                      G_GIVE_APPLES, G_GIVE_GEMS, G_GIVE_TARGET, G_N_PLAYERS, G_PAY_APPLES,
                      G_PAY_GEMS, N_SEEKERS, PH_GAIN, PH_GIVE_TARGET, PH_PAY, RES_APPLE, RES_GEM)
from .board import is_castle, own_space, own_spaces, supply


@njit
def queue_empty(s):
    return (s.game[G_PAY_APPLES] == 0 and s.game[G_PAY_GEMS] == 0 and s.game[G_GIVE_APPLES] == 0
            and s.game[G_GIVE_GEMS] == 0 and s.game[G_GAIN_APPLES] == 0 and s.game[G_GAIN_GEMS] == 0)


@njit
def paying(s):
    """(resource, giving) of the token now taken from an own space, resource -1 none."""
    if s.game[G_PAY_APPLES] > 0:
        return RES_APPLE, False
    if s.game[G_PAY_GEMS] > 0:
        return RES_GEM, False
    if s.game[G_GIVE_APPLES] > 0:
        return RES_APPLE, True
    if s.game[G_GIVE_GEMS] > 0:
        return RES_GEM, True
    return -1, False


@njit
def queue_phase(s, t):
    """The decision the queue needs next (PH_PAY, PH_GIVE_TARGET, PH_GAIN), -1 when empty.
    Gains the supply cannot cover, or with no own Seeker on a space, are dropped."""
    res, giving = paying(s)
    if res >= 0:
        if giving and s.game[G_GIVE_TARGET] < 0:
            return PH_GIVE_TARGET
        return PH_PAY
    p = s.game[G_ACTIVE]
    has_space = own_space(s, t, p, 0) >= 0 or own_space(s, t, p, 1) >= 0   # where gains go
    for res, field in ((RES_APPLE, G_GAIN_APPLES), (RES_GEM, G_GAIN_GEMS)):
        if s.game[field] > 0:
            if supply(s, t, res) > 0 and has_space:
                return PH_GAIN
            s.game[field] = 0
    return -1


@njit
def gain_res(s):
    return RES_APPLE if s.game[G_GAIN_APPLES] > 0 else RES_GEM


@njit
def legal_pay(s, t, out):
    res, _ = paying(s)
    n = 0
    for x in own_spaces(s, t, s.game[G_ACTIVE]):
        if x >= 0 and s.space_res[x, res] > 0:
            n = emit(out, n, A_PAY, x, 0, 0)
    return n


@njit
def legal_give_target(s, t, out):
    """Spaces holding an opponent's Seeker (each once)."""
    p = s.game[G_ACTIVE]
    n = 0
    for q in range(s.game[G_N_PLAYERS]):
        if q == p:
            continue
        for k in range(N_SEEKERS):
            x = s.seeker_loc[q, k]
            if x < 0 or is_castle(t, x):
                continue
            seen = False
            for i in range(n):
                if out[i, 1] == x:
                    seen = True
            if not seen:
                n = emit(out, n, A_GIVE_TARGET, x, 0, 0)
    return n


@njit
def legal_gain(s, t, out):
    n = 0
    for x in own_spaces(s, t, s.game[G_ACTIVE]):
        if x >= 0:
            n = emit(out, n, A_GAIN, x, 0, 0)
    return n


@njit
def apply_pay(s, x):
    res, giving = paying(s)
    s.space_res[x, res] -= 1
    if giving:
        s.space_res[s.game[G_GIVE_TARGET], res] += 1
    if res == RES_APPLE:
        field = G_GIVE_APPLES if giving else G_PAY_APPLES
    else:
        field = G_GIVE_GEMS if giving else G_PAY_GEMS
    s.game[field] -= 1


@njit
def apply_gain(s, x):
    res = gain_res(s)
    s.space_res[x, res] += 1
    s.game[G_GAIN_APPLES if res == RES_APPLE else G_GAIN_GEMS] -= 1


@njit
def apply_give_target(s, x):
    s.game[G_GIVE_TARGET] = x
