"""legal_actions: the rows open at the current decision point (docs/ARCHITECTURE.md, "A turn is a chain of decisions").

Every phase is routed by name; a phase no branch names sets G_ERROR (ERR_UNKNOWN_PHASE)
and offers no row, as does a state that already holds an error.
"""
from scythe_sim.compiled.jit import njit, njit_entry

from ..enums import FACTORY_SECTION, LAKE, N_HEX, N_RES, N_SECTIONS
from ..layout import (A_DROP_RESOURCE, A_DROP_WORKER, A_END_MOVE, A_PICK_RESOURCE,
                      A_PICK_WORKER, A_SECTION, A_SELECT_UNIT, A_SKIP, A_STEP, A_STOP,
                      ERR_UNKNOWN_PHASE, G_ACTIVE, G_CARGO_MASK, G_CARGO_RES0, G_ERROR,
                      G_GAME_OVER, G_HERE_MASK, G_MOVED_MASK, G_MOVER, G_PHASE, G_SECTION,
                      G_STEPS_LEFT, G_TURN, N_UNITS, PH_BOTTOM, PH_BOTTOM_BENEFIT, PH_COMBAT_CARDS,
                      PH_COMBAT_DIAL, PH_COMBAT_HEX, PH_ENCOUNTER, PH_END_TURN, PH_FACTORY_PICK,
                      PH_FREE_ACTION, PH_GAIN_RESOURCES, PH_GAME_OVER, PH_MOVE_STEP,
                      PH_MOVE_UNIT, PH_PAY, PH_PLACE_TOKEN, PH_PRODUCE, PH_ARTILLERY, PH_RONIN,
                      PH_RETREAT, PH_SECTION, PH_TOP, PH_TRADE_HEX, UNIT_WORKER0)
from ..house_rules import R_PLANTED_FAULT
from .aftermove import legal_encounter, legal_factory_pick
from .bottom import legal_benefit, legal_bottom, legal_pay
from .combat import legal_combat
from .factory import legal_factory_bottom, legal_factory_top
from .gains import legal_free_action, legal_gain_resources
from .invaders.tokens import legal_place_token
from .movement import can_start_moving, carrying, mover_targets, no_cargo_end
from .objectives import legal_reveals
from .top import emit, legal_produce, legal_top, legal_trade_hex
from .turn import section_allowed
from .variant_play import is_variant_phase, legal_variant, variant_move_rows


@njit_entry
def legal_actions(s, t, out, buf):
    """Write the legal rows (kind, a0, a1, a2) into out and return how many; 0 once over.

    buf is an int64 scratch array of at least N_LOC entries.
    """
    if s.game[G_GAME_OVER] or s.game[G_ERROR]:
        return 0
    if t.rules[R_PLANTED_FAULT] > 0 and s.game[G_TURN] >= t.rules[R_PLANTED_FAULT]:
        return 0        # the test-only planted simulator bug (house_rules.py), off in every real run
    p = s.game[G_ACTIVE]
    phase = s.game[G_PHASE]
    if phase == PH_SECTION:
        n = 0
        for sec in range(N_SECTIONS + 1):
            if section_allowed(s, t, p, sec):
                n = emit(out, n, A_SECTION, sec, 0, 0)
        return legal_reveals(s, t, p, out, n, False)
    if phase == PH_TOP:
        if s.game[G_SECTION] == FACTORY_SECTION:
            return legal_factory_top(s, t, p, out)
        return legal_top(s, t, p, out, buf)
    if phase == PH_MOVE_UNIT:
        return _legal_move_unit(s, t, p, out, buf)
    if phase == PH_MOVE_STEP:
        return _legal_move_step(s, t, p, out, buf)
    if phase == PH_PRODUCE:
        return legal_produce(s, t, p, out)
    if phase == PH_TRADE_HEX:
        return legal_trade_hex(s, t, p, out)
    if phase == PH_BOTTOM:
        if s.game[G_SECTION] == FACTORY_SECTION:
            n = legal_factory_bottom(s, t, p, out, buf)
        else:
            n = legal_bottom(s, t, p, out)
        return legal_reveals(s, t, p, out, n, False)
    if phase == PH_PAY:
        return legal_pay(s, t, p, out)
    if phase == PH_BOTTOM_BENEFIT:
        return legal_benefit(s, t, p, out)
    if phase == PH_ENCOUNTER:
        return legal_encounter(s, t, p, out)
    if phase == PH_GAIN_RESOURCES:
        return legal_gain_resources(s, p, out)
    if phase == PH_FREE_ACTION:
        return legal_free_action(s, t, p, out)
    if phase == PH_FACTORY_PICK:
        return legal_factory_pick(s, out)
    if phase == PH_END_TURN:
        n = legal_reveals(s, t, p, out, 0, True)
        return emit(out, n, A_SKIP, 0, 0, 0)
    if phase == PH_PLACE_TOKEN:
        return legal_place_token(s, t, p, out)
    if (phase == PH_COMBAT_HEX or phase == PH_COMBAT_DIAL or phase == PH_COMBAT_CARDS
            or phase == PH_ARTILLERY or phase == PH_RONIN or phase == PH_RETREAT):
        return legal_combat(s, t, out)
    if is_variant_phase(phase):
        return legal_variant(s, t, p, phase, out, buf)
    if phase == PH_GAME_OVER:   # only with G_GAME_OVER set (an invariant), handled above
        return 0
    s.game[G_ERROR] = ERR_UNKNOWN_PHASE
    return 0


