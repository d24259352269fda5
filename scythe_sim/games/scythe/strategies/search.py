"""The reference player `search`: the planner's best whole-turn plans, valued by playing on.

At the start of its turn (the section choice) it ranks every whole-turn plan, a section,
its top-row option and its bottom-row choice (the bottom action or not, where both are
open) played to the turn's end by the direct rules, by the planner's value of the turn's
end (rank_candidates), and keeps the `search_candidates` best. Each
candidate is then valued by rollouts: from a copy of the position, made a world the seat
may know (redraw: the opponents' combat cards and objectives dealt anew at random from
the cards the seat cannot see, the game's chance reseeded), the candidate's section and
option are played, then every seat plays on (the searching seat's bottom-row choice this
turn the candidate's) with the planner without its look-ahead for
`search_horizon` rounds (0: to the game's end). The leaf is the learned value of the
searching player's margin over the best other player, or the final score margin when the
game has ended. `search_rollouts` rollouts per decision are shared by sequential halving
over the candidates, and rollout r deals the same world for every candidate (common
random numbers), so the candidates are compared on the same draws.

The chosen option and bottom-row choice are kept in the seat's memory and played when
their choices come; every other decision (movement, the bottom benefit, combat,
encounters, the Factory, the war phase) is the planner's own, with the search's weights
row (based on greedy's).
"""
import numpy as np

from scythe_sim.compiled.jit import njit
from scythe_sim.compiled.rng import next_u64

from .greedy import PLAN, SETTLE_BOTTOM, SETTLE_TURN, choose_greedy, determinize, play_on
from .halving import rank_alive
from .hidden import redraw
from .learned.model import set_root
from .learned.record import teach_decision, teaching
from .rules import reveal_row
from .value import position_value
from .variants import rollout_ends
from .view import (A_BOTTOM, A_SECTION, A_SKIP, G_DECIDER, G_GAME_OVER, G_N_PLAYERS, G_PHASE, G_TURN,
                   PH_BOTTOM, PH_SECTION, PH_TOP, apply_action, copy_into, legal_actions, score_total)
from .weights import (W_LOOKAHEAD, W_NOISE, W_SEARCH_BOTTOM, W_SEARCH_CANDIDATES,
                      W_SEARCH_HORIZON, W_SEARCH_ROLLOUTS)
from .workspace import BUF_CONTROL, BUF_LEGAL, MAX_CANDIDATES

# work.memory[seat] words: the plan chosen at the turn's start (MEM_TURN holds its turn + 1,
# 0: none), whose top-row option (kind, a0, a1, a2) and bottom-row choice (A_BOTTOM,
# A_SKIP, or -1: the planner's) are played when those choices come
MEM_TURN, MEM_KIND, MEM_BOTTOM = 0, 1, 5
# work.search_cand columns and work.search_stats columns
C_SECTION, C_ROW, C_KIND, C_RANK, C_BOTTOM = 0, 1, 5, 9, 10   # the section's index among the
                                                 # real rows, its row (kind, a0, a1, a2), the
                                                 # option's (kind -1: none), the rank, the
                                                 # bottom-row choice's kind (-1: the planner's)
S_PRIOR, S_SUM, S_COUNT = 0, 1, 2
MAX_ROLLOUT_STEPS = 60000                # decisions a rollout plays at most
NO_OPTION = -1


@njit
def choose_search(s, t, seat, actions, n, w, work):
    """The search's row among actions[:n]: a searched plan's section at the turn's start,
    its option at the top-row choice, the planner's choice anywhere else."""
    if n == 1:
        return 0
    i = reveal_row(actions, n)
    if i >= 0:
        return i              # an objective's star, whenever one is offered
    phase = s.game[G_PHASE]
    if phase == PH_SECTION and w[W_SEARCH_ROLLOUTS] >= 1.0 and w[W_SEARCH_CANDIDATES] >= 2.0:
        return search_turn(s, t, seat, actions, n, w, work)
    if phase == PH_TOP:
        k = planned_option(s, seat, actions, n, work)
        if k >= 0:
            return k
    if phase == PH_BOTTOM:
        k = planned_bottom(s, seat, actions, n, work)
        if k >= 0:
            return k
    return choose_greedy(s, t, seat, actions, n, w, work)


