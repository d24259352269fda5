"""Quests (rulebook QUESTS): after the Move and its pie fights, each quest token on a
space of the active player's Seekers is taken and a quest card drawn; the player picks
option 1, option 2 or 'No Thanks' (the card goes to the bottom, unresolved). Payments
come from, and gains go onto, spaces of the player's Seekers; gifts go onto a space of
an opponent's Seeker. An empty deck is rebuilt from the resolved cards of players who
hold the 2 Quests trophy."""
from scythe_sim.compiled.jit import njit
from scythe_sim.compiled.rows import emit

from ..layout import (A_QUEST, A_QUEST_OPTION, G_ACTIVE, G_GAIN_APPLES, G_GAIN_GEMS,
                      G_GIVE_APPLES, G_GIVE_GEMS, G_GIVE_TARGET, G_N_PLAYERS, G_PAY_APPLES,
                      G_PAY_GEMS, G_QUEST_CARD, G_QUEST_DECK_N, G_QUESTS, N_QUEST_OPTIONS,
                      N_QUESTS, N_SEEKERS, NO_THANKS, P_PIES, P_QUESTS_DONE, QF_GAIN_APPLES,
                      QF_GAIN_FRIENDSHIP, QF_GAIN_GEMS, QF_GAIN_PIES, QF_GAIN_SPELLS,
                      QF_GIVE_APPLES, QF_GIVE_GEMS, QF_LOSE_FRIENDSHIP, QF_PAY_APPLES,
                      QF_PAY_GEMS, QF_PAY_PIES, RES_APPLE, RES_GEM, TR_QUESTS)
from .board import add_friendship, add_pies, controlled, draw_spell, is_castle, own_spaces, shuffle


@njit
def quest_spaces(s, t, out):
    """Rows for the spaces of the active player's Seekers holding a quest token."""
    n = 0
    for x in own_spaces(s, t, s.game[G_ACTIVE]):
        if x >= 0 and s.quest_token[x] == 1:
            n = emit(out, n, A_QUEST, x, 0, 0)
    return n


@njit
def _rebuild_deck(s):
    """The resolved cards of players holding the 2 Quests trophy, shuffled into a deck."""
    n = 0
    for c in range(N_QUESTS):
        q = s.quest_owner[c]
        if q >= 0 and s.trophy[q, TR_QUESTS] == 1:
            s.quest_owner[c] = -1
            s.quest_deck[n] = c
            n += 1
    shuffle(s, s.quest_deck, n)
    s.game[G_QUEST_DECK_N] = n


@njit
def start_quest(s, t, x):
    """Take the token on x and draw the top card (none when even a rebuilt deck is empty)."""
    s.quest_token[x] = 0
    if s.game[G_QUEST_DECK_N] == 0:
        _rebuild_deck(s)
    n = s.game[G_QUEST_DECK_N]
    if n == 0:
        return
    s.game[G_QUEST_CARD] = s.quest_deck[0]
    for i in range(n - 1):
        s.quest_deck[i] = s.quest_deck[i + 1]
    s.quest_deck[n - 1] = -1
    s.game[G_QUEST_DECK_N] = n - 1


@njit
def opponent_on_map(s, t, p):
    for q in range(s.game[G_N_PLAYERS]):
        if q != p:
            for k in range(N_SEEKERS):
                x = s.seeker_loc[q, k]
                if x >= 0 and not is_castle(t, x):
                    return True
    return False


@njit
def option_possible(s, t, card, o):
    """The player controls what option o pays and gives (friendship may go below 0)."""
    p = s.game[G_ACTIVE]
    opt = t.quest_opt[card, o]
    if opt[QF_PAY_APPLES] + opt[QF_GIVE_APPLES] > controlled(s, t, p, RES_APPLE):
        return False
    if opt[QF_PAY_GEMS] + opt[QF_GIVE_GEMS] > controlled(s, t, p, RES_GEM):
        return False
    if opt[QF_PAY_PIES] > s.player[p, P_PIES]:
        return False
    if opt[QF_GIVE_APPLES] + opt[QF_GIVE_GEMS] > 0 and not opponent_on_map(s, t, p):
        return False
    return True


@njit
def legal_quest_option(s, t, out):
    card = s.game[G_QUEST_CARD]
    n = 0
    for o in range(N_QUEST_OPTIONS):
        if option_possible(s, t, card, o):
            n = emit(out, n, A_QUEST_OPTION, o, 0, 0)
    return emit(out, n, A_QUEST_OPTION, NO_THANKS, 0, 0)


@njit
def apply_quest_option(s, t, o):
    p = s.game[G_ACTIVE]
    card = s.game[G_QUEST_CARD]
    s.game[G_QUEST_CARD] = -1
    if o == NO_THANKS:
        s.quest_deck[s.game[G_QUEST_DECK_N]] = card
        s.game[G_QUEST_DECK_N] += 1
        return
    opt = t.quest_opt[card, o]
    s.quest_owner[card] = p
    s.player[p, P_QUESTS_DONE] += 1
    s.game[G_QUESTS] += 1
    add_friendship(s, t, p, opt[QF_GAIN_FRIENDSHIP] - opt[QF_LOSE_FRIENDSHIP])
    add_pies(s, t, p, opt[QF_GAIN_PIES] - opt[QF_PAY_PIES])
    for _ in range(opt[QF_GAIN_SPELLS]):
        draw_spell(s, p)
    s.game[G_PAY_APPLES] = opt[QF_PAY_APPLES]
    s.game[G_PAY_GEMS] = opt[QF_PAY_GEMS]
    s.game[G_GIVE_APPLES] = opt[QF_GIVE_APPLES]
    s.game[G_GIVE_GEMS] = opt[QF_GIVE_GEMS]
    s.game[G_GIVE_TARGET] = -1
    s.game[G_GAIN_APPLES] = opt[QF_GAIN_APPLES]
    s.game[G_GAIN_GEMS] = opt[QF_GAIN_GEMS]
