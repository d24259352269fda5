"""War combat: every territory where the active faction's units met an enemy's is fought
over in rounds, until one side is destroyed or the attacker retreats. With fights due on
several territories the attacker picks the next one each time (PH_WAR_FIGHT_PICK), as
after a standard Move.

A round: each side with at least 5 divisions there draws a combat card (from the
variant's random stream); the attacker, then the defender, sets a dial and adds cards
(one per mech in the fight, one more with any divisions); the higher total wins the
round, ties to the defender unless the attacker has a mech there. Both pay their dials.
The loser loses (difference + 1) divisions, or, if it started the round without
divisions, one mech (a trophy for the winner); the attacker loses one more division
(attrition) if it has any. The loser draws a card if it dialled power or played a card.
A side with no units left is destroyed; if both are, the territory is left empty.
Otherwise the attacker fights on or retreats, each attacking group back to where it came
from (groups.py). Abilities that act before combat act before the
first round. After the fights, enemy structures where the mover stands alone are
destroyed, capitulations follow, and the turn ends."""
from scythe_sim.compiled.jit import njit

from ...enums import N_HEX
from ...layout import (G_ACTIVE, G_ATK_DIAL, G_ATK_NCARDS, G_CARDS_LEFT, G_COMBAT_HEX, G_DECIDER, G_DEFENDER,
                       G_DEF_DIAL, G_DEF_NCARDS, G_GAME_OVER, G_N_PLAYERS, G_PHASE, OFF_BOARD, RNG_VARIANT,
                       UNIT_MECH0, UNIT_WORKER0, AS_DESTROYED, AS_DIVISIONS)
from ...variants.war.layout import (A_WAR_CARD, A_WAR_DIAL, A_WAR_END_CARDS, A_WAR_FIGHT, A_WAR_FIGHT_ON,
                                    A_WAR_RETREAT, G_WAR_ATK_MECH, G_WAR_COMBATS, PH_WAR_CARDS, PH_WAR_DIAL,
                                    PH_WAR_FIGHT_PICK, PH_WAR_RETREAT, W_CASUALTIES, W_MECHS_LOST,
                                    W_STRUCTURES_LOST, W_TROPHIES, G_WAR_SHIP_ACTS, G_WAR_STAGE,
                                    PH_WAR_AIRSHIP_END, WAR_SHIP_FOUGHT, WAR_STAGE_WAR, W_AIRSHIPS_LOST)
from ...variants.war.rules import R_WAR_AIRSHIP_DESTROY_MARGIN, R_WAR_CARD_DIVISIONS
from ..board import count_mechs, put_structure, put_unit
from ..cards import draw_card_from
from ..combat import add_card, before_combat_from, card_rows, clear_dials, dial_rows, reveal_dials
from .board import enemy_at, home_of, units_at, war_emit
from .capitulate import check_capitulations
from .groups import retreat_groups, retreat_possible
from .turn import end_war_turn


@njit
def war_fight_due(s, p, loc):
    """p's units share loc with an enemy's: a fight of p's Move is due there."""
    return units_at(s, p, loc) > 0 and enemy_at(s, p, loc) >= 0


@njit
def _fights_due(s, p):
    """(how many of p's fights are due, the last territory of them)."""
    due = 0
    last = -1
    for loc in range(N_HEX):
        if war_fight_due(s, p, loc):
            due += 1
            last = loc
    return due, last


@njit
def next_war_combat(s, t, p):
    """The next fight of p's Move: the one due, or p's pick of those due
    (PH_WAR_FIGHT_PICK); none left, the Move's aftermath."""
    s.game[G_DECIDER] = p
    s.game[G_COMBAT_HEX] = -1
    s.game[G_DEFENDER] = -1
    due, last = _fights_due(s, p)
    if due == 0:
        after_war_move(s, t, p)
    elif due == 1:
        start_war_fight(s, t, p, last)
    else:
        s.game[G_PHASE] = PH_WAR_FIGHT_PICK


