"""The `greedy` strategy: one ply. Each legal row is played on a scratch copy of the state
and the copy is scored for the deciding player (value); the best row wins, ties broken
from the seat's stream. The copy's chance is re-seeded from the seat's own stream, so
the choice never depends on the game's future dice and draws. Pie-fight dials and spells
are secret: a rule of thumb (fight_rule, shared with the planner) answers those without
looking at the other side."""
import numpy as np

from scythe_sim.compiled.jit import njit
from scythe_sim.compiled.rng import next_u64, rand_below

from ..kernel.apply import apply_action
from ..kernel.board import controlled, hand_size, trophy_need
from ..kernel.state import copy_into
from ..layout import (A_CLAIM, A_DIAL, A_END_SPELLS, A_SPELL, G_GAME_OVER, P_FRIENDSHIP, P_MAKE_TILE,
                      P_MOVE_TILE, P_PIES, P_QUESTS_DONE, P_TROPHIES, PH_DEF_TROPHY, PH_DIAL,
                      PH_SPELL, RES_APPLE, RES_GEM, TR_FRIENDSHIP, TR_PIES, TR_QUESTS, TR_SPELLS,
                      G_PHASE, G_DECIDER)
from ..tables import F_DIAL_MAX, F_TROPHY_FRIENDSHIP_MIN, R_TROPHIES_TO_WIN


@njit
def toward(s, t, p, k, have):
    """Progress toward trophy k, up to its need (0 once it is placed)."""
    if s.trophy[p, k] == 1:
        return 0
    return min(have, trophy_need(s, t, p, k))


@njit
def value(s, t, p):
    """How good s looks for player p: trophies first, then progress toward the others."""
    v = 1000.0 * s.player[p, P_TROPHIES]
    v += 6.0 * toward(s, t, p, TR_FRIENDSHIP, s.player[p, P_FRIENDSHIP])
    if s.player[p, P_FRIENDSHIP] >= t.facts[F_TROPHY_FRIENDSHIP_MIN]:
        v += 30.0
    v += 3.0 * toward(s, t, p, TR_PIES, s.player[p, P_PIES]) + 0.5 * s.player[p, P_PIES]
    v += 8.0 * toward(s, t, p, TR_SPELLS, hand_size(s, p)) + 1.0 * hand_size(s, p)
    v += 15.0 * toward(s, t, p, TR_QUESTS, s.player[p, P_QUESTS_DONE])
    v += 20.0 * ((s.player[p, P_MOVE_TILE] >= 0) + (s.player[p, P_MAKE_TILE] >= 0))
    v += 3.0 * min(controlled(s, t, p, RES_APPLE), 4) + 3.0 * min(controlled(s, t, p, RES_GEM), 4)
    if s.game[G_GAME_OVER] == 1:
        v += 100000.0 * (s.player[p, P_TROPHIES] >= t.rules[R_TROPHIES_TO_WIN])
    return v


@njit
def fight_rule(s, t, actions, n, dial_share, use_spells):
    """Dial a share of the pies held (rounded up), attach the best spell held when
    use_spells, and claim the pie-fight trophy: all from what the fighter may see."""
    phase = s.game[G_PHASE]
    p = s.game[G_DECIDER]
    if phase == PH_DIAL:
        want = min(int(s.player[p, P_PIES] * dial_share + 0.999), t.facts[F_DIAL_MAX])
        best = 0
        for i in range(n):
            if actions[i, 0] == A_DIAL and want >= actions[i, 1] >= actions[best, 1]:
                best = i
        return best
    if phase == PH_SPELL:
        best = n - 1
        for i in range(n):
            if not use_spells and actions[i, 0] == A_END_SPELLS:
                return i
            if actions[i, 0] == A_SPELL and (actions[best, 0] != A_SPELL or actions[i, 1] > actions[best, 1]):
                best = i
        return best
    for i in range(n):
        if actions[i, 0] == A_CLAIM:
            return i
    return 0


@njit
def choose_greedy(s, t, seat, actions, n, rng, scratch):
    phase = s.game[G_PHASE]
    if phase == PH_DIAL or phase == PH_SPELL or phase == PH_DEF_TROPHY:
        return fight_rule(s, t, actions, n, 0.5, True)
    p = s.game[G_DECIDER]
    w0 = next_u64(rng, seat)
    w1 = next_u64(rng, seat)
    w2 = next_u64(rng, seat)
    w3 = next_u64(rng, seat)
    best = 0
    best_v = -1e18
    for i in range(n):
        copy_into(scratch, s)
        scratch.rng[0, 0] = w0
        scratch.rng[0, 1] = w1
        scratch.rng[0, 2] = w2
        scratch.rng[0, 3] = w3 | np.uint64(1)
        apply_action(scratch, t, actions[i, 0], actions[i, 1], actions[i, 2], actions[i, 3])
        v = value(scratch, t, p) + 0.001 * rand_below(rng, seat, 1000)
        if v > best_v:
            best_v = v
            best = i
    return best


