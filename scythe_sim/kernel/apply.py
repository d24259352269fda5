"""apply_action: carry out one legal row; assumes legality (tests and invariants guard it)."""
from ..layout import (A_BOLSTER_CARDS, A_BOLSTER_POWER, A_BOTTOM, A_BUILD, A_COMBAT_CARD,
                      A_DEPLOY, A_DIAL, A_DROP_RESOURCE, A_DROP_WORKER, A_END_CARDS,
                      A_END_MOVE, A_END_PRODUCE, A_ENLIST, A_FIGHT,
                      A_GAIN_COINS, A_MOVE, A_NO_BENEFIT, A_PAY_COERCION, A_PAY_RESOURCE,
                      A_PICK_RESOURCE, A_PICK_WORKER, A_PRODUCE, A_PRODUCE_HEX,
                      A_SECTION, A_SELECT_UNIT, A_SKIP, A_STEP, A_STOP, A_TRADE_HEX,
                      A_TRADE_POPULARITY, A_TRADE_RESOURCES, A_UPGRADE, G_ACTIVE,
                      G_GAME_OVER, G_PHASE, G_UNITS_LEFT, PH_BOTTOM, PH_TOP)
from .bottom import (build, deploy, enlist, finish_bottom, pay_coercion, pay_resource,
                     start_payment, upgrade)
from .combat import add_card, end_cards, next_combat_or_bottom, set_dial, start_combat
from .jit import njit, njit_entry
from .movement import (drop_resource, drop_worker, finish_mover, pick_resource,
                       pick_worker, select_unit, step)
from .top import (bolster, gain_coins, produce_hex, start_bottom, start_move,
                  start_produce, trade_hex, trade_popularity, trade_resources)
from .turn import check_stars, choose_section, end_turn


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
            end_turn(s, t)
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
    elif A_SELECT_UNIT <= kind <= A_END_MOVE:
        _apply_move(s, t, p, kind, a0, a1)
    else:
        _apply_bottom(s, t, p, kind, a0, a1)
    if not s.game[G_GAME_OVER]:
        check_stars(s, t, p)


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
        pick_worker(s, a0)
    elif kind == A_DROP_WORKER:
        drop_worker(s, a0)
    elif kind == A_STOP:
        _mover_done(s, t, p)
    elif kind == A_END_MOVE:
        end_move(s, t, p)


@njit
def _mover_done(s, t, p):
    finish_mover(s, p)
    if s.game[G_UNITS_LEFT] <= 0:
        end_move(s, t, p)


@njit
def end_move(s, t, p):
    """The whole Move is over: combats where it made contact, then the bottom-row action."""
    next_combat_or_bottom(s, t, p)


@njit
def _apply_bottom(s, t, p, kind, a0, a1):
    if kind == A_BOTTOM:
        start_payment(s, t, p)
    elif kind == A_PAY_RESOURCE:
        pay_resource(s, a0)
    elif kind == A_PAY_COERCION:
        pay_coercion(s, p, a0)
    elif kind == A_UPGRADE:
        upgrade(s, p, a0, a1)
        finish_bottom(s, t, p)
    elif kind == A_DEPLOY:
        deploy(s, p, a0, a1)
        finish_bottom(s, t, p)
    elif kind == A_BUILD:
        build(s, p, a0, a1)
        finish_bottom(s, t, p)
    elif kind == A_ENLIST:
        enlist(s, t, p, a0, a1)
        finish_bottom(s, t, p)
    elif kind == A_NO_BENEFIT:
        finish_bottom(s, t, p)
