"""The rows of the war's decision points, and applying the war's action kinds (legal.py
and apply.py of the kernel route every war phase and kind here)."""
from scythe_sim.compiled.jit import njit, njit_inline

from ...enums import N_HEX
from ...layout import G_DECIDER, G_PHASE
from ...variants.war.layout import (A_WAR_BOLSTER, A_WAR_CARD, A_WAR_CORPS, A_WAR_DEPLOY_MECH, A_WAR_DIAL,
                                    A_WAR_END_CARDS, A_WAR_END_MOVE, A_WAR_FIGHT, A_WAR_FIGHT_ON,
                                    A_WAR_GAIN_COINS, A_WAR_LOAD, A_WAR_MOVE, A_WAR_PASS, A_WAR_PLACE,
                                    A_WAR_PLACE_AIRSHIP, A_WAR_PRODUCE, A_WAR_RETREAT, A_WAR_SELECT_MECH,
                                    A_WAR_STEP, A_WAR_STOP, A_WAR_SWAP, G_WAR_PLACE_LEFT, PH_WAR_ACTION,
                                    PH_WAR_CARDS, PH_WAR_AIRSHIP_PLACE, PH_WAR_CORPS_SIZE, PH_WAR_DEPLOY,
                                    PH_WAR_DIAL, PH_WAR_MECH, PH_WAR_MECH_STEP, PH_WAR_MOVE,
                                    PH_WAR_FIGHT_PICK, PH_WAR_PLACE, PH_WAR_RETREAT, PH_WAR_SWAP)
from .airship import (apply_airship_end, apply_war_airship_move, is_end_kind, is_stop_kind,
                      is_war_airship_kind, is_war_airship_phase, legal_war_airship_phase)
from .airship_mobilize import legal_airship_place
from .board import place_spot, war_controller, war_emit
from .capitulate import check_capitulations
from .combat import (add_war_card, end_war_cards, fight_on, legal_war_combat, retreat, set_war_dial,
                     start_war_fight)
from .mobilize import (deploy_mech, deployment_done, pending_handover, place_airship, swap,
                       swap_candidate)
from .move import (any_war_move, end_war_move, legal_corps_size, legal_mech_step, legal_war_move,
                   load, mech_step, mech_stop, select_mech, start_war_move, war_airship_stop, war_corps)
from .turn import (end_war_turn, legal_war_action, place_divisions, war_bolster,
                   war_gain_coins, war_pass, war_produce)


@njit_inline
def is_war_phase(phase):
    return (phase == PH_WAR_SWAP or phase == PH_WAR_DEPLOY or phase == PH_WAR_MECH
            or phase == PH_WAR_ACTION or phase == PH_WAR_PLACE or phase == PH_WAR_MOVE
            or phase == PH_WAR_MECH_STEP or phase == PH_WAR_DIAL or phase == PH_WAR_CARDS
            or phase == PH_WAR_RETREAT or phase == PH_WAR_AIRSHIP_PLACE or phase == PH_WAR_CORPS_SIZE
            or phase == PH_WAR_FIGHT_PICK
            or is_war_airship_phase(phase))


@njit_inline
def is_war_kind(kind):
    return (kind == A_WAR_SWAP or kind == A_WAR_PLACE or kind == A_WAR_DEPLOY_MECH
            or kind == A_WAR_BOLSTER or kind == A_WAR_GAIN_COINS or kind == A_WAR_MOVE
            or kind == A_WAR_PRODUCE or kind == A_WAR_PASS or kind == A_WAR_CORPS
            or kind == A_WAR_SELECT_MECH or kind == A_WAR_LOAD or kind == A_WAR_STEP
            or kind == A_WAR_STOP or kind == A_WAR_END_MOVE or kind == A_WAR_DIAL
            or kind == A_WAR_CARD or kind == A_WAR_END_CARDS or kind == A_WAR_FIGHT_ON
            or kind == A_WAR_RETREAT or kind == A_WAR_PLACE_AIRSHIP or kind == A_WAR_FIGHT
            or is_war_airship_kind(kind))