@njit
def _legal_move_unit(s, t, p, out, buf):
    n = 0
    for u in range(N_UNITS):
        if not can_start_moving(s, t, p, u, buf):
            continue
        if u >= UNIT_WORKER0 and _same_worker_listed(s, p, u):
            continue
        n = emit(out, n, A_SELECT_UNIT, u, 0, 0)
    n = variant_move_rows(s, t, p, out, n, buf)
    n = emit(out, n, A_END_MOVE, 0, 0, 0)
    return n


@njit
def _same_worker_listed(s, p, u):
    """Workers on one hex with the same moved-status are interchangeable: list one."""
    moved = s.game[G_MOVED_MASK]
    for w in range(UNIT_WORKER0, u):
        if s.unit_loc[p, w] == s.unit_loc[p, u] and ((moved >> w) & 1) == ((moved >> u) & 1):
            return True
    return False


@njit
def _legal_move_step(s, t, p, out, buf):
    n = 0
    u = s.game[G_MOVER]
    loc = s.unit_loc[p, u]
    if s.game[G_STEPS_LEFT] > 0:
        k = mover_targets(s, t, p, buf)
        for i in range(k):
            n = emit(out, n, A_STEP, buf[i], 0, 0)
    here = s.game[G_HERE_MASK]
    if loc < N_HEX and t.terrain[loc] != LAKE:
        for r in range(N_RES):
            if not (here >> (8 + r)) & 1:
                for k in range(1, s.hex_res[loc, r] + 1):
                    n = emit(out, n, A_PICK_RESOURCE, r, k, 0)
            if not (here >> r) & 1:
                for k in range(1, s.game[G_CARGO_RES0 + r] + 1):
                    n = emit(out, n, A_DROP_RESOURCE, r, k, 0)
    if u != 0 and u < UNIT_WORKER0:
        n = _legal_worker_cargo(s, t, p, loc, here, out, n)
    if not (carrying(s) and no_cargo_end(t, loc)):   # cargo is never left on a lake or home base
        n = emit(out, n, A_STOP, 0, 0, 0)
    return n


@njit
def _legal_worker_cargo(s, t, p, loc, here, out, n):
    """A mech picks up or drops workers (one row per interchangeable group)."""
    cargo = s.game[G_CARGO_MASK]
    moved = s.game[G_MOVED_MASK]
    listed_pick = 0
    listed_drop = 0
    for w in range(UNIT_WORKER0, N_UNITS):
        if s.unit_loc[p, w] != loc:
            continue
        status = 1 << ((moved >> w) & 1)
        if (cargo >> w) & 1:
            if not (here >> 4) & 1 and not listed_drop & status and loc < N_HEX and t.terrain[loc] != LAKE:
                n = emit(out, n, A_DROP_WORKER, w, 0, 0)
                listed_drop |= status
        elif not (here >> 12) & 1 and not listed_pick & status:
            n = emit(out, n, A_PICK_WORKER, w, 0, 0)
            listed_pick |= status
    return n
