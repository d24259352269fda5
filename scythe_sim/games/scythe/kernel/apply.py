"""apply_action: carry out one legal row; assumes legality (tests and invariants guard it).

Every action kind is routed by name; a kind no branch names sets G_ERROR (ERR_UNKNOWN_KIND)
and changes nothing else, so a new kind without its rule shows up as a broken invariant.
"""
from scythe_sim.compiled.jit import njit, njit_entry, njit_inline

from ..enums import FACTORY_SECTION, N_HEX
from ..enums import TOKEN_FLAG, TOKEN_TRAP0
from ..layout import (A_BOLSTER_CARDS, A_BOLSTER_POWER, A_BOTTOM, A_BUILD, A_COMBAT_CARD,
                      A_DEPLOY, A_DIAL, A_DROP_RESOURCE, A_DROP_WORKER, A_ENCOUNTER_OPTION,
                      A_END_CARDS, A_END_ENCOUNTER, A_END_MOVE, A_END_PRODUCE, A_ENLIST,
                      A_FACTORY_TOP, A_FIGHT, A_GAIN_COINS, A_GAIN_RESOURCES, A_MOVE,
                      A_PAY_COERCION, A_PAY_RESOURCE, A_PICK_RESOURCE, A_PICK_WORKER, A_PRODUCE,
                      A_PRODUCE_HEX, A_REVEAL_OBJECTIVE, A_SECTION, A_SELECT_UNIT, A_SKIP,
                      A_STEP, A_STOP, A_TAKE_FACTORY, A_TRADE_HEX, A_TRADE_POPULARITY,
                      A_TRADE_RESOURCES, A_UPGRADE, A_NO_BENEFIT, ERR_UNKNOWN_KIND, G_ACTIVE,
                      G_ERROR, G_FREE_MASK, G_GAME_OVER, G_PHASE, G_SECTION, G_UNITS_LEFT,
                      PH_BOTTOM, PH_END_TURN, PH_FREE_ACTION, PH_PLACE_TOKEN, PH_TOP,
                      A_PLACE_FLAG, A_PLACE_TRAP, G_MOVER, UNIT_WORKER0, A_ARTILLERY, G_DECIDER,
                      G_DEFENDER, PH_ARTILLERY, A_RONIN, PH_RONIN, A_RETREAT_HAVEN, A_RETREAT_LAKE, PH_RETREAT)
from .aftermove import after_combats, choose_encounter_option, end_encounter, gains_done, take_factory_card
from .bottom import build, deploy, enlist, finish_bottom, pay_coercion, pay_resource, start_payment, upgrade
from .combat import (add_card, end_cards, fire_artillery, go_on_before_combat, next_combat,
                     opponent_in_combat, retreat_to, set_dial, start_combat)
from .factory import factory_top, start_factory_move
from .gains import gain_resources, next_gain_phase
from .invaders.ronin import take_ronin
from .invaders.tokens import place_token, rearm_trap
from .movement import (drop_resource, drop_worker, finish_mover, pick_resource, pick_worker,
                       select_unit, step)
from .objectives import close_turn, reveal_objective
from .top import (bolster, gain_coins, produce_hex, start_bottom, start_move, start_produce,
                  trade_hex, trade_popularity, trade_resources)
from .turn import check_stars, choose_section, end_turn
from .variant_play import apply_variant, is_variant_kind
from .variants import free_action_taken