@njit
def start_war_fight(s, t, p, loc):
    q = enemy_at(s, p, loc)
    s.game[G_COMBAT_HEX] = loc
    s.game[G_DEFENDER] = q
    s.game[G_WAR_COMBATS] += 1
    _before_combat(s, t, p, q, loc)
    _before_combat(s, t, q, p, loc)
    _start_round(s, t)


@njit
def _before_combat(s, t, a, b, loc):
    """a's mech abilities acting before a fight, as in the standard game (Scout's steal
    on the variant's stream), only with one of a's mechs in the fight."""
    if count_mechs(s, a, loc) > 0:
        before_combat_from(s, t, a, b, loc, RNG_VARIANT)


@njit
def _start_round(s, t):
    p = s.game[G_ACTIVE]
    q = s.game[G_DEFENDER]
    loc = s.game[G_COMBAT_HEX]
    for side in (p, q):
        if s.divisions[side, loc] >= t.rules[R_WAR_CARD_DIVISIONS]:
            draw_card_from(s, side, RNG_VARIANT)
    s.game[G_WAR_ATK_MECH] = 1 if count_mechs(s, p, loc) > 0 else 0
    clear_dials(s)
    s.game[G_DECIDER] = p
    s.game[G_PHASE] = PH_WAR_DIAL


@njit
def card_allowance(s, p, loc):
    """One combat card per mech in the fight, one more with any divisions in it."""
    return count_mechs(s, p, loc) + (1 if s.divisions[p, loc] > 0 else 0)


@njit
def legal_war_combat(s, t, out):
    n = 0
    phase = s.game[G_PHASE]
    d = s.game[G_DECIDER]
    if phase == PH_WAR_FIGHT_PICK:
        for loc in range(N_HEX):
            if war_fight_due(s, s.game[G_ACTIVE], loc):
                n = war_emit(out, n, A_WAR_FIGHT, loc, 0, 0)
    elif phase == PH_WAR_DIAL:
        n = dial_rows(s, t, d, out, n, A_WAR_DIAL)
    elif phase == PH_WAR_CARDS:
        n = card_rows(s, d, out, n, A_WAR_CARD, A_WAR_END_CARDS)
    elif phase == PH_WAR_RETREAT:
        n = war_emit(out, n, A_WAR_FIGHT_ON, 0, 0, 0)
        if retreat_possible(s, t, s.game[G_ACTIVE], s.game[G_COMBAT_HEX]):
            n = war_emit(out, n, A_WAR_RETREAT, 0, 0, 0)
    return n


@njit
def set_war_dial(s, t, v):
    d = s.game[G_DECIDER]
    s.game[G_ATK_DIAL if d == s.game[G_ACTIVE] else G_DEF_DIAL] = v
    s.game[G_CARDS_LEFT] = card_allowance(s, d, s.game[G_COMBAT_HEX])
    s.game[G_PHASE] = PH_WAR_CARDS


@njit
def add_war_card(s, t, v):
    add_card(s, t, v)   # as in the standard game


@njit
def end_war_cards(s, t):
    """combat.end_cards with the war's rule: the defender dials in PH_WAR_DIAL, and when
    both have played their cards a war round is resolved (resolve_round: divisions and
    mechs lost, a retreat), not a standard fight."""
    if s.game[G_DECIDER] == s.game[G_ACTIVE]:
        s.game[G_DECIDER] = s.game[G_DEFENDER]
        s.game[G_PHASE] = PH_WAR_DIAL
    else:
        resolve_round(s, t)


@njit
def _lose_divisions(s, p, loc, k):
    k = min(k, s.divisions[p, loc])
    s.divisions[p, loc] -= k
    s.war[p, W_CASUALTIES] += k


@njit
def _lose_mech(s, t, p, loc, winner):
    """One of p's mechs on loc is destroyed: it goes home as wreckage (its ability stays
    unlocked, as the text says) and counts as the winner's trophy."""
    for u in range(UNIT_MECH0, UNIT_WORKER0):
        if s.unit_loc[p, u] == loc:
            put_unit(s, p, u, home_of(s, t, p))
            s.war[p, W_MECHS_LOST] += 1
            s.war[winner, W_TROPHIES] += 1
            return


