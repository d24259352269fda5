"""The war search: a war decision chosen by rollouts (the `search` strategy's war; any
weights row with `war_search_rollouts` >= 1 and `war_search_candidates` >= 2 plays it).

At the deciding faction's choice of its turn's action and at each step of its Move (a
corps, a mech, a mech's step, the airship), of Produce's placement and of its airship's
flight, the war policy's `war_search_candidates` best rows by the policy's own value are
the candidates. Each is valued by rollouts: on a copy of the position made a world the
seat may know (hidden.redraw: the opponents' combat cards dealt anew from the cards the
seat has not seen, the game's chance reseeded from the rollout's seed), the candidate is
played, then every faction plays the war policy (the searching seat's weights) until the
deciding faction's turn has come `war_search_horizon` more times, or the war is over.
The leaf (leaf.py): the war won or lost, else the margin of territorial points plus what
the forecast says each side can take next. `war_search_rollouts` rollouts are shared by
sequential halving, and rollout r deals the same world for every candidate (common random
numbers). The policy's random tie-breaks inside a rollout come from a stream seeded by
the rollout's seed; the seat's own stream is then reseeded from a draw of its own, so a
decision depends on the seat's view and its stream alone, and repeats per seed.
"""
import numpy as np

from scythe_sim.compiled.jit import njit
from scythe_sim.compiled.rng import next_u64, seed_streams

from ..halving import C_RANK, S_COUNT, S_SUM, rank_alive
from ..hidden import redraw
from ..view import G_DECIDER, G_GAME_OVER, G_PHASE, apply_action, copy_into, legal_actions
from .view import (PH_WAR_ACTION, PH_WAR_AIRSHIP, PH_WAR_MECH_STEP, PH_WAR_MOVE, PH_WAR_PLACE, W_WAR_TURNS,
                   in_war)
from ..weights import W_WAR_SEARCH_CANDIDATES, W_WAR_SEARCH_HORIZON, W_WAR_SEARCH_ROLLOUTS
from ..workspace import MAX_CANDIDATES
from .leaf import war_leaf
from .policy import choose_war, row_value

# work.search_cand columns (the standard search's scratch: never in use during the war)
C_ROW, C_INDEX = 0, 4   # the candidate's row (kind, a0, a1, a2), its index among the real rows
S_PRIOR = 0             # work.search_stats: the policy's value (halving.py: the rollouts' columns)
MAX_ROLLOUT_STEPS = 20000           # decisions a rollout plays at most
TIES_STREAM = 1000                  # the stream id a rollout's tie-break stream is seeded at


@njit
def choose_war_searched(s, t, seat, actions, n, w, work):
    """The war decision of a seat: searched where war_searches says so, else the policy's."""
    if n > 1 and war_searches(s, w):
        return war_search(s, t, seat, actions, n, w, work)
    return choose_war(s, t, seat, actions, n, w, work)


@njit
def war_searches(s, w):
    """The row searches and this is one of the decisions it searches."""
    if w[W_WAR_SEARCH_ROLLOUTS] < 1.0 or w[W_WAR_SEARCH_CANDIDATES] < 2.0:
        return False
    phase = s.game[G_PHASE]
    return (phase == PH_WAR_ACTION or phase == PH_WAR_MOVE or phase == PH_WAR_MECH_STEP
            or phase == PH_WAR_PLACE or phase == PH_WAR_AIRSHIP)


@njit
def war_search(s, t, seat, actions, n, w, work):
    """Rank the rows by the policy, value the best by rollouts, return the winner's index."""
    p = s.game[G_DECIDER]
    m = rank_rows(s, t, p, actions, n, w, work)
    base = next_u64(work.rng, seat)     # this decision's worlds, from the seat's own stream
    after = next_u64(work.rng, seat)    # the seat's stream after the decision
    best = halving(s, t, p, seat, m, base, w, work)
    seed_streams(work.rng[seat:seat + 1], after, TIES_STREAM)
    return work.search_cand[best, C_INDEX]


@njit
def rank_rows(s, t, p, actions, n, w, work):
    """work.search_cand[:m]: the `war_search_candidates` rows of actions[:n] the policy
    values most, best first (ties: the earlier row); returns m."""
    limit = min(int(w[W_WAR_SEARCH_CANDIDATES]), MAX_CANDIDATES, n)
    cand, stats = work.search_cand, work.search_stats
    m = 0
    for i in range(n):
        v = row_value(s, t, p, actions[i], w, work)
        at = m
        while at > 0 and stats[at - 1, S_PRIOR] < v:
            at -= 1
        if at >= limit:
            continue
        for k in range(min(m, limit - 1), at, -1):
            for f in range(cand.shape[1]):
                cand[k, f] = cand[k - 1, f]
            stats[k, S_PRIOR] = stats[k - 1, S_PRIOR]
        for f in range(4):
            cand[at, C_ROW + f] = actions[i, f]
        cand[at, C_INDEX] = i
        stats[at, S_PRIOR] = v
        m = min(m + 1, limit)
    return m


@njit
def halving(s, t, p, seat, m, base, w, work):
    """Sequential halving over the m candidates: each round gives every candidate left the
    same rollouts (the same seeds), then keeps the better half by mean value (ties: the
    policy's order). Returns the winner's index in work.search_cand. The loop is the
    turn-start search's (search.halving, which says why it is written twice) around the
    war policy's rollout and the war's budget."""
    cand, stats = work.search_cand, work.search_stats
    for c in range(m):
        cand[c, C_RANK] = c
        stats[c, S_SUM] = 0.0
        stats[c, S_COUNT] = 0.0
    rounds = 0
    while (1 << rounds) < m:
        rounds += 1
    budget = int(w[W_WAR_SEARCH_ROLLOUTS])
    alive = m
    first = 0
    for _ in range(rounds):
        per = max(1, budget // (alive * rounds))
        for a in range(alive):
            c = cand[a, C_RANK]
            for r in range(first, first + per):
                stats[c, S_SUM] += rollout(s, t, p, seat, c, base + np.uint64(r), w, work)
            stats[c, S_COUNT] += per
        first += per
        rank_alive(cand, stats, alive)
        alive = (alive + 1) // 2
    return cand[0, C_RANK]


@njit
def rollout(s, t, p, seat, c, seed, w, work):
    """One rollout of candidate c in the world of `seed`: the candidate played on a redrawn
    copy of s, then every faction plays the war policy; the leaf's value for p."""
    x = work.search[2]
    copy_into(x, s)
    redraw(x, p, seed)
    seed_streams(work.rng[seat:seat + 1], seed, TIES_STREAM)
    stop = x.war[p, W_WAR_TURNS] + max(int(w[W_WAR_SEARCH_HORIZON]), 1)
    row = work.search_cand[c]
    apply_action(x, t, row[C_ROW], row[C_ROW + 1], row[C_ROW + 2], row[C_ROW + 3])
    rows = work.search_rows
    for _ in range(MAX_ROLLOUT_STEPS):
        if x.game[G_GAME_OVER] or not in_war(x, p):
            break
        if x.game[G_PHASE] == PH_WAR_ACTION and x.game[G_DECIDER] == p and x.war[p, W_WAR_TURNS] >= stop:
            break
        k = legal_actions(x, t, rows, work.search_buf)
        if k == 0:
            break
        i = choose_war(x, t, seat, rows, k, w, work) if k > 1 else 0
        apply_action(x, t, rows[i, 0], rows[i, 1], rows[i, 2], rows[i, 3])
    return war_leaf(x, t, p, w, work)