@njit
def planned_option(s, seat, actions, n, work):
    """The row of the top-row option the search chose at this turn's start, -1 none."""
    mem = work.memory[seat]
    if mem[MEM_TURN] != s.game[G_TURN] + 1 or mem[MEM_KIND] == NO_OPTION:
        return -1
    return find_row(actions, n, mem[MEM_KIND:MEM_KIND + 4])


@njit
def planned_bottom(s, seat, actions, n, work):
    """The row of the bottom-row choice the search chose at this turn's start, -1 none."""
    mem = work.memory[seat]
    if mem[MEM_TURN] != s.game[G_TURN] + 1 or mem[MEM_BOTTOM] == NO_OPTION:
        return -1
    return find_kind(actions, n, mem[MEM_BOTTOM])


@njit
def find_kind(rows, n, kind):
    for i in range(n):
        if rows[i, 0] == kind:
            return i
    return -1


@njit
def find_row(rows, n, row):
    for i in range(n):
        if (rows[i, 0] == row[0] and rows[i, 1] == row[1] and rows[i, 2] == row[2]
                and rows[i, 3] == row[3]):
            return i
    return -1


@njit
def search_turn(s, t, seat, actions, n, w, work):
    """Rank the plans, value the best by rollouts, keep the winner's option in the seat's
    memory and return its section row."""
    p = s.game[G_DECIDER]
    m = rank_candidates(s, t, p, seat, actions, n, w, work)
    if m == 0:
        return choose_greedy(s, t, seat, actions, n, w, work)
    best = 0
    if m > 1:
        fast = work.search_w
        for k in range(fast.shape[0]):
            fast[k] = w[k]
        fast[W_LOOKAHEAD] = 0.0      # the rollout policy: the planner without its look-ahead
        fast[W_NOISE] = 0.0          # and without noise (it draws from no stream)
        best = halving(s, t, p, seat, m, w, work)
    cand = work.search_cand[best]
    if m > 1 and teaching(work):      # `learn --teacher search`: the candidates as the search saw them
        student = choose_greedy(s, t, seat, actions, n, work.student, work)
        teach_decision(s, p, m, best, student == cand[C_SECTION], work)
    mem = work.memory[seat]
    mem[MEM_TURN] = s.game[G_TURN] + 1
    for k in range(4):
        mem[MEM_KIND + k] = cand[C_KIND + k]
    mem[MEM_BOTTOM] = cand[C_BOTTOM]
    return cand[C_SECTION]


@njit
def rank_candidates(s, t, p, seat, actions, n, w, work):
    """Fill work.search_cand with the `search_candidates` best whole-turn plans (section
    row, top-row option, bottom-row choice) by the planner's value of the turn's end, on
    the planner's honest copy; returns how many."""
    limit = min(int(w[W_SEARCH_CANDIDATES]), MAX_CANDIDATES)
    set_root(s, p, w, work.learned)
    y, z = work.search[0], work.search[1]
    rows = work.search_rows
    ranking = (actions, rows, limit, s.game[G_TURN])   # what every plan of this decision shares
    m = 0
    for i in range(n):
        if actions[i, 0] != A_SECTION:
            continue
        copy_into(y, s)
        determinize(y, p, seat, work)
        apply_action(y, t, actions[i, 0], actions[i, 1], actions[i, 2], actions[i, 3])
        if y.game[G_PHASE] != PH_TOP or y.game[G_DECIDER] != p or y.game[G_GAME_OVER]:
            m = rank_bottoms(y, t, p, w, work, m, ranking, (i, -1))
            continue
        k = legal_actions(y, t, rows, work.search_buf)
        for j in range(k):
            copy_into(z, y)
            apply_action(z, t, rows[j, 0], rows[j, 1], rows[j, 2], rows[j, 3])
            m = rank_bottoms(z, t, p, w, work, m, ranking, (i, j))
    return m


