"""Seek (rulebook SEEK): roll the action's 4 dice (apple, gem and quest dice; each face a
region) and place every token found on a space of the rolled region of your choice.
Apples and gems go anywhere in the region (+1 friendship for each one placed on a space
with an opponent's Seeker); a quest token needs a space with no Seeker and no quest
token, else it is not placed. Portals are not regions. An exhausted supply places
nothing."""
from scythe_sim.compiled.jit import njit
from scythe_sim.compiled.rng import rand_below
from scythe_sim.compiled.rows import emit

from ..layout import (A_PLACE, G_ACTIVE, G_DICE_N, G_DICE_NEXT, G_SEEKS, N_REGIONS, RNG_GAME,
                      TOKEN_QUEST)
from .board import add_friendship, anyone_at, other_player_at, supply


@njit
def roll(s, t, action):
    """Roll the dice of a Seek action: apples first, then gems, then quests."""
    n = 0
    for token in range(3):
        for _ in range(t.seek_dice[action, token]):
            s.dice[n, 0] = token
            s.dice[n, 1] = rand_below(s.rng, RNG_GAME, N_REGIONS)
            n += 1
    s.game[G_DICE_N] = n
    s.game[G_DICE_NEXT] = 0
    s.game[G_SEEKS] += 1


@njit
def _quest_space_free(s, x):
    return s.quest_token[x] == 0 and not anyone_at(s, x)


@njit
def legal_place(s, t, out):
    """Spaces of the next die's region that may take its token (none: it is skipped)."""
    i = s.game[G_DICE_NEXT]
    token, region = s.dice[i, 0], s.dice[i, 1]
    n = 0
    if supply(s, t, token) <= 0:
        return 0
    for j in range(t.region_spaces.shape[1]):
        x = t.region_spaces[region, j]
        if token != TOKEN_QUEST or _quest_space_free(s, x):
            n = emit(out, n, A_PLACE, x, 0, 0)
    return n


@njit
def apply_place(s, t, x):
    p = s.game[G_ACTIVE]
    token = s.dice[s.game[G_DICE_NEXT], 0]
    if token == TOKEN_QUEST:
        s.quest_token[x] = 1
    else:
        s.space_res[x, token] += 1
        if other_player_at(s, p, x) >= 0:
            add_friendship(s, t, p, 1)
    s.game[G_DICE_NEXT] += 1


@njit
def skip_die(s):
    s.game[G_DICE_NEXT] += 1
