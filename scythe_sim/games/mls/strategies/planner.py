"""The `planner` (and its personas, the same code with other weights): each own decision
is judged by playing the candidate row on a copy of the state and the rest of the turn
after it (one ply at each later decision), then valuing the turn's end for the deciding
player with the weights of its row (weights.py).

Honest about hidden information: the copy is the seat's view, not the state. Everything
the seat may not see (opponents' spells and personality cards, the spell pile, the order
of the quest deck and the Power Up piles, an attacker's committed dial, the game's
chance) is redrawn from the seat's own stream, after putting it in a canonical order, so
the choice is the same whatever the hidden truth. Pie-fight dials and spells are secret
and answered by a rule from what the fighter may see."""
from scythe_sim.compiled.jit import njit
from scythe_sim.compiled.rng import next_u64, rand_below

from ..kernel.apply import apply_action
from ..kernel.board import hand_size, own_spaces, trophy_need
from ..kernel.legal import legal_actions
from ..kernel.state import copy_into
from ..layout import (G_ACTIVE, G_ATK_DIAL, G_ATK_SPELLS, G_DECIDER, G_DEFENDER, G_GAME_OVER,
                      G_N_PLAYERS, G_PHASE, G_QUEST_DECK_N, G_TURN, N_PERSONALITIES, N_PILES,
                      N_SPELL_VALUES, P_FRIENDSHIP, P_MAKE_TILE, P_MOVE_TILE, P_PERSONALITY, P_PIES,
                      P_QUESTS_DONE, P_TROPHIES, PH_DEF_TROPHY, PH_DIAL, PH_SPELL, RES_APPLE,
                      TILES_PER_PILE, TR_APPLE_DELIVERY, TR_FRIENDSHIP, TR_GEM_DELIVERY, TR_PIES,
                      TR_POWER_UPS, TR_QUESTS, TR_SPELLS)
from ..tables import F_TROPHY_FRIENDSHIP_MIN, R_TROPHIES_TO_WIN
from .greedy import fight_rule, toward
from .weights import (W_DELIVERY, W_DIAL_SHARE, W_FRIENDLY, W_FRIENDSHIP, W_NOISE, W_PIES,
                      W_PLAN_TURN, W_QUESTS, W_QUEST_TOKEN, W_RESOURCE, W_SPELLS, W_SPELL_FIGHT,
                      W_TILES, W_TROPHY, W_WIN)

MAX_PLAN_STEPS = 64      # decisions a plan plays after its candidate (a turn needs far fewer)


# --- the value of a position ---------------------------------------------------------------
@njit
def _deliveries(s, t, p, w, dist):
    """Apples and gems on own Seekers' spaces toward the delivery trophies not yet placed,
    and a ready delivery (4 on one space) worth more the nearer the castle it stands."""
    v = 0.0
    for res in range(2):
        k = TR_APPLE_DELIVERY if res == RES_APPLE else TR_GEM_DELIVERY
        if s.trophy[p, k] == 1:
            continue
        need = trophy_need(s, t, p, k)
        have = 0
        ready = 0.0
        for x in own_spaces(s, t, p):
            if x >= 0:
                have += s.space_res[x, res]
                if s.space_res[x, res] >= need:
                    ready = max(ready, 1.0 / (1.0 + dist[x]))
        v += w[W_RESOURCE] * min(have, need) + w[W_DELIVERY] * ready
    return v


@njit
def value(s, t, p, w, dist):
    """How good s looks for player p under the weights w."""
    v = w[W_TROPHY] * s.player[p, P_TROPHIES]
    f = s.player[p, P_FRIENDSHIP]
    v += w[W_FRIENDSHIP] * toward(s, t, p, TR_FRIENDSHIP, f)
    if f >= t.facts[F_TROPHY_FRIENDSHIP_MIN]:
        v += w[W_FRIENDLY]
    v += w[W_PIES] * toward(s, t, p, TR_PIES, s.player[p, P_PIES])
    v += w[W_SPELLS] * toward(s, t, p, TR_SPELLS, hand_size(s, p))
    v += w[W_QUESTS] * toward(s, t, p, TR_QUESTS, s.player[p, P_QUESTS_DONE])
    if s.trophy[p, TR_POWER_UPS] == 0:
        v += w[W_TILES] * ((s.player[p, P_MOVE_TILE] >= 0) + (s.player[p, P_MAKE_TILE] >= 0))
    v += _deliveries(s, t, p, w, dist)
    if s.trophy[p, TR_QUESTS] == 0:
        for x in own_spaces(s, t, p):
            if x >= 0:
                v += w[W_QUEST_TOKEN] * s.quest_token[x]
    if s.game[G_GAME_OVER] == 1 and s.player[p, P_TROPHIES] >= t.rules[R_TROPHIES_TO_WIN]:
        v += w[W_WIN]
    return v


# --- the seat's view ---------------------------------------------------------------------
@njit
def _shuffle_sorted(a, m, rng, seat):
    """a[:m] put in ascending order, then shuffled from the seat's stream: the result
    does not depend on the order a held."""
    for i in range(1, m):
        x = a[i]
        j = i - 1
        while j >= 0 and a[j] > x:
            a[j + 1] = a[j]
            j -= 1
        a[j + 1] = x
    for i in range(m - 1, 0, -1):
        j = rand_below(rng, seat, i + 1)
        x = a[i]
        a[i] = a[j]
        a[j] = x