@njit
def resolve_round(s, t):
    p = s.game[G_ACTIVE]
    q = s.game[G_DEFENDER]
    loc = s.game[G_COMBAT_HEX]
    attack, defence = reveal_dials(s)
    if attack > defence or (attack == defence and s.game[G_WAR_ATK_MECH] != 0):
        winner, loser = p, q
    else:
        winner, loser = q, p
    if s.divisions[loser, loc] > 0:
        _lose_divisions(s, loser, loc, abs(attack - defence) + 1)
    else:
        _lose_mech(s, t, loser, loc, winner)
    _lose_divisions(s, p, loc, 1)   # attrition
    used = s.game[G_DEF_DIAL] + s.game[G_DEF_NCARDS] if loser == q else s.game[G_ATK_DIAL] + s.game[G_ATK_NCARDS]
    if used > 0:
        draw_card_from(s, loser, RNG_VARIANT)
    if units_at(s, p, loc) == 0 or units_at(s, q, loc) == 0:
        combat_over(s, t, p)
    else:
        s.game[G_DECIDER] = p
        s.game[G_PHASE] = PH_WAR_RETREAT


@njit
def fight_on(s, t):
    _start_round(s, t)


@njit
def retreat(s, t):
    """Each attacking group on the territory goes back where it came from (groups.py)."""
    p = s.game[G_ACTIVE]
    retreat_groups(s, t, p, s.game[G_COMBAT_HEX])
    combat_over(s, t, p)


@njit
def combat_over(s, t, p):
    if check_capitulations(s, t):
        return
    next_war_combat(s, t, p)


@njit
def after_war_move(s, t, p):
    """Enemy structures where p's units stand with no enemy units are destroyed; then
    capitulations, and the turn ends."""
    for loc in range(N_HEX):
        if units_at(s, p, loc) == 0 or enemy_at(s, p, loc) >= 0:
            continue
        for q in range(s.game[G_N_PLAYERS]):
            if q == p:
                continue
            for k in range(s.struct_loc.shape[1]):
                if s.struct_loc[q, k] == loc:
                    put_structure(s, q, k, OFF_BOARD)
                    s.war[q, W_STRUCTURES_LOST] += 1
    if check_capitulations(s, t):
        return
    if not s.game[G_GAME_OVER]:
        end_war_turn(s, t)


# --- an airship's fight (kernel/wind_gambit/airship_combat.py) in the war -----------------

@njit
def ship_fight_in_war(s, t, winner, loser, margin):
    """A ship combat has been revealed (margin: the winner's power over the loser's): in
    the war, its outcome, and the end of the war Move goes on; True then. False in the
    standard game (Blitzkrieg, which the Wind Gambit plays on)."""
    if s.game[G_WAR_STAGE] != WAR_STAGE_WAR:
        return False
    _ship_fight_outcome(s, t, winner, loser, margin)
    s.game[G_WAR_SHIP_ACTS] |= WAR_SHIP_FOUGHT
    s.game[G_PHASE] = PH_WAR_AIRSHIP_END
    return True


@njit
def _ship_fight_outcome(s, t, winner, loser, margin):
    """The war's ship combat: the loser's divisions aboard are destroyed; a loss by the
    destroy margin or more destroys its airship for good, a trophy for the winner."""
    s.war[loser, W_CASUALTIES] += s.airship[loser, AS_DIVISIONS]
    s.airship[loser, AS_DIVISIONS] = 0
    if margin >= t.rules[R_WAR_AIRSHIP_DESTROY_MARGIN]:
        s.airship_loc[loser] = OFF_BOARD
        s.airship[loser, AS_DESTROYED] = 1
        s.war[loser, W_AIRSHIPS_LOST] += 1
        s.war[winner, W_TROPHIES] += 1
