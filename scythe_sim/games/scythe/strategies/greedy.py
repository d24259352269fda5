"""The greedy planner, behind `greedy` and every persona (each with its own weights).

It plans a whole turn on a copy of the state. At the section choice it plays each
section's turn to its end and keeps the one whose end position value.py likes best; at
the top-row choice it plays each option up to the bottom-row action, or with `lookahead`
to the turn's end, the best few (`ahead_options`, `ahead_sections` for sections) once
more with the best next turn they leave (next_turn_value); a choice with an
immediate effect (the bottom action's benefit, an encounter option, a Produce territory,
...) is played with its follow-up steps. Of a long list (Trade pairs, Deploy and Build
placements, ...) only the MAX_PLANNED rows the direct rules value most are played.
Inside such a plan every decision is taken by the direct rules of rules.py, never by
another plan: one level of planning keeps a turn cheap, and keeps a single function (``play_plan``) calling the rules engine, which is
what the compile time of the kernel grows with.

Every copy is made honest first (``determinize``): the chance inside a plan comes from
the seat's own stream, the cards the seat cannot see are redealt canonically from what
it can, and opponents' objectives are hidden. An opponent's decision inside a plan (a
defender's dial) is taken from public information only.
"""
from typing import NamedTuple

import numpy as np

from scythe_sim.compiled.jit import njit, njit_inline
from scythe_sim.compiled.rng import next_u64

from .hidden import mask_traps
from .learned.model import set_root
from .movememo import forget, keeps_spot_values
from .rules import (decide_direct, factory_card_row, opponent_public_choice, reveal_row,
                    row_values)
from .value import position_value
from .view import (A_SECTION, G_DECIDER, G_GAME_OVER, G_N_PLAYERS, G_PHASE, G_TURN, N_CARD_VALUES, PH_BOTTOM,
                   PH_BOTTOM_BENEFIT, PH_ENCOUNTER, PH_END_TURN, PH_FACTORY_PICK, PH_FREE_ACTION,
                   PH_GAIN_RESOURCES, PH_PAY, PH_PRODUCE, PH_SECTION, PH_TOP, PH_TRADE_HEX,
                   P_OBJECTIVE_A, P_OBJECTIVE_B, apply_action, copy_into, give_turn_to,
                   legal_actions)
from .weights import (W_AHEAD_MARGIN, W_AHEAD_OPTIONS, W_AHEAD_SECTIONS, W_FACTORY_PICK, W_LOOKAHEAD,
                      W_NOISE, W_PLAN_SECTIONS, W_PLAN_WIDTH)
from .workspace import BUF_CONTROL, BUF_LEGAL, N_KEPT, Workspace, rule_inputs


class Planner(NamedTuple):
    """Who plans and with what, passed whole through the planner (best_plan, play_plan):
    the deciding player, its seat (whose stream the plan's chance comes from), its
    weights row and the Workspace (planner_of builds it)."""
    p: np.int64
    seat: np.int64
    w: np.ndarray
    work: Workspace


@njit_inline
def planner_of(p, seat, w, work):
    """The Planner of p at seat; its numbers int64, so that every caller (whatever width
    it read p with) shares one compiled planner. Inlined: a function compiled without the
    runtime must not return arrays."""
    return Planner(np.int64(p), np.int64(seat), w, work)


SETTLE_TURN = 0       # play on until the turn ends
SETTLE_BOTTOM = 1     # ... until the bottom-row choice (or the turn's end)
SETTLE_FOLLOW_UP = 2  # ... while the choice's follow-up steps last
MAX_PLAN_STEPS = 400
MAX_PLANNED = 6       # rows played out at one decision (all sections are)
PLAN = 1              # workspace level of the plan's decisions (level 0 is the real one)
AHEAD = 2             # workspace level of the look-ahead's section rows


