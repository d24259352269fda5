"""Airship against airship: The Wind Gambit's Blitzkrieg and All Out War's ship combat
(seed 001 "Blitzkrieg"; seed 003 "Airships": "the standard mech versus mech combat rules").

One fight routine for both. Each side sets its power dial and adds one combat card (an
airship fights as one mech against one mech), choosing without seeing the other's: the
attacker commits first, then the defender, as in kernel/combat.py. The reveal: the higher
total wins, ties to the attacker; both pay their dials; the loser draws a combat card if
it dialled power or played a card (from the variant's stream: a Wind Gambit game keeps
the base game's draws); the loser's airship goes to its home base. No ability acts before
it and no other unit takes part, nor retreats.

What follows depends on where the fight happens: in the war, the war's outcome
(kernel/war/combat.ship_fight_in_war: the loser's divisions aboard are destroyed, a loss
by war_airship_destroy_margin or more power destroys its airship for good, a trophy for
the winner, and the end of the war Move goes on); in the standard game (Blitzkrieg) the
winner's combat star within the cap, and the attacker's airship move goes on."""
from scythe_sim.compiled.jit import njit

from ...enums import DOMINATE, STAR_COMBAT
from ...layout import (A_SHIP_CARD, A_SHIP_DIAL, A_SHIP_END_CARDS, G_ACTIVE, G_ATK_DIAL, G_ATK_NCARDS,
                       G_CARDS_LEFT, G_COMBATS, G_COMBAT_HEX, G_DECIDER, G_DEFENDER, G_DEF_DIAL, G_DEF_NCARDS,
                       G_PHASE, PH_AIRSHIP, PH_SHIP_CARDS, PH_SHIP_DIAL, P_ABILITY, P_FACTION, RNG_VARIANT,
                       AU_BLITZ_LOST, AU_BLITZ_WON)
from ...variants.war.layout import G_WAR_COMBATS, G_WAR_STAGE, WAR_STAGE_WAR
from ..board import note_airship_use, note_faction_ability
from ..cards import draw_card_from
from ..combat import add_card, card_rows, clear_dials, dial_rows, reveal_dials
from ..turn import place_star
from ..war.combat import ship_fight_in_war
from .resolution import combat_star_cap

SHIP_CARDS = 1   # combat cards each side may add: one unit against one unit


@njit
def start_ship_fight(s, t, p, q):
    """The active player p's airship attacks q's airship on the same territory."""
    s.game[G_COMBAT_HEX] = s.airship_loc[p]
    s.game[G_DEFENDER] = q
    clear_dials(s)
    if s.game[G_WAR_STAGE] == WAR_STAGE_WAR:
        s.game[G_WAR_COMBATS] += 1
    else:
        s.game[G_COMBATS] += 1
    s.game[G_DECIDER] = p
    s.game[G_PHASE] = PH_SHIP_DIAL


@njit
def legal_ship_fight(s, t, out):
    d = s.game[G_DECIDER]
    if s.game[G_PHASE] == PH_SHIP_DIAL:
        return dial_rows(s, t, d, out, 0, A_SHIP_DIAL)
    return card_rows(s, d, out, 0, A_SHIP_CARD, A_SHIP_END_CARDS)


@njit
def is_ship_kind(kind):
    return kind == A_SHIP_DIAL or kind == A_SHIP_CARD or kind == A_SHIP_END_CARDS


@njit
def apply_ship(s, t, kind, a0):
    d = s.game[G_DECIDER]
    attacker = d == s.game[G_ACTIVE]
    if kind == A_SHIP_DIAL:
        s.game[G_ATK_DIAL if attacker else G_DEF_DIAL] = a0
        s.game[G_CARDS_LEFT] = SHIP_CARDS
        s.game[G_PHASE] = PH_SHIP_CARDS
    elif kind == A_SHIP_CARD:
        add_card(s, t, a0)   # as in the standard game
    elif attacker:
        s.game[G_DECIDER] = s.game[G_DEFENDER]
        s.game[G_PHASE] = PH_SHIP_DIAL
    else:
        _resolve(s, t)


@njit
def _resolve(s, t):
    p = s.game[G_ACTIVE]
    q = s.game[G_DEFENDER]
    attack, defence = reveal_dials(s)
    winner, loser = (p, q) if attack >= defence else (q, p)
    used = (s.game[G_DEF_DIAL] + s.game[G_DEF_NCARDS] if loser == q
            else s.game[G_ATK_DIAL] + s.game[G_ATK_NCARDS])
    if used > 0:
        draw_card_from(s, loser, RNG_VARIANT)
    s.airship_loc[loser] = t.home_loc[s.player[loser, P_FACTION]]
    s.game[G_COMBAT_HEX] = -1
    s.game[G_DEFENDER] = -1
    s.game[G_DECIDER] = p
    if not ship_fight_in_war(s, t, winner, loser, abs(attack - defence)):   # Blitzkrieg
        s.game[G_PHASE] = PH_AIRSHIP
        note_airship_use(s, winner, AU_BLITZ_WON, 1)
        note_airship_use(s, loser, AU_BLITZ_LOST, 1)
        _combat_star(s, t, winner)


@njit
def _combat_star(s, t, winner):
    """Blitzkrieg: the winner gains a combat star within the combat-star cap (Saxony's
    Dominate ignores it), as a won combat does."""
    cap = combat_star_cap(s, t)
    if s.stars[winner, STAR_COMBAT] < cap or s.player[winner, P_ABILITY] == DOMINATE:
        if s.stars[winner, STAR_COMBAT] >= cap:
            note_faction_ability(s, winner, DOMINATE)
        place_star(s, t, winner, STAR_COMBAT)
