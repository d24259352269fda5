"""Setting up a game of MLS (rulebook SETUP, steps 1-11, and the first player)."""
from scythe_sim.compiled.jit import njit, njit_entry
from scythe_sim.compiled.rng import rand_below, seed_streams

from ..layout import (CAMP, G_ACTIVE, G_DEFENDER, G_DELIVER_KIND, G_FIGHT_SPACE, G_GIVE_TARGET,
                      G_LOOK_PILE, G_MOVER, G_N_PLAYERS, G_QUEST_CARD, G_QUEST_DECK_N,
                      G_REJUV_PENDING, G_DEF_TROPHY, GAME_STREAM_ID, MAX_PLAYERS, N_PERSONALITIES,
                      N_QUESTS, N_SPELL_VALUES, N_TILES,
                      P_CAMP, P_FRIENDSHIP, P_LAST_ACTION, P_MAKE_TILE, P_MOVE_TILE,
                      P_PERSONALITY, P_PIES, P_SEAT, RNG_GAME, TILES_PER_PILE, TOKEN_QUEST)
from ..tables import F_FRIENDSHIP_START, F_PIES_START, F_PLAYERS_MAX, F_PLAYERS_MIN, F_SPELLS_AT_SETUP
from .board import draw_spell, shuffle
from .turn import start_turn

SETUP_OK = 0
SETUP_BAD_PLAYERS = 1


@njit
def _draw_from_mask(s, mask, count):
    """A uniform member of the `count` set bits of mask (the game's stream)."""
    r = rand_below(s.rng, RNG_GAME, count)
    b = 0
    while True:
        if (mask >> b) & 1:
            if r == 0:
                return b
            r -= 1
        b += 1


@njit
def clear(s):
    s.game[:] = 0
    s.player[:] = 0
    s.seeker_loc[:] = CAMP
    s.space_res[:] = 0
    s.quest_token[:] = 0
    s.hand[:] = 0
    s.spell_deck[:] = 0
    s.quest_deck[:] = -1
    s.quest_owner[:] = -1
    s.tile_pile[:] = -1
    s.trophy[:] = 0
    s.trophy_turn[:] = -1
    s.dice[:] = -1
    for f in (G_ACTIVE, G_MOVER, G_DELIVER_KIND, G_FIGHT_SPACE, G_DEFENDER, G_GIVE_TARGET,
              G_QUEST_CARD, G_LOOK_PILE, G_REJUV_PENDING, G_DEF_TROPHY):
        s.game[f] = -1


@njit
def _deal_camps(s, t, n):
    """Each player's base camp: a random one of the sites active for n players."""
    mask = 0
    for i in range(t.camps_by_players.shape[1]):
        c = t.camps_by_players[n, i]
        if c >= 0:
            mask |= 1 << c
    for p in range(n):
        c = _draw_from_mask(s, mask, n - p)
        s.player[p, P_CAMP] = c
        mask &= ~(1 << c)


@njit
def _populate(s, t, n):
    """Step 9: the setup tile turned at random on the castle fills the 3 spaces in front
    of each active camp with what its facing edge shows."""
    turn = rand_below(s.rng, RNG_GAME, t.setup_edges.shape[0])
    for p in range(n):
        c = s.player[p, P_CAMP]
        edge = (c + turn) % t.setup_edges.shape[0]
        for j in range(3):
            x = t.camp_setup[c, j]
            token = t.setup_edges[edge, j]
            if token == TOKEN_QUEST:
                s.quest_token[x] = 1
            else:
                s.space_res[x, token] += 1


@njit_entry
def setup_game(s, t, seed, n_players):
    """A fresh game for n_players seats from seed; returns SETUP_OK or an error code."""
    if n_players < t.facts[F_PLAYERS_MIN] or n_players > min(t.facts[F_PLAYERS_MAX], MAX_PLAYERS):
        return SETUP_BAD_PLAYERS
    clear(s)
    seed_streams(s.rng, seed, GAME_STREAM_ID)
    n = n_players
    s.game[G_N_PLAYERS] = n
    first = rand_below(s.rng, RNG_GAME, n)           # the action tokens pick the first player
    for p in range(n):
        s.player[p, P_SEAT] = (first + p) % n
        s.player[p, P_FRIENDSHIP] = t.facts[F_FRIENDSHIP_START]
        s.player[p, P_PIES] = t.facts[F_PIES_START]
        s.player[p, P_LAST_ACTION] = -1
        s.player[p, P_MOVE_TILE] = -1
        s.player[p, P_MAKE_TILE] = -1
    _deal_camps(s, t, n)
    for q in range(N_QUESTS):
        s.quest_deck[q] = q
    shuffle(s, s.quest_deck, N_QUESTS)
    s.game[G_QUEST_DECK_N] = N_QUESTS
    for v in range(N_SPELL_VALUES):
        s.spell_deck[0, v] = t.spell_counts[v]
    for p in range(n):
        for _ in range(t.facts[F_SPELLS_AT_SETUP]):
            draw_spell(s, p)
    for pile in range(s.tile_pile.shape[0]):
        k = 0
        for tile in range(N_TILES):
            if t.tile_pile[tile] == pile:
                s.tile_pile[pile, k] = tile
                k += 1
    for pile in range(s.tile_pile.shape[0]):
        shuffle(s, s.tile_pile[pile], TILES_PER_PILE)
    _populate(s, t, n)
    mask = (1 << N_PERSONALITIES) - 1
    for p in range(n):
        card = _draw_from_mask(s, mask, N_PERSONALITIES - p)
        s.player[p, P_PERSONALITY] = card
        mask &= ~(1 << card)
    start_turn(s, t, 0)
    return SETUP_OK



@njit_entry
def clear_state(s):
    """Every field back to its blank value (for positions built from Python)."""
    clear(s)