@njit
def determinize(x, p, seat, work):
    """Make the copy x a position p may know: the seat's own stream as the chance, the
    opponents' hands redealt lowest values first from the cards p cannot see (their
    sizes kept), their objectives hidden."""
    for k in range(x.rng.shape[1]):
        x.rng[0, k] = work.rng[seat, k]
    n = x.game[G_N_PLAYERS]
    for v in range(N_CARD_VALUES):
        for q in range(n):
            if q != p:
                x.deck[0, v] += x.hand[q, v]
    for q in range(n):
        if q == p:
            continue
        size = x.hand[q].sum()
        for v in range(N_CARD_VALUES):
            take = min(size, x.deck[0, v])
            x.hand[q, v] = take
            x.deck[0, v] -= take
            size -= take
        x.player[q, P_OBJECTIVE_A] = -1
        x.player[q, P_OBJECTIVE_B] = -1
    mask_traps(x, p)


@njit
def settled(x, p, turn, mode):
    if x.game[G_GAME_OVER] or x.game[G_TURN] != turn:
        return True
    if x.game[G_DECIDER] != p:
        return False
    phase = x.game[G_PHASE]
    if mode == SETTLE_BOTTOM:
        return phase == PH_BOTTOM or phase == PH_END_TURN
    if mode == SETTLE_FOLLOW_UP:
        return not (phase == PH_GAIN_RESOURCES or phase == PH_FREE_ACTION or phase == PH_PAY
                    or phase == PH_BOTTOM_BENEFIT or phase == PH_TRADE_HEX)
    return False


@njit
def play_on(x, t, p, turn, mode, w, work):
    """Play the copy x on with the direct rules (p's decisions) and public information
    (an opponent's) until the plan settles (mode). The plan level's movement memo lives
    while the rows applied leave spot values as they were (movememo.py)."""
    plan_rows = work.rows[PLAN]
    legal, values, inputs = work.buf[PLAN, BUF_LEGAL], work.values[PLAN], rule_inputs(w, work, PLAN)
    forget(inputs.memo)
    for _ in range(MAX_PLAN_STEPS):
        if settled(x, p, turn, mode):
            break
        n = legal_actions(x, t, plan_rows, legal)
        if n == 0:
            break
        if n == 1:
            k = 0      # a forced row (a fifth of a plan's steps): the rules would pick it too
        elif x.game[G_DECIDER] != p:
            k = opponent_public_choice(x, n)
        else:
            k = decide_direct(x, t, p, plan_rows, n, inputs, values)
        apply_action(x, t, plan_rows[k, 0], plan_rows[k, 1], plan_rows[k, 2], plan_rows[k, 3])
        if not keeps_spot_values(plan_rows[k, 0]):
            forget(inputs.memo)


@njit
def play_plan(s, t, planner, rows, i, mode, ahead):
    """Value for the planner's player of playing row i of the real position s on the
    scratch copy, then the direct rules until the plan settles (mode); with `ahead` a
    whole turn's plan looks one turn further (next_turn_value)."""
    p, seat, w, work = planner
    x = work.plan
    copy_into(x, s)
    determinize(x, p, seat, work)
    turn = s.game[G_TURN]
    apply_action(x, t, rows[i, 0], rows[i, 1], rows[i, 2], rows[i, 3])
    play_on(x, t, p, turn, mode, w, work)
    v = position_value(x, t, p, w, work.buf[PLAN, BUF_CONTROL], work.learned)
    if ahead:
        return with_next_turn(x, t, p, v, w, work)
    return v


@njit
def with_next_turn(x, t, p, v, w, work):
    """The value v of p's turn ending at x blended with the best next turn it leaves
    (`lookahead` of the way); x is played on."""
    if x.game[G_GAME_OVER]:
        return v
    return v + w[W_LOOKAHEAD] * (next_turn_value(x, t, p, w, work) - v)