@njit_entry
def apply_action(s, t, kind, a0, a1, a2):
    if s.game[G_GAME_OVER]:
        return
    p = s.game[G_ACTIVE]
    if kind == A_SECTION:
        choose_section(s, a0)
    elif kind == A_SKIP:
        if s.game[G_PHASE] == PH_TOP:
            start_bottom(s)
        elif s.game[G_PHASE] == PH_BOTTOM:
            close_turn(s, t)
        elif s.game[G_PHASE] == PH_END_TURN:
            end_turn(s, t)
        elif s.game[G_PHASE] == PH_PLACE_TOKEN:
            after_combats(s, t, p)
        elif s.game[G_PHASE] == PH_ARTILLERY or s.game[G_PHASE] == PH_RONIN:
            go_on_before_combat(s, t)
        elif s.game[G_PHASE] == PH_RETREAT:
            retreat_to(s, t, -1, False)   # home
    elif kind == A_RETREAT_LAKE or kind == A_RETREAT_HAVEN:
        retreat_to(s, t, a0, kind == A_RETREAT_HAVEN)
    elif kind == A_ARTILLERY:
        d = s.game[G_DECIDER]
        fire_artillery(s, d, s.game[G_DEFENDER] if d == p else p)
        go_on_before_combat(s, t)
    elif kind == A_RONIN:
        take_ronin(s, t, s.game[G_DECIDER])
        go_on_before_combat(s, t)
    elif kind == A_PLACE_FLAG or kind == A_PLACE_TRAP:
        place_token(s, p, TOKEN_FLAG if kind == A_PLACE_FLAG else TOKEN_TRAP0 + a0)
        after_combats(s, t, p)
    elif kind == A_GAIN_COINS:
        gain_coins(s, t, p)
    elif kind == A_MOVE:
        start_move(s, t, p)
    elif kind == A_BOLSTER_POWER or kind == A_BOLSTER_CARDS:
        bolster(s, t, p, kind == A_BOLSTER_CARDS)
    elif kind == A_TRADE_POPULARITY:
        trade_popularity(s, t, p)
    elif kind == A_TRADE_RESOURCES:
        trade_resources(s, t, p, a0, a1)
    elif kind == A_TRADE_HEX:
        trade_hex(s, a0)
    elif kind == A_PRODUCE:
        start_produce(s, t, p)
    elif kind == A_PRODUCE_HEX:
        produce_hex(s, t, p, a0, a1)
    elif kind == A_END_PRODUCE:
        start_bottom(s)
    elif kind == A_FIGHT:
        start_combat(s, t, p, a0)
    elif kind == A_DIAL:
        set_dial(s, t, a0)
    elif kind == A_COMBAT_CARD:
        add_card(s, t, a0)
    elif kind == A_END_CARDS:
        end_cards(s, t)
    elif _is_move_kind(kind):
        _apply_move(s, t, p, kind, a0, a1)
    elif _is_card_kind(kind):
        _apply_card(s, t, p, kind, a0, a1)
    elif kind == A_BOTTOM or kind == A_PAY_RESOURCE or kind == A_PAY_COERCION:
        _apply_bottom(s, t, p, kind, a0)
    elif _is_benefit_kind(kind):
        if s.game[G_PHASE] == PH_FREE_ACTION:
            _apply_free_action(s, t, p, kind, a0, a1)
        else:
            _take_benefit(s, t, p, kind, a0, a1)
            finish_bottom(s, t, p)
    elif is_variant_kind(kind):
        apply_variant(s, t, p, kind, a0, a1, a2)
    else:
        s.game[G_ERROR] = ERR_UNKNOWN_KIND
        return
    if not s.game[G_GAME_OVER]:
        check_stars(s, t, p)


@njit_inline
def _is_move_kind(kind):
    return (kind == A_SELECT_UNIT or kind == A_STEP or kind == A_PICK_RESOURCE
            or kind == A_DROP_RESOURCE or kind == A_PICK_WORKER or kind == A_DROP_WORKER
            or kind == A_STOP or kind == A_END_MOVE)


@njit_inline
def _is_card_kind(kind):
    """Encounters, card gains, the Factory and objectives."""
    return (kind == A_ENCOUNTER_OPTION or kind == A_END_ENCOUNTER or kind == A_GAIN_RESOURCES
            or kind == A_TAKE_FACTORY or kind == A_FACTORY_TOP or kind == A_REVEAL_OBJECTIVE)


