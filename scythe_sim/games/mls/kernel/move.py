"""Move (rulebook MOVE, DELIVERY, PORTALS): each Seeker moves up to 2 spaces empty-handed
or 1 space carrying apples/gems from its space; it stops on a space with an opponent's
Seeker; portals are adjacent to each other; Castle Everfree takes only a delivery of
exactly 4 gems or 4 apples (3 with the personality card for it), possibly split between
both Seekers in one turn, after which they are teleported home and the player is
rejuvenated. Base camps are not spaces: a Seeker leaves its camp onto one of the camp's
entry spaces (an assumption, board.toml)."""
from scythe_sim.compiled.jit import njit
from scythe_sim.compiled.rows import emit

from ..layout import (A_CARRY, A_END_MOVE, A_JUMP, A_SEEKER, A_STEP, A_STOP, CAMP, G_ACTIVE,
                      G_CARGO_APPLES, G_CARGO_GEMS, G_CARRYING, G_DELIVER_KIND, G_DELIVERED,
                      G_DELIVERIES, G_JUMPS_LEFT, G_MOVE_ENDED, G_MOVED_MASK, G_MOVER,
                      G_REJUV_MASK, G_REJUV_PENDING, G_STEPS_LEFT, G_STEPS_TAKEN, N_SEEKERS,
                      P_CAMP, P_DELIVERIES, RES_APPLE, RES_GEM, TR_APPLE_DELIVERY)
from ..layout import FX_CARRY_STEPS, FX_EMPTY_STEPS, FX_FREE_JUMPS
from ..tables import F_CASTLE
from .board import castle_in_one_step, fx, is_castle, is_portal, other_player_at, trophy_need
from .trophies import claim_event


@njit
def seeker_free(s, k):
    """Seeker k of the active player may still start moving this turn."""
    return s.game[G_MOVE_ENDED] == 0 and not (s.game[G_MOVED_MASK] >> k) & 1


@njit
def move_pending(s):
    """A Seeker may still move: some Seeker unmoved, or a split delivery awaits its second half."""
    if s.game[G_DELIVER_KIND] >= 0:
        return True
    for k in range(N_SEEKERS):
        if seeker_free(s, k):
            return True
    return False


@njit
def legal_move_pick(s, t, out):
    n = 0
    forced = s.game[G_DELIVER_KIND] >= 0
    for k in range(N_SEEKERS):
        if seeker_free(s, k) or (forced and not (s.game[G_MOVED_MASK] >> k) & 1):
            n = emit(out, n, A_SEEKER, k, 0, 0)
    if not forced:
        n = emit(out, n, A_END_MOVE, 0, 0, 0)
    return n


@njit
def apply_seeker(s, t, k):
    p = s.game[G_ACTIVE]
    s.game[G_MOVER] = k
    s.game[G_STEPS_LEFT] = fx(s, t, p, FX_EMPTY_STEPS)
    s.game[G_STEPS_TAKEN] = 0
    s.game[G_CARRYING] = 0
    s.game[G_CARGO_APPLES] = 0
    s.game[G_CARGO_GEMS] = 0
    s.game[G_JUMPS_LEFT] = fx(s, t, p, FX_FREE_JUMPS)


@njit
def _delivery_kind(s):
    """Resource of the mover's cargo when it is a single kind, else -1."""
    a, g = s.game[G_CARGO_APPLES], s.game[G_CARGO_GEMS]
    if a > 0 and g == 0:
        return RES_APPLE
    if g > 0 and a == 0:
        return RES_GEM
    return -1


@njit
def delivery_allowed(s, t):
    """The mover may enter Castle Everfree with its cargo: exactly the delivery's
    requirement together with what is already there this turn, or part of it when the
    other Seeker, not yet moved, can bring the rest in one step."""
    if s.game[G_CARRYING] == 0:
        return False
    p = s.game[G_ACTIVE]
    kind = _delivery_kind(s)
    if kind < 0 or s.trophy[p, TR_APPLE_DELIVERY + kind] == 1:
        return False
    need = trophy_need(s, t, p, TR_APPLE_DELIVERY + kind)
    count = s.game[G_CARGO_APPLES] + s.game[G_CARGO_GEMS]
    if s.game[G_DELIVER_KIND] >= 0:
        return kind == s.game[G_DELIVER_KIND] and s.game[G_DELIVERED] + count == need
    if count == need:
        return True
    if count > need:
        return False
    k2 = 1 - s.game[G_MOVER]
    if not seeker_free(s, k2):
        return False
    x2 = s.seeker_loc[p, k2]
    if not castle_in_one_step(t, x2) or is_castle(t, x2):
        return False
    here = s.seeker_loc[p, s.game[G_MOVER]]
    left = s.space_res[x2, kind] - (count if x2 == here else 0)
    return left >= need - count


@njit
def _emit_steps(s, t, out, n, x, castle_ok):
    """Rows stepping from x: its neighbours, every other portal from a portal, the camp's
    entry spaces from a camp; the castle only when castle_ok."""
    p = s.game[G_ACTIVE]
    castle = t.facts[F_CASTLE]
    if x == CAMP:
        c = s.player[p, P_CAMP]
        for j in range(t.camp_entry.shape[1]):
            n = emit(out, n, A_STEP, t.camp_entry[c, j], 0, 0)
        return n
    for j in range(t.neighbours.shape[1]):
        y = t.neighbours[x, j]
        if y >= 0 and (y != castle or castle_ok):
            n = emit(out, n, A_STEP, y, 0, 0)
    if is_portal(t, x):
        for j in range(t.portals.shape[0]):
            y = t.portals[j]
            if y != x:
                n = emit(out, n, A_STEP, y, 0, 0)
        if castle_ok:
            n = emit(out, n, A_STEP, castle, 0, 0)
    return n