@njit
def next_turn_value(x, t, p, w, work):
    """The best end value of p's next turn after the position x (p's turn just played):
    every section it may choose then, each played to its end by the direct rules on a
    second copy. The opponents' turns between are skipped (what they will do is not
    known); this is what judges whether this turn leaves the next one a bottom action it
    can pay, and whether a Relentless repeat is worth it."""
    give_turn_to(x, p)
    turn = x.game[G_TURN]
    rows = work.rows[AHEAD]
    n = legal_actions(x, t, rows, work.buf[AHEAD, BUF_LEGAL])
    y = work.ahead
    best = -1e18
    for k in range(n):
        if rows[k, 0] != A_SECTION:
            continue              # an objective's reveal: the plan takes it when it comes
        copy_into(y, x)
        apply_action(y, t, rows[k, 0], rows[k, 1], rows[k, 2], rows[k, 3])
        play_on(y, t, p, turn, SETTLE_TURN, w, work)
        v = position_value(y, t, p, w, work.buf[PLAN, BUF_CONTROL], work.learned)
        if v > best:
            best = v
    if best == -1e18:
        return position_value(x, t, p, w, work.buf[PLAN, BUF_CONTROL], work.learned)
    return best


@njit
def _noise(work, seat, w):
    if w[W_NOISE] == 0.0:
        return 0.0
    return w[W_NOISE] * float(next_u64(work.rng, seat) >> np.uint64(11)) / 9007199254740992.0


@njit
def _plan_mode(phase, w):
    """How far a plan of this decision point plays, or -1 to decide directly."""
    if phase == PH_SECTION:
        return SETTLE_TURN if w[W_PLAN_SECTIONS] > 0.0 else -1
    if phase == PH_TOP:
        # with look-ahead, an option is judged by its whole turn (the bottom action it
        # pays for included) and the next turn it leaves, as the section was
        return SETTLE_TURN if w[W_LOOKAHEAD] > 0.0 else SETTLE_BOTTOM
    if (phase == PH_BOTTOM_BENEFIT or phase == PH_ENCOUNTER or phase == PH_GAIN_RESOURCES
            or phase == PH_FREE_ACTION or phase == PH_PRODUCE or phase == PH_TRADE_HEX
            or phase == PH_FACTORY_PICK):
        return SETTLE_FOLLOW_UP
    return -1


@njit
def plan_candidates(s, t, p, actions, n, w, work, mode):
    """Which rows to play out, in work.rows[0, :m, 0]; returns m. Every section is; of a
    longer list (Trade pairs, Deploy and Build placements, Enlist and Upgrade choices,
    resource splits) only the MAX_PLANNED rows the direct rules value most (fewer with
    `plan_width`)."""
    picked = work.rows[0, :, 0]
    width = min(int(w[W_PLAN_WIDTH]), MAX_PLANNED) if w[W_PLAN_WIDTH] >= 1.0 else MAX_PLANNED
    if n <= width or s.game[G_PHASE] == PH_SECTION:
        for i in range(n):
            picked[i] = i
        return n
    row_values(s, t, p, actions, n, w, work, 0)
    values = work.values[0]
    for k in range(width):
        best = 0
        for i in range(1, n):
            if values[i] > values[best]:
                best = i
        picked[k] = best
        values[best] = -1e18
    return width


@njit
def _ahead_count(phase, mode, w):
    """How many of this decision's candidates are also judged by the next turn they
    leave (the best by their own turn): `ahead_sections` of the sections,
    `ahead_options` of the top-row options, none elsewhere or without `lookahead`."""
    if mode != SETTLE_TURN or w[W_LOOKAHEAD] <= 0.0:
        return 0
    if phase == PH_SECTION:
        return int(w[W_AHEAD_SECTIONS])
    if phase == PH_TOP:
        return int(w[W_AHEAD_OPTIONS])
    return 0