@njit_inline
def _is_benefit_kind(kind):
    """The benefit of a bottom-row action (paid, or free from a card)."""
    return (kind == A_UPGRADE or kind == A_DEPLOY or kind == A_BUILD or kind == A_ENLIST
            or kind == A_NO_BENEFIT)


@njit
def _apply_move(s, t, p, kind, a0, a1):
    if kind == A_SELECT_UNIT:
        select_unit(s, t, p, a0)
    elif kind == A_STEP:
        if step(s, t, p, a0):
            _mover_done(s, t, p)
    elif kind == A_PICK_RESOURCE:
        pick_resource(s, p, a0, a1)
    elif kind == A_DROP_RESOURCE:
        drop_resource(s, p, a0, a1)
    elif kind == A_PICK_WORKER:
        pick_worker(s, p, a0)
    elif kind == A_DROP_WORKER:
        drop_worker(s, a0)
    elif kind == A_STOP:
        _mover_done(s, t, p)
    elif kind == A_END_MOVE:
        end_move(s, t, p)


@njit
def _mover_done(s, t, p):
    u = s.game[G_MOVER]
    loc = s.unit_loc[p, u]
    if u < UNIT_WORKER0 and loc < N_HEX and opponent_in_combat(s, p, loc) < 0:
        rearm_trap(s, t, p, loc)   # Shinobi (with a fight: after winning it, combat.py)
    finish_mover(s, p)
    if s.game[G_UNITS_LEFT] <= 0:
        end_move(s, t, p)


@njit
def end_move(s, t, p):
    """The whole Move is over: combats where it made contact, then what follows a Move."""
    next_combat(s, t, p)


@njit
def _apply_card(s, t, p, kind, a0, a1):
    """Encounters, card gains, the Factory and objectives."""
    if kind == A_ENCOUNTER_OPTION:
        choose_encounter_option(s, t, p, a0)
    elif kind == A_END_ENCOUNTER:
        end_encounter(s, t, p)
    elif kind == A_GAIN_RESOURCES:
        gain_resources(s, a0, a1)
        if not next_gain_phase(s, t, p):
            gains_done(s, t, p)
    elif kind == A_TAKE_FACTORY:
        take_factory_card(s, t, p, a0)
    elif kind == A_FACTORY_TOP:
        factory_top(s, t, p, a0)
    elif kind == A_REVEAL_OBJECTIVE:
        reveal_objective(s, t, p, a0)


@njit
def _apply_free_action(s, t, p, kind, a0, a1):
    """A bottom-row action a card grants for free: no mat coins, no recruit bonus."""
    if kind != A_NO_BENEFIT:
        free_action_taken(s, kind - A_UPGRADE)
    _take_benefit(s, t, p, kind, a0, a1)
    s.game[G_FREE_MASK] = 0
    if not next_gain_phase(s, t, p):
        gains_done(s, t, p)


@njit
def _apply_bottom(s, t, p, kind, a0):
    """Start the section's bottom-row action, or pay for it."""
    if kind == A_BOTTOM:
        if s.game[G_SECTION] == FACTORY_SECTION:
            start_factory_move(s)
        else:
            start_payment(s, t, p)
    elif kind == A_PAY_RESOURCE:
        pay_resource(s, a0)
    elif kind == A_PAY_COERCION:
        pay_coercion(s, p, a0)


@njit
def _take_benefit(s, t, p, kind, a0, a1):
    """Upgrade, Deploy, Build or Enlist as the row says (no_benefit: nothing)."""
    if kind == A_UPGRADE:
        upgrade(s, p, a0, a1)
    elif kind == A_DEPLOY:
        deploy(s, p, a0, a1)
    elif kind == A_BUILD:
        build(s, p, a0, a1)
    elif kind == A_ENLIST:
        enlist(s, t, p, a0, a1)
