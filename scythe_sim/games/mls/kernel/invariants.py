"""check_invariants(s, t) -> code (0 = ok): what must hold after every applied row."""
from scythe_sim.compiled.jit import njit, njit_entry

from ..layout import (CAMP, G_DELIVER_KIND, G_ERROR, G_FIGHT_SPACE, G_FIGHTS_MASK, G_GAME_OVER,
                      G_LOOK0, G_N_PLAYERS, G_STAGE, ST_MOVE,
                      G_PHASE, G_QUEST_CARD, G_QUEST_DECK_N, MAX_PLAYERS, N_ACTIONS, N_QUESTS,
                      N_RES, N_SEEKERS, N_SPACES, N_SPELL_VALUES, N_TILES, N_TROPHIES, N_PILES,
                      P_FRIENDSHIP, P_LAST_ACTION, P_MAKE_TILE, P_MOVE_TILE, P_PIES,
                      P_QUESTS_DONE, P_TROPHIES, PH_GAME_OVER, PHASES, TILES_PER_PILE)
from ..tables import F_APPLES, F_CASTLE, F_FRIENDSHIP_MAX, F_PIES_MAX, F_QUEST_TOKENS, R_TROPHIES_TO_WIN
from .board import other_player_at

INVARIANTS = ("ok", "kernel_error", "track_out_of_range", "resource_supply", "negative_resources",
              "quest_tokens", "spell_cards", "quest_cards", "power_up_tiles", "seeker_location",
              "shared_space", "trophy_count", "last_action", "phase", "castle_tokens")
(INV_OK, INV_ERROR, INV_TRACK, INV_SUPPLY, INV_NEGATIVE, INV_QUEST_TOKENS, INV_SPELLS,
 INV_QUEST_CARDS, INV_TILES, INV_SEEKER, INV_SHARED, INV_TROPHIES, INV_LAST_ACTION, INV_PHASE,
 INV_CASTLE) = range(len(INVARIANTS))


@njit
def _tokens_ok(s, t):
    castle = t.facts[F_CASTLE]
    for res in range(N_RES):
        c = 0
        for x in range(N_SPACES):
            if s.space_res[x, res] < 0:
                return INV_NEGATIVE
            c += s.space_res[x, res]
        if c > t.facts[F_APPLES + res]:
            return INV_SUPPLY
        if s.space_res[castle, res] != 0:
            return INV_CASTLE
    q = 0
    for x in range(N_SPACES):
        if s.quest_token[x] < 0 or s.quest_token[x] > 1:
            return INV_QUEST_TOKENS
        if s.quest_token[x] == 1 and t.region[x] < 0:
            return INV_QUEST_TOKENS
        q += s.quest_token[x]
    if q > t.facts[F_QUEST_TOKENS]:
        return INV_QUEST_TOKENS
    return INV_OK


@njit
def _cards_ok(s, t):
    n = s.game[G_N_PLAYERS]
    for v in range(N_SPELL_VALUES):
        c = s.spell_deck[0, v] + s.spell_deck[1, v]
        for p in range(MAX_PLAYERS):
            if s.hand[p, v] < 0 or (p >= n and s.hand[p, v] != 0):
                return INV_SPELLS
            c += s.hand[p, v]
        if c != t.spell_counts[v] or s.spell_deck[0, v] < 0 or s.spell_deck[1, v] < 0:
            return INV_SPELLS
    seen = 0
    for i in range(s.game[G_QUEST_DECK_N]):
        seen |= 1 << s.quest_deck[i]
    if s.game[G_QUEST_CARD] >= 0:
        seen |= 1 << s.game[G_QUEST_CARD]
    for c in range(N_QUESTS):
        if s.quest_owner[c] >= 0:
            seen |= 1 << c
    count = 0
    for c in range(N_QUESTS):
        count += (seen >> c) & 1
    owned = s.game[G_QUEST_DECK_N] + (1 if s.game[G_QUEST_CARD] >= 0 else 0)
    for c in range(N_QUESTS):
        owned += s.quest_owner[c] >= 0
    if count != owned or owned > N_QUESTS:
        return INV_QUEST_CARDS
    tiles = 0
    for pile in range(N_PILES):
        for i in range(TILES_PER_PILE):
            if s.tile_pile[pile, i] >= 0:
                tiles |= 1 << s.tile_pile[pile, i]
    for p in range(n):
        for f in (P_MOVE_TILE, P_MAKE_TILE):
            if s.player[p, f] >= 0:
                if (tiles >> s.player[p, f]) & 1:
                    return INV_TILES
                tiles |= 1 << s.player[p, f]
    for i in range(3):
        if s.game[G_LOOK0 + i] >= 0 and s.game[G_LOOK0 + i] < N_TILES:
            tiles |= 1 << s.game[G_LOOK0 + i]
    if tiles != (1 << N_TILES) - 1:
        return INV_TILES
    return INV_OK


@njit
def _players_ok(s, t):
    n = s.game[G_N_PLAYERS]
    castle = t.facts[F_CASTLE]
    for p in range(n):
        if not 0 <= s.player[p, P_FRIENDSHIP] <= t.facts[F_FRIENDSHIP_MAX]:
            return INV_TRACK
        if not 0 <= s.player[p, P_PIES] <= t.facts[F_PIES_MAX]:
            return INV_TRACK
        if not -1 <= s.player[p, P_LAST_ACTION] < N_ACTIONS:
            return INV_LAST_ACTION
        c = 0
        for k in range(N_TROPHIES):
            if s.trophy[p, k] != 0 and s.trophy[p, k] != 1:
                return INV_TROPHIES
            c += s.trophy[p, k]
        if (c != s.player[p, P_TROPHIES] or c > t.rules[R_TROPHIES_TO_WIN]
                or s.player[p, P_QUESTS_DONE] < 0):
            return INV_TROPHIES
        for k in range(N_SEEKERS):
            x = s.seeker_loc[p, k]
            if x < CAMP or x >= N_SPACES:
                return INV_SEEKER
            if x == castle and s.game[G_DELIVER_KIND] < 0:
                return INV_SEEKER
            # once the Move's fights are found, a space holds one player's Seekers
            # except where a fight is still due
            if x >= 0 and s.game[G_FIGHT_SPACE] < 0 and s.game[G_STAGE] != ST_MOVE:
                q = other_player_at(s, p, x)
                if q >= 0 and not _fight_due(s, x):
                    return INV_SHARED
    return INV_OK


@njit
def _fight_due(s, x):
    return (s.game[G_FIGHTS_MASK] >> x) & 1 == 1


@njit_entry
def check_invariants(s, t):
    if s.game[G_ERROR] != 0:
        return INV_ERROR
    if not 0 <= s.game[G_PHASE] < len(PHASES):
        return INV_PHASE
    if s.game[G_GAME_OVER] == 1 and s.game[G_PHASE] != PH_GAME_OVER:
        return INV_PHASE
    code = _tokens_ok(s, t)
    if code == INV_OK:
        code = _cards_ok(s, t)
    if code == INV_OK:
        code = _players_ok(s, t)
    return code