@njit
def rank_bottoms(z, t, p, w, work, m, ranking, plan):
    """Play the plan at z (section and option of plan = (section row, option row) applied)
    to p's bottom-row choice; where both the bottom action and its skip are open, each is
    a plan of its own, played to the turn's end on work.search[2]; else (or without
    `search_bottom`) the planner's choice. ranking: (the section rows, the option rows,
    the plans kept at most, the turn). Returns the count kept."""
    section, j = plan
    turn = ranking[3]
    both = False
    if w[W_SEARCH_BOTTOM] >= 0.5:
        play_on(z, t, p, turn, SETTLE_BOTTOM, w, work)
        both = bottom_is_a_choice(z, t, p, turn, work)
    if not both:
        play_on(z, t, p, turn, SETTLE_TURN, w, work)
        v = position_value(z, t, p, w, work.buf[PLAN, BUF_CONTROL], work.learned)
        return keep_candidate(work, m, ranking, (section, j, NO_OPTION), v)
    x = work.search[2]
    for kind in (A_BOTTOM, A_SKIP):
        copy_into(x, z)
        bottom_rows = work.rows[PLAN]
        k = legal_actions(x, t, bottom_rows, work.buf[PLAN, BUF_LEGAL])
        b = find_kind(bottom_rows, k, kind)
        apply_action(x, t, bottom_rows[b, 0], bottom_rows[b, 1], bottom_rows[b, 2], bottom_rows[b, 3])
        play_on(x, t, p, turn, SETTLE_TURN, w, work)
        v = position_value(x, t, p, w, work.buf[PLAN, BUF_CONTROL], work.learned)
        m = keep_candidate(work, m, ranking, (section, j, kind), v)
    return m


@njit
def bottom_is_a_choice(z, t, p, turn, work):
    """Whether z stands at p's bottom-row choice of `turn` with both the bottom action and
    its skip open (and no objective to reveal first)."""
    if z.game[G_GAME_OVER] or z.game[G_TURN] != turn or z.game[G_PHASE] != PH_BOTTOM \
            or z.game[G_DECIDER] != p:
        return False
    rows = work.rows[PLAN]
    k = legal_actions(z, t, rows, work.buf[PLAN, BUF_LEGAL])
    return (reveal_row(rows, k) < 0 and find_kind(rows, k, A_BOTTOM) >= 0
            and find_kind(rows, k, A_SKIP) >= 0)


@njit
def keep_candidate(work, m, ranking, plan, v):
    """Insert the plan (section row of ranking's section rows, option row of its option
    rows, -1: none, the bottom-row choice's kind, -1: the planner's) of value v into the
    sorted candidates when among ranking's limit best (ties: the earlier first)."""
    actions, rows, limit, _ = ranking
    section, j, bottom = plan
    cand, stats = work.search_cand, work.search_stats
    at = m
    while at > 0 and stats[at - 1, S_PRIOR] < v:
        at -= 1
    if at >= limit:
        return m
    last = min(m, limit - 1)
    keep_features = teaching(work)
    feat = work.search_feat
    for k in range(last, at, -1):
        for f in range(cand.shape[1]):
            cand[k, f] = cand[k - 1, f]
        for f in range(stats.shape[1]):
            stats[k, f] = stats[k - 1, f]
        if keep_features:
            for f in range(feat.shape[1]):
                feat[k, f] = feat[k - 1, f]
    if keep_features:          # the features position_value just worked out (a learned value's)
        for f in range(feat.shape[1]):
            feat[at, f] = work.learned.feat[f]
    cand[at, C_SECTION] = section
    for k in range(4):
        cand[at, C_ROW + k] = actions[section, k]
        cand[at, C_KIND + k] = rows[j, k] if j >= 0 else NO_OPTION
    cand[at, C_BOTTOM] = bottom
    stats[at, S_PRIOR] = v
    return min(m + 1, limit)