@njit
def best_plan(s, t, planner, actions, n, mode, favoured, bonus):
    """The row whose plan ends best for the planner among the candidates; row
    `favoured` (-1: none) gets `bonus` on top. With look-ahead, every candidate's turn is played first and
    the end positions of the few whose turn ends best are kept (_keep_contender) and
    then played one turn further (_ahead_count: a next turn costs three or four more
    turn plays, so only the contenders get one). With `ahead_margin`, they look only
    when the best of them leads the next by less than the margin (_clear_lead)."""
    p, seat, w, work = planner
    set_root(s, p, w, work.learned)    # every leaf at this position's phase (learned value only)
    m = plan_candidates(s, t, p, actions, n, w, work, mode)
    ahead = _ahead_count(s.game[G_PHASE], mode, w)
    pruned = w[W_AHEAD_MARGIN] > 0.0 and ahead <= N_KEPT     # the look-ahead waits for the turns' gap
    every = not pruned and (ahead >= m or ahead > N_KEPT)   # more contenders than kept positions: all look
    keep = 0 < ahead and not every
    turn_value = work.values[AHEAD]        # [k]: candidate k's value; [m + k]: its noise and bonus
    slot_of = work.rows[0, :, 1]           # [k]: the kept position of candidate k, -1 none
    for k in range(m):
        i = work.rows[0, k, 0]
        v = play_plan(s, t, planner, actions, i, mode, every)
        extra = _noise(work, seat, w)
        if i == favoured:
            extra += bonus
        turn_value[m + k] = extra
        turn_value[k] = v + extra
        slot_of[k] = -1
        if keep:
            _keep_contender(work, turn_value, slot_of, k, ahead)
    if keep and not (pruned and _clear_lead(turn_value, slot_of, m, w[W_AHEAD_MARGIN])):
        for k in range(m):
            if slot_of[k] >= 0:
                own = turn_value[k] - turn_value[m + k]
                x = work.kept[slot_of[k]]
                turn_value[k] = with_next_turn(x, t, p, own, w, work) + turn_value[m + k]
    best = 0
    for k in range(1, m):
        if turn_value[k] > turn_value[best]:
            best = k
    return work.rows[0, best, 0]


@njit
def _clear_lead(turn_value, slot_of, m, margin):
    """Whether the best contender's own turn leads every other contender's by `margin` or
    more: then the look-ahead is skipped. It can only overturn the choice when a
    contender's next turn makes up the gap (only the best looking changes nothing), and a
    gap this wide it rarely makes up."""
    best = -1e18
    second = -1e18
    for k in range(m):
        if slot_of[k] < 0:
            continue
        v = turn_value[k]
        if v > best:
            second = best
            best = v
        elif v > second:
            second = v
    return best - second >= margin


@njit
def _keep_contender(work, turn_value, slot_of, k, ahead):
    """Keep candidate k's end position (work.plan) while it is among the `ahead` best so
    far: in a free slot, or in place of the weakest kept one (of equal ones the later
    candidate gives way, so the earlier one wins ties as best_plan's choice does)."""
    held = 0
    weakest = -1
    for j in range(k):
        if slot_of[j] >= 0:
            held += 1
            if weakest < 0 or turn_value[j] <= turn_value[weakest]:
                weakest = j
    if held < ahead:
        slot = held
    elif turn_value[k] > turn_value[weakest]:
        slot = slot_of[weakest]
        slot_of[weakest] = -1
    else:
        return
    copy_into(work.kept[slot], work.plan)
    slot_of[k] = slot


@njit
def choose_greedy(s, t, seat, actions, n, w, work):
    if n == 1:
        return 0
    p = s.game[G_DECIDER]
    i = reveal_row(actions, n)
    if i >= 0:
        return i              # an objective's star, whenever one is offered
    if s.game[G_PHASE] == PH_FACTORY_PICK and w[W_FACTORY_PICK] > 0.0:
        return factory_card_row(t, actions, n, w)
    mode = _plan_mode(s.game[G_PHASE], w)
    if mode < 0:
        inputs = rule_inputs(w, work, 0)
        forget(inputs.memo)
        return decide_direct(s, t, p, actions, n, inputs, work.values[0])
    return best_plan(s, t, planner_of(p, seat, w, work), actions, n, mode, -1, 0.0)
