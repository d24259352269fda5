"""After a Move and its combats: the encounter, the first visit to the Factory, then on.

A character that ended its move on an encounter token and is still there after the
combats takes the encounter: the token is discarded, a card drawn, and the player picks
one option it can pay (Polania's Meander: up to two different options, the first may
pay for the second). Gains go onto the character's territory. Then Albion may place a Flag or
Togawa a Trap on the character's territory (kernel/invaders/tokens.py). A character on the
Factory for the first time, with no Factory card yet, keeps one of the cards there.
Then the turn goes on: the bottom-row action after a top-row Move, the end of the
turn after a Factory card's bottom-row Move.
"""
from scythe_sim.compiled.jit import njit
from scythe_sim.compiled.rng import rand_below

from ..enums import (FACTORY_SECTION, MEANDER, N_ENCOUNTER_CARDS, N_ENCOUNTER_OPTIONS,
                     N_FACTORY_CARDS, N_HEX)
from ..layout import (A_ENCOUNTER_OPTION, A_END_ENCOUNTER, A_TAKE_FACTORY, GAIN_FROM_ENCOUNTER,
                      G_ENCOUNTERS, G_ENC_CARD, G_ENC_DONE, G_ENC_USED, G_FACTORY_POOL,
                      G_GAIN_FROM, G_MOVED_MASK, G_PHASE, G_SECTION, PH_ENCOUNTER,
                      PH_FACTORY_PICK, P_ABILITY, P_FACTORY_CARD, RNG_GAME, UNIT_CHARACTER)
from .board import note_faction_ability
from .gains import can_pay_option, next_gain_phase, pay_option, take_gains
from .invaders.tokens import offer_token, token_due
from .objectives import close_turn
from .top import emit, start_bottom
from .turn import check_stars


@njit
def after_combats(s, t, p):
    """Every combat of the Move is over (p won or there was none): what comes next."""
    loc = s.unit_loc[p, UNIT_CHARACTER]
    moved = s.game[G_MOVED_MASK] & 1
    if moved and 0 <= loc < N_HEX and s.encounter_token[loc] != 0:
        _start_encounter(s, loc)
    elif token_due(s, t, p):
        offer_token(s)
    elif (moved and loc == t.factory_loc[0] and s.player[p, P_FACTORY_CARD] < 0
          and s.game[G_FACTORY_POOL] != 0):
        s.game[G_PHASE] = PH_FACTORY_PICK
    elif s.game[G_SECTION] == FACTORY_SECTION:
        close_turn(s, t)
    else:
        start_bottom(s)


@njit
def _draw_encounter(s):
    """The top card of the shuffled deck: uniform over the cards not drawn yet (used cards
    go to the bottom, and 11 tokens never reach them in a 36-card deck)."""
    unused = 0
    for c in range(N_ENCOUNTER_CARDS):
        if not (s.game[G_ENC_USED] >> c) & 1:
            unused += 1
    if unused == 0:
        s.game[G_ENC_USED] = 0
        unused = N_ENCOUNTER_CARDS
    k = rand_below(s.rng, RNG_GAME, unused)
    for c in range(N_ENCOUNTER_CARDS):
        if not (s.game[G_ENC_USED] >> c) & 1:
            if k == 0:
                s.game[G_ENC_USED] |= 1 << c
                return c
            k -= 1
    return N_ENCOUNTER_CARDS - 1


@njit
def _start_encounter(s, loc):
    s.encounter_token[loc] = 0
    s.game[G_ENC_CARD] = _draw_encounter(s)
    s.game[G_ENC_DONE] = 0
    s.game[G_PHASE] = PH_ENCOUNTER


@njit
def legal_encounter(s, t, p, out):
    n = 0
    card = s.game[G_ENC_CARD]
    done = s.game[G_ENC_DONE]
    for o in range(N_ENCOUNTER_OPTIONS):
        if not (done >> o) & 1 and can_pay_option(s, p, t.enc_option[card, o]):
            n = emit(out, n, A_ENCOUNTER_OPTION, o, 0, 0)
    if done != 0:
        n = emit(out, n, A_END_ENCOUNTER, 0, 0, 0)
    return n


@njit
def choose_encounter_option(s, t, p, o):
    row = t.enc_option[s.game[G_ENC_CARD], o]
    pay_option(s, p, row, -1)
    if s.game[G_ENC_DONE] != 0:   # a second option of the card: only Meander offers one
        note_faction_ability(s, p, MEANDER)
    s.game[G_ENC_DONE] |= 1 << o
    take_gains(s, t, p, row, s.unit_loc[p, UNIT_CHARACTER], GAIN_FROM_ENCOUNTER)
    if not next_gain_phase(s, t, p):
        option_done(s, t, p)


@njit
def option_done(s, t, p):
    """An option's gains are all taken: Meander may take a second one, else it is over."""
    done = s.game[G_ENC_DONE]
    if s.player[p, P_ABILITY] == MEANDER and done != 0 and (done & (done - 1)) == 0:
        card = s.game[G_ENC_CARD]
        for o in range(N_ENCOUNTER_OPTIONS):
            if not (done >> o) & 1 and can_pay_option(s, p, t.enc_option[card, o]):
                s.game[G_PHASE] = PH_ENCOUNTER
                return
    end_encounter(s, t, p)


@njit
def end_encounter(s, t, p):
    """The card goes to the bottom of the deck; the Move's aftermath goes on."""
    s.game[G_ENC_CARD] = -1
    s.game[G_ENC_DONE] = 0
    s.game[G_ENCOUNTERS] += 1
    if not check_stars(s, t, p):
        after_combats(s, t, p)


@njit
def gains_done(s, t, p):
    """A card's choices are all made: back to whoever granted them."""
    if s.game[G_GAIN_FROM] == GAIN_FROM_ENCOUNTER:
        option_done(s, t, p)
    else:
        start_bottom(s)


@njit
def legal_factory_pick(s, out):
    n = 0
    for c in range(N_FACTORY_CARDS):
        if (s.game[G_FACTORY_POOL] >> c) & 1:
            n = emit(out, n, A_TAKE_FACTORY, c, 0, 0)
    return n


@njit
def take_factory_card(s, t, p, c):
    s.player[p, P_FACTORY_CARD] = c
    s.game[G_FACTORY_POOL] &= ~(1 << c)
    after_combats(s, t, p)
