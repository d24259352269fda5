"""A simple war policy for every strategy but `random` (which stays uniform over the
legal rows): legal, deterministic given the seat's stream, and only meant to play the
war to its end. It prefers Produce, then Move, then Bolster; places divisions all on
one territory; moves the largest corps into territory it does not hold; loads what a
mech can carry and steps it into territory it does not hold; dials half its power and
plays its best card; fights on while it has at least as many divisions there as the
enemy. Ties are broken at random from the seat's stream. The next helper makes it
purposeful."""
from ..compiled.jit import njit
from ..compiled.rng import rand_below
from .view import (A_WAR_BOLSTER, A_WAR_CARD, A_WAR_CORPS, A_WAR_DIAL, A_WAR_END_MOVE,
                   A_WAR_FIGHT_ON, A_WAR_GAIN_COINS, A_WAR_LOAD, A_WAR_MOVE, A_WAR_PLACE,
                   A_WAR_PRODUCE, A_WAR_SELECT_MECH, A_WAR_STEP, G_COMBAT_HEX, G_DECIDER,
                   G_DEFENDER, P_POWER, war_controller)


@njit
def choose_war(s, t, seat, actions, n, work):
    """Index of the best-scored row (ties at random from the seat's stream)."""
    best = -1_000_000
    count = 0
    pick = 0
    for i in range(n):
        v = _score(s, t, actions[i])
        if v > best:
            best = v
            count = 1
            pick = i
        elif v == best:
            count += 1
    if count == 1:
        return pick
    k = rand_below(work.rng, seat, count)
    for i in range(n):
        if _score(s, t, actions[i]) == best:
            if k == 0:
                return i
            k -= 1
    return pick


@njit
def _score(s, t, row):
    kind, a0, a1, a2 = row[0], row[1], row[2], row[3]
    d = s.game[G_DECIDER]
    if kind == A_WAR_PRODUCE:
        return 50
    if kind == A_WAR_MOVE:
        return 40
    if kind == A_WAR_BOLSTER:
        return 30 if (a0 == 0) == (s.player[d, P_POWER] < 8) else 29
    if kind == A_WAR_GAIN_COINS:
        return 20
    if kind == A_WAR_PLACE:
        return a1
    if kind == A_WAR_CORPS:
        return a2 if war_controller(s, a1) != d else 0
    if kind == A_WAR_SELECT_MECH:
        return 1
    if kind == A_WAR_END_MOVE:
        return 0
    if kind == A_WAR_LOAD:
        return 10 + a0
    if kind == A_WAR_STEP:
        return 5 if war_controller(s, a0) != d else 1
    if kind == A_WAR_DIAL:
        return -abs(a0 - s.player[d, P_POWER] // 2)
    if kind == A_WAR_CARD:
        return 10 + a0
    if kind == A_WAR_FIGHT_ON:
        loc = s.game[G_COMBAT_HEX]
        enemy = s.game[G_DEFENDER] if d != s.game[G_DEFENDER] else d
        return 1 if s.divisions[d, loc] >= s.divisions[enemy, loc] else -1
    return 0   # stop, end cards, retreat, pass, swap, mech deployment: neutral
