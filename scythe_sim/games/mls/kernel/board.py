"""Reading the MLS board and players: who stands where, what a player controls, the
supply, a player's mat values and trophy requirements. Small helpers every rule uses."""
from scythe_sim.compiled.jit import njit
from scythe_sim.compiled.rng import rand_below

from ..layout import (CAMP, KIND_CASTLE, KIND_PORTAL, N_SEEKERS, N_SPACES, N_SPELL_VALUES,
                      P_FRIENDSHIP, P_MAKE_TILE, P_MOVE_TILE, P_PERSONALITY, P_PIES, RNG_GAME,
                      G_N_PLAYERS, TOKEN_QUEST)
from ..tables import F_APPLES, F_CASTLE, F_FRIENDSHIP_MAX, F_PIES_MAX, F_QUEST_TOKENS


@njit
def fx(s, t, p, e):
    """Player p's mat value of effect e: the plain mat plus its Power Up tiles."""
    v = t.base_fx[e]
    tile = s.player[p, P_MOVE_TILE]
    if tile >= 0:
        v += t.tile_fx[tile, e]
    tile = s.player[p, P_MAKE_TILE]
    if tile >= 0:
        v += t.tile_fx[tile, e]
    return v


@njit
def trophy_need(s, t, p, k):
    """What trophy k asks of player p (its personality card may lower it)."""
    card = s.player[p, P_PERSONALITY]
    if card >= 0 and t.pers_trophy[card] == k:
        return t.pers_need[card]
    return t.trophy_need[k]


@njit
def is_castle(t, x):
    return x == t.facts[F_CASTLE]


@njit
def is_portal(t, x):
    return x >= 0 and t.kind[x] == KIND_PORTAL


@njit
def castle_in_one_step(t, x):
    """Castle Everfree is one step from a portal and from its 6 neighbours."""
    if x < 0:
        return False
    if t.kind[x] == KIND_PORTAL:
        return True
    for j in range(t.neighbours.shape[1]):
        if t.neighbours[x, j] >= 0 and t.kind[t.neighbours[x, j]] == KIND_CASTLE:
            return True
    return False


@njit
def seekers_at(s, p, x):
    """Seekers of player p on space x."""
    c = 0
    for k in range(N_SEEKERS):
        if s.seeker_loc[p, k] == x:
            c += 1
    return c


@njit
def other_player_at(s, p, x):
    """A player other than p with a Seeker on space x, -1 none."""
    for q in range(s.game[G_N_PLAYERS]):
        if q != p and (s.seeker_loc[q, 0] == x or s.seeker_loc[q, 1] == x):
            return q
    return -1


@njit
def anyone_at(s, x):
    for q in range(s.game[G_N_PLAYERS]):
        if s.seeker_loc[q, 0] == x or s.seeker_loc[q, 1] == x:
            return True
    return False


@njit
def own_space(s, t, p, k):
    """The space of p's Seeker k if it stands on a map space (not its camp or the castle), else -1."""
    x = s.seeker_loc[p, k]
    if x < 0 or is_castle(t, x):
        return -1
    return x


@njit
def own_spaces(s, t, p):
    """(a, b): the map spaces of p's Seekers 0 and 1, each -1 when not on a map space
    (camp, castle) and b -1 when it is a's space too, so each is visited once."""
    a = own_space(s, t, p, 0)
    b = own_space(s, t, p, 1)
    if b == a:
        b = -1
    return a, b


@njit
def controlled(s, t, p, res):
    """Tokens of resource res on the spaces where p has a Seeker."""
    c = 0
    for x in own_spaces(s, t, p):
        if x >= 0:
            c += s.space_res[x, res]
    return c


@njit
def held(s, t, p):
    """Apples and gems on the spaces where p has a Seeker (the finale's second tie-breaker)."""
    return controlled(s, t, p, 0) + controlled(s, t, p, 1)


@njit
def on_map(s, res):
    c = 0
    for x in range(N_SPACES):
        c += s.space_res[x, res]
    return c


@njit
def supply(s, t, token):
    """Tokens of a kind (RES_APPLE, RES_GEM, TOKEN_QUEST) not on the map."""
    if token == TOKEN_QUEST:
        c = 0
        for x in range(N_SPACES):
            c += s.quest_token[x]
        return t.facts[F_QUEST_TOKENS] - c
    return t.facts[F_APPLES + token] - on_map(s, token)


@njit
def hand_size(s, p):
    c = 0
    for v in range(N_SPELL_VALUES):
        c += s.hand[p, v]
    return c


@njit
def spells_available(s):
    """Spell cards in the draw pile and the discards (the discards are reshuffled)."""
    c = 0
    for v in range(N_SPELL_VALUES):
        c += s.spell_deck[0, v] + s.spell_deck[1, v]
    return c


@njit
def draw_spell(s, p):
    """p draws the top spell (a uniform draw from the pile's counts); an empty pile
    takes the discards first. Returns 0 when no spell is left anywhere."""
    total = 0
    for v in range(N_SPELL_VALUES):
        total += s.spell_deck[0, v]
    if total == 0:
        for v in range(N_SPELL_VALUES):
            s.spell_deck[0, v] += s.spell_deck[1, v]
            total += s.spell_deck[1, v]
            s.spell_deck[1, v] = 0
        if total == 0:
            return 0
    r = rand_below(s.rng, RNG_GAME, total)
    for v in range(N_SPELL_VALUES):
        if r < s.spell_deck[0, v]:
            s.spell_deck[0, v] -= 1
            s.hand[p, v] += 1
            return 1
        r -= s.spell_deck[0, v]
    return 0


@njit
def add_pies(s, t, p, n):
    s.player[p, P_PIES] = min(t.facts[F_PIES_MAX], max(0, s.player[p, P_PIES] + n))


@njit
def add_friendship(s, t, p, n):
    """Friendship moves by n, kept within 0..max (a quest may ask for more than you have)."""
    s.player[p, P_FRIENDSHIP] = min(t.facts[F_FRIENDSHIP_MAX], max(0, s.player[p, P_FRIENDSHIP] + n))


@njit
def send_home(s, p, x):
    """p's Seekers on space x return to their base camp; returns how many."""
    c = 0
    for k in range(N_SEEKERS):
        if s.seeker_loc[p, k] == x:
            s.seeker_loc[p, k] = CAMP
            c += 1
    return c


@njit
def shuffle(s, a, n):
    """Fisher-Yates over a[:n] from the game's stream."""
    for i in range(n - 1, 0, -1):
        j = rand_below(s.rng, RNG_GAME, i + 1)
        tmp = a[i]
        a[i] = a[j]
        a[j] = tmp


@njit
def max_pies(t):
    return t.facts[F_PIES_MAX]