@njit
def _redeal_spells(d, s, p, rng, seat):
    """Opponents' spells go back to the draw pile; each is dealt as many again at random."""
    n = s.game[G_N_PLAYERS]
    for q in range(n):
        if q != p:
            for v in range(N_SPELL_VALUES):
                d.spell_deck[0, v] += d.hand[q, v]
                d.hand[q, v] = 0
    for q in range(n):
        if q == p:
            continue
        for _ in range(hand_size(s, q)):
            total = 0
            for v in range(N_SPELL_VALUES):
                total += d.spell_deck[0, v]
            r = rand_below(rng, seat, total)
            for v in range(N_SPELL_VALUES):
                if r < d.spell_deck[0, v]:
                    d.spell_deck[0, v] -= 1
                    d.hand[q, v] += 1
                    break
                r -= d.spell_deck[0, v]


@njit
def _redeal_personalities(d, s, p, rng, seat):
    """Opponents' personality cards drawn at random from the cards p does not hold."""
    mine = s.player[p, P_PERSONALITY]
    used = 0
    if mine >= 0:
        used |= 1 << mine
    for q in range(s.game[G_N_PLAYERS]):
        if q == p or s.player[q, P_PERSONALITY] < 0:
            continue
        free = 0
        for c in range(N_PERSONALITIES):
            free += ((used >> c) & 1) == 0
        r = rand_below(rng, seat, free)
        for c in range(N_PERSONALITIES):
            if (used >> c) & 1:
                continue
            if r == 0:
                d.player[q, P_PERSONALITY] = c
                used |= 1 << c
                break
            r -= 1


@njit
def seat_view(d, s, p, rng, seat):
    """d := s with everything p may not see redrawn from seat's stream (module note)."""
    copy_into(d, s)
    _redeal_spells(d, s, p, rng, seat)
    _redeal_personalities(d, s, p, rng, seat)
    _shuffle_sorted(d.quest_deck, s.game[G_QUEST_DECK_N], rng, seat)
    for pile in range(N_PILES):
        m = 0
        while m < TILES_PER_PILE and d.tile_pile[pile, m] >= 0:
            m += 1
        _shuffle_sorted(d.tile_pile[pile], m, rng, seat)
    if p == s.game[G_DEFENDER] and p != s.game[G_ACTIVE] and (s.game[G_PHASE] == PH_DIAL
                                                              or s.game[G_PHASE] == PH_SPELL):
        d.game[G_ATK_DIAL] = 0
        d.game[G_ATK_SPELLS] = 0
    for k in range(d.rng.shape[1]):
        d.rng[0, k] = next_u64(rng, seat)
    d.rng[0, 3] |= 1


# --- planning ----------------------------------------------------------------------------
@njit
def _one_ply(c, t, actions, n, w, ws):
    """The row whose position right after it the decider values most (first on ties)."""
    p = c.game[G_DECIDER]
    best = 0
    best_v = -1e18
    for i in range(n):
        copy_into(ws.probe, c)
        apply_action(ws.probe, t, actions[i, 0], actions[i, 1], actions[i, 2], actions[i, 3])
        v = value(ws.probe, t, p, w, ws.dist)
        if v > best_v:
            best_v = v
            best = i
    return best


@njit
def _is_fight(phase):
    return phase == PH_DIAL or phase == PH_SPELL or phase == PH_DEF_TROPHY


@njit
def finish_turn(c, t, turn, w, ws):
    """Play c on to the end of game turn `turn`: one ply at each decision, the fight rule
    for pie fights."""
    for _ in range(MAX_PLAN_STEPS):
        if c.game[G_GAME_OVER] == 1 or c.game[G_TURN] != turn:
            return
        n = legal_actions(c, t, ws.rows, ws.buf)
        if n == 0:
            return
        j = 0
        if n > 1:
            j = fight_rule(c, t, ws.rows, n, w[W_DIAL_SHARE], w[W_SPELL_FIGHT] > 0) if _is_fight(c.game[G_PHASE]) else _one_ply(c, t, ws.rows, n, w, ws)
        apply_action(c, t, ws.rows[j, 0], ws.rows[j, 1], ws.rows[j, 2], ws.rows[j, 3])


@njit
def choose_planner(s, t, seat, actions, n, w, rng, ws):
    if _is_fight(s.game[G_PHASE]):
        return fight_rule(s, t, actions, n, w[W_DIAL_SHARE], w[W_SPELL_FIGHT] > 0)
    p = s.game[G_DECIDER]
    seat_view(ws.base, s, p, rng, seat)
    plan = w[W_PLAN_TURN] > 0 and p == s.game[G_ACTIVE]
    turn = s.game[G_TURN]
    best = 0
    best_v = -1e18
    for i in range(n):
        copy_into(ws.cand, ws.base)
        apply_action(ws.cand, t, actions[i, 0], actions[i, 1], actions[i, 2], actions[i, 3])
        if plan:
            finish_turn(ws.cand, t, turn, w, ws)
        v = value(ws.cand, t, p, w, ws.dist)
        if w[W_NOISE] > 0:
            v += w[W_NOISE] * rand_below(rng, seat, 1000) / 1000.0
        if v > best_v:
            best_v = v
            best = i
    return best