@njit
def legal_war(s, t, p, out, buf):
    phase = s.game[G_PHASE]
    if phase == PH_WAR_ACTION:
        return legal_war_action(s, t, p, out, any_war_move(s, t, p, buf))
    if phase == PH_WAR_MOVE:
        return legal_war_move(s, t, p, out, buf)
    if phase == PH_WAR_MECH_STEP:
        return legal_mech_step(s, t, p, out, buf)
    if phase == PH_WAR_CORPS_SIZE:
        return legal_corps_size(s, p, out)
    if phase == PH_WAR_DEPLOY or phase == PH_WAR_PLACE:
        return _legal_place(s, t, p, out)
    if phase == PH_WAR_SWAP:
        return _legal_swap(s, t, out)
    if phase == PH_WAR_AIRSHIP_PLACE:
        return legal_airship_place(s, t, p, out)
    if is_war_airship_phase(phase):
        return legal_war_airship_phase(s, t, p, out, buf)
    if phase == PH_WAR_MECH:
        n = 0
        for loc in range(N_HEX):
            if place_spot(s, t, p, loc):
                n = war_emit(out, n, A_WAR_DEPLOY_MECH, loc, 0, 0)
        return n
    return legal_war_combat(s, t, out)


@njit
def _legal_place(s, t, p, out):
    """Each land territory p controls takes one division or all those left to place."""
    n = 0
    left = s.game[G_WAR_PLACE_LEFT]
    for loc in range(N_HEX):
        if place_spot(s, t, p, loc):
            n = war_emit(out, n, A_WAR_PLACE, loc, left, 0)
            if left > 1:
                n = war_emit(out, n, A_WAR_PLACE, loc, 1, 0)
    return n


@njit
def _legal_swap(s, t, out):
    giver = s.game[G_DECIDER]
    receiver = war_controller(s, pending_handover(s))
    n = 0
    for loc in range(N_HEX):
        if swap_candidate(s, t, giver, receiver, loc):
            n = war_emit(out, n, A_WAR_SWAP, loc, 0, 0)
    return n


@njit
def apply_war(s, t, p, kind, a0, a1, a2):
    if kind == A_WAR_SWAP:
        swap(s, t, a0)
    elif kind == A_WAR_PLACE:
        done = place_divisions(s, p, a0, a1)
        if check_capitulations(s, t):   # placed next to a home base: "at any moment"
            return
        if done:
            if s.game[G_PHASE] == PH_WAR_DEPLOY:
                deployment_done(s, t)
            else:
                end_war_turn(s, t)
    elif kind == A_WAR_DEPLOY_MECH:
        deploy_mech(s, t, a0)
    elif kind == A_WAR_PLACE_AIRSHIP:
        place_airship(s, t, a0)
    elif kind == A_WAR_BOLSTER:
        war_bolster(s, t, p, a0 == 1)
    elif kind == A_WAR_GAIN_COINS:
        war_gain_coins(s, t, p)
    elif kind == A_WAR_MOVE:
        start_war_move(s, t, p)
    elif kind == A_WAR_PRODUCE:
        war_produce(s, t, p)
    elif kind == A_WAR_PASS:
        war_pass(s, t, p)
    elif kind == A_WAR_CORPS:
        war_corps(s, t, p, a0, a1, a2)
    elif kind == A_WAR_SELECT_MECH:
        select_mech(s, t, p, a0)
    elif kind == A_WAR_LOAD:
        load(s, p, a0)
    elif kind == A_WAR_STEP:
        mech_step(s, t, p, a0)
    elif kind == A_WAR_STOP:
        mech_stop(s, t, p)
    elif kind == A_WAR_END_MOVE:
        end_war_move(s, t, p)
    elif kind == A_WAR_DIAL:
        set_war_dial(s, t, a0)
    elif kind == A_WAR_CARD:
        add_war_card(s, t, a0)
    elif kind == A_WAR_END_CARDS:
        end_war_cards(s, t)
    elif kind == A_WAR_FIGHT:
        start_war_fight(s, t, p, a0)
    elif kind == A_WAR_FIGHT_ON:
        fight_on(s, t)
    elif kind == A_WAR_RETREAT:
        retreat(s, t)
    elif is_stop_kind(kind):
        war_airship_stop(s, t, p)
    elif is_end_kind(kind):
        apply_airship_end(s, t, p, kind, a0, a1)
    else:
        apply_war_airship_move(s, t, p, kind, a0)