@njit
def halving(s, t, p, seat, m, w, work):
    """Sequential halving over the m candidates: each round gives every candidate left the
    same rollouts (the same seeds), then keeps the better half by mean value (ties: the
    planner's order). Returns the winner's index in work.search_cand.

    war/search.py halves the war's candidates with the same loop around its own rollout
    (the war policy's, with the war's budget). One loop taking the rollout as an argument
    would cost the cache: Numba does not cache a function that passes a compiled function
    on as a value ("dynamic globals"), nor anything that calls it, up to the batch loop.
    halving.py ranks for both."""
    cand, stats = work.search_cand, work.search_stats
    for c in range(m):
        cand[c, C_RANK] = c
        stats[c, S_SUM] = 0.0
        stats[c, S_COUNT] = 0.0
    rounds = 0
    while (1 << rounds) < m:
        rounds += 1
    budget = int(w[W_SEARCH_ROLLOUTS])
    base = next_u64(work.rng, seat)      # this decision's worlds, from the seat's own stream
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
    """One rollout of candidate c in the world of `seed`: its section and option played on
    a redrawn copy of s, then every seat plays on with the fast planner; the leaf's value."""
    x = work.search[2]
    copy_into(x, s)
    redraw(x, p, seed)
    turn = x.game[G_TURN]
    cand = work.search_cand[c]
    apply_action(x, t, cand[C_ROW], cand[C_ROW + 1], cand[C_ROW + 2], cand[C_ROW + 3])
    if cand[C_KIND] != NO_OPTION and x.game[G_PHASE] == PH_TOP and x.game[G_DECIDER] == p:
        rows = work.search_rows
        k = legal_actions(x, t, rows, work.search_buf)
        i = find_row(rows, k, cand[C_KIND:C_KIND + 4])
        if i >= 0:
            apply_action(x, t, rows[i, 0], rows[i, 1], rows[i, 2], rows[i, 3])
    horizon = int(w[W_SEARCH_HORIZON])
    stop = turn + 1 + horizon * x.game[G_N_PLAYERS] if horizon > 0 else -1
    play_rollout(x, t, seat, stop, work, p, turn, cand[C_BOTTOM])
    return leaf_value(x, t, p, w, work)


@njit
def play_rollout(x, t, seat, stop, work, p, turn, bottom):
    """Every seat plays x on with the fast planner (work.search_w) until the game ends,
    the war begins, or the turn `stop` (-1: none) comes; p's bottom-row choice in `turn`
    is the row of kind `bottom` (-1: the planner's). The planner's own chance comes
    from the searching seat's stream (its plans' copies), which it does not advance."""
    rows = work.search_rows
    fast = work.search_w
    for _ in range(MAX_ROLLOUT_STEPS):
        if x.game[G_GAME_OVER] or rollout_ends(x):
            return
        if stop >= 0 and x.game[G_TURN] >= stop:
            return
        n = legal_actions(x, t, rows, work.search_buf)
        if n == 0:
            return
        k = -1
        if bottom != NO_OPTION and x.game[G_PHASE] == PH_BOTTOM and x.game[G_DECIDER] == p \
                and x.game[G_TURN] == turn and reveal_row(rows, n) < 0:
            k = find_kind(rows, n, bottom)
            bottom = NO_OPTION
        if k < 0:
            k = choose_greedy(x, t, seat, rows, n, fast, work)
        apply_action(x, t, rows[k, 0], rows[k, 1], rows[k, 2], rows[k, 3])


@njit
def leaf_value(x, t, p, w, work):
    """p's final score margin over the best other player when the game is over, else the
    learned value of p's margin at x (at x's own phase of the game)."""
    n = x.game[G_N_PLAYERS]
    if x.game[G_GAME_OVER]:
        own = score_total(x, t, p)
        best = -1 << 30
        for q in range(n):
            if q != p:
                best = max(best, score_total(x, t, q))
        return float(own - best)
    lv = work.learned
    lv.root[:] = 0.0         # no plan's phase: the leaf is valued at its own
    lv.owner[0] = -1
    return position_value(x, t, p, w, work.buf[PLAN, BUF_CONTROL], lv)
