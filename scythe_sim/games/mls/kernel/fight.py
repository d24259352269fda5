"""Pie fights (rulebook PIE FIGHT): after both Seekers moved, on each space where the
active player's Seeker stopped on an opponent's. The attacker loses 1 friendship; each
side secretly dials 0..7 pies (no more than it has) and attaches up to one spell per own
Seeker in the fight; the higher total wins, ties to the attacker; the loser's Seekers go
home (rejuvenating it), leaving their resources; pies thrown and spells used are spent.
The winner earns the pie-fight trophy (the defender may decline it)."""
from scythe_sim.compiled.jit import njit
from scythe_sim.compiled.rows import emit

from ..layout import (A_DIAL, A_END_SPELLS, A_FIGHT, A_SPELL, G_ACTIVE, G_ATK_DIAL, G_ATK_SPELLS,
                      G_DEF_DIAL, G_DEF_SPELLS, G_DEF_TROPHY, G_DEFENDER, G_FIGHT_SPACE,
                      G_FIGHT_STEP, G_FIGHTS, G_FIGHTS_MASK, G_REJUV_MASK,
                      G_REJUV_PENDING, G_SPELLS_LEFT, N_SEEKERS, N_SPACES, N_SPELL_VALUES,
                      FX_FIGHT_BONUS, P_FIGHTS_WON, P_PERSONALITY, P_PIES, TR_PIE_FIGHT)
from ..tables import F_DIAL_MAX
from .board import add_friendship, fx, hand_size, other_player_at, seekers_at, send_home
from .trophies import claim_event, may_earn

FIGHT_ATK_DIAL, FIGHT_ATK_SPELLS, FIGHT_DEF_DIAL, FIGHT_DEF_SPELLS, FIGHT_RESOLVE = range(5)


@njit
def find_fights(s, t):
    """Mark every space where the active player's Seeker shares a space with an opponent's."""
    p = s.game[G_ACTIVE]
    mask = 0
    for k in range(N_SEEKERS):
        x = s.seeker_loc[p, k]
        if x >= 0 and other_player_at(s, p, x) >= 0:
            mask |= 1 << x
    s.game[G_FIGHTS_MASK] = mask


@njit
def fight_count(s):
    c = 0
    for x in range(N_SPACES):
        c += (s.game[G_FIGHTS_MASK] >> x) & 1
    return c


@njit
def legal_fight_pick(s, out):
    n = 0
    for x in range(N_SPACES):
        if (s.game[G_FIGHTS_MASK] >> x) & 1:
            n = emit(out, n, A_FIGHT, x, 0, 0)
    return n


@njit
def start_fight(s, t, x):
    p = s.game[G_ACTIVE]
    s.game[G_FIGHTS_MASK] &= ~(1 << x)
    s.game[G_FIGHT_SPACE] = x
    s.game[G_DEFENDER] = other_player_at(s, p, x)
    s.game[G_FIGHT_STEP] = FIGHT_ATK_DIAL
    s.game[G_ATK_DIAL] = 0
    s.game[G_DEF_DIAL] = 0
    s.game[G_ATK_SPELLS] = 0
    s.game[G_DEF_SPELLS] = 0
    s.game[G_FIGHTS] += 1
    add_friendship(s, t, p, -1)


@njit
def fighter(s):
    """The player deciding at the fight's current step."""
    step = s.game[G_FIGHT_STEP]
    return s.game[G_ACTIVE] if step <= FIGHT_ATK_SPELLS else s.game[G_DEFENDER]


@njit
def legal_dial(s, t, out):
    p = fighter(s)
    top = min(t.facts[F_DIAL_MAX], s.player[p, P_PIES])
    n = 0
    for d in range(top + 1):
        n = emit(out, n, A_DIAL, d, 0, 0)
    return n


@njit
def legal_spell(s, out):
    p = fighter(s)
    n = 0
    for v in range(N_SPELL_VALUES):
        if s.hand[p, v] > 0:
            n = emit(out, n, A_SPELL, v, 0, 0)
    return emit(out, n, A_END_SPELLS, 0, 0, 0)


@njit
def spells_step_open(s):
    """The deciding side may attach a spell: it holds one and has a Seeker slot left."""
    return s.game[G_SPELLS_LEFT] > 0 and hand_size(s, fighter(s)) > 0


@njit
def apply_dial(s, d):
    p = fighter(s)
    if s.game[G_FIGHT_STEP] == FIGHT_ATK_DIAL:
        s.game[G_ATK_DIAL] = d
    else:
        s.game[G_DEF_DIAL] = d
    s.game[G_FIGHT_STEP] += 1
    s.game[G_SPELLS_LEFT] = seekers_at(s, p, s.game[G_FIGHT_SPACE])


@njit
def apply_spell(s, t, v):
    p = fighter(s)
    s.hand[p, v] -= 1
    s.spell_deck[1, v] += 1
    if s.game[G_FIGHT_STEP] == FIGHT_ATK_SPELLS:
        s.game[G_ATK_SPELLS] += t.spell_values[v]
    else:
        s.game[G_DEF_SPELLS] += t.spell_values[v]
    s.game[G_SPELLS_LEFT] -= 1


@njit
def end_spells(s):
    s.game[G_FIGHT_STEP] += 1
    s.game[G_SPELLS_LEFT] = 0


@njit
def resolve_fight(s, t):
    """Reveal both totals; the loser goes home; pies and spells are spent."""
    a = s.game[G_ACTIVE]
    d = s.game[G_DEFENDER]
    x = s.game[G_FIGHT_SPACE]
    atk = s.game[G_ATK_DIAL] + s.game[G_ATK_SPELLS] + fx(s, t, a, FX_FIGHT_BONUS)
    dfn = s.game[G_DEF_DIAL] + s.game[G_DEF_SPELLS] + fx(s, t, d, FX_FIGHT_BONUS)
    card = s.player[d, P_PERSONALITY]
    stubborn = card >= 0 and t.pers_trophy[card] == TR_PIE_FIGHT and t.pers_need[card] == 0
    attacker_wins = atk > dfn or (atk == dfn and not stubborn)
    s.player[a, P_PIES] -= s.game[G_ATK_DIAL]
    s.player[d, P_PIES] -= s.game[G_DEF_DIAL]
    winner = a if attacker_wins else d
    loser = d if attacker_wins else a
    s.player[winner, P_FIGHTS_WON] += 1
    send_home(s, loser, x)
    if not (s.game[G_REJUV_MASK] >> loser) & 1:
        s.game[G_REJUV_PENDING] = loser
    if attacker_wins:
        claim_event(s, t, a, TR_PIE_FIGHT)
    elif s.trophy[d, TR_PIE_FIGHT] == 0 and may_earn(s, t, d):
        s.game[G_DEF_TROPHY] = d
    s.game[G_FIGHT_SPACE] = -1
    s.game[G_FIGHT_STEP] = 0