@njit
def legal_move_step(s, t, out):
    p = s.game[G_ACTIVE]
    k = s.game[G_MOVER]
    x = s.seeker_loc[p, k]
    forced = s.game[G_DELIVER_KIND] >= 0
    n = 0
    if forced:
        if s.game[G_CARRYING] == 0:
            rest = trophy_need(s, t, p, TR_APPLE_DELIVERY + s.game[G_DELIVER_KIND]) - s.game[G_DELIVERED]
            a = rest if s.game[G_DELIVER_KIND] == RES_APPLE else 0
            return emit(out, n, A_CARRY, a, rest - a, 0)
        return emit(out, n, A_STEP, t.facts[F_CASTLE], 0, 0)
    if (s.game[G_CARRYING] == 0 and s.game[G_STEPS_TAKEN] == 0 and x >= 0
            and fx(s, t, p, FX_CARRY_STEPS) > 0):
        for a in range(s.space_res[x, RES_APPLE] + 1):
            for g in range(s.space_res[x, RES_GEM] + 1):
                if a + g > 0:
                    n = emit(out, n, A_CARRY, a, g, 0)
    if s.game[G_STEPS_LEFT] > 0:
        n = _emit_steps(s, t, out, n, x, delivery_allowed(s, t))
    if s.game[G_JUMPS_LEFT] > 0 and is_portal(t, x):
        for j in range(t.portals.shape[0]):
            if t.portals[j] != x:
                n = emit(out, n, A_JUMP, t.portals[j], 0, 0)
    return emit(out, n, A_STOP, 0, 0, 0)


@njit
def apply_carry(s, t, a, g):
    p = s.game[G_ACTIVE]
    s.game[G_CARRYING] = 1
    s.game[G_CARGO_APPLES] = a
    s.game[G_CARGO_GEMS] = g
    s.game[G_STEPS_LEFT] = fx(s, t, p, FX_CARRY_STEPS)


@njit
def _mover_done(s):
    s.game[G_MOVED_MASK] |= 1 << s.game[G_MOVER]
    s.game[G_MOVER] = -1
    s.game[G_CARRYING] = 0
    s.game[G_CARGO_APPLES] = 0
    s.game[G_CARGO_GEMS] = 0


@njit
def _enter(s, t, y):
    """The mover and its cargo arrive on space y (the cargo leaves the map at the castle)."""
    p = s.game[G_ACTIVE]
    k = s.game[G_MOVER]
    x = s.seeker_loc[p, k]
    if s.game[G_CARRYING] == 1 and x >= 0:
        s.space_res[x, RES_APPLE] -= s.game[G_CARGO_APPLES]
        s.space_res[x, RES_GEM] -= s.game[G_CARGO_GEMS]
        if not is_castle(t, y):
            s.space_res[y, RES_APPLE] += s.game[G_CARGO_APPLES]
            s.space_res[y, RES_GEM] += s.game[G_CARGO_GEMS]
    s.seeker_loc[p, k] = y


@njit
def _deliver(s, t):
    """The mover's cargo is on the castle: count it; a complete delivery places the
    trophy, teleports the Seekers on the castle home and rejuvenates the player."""
    p = s.game[G_ACTIVE]
    kind = _delivery_kind(s)
    s.game[G_DELIVER_KIND] = kind
    s.game[G_DELIVERED] += s.game[G_CARGO_APPLES] + s.game[G_CARGO_GEMS]
    if s.game[G_DELIVERED] < trophy_need(s, t, p, TR_APPLE_DELIVERY + kind):
        return
    claim_event(s, t, p, TR_APPLE_DELIVERY + kind)
    castle = t.facts[F_CASTLE]
    for k in range(N_SEEKERS):
        if s.seeker_loc[p, k] == castle:
            s.seeker_loc[p, k] = CAMP
    s.game[G_DELIVER_KIND] = -1
    s.game[G_DELIVERED] = 0
    s.game[G_DELIVERIES] += 1
    s.player[p, P_DELIVERIES] += 1
    if not (s.game[G_REJUV_MASK] >> p) & 1:
        s.game[G_REJUV_PENDING] = p


@njit
def apply_step(s, t, y):
    p = s.game[G_ACTIVE]
    _enter(s, t, y)
    s.game[G_STEPS_LEFT] -= 1
    s.game[G_STEPS_TAKEN] += 1
    if is_castle(t, y):
        _deliver(s, t)
        _mover_done(s)
    elif other_player_at(s, p, y) >= 0:
        _mover_done(s)               # stopped by an opponent: a pie fight follows the Move
    elif s.game[G_STEPS_LEFT] == 0 and not (s.game[G_JUMPS_LEFT] > 0 and is_portal(t, y)):
        _mover_done(s)


@njit
def apply_jump(s, t, y):
    """A free portal jump (Portal Express): no step spent."""
    p = s.game[G_ACTIVE]
    _enter(s, t, y)
    s.game[G_JUMPS_LEFT] -= 1
    if other_player_at(s, p, y) >= 0 or s.game[G_STEPS_LEFT] == 0:
        _mover_done(s)


@njit
def apply_stop(s):
    _mover_done(s)


@njit
def apply_end_move(s):
    s.game[G_MOVE_ENDED] = 1
