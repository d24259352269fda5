"""Position JSON for MLS: a game at the start of a player's turn, as plain values.

    {"players": [{"seekers": ["tundra_mid", "camp"], "friendship": 3, "pies": 3,
                  "spells": [1, 0, 0], "camp": 0, "personality": "friendly" (or null),
                  "last_action": "move", "trophies": ["pies"], "move_tile": null,
                  "make_tile": null, "quests_done": 0}, ...],
     "active": 0, "turn": 1, "round": 1, "seed": 7,
     "board": {"apples": {"tundra_mid": 2}, "gems": {}, "quests": ["forest_mid"]},
     "spell_deck": [..], "spell_discards": [..], "quest_deck": [names, top first],
     "quests_resolved": {"quest name": player}, "tile_piles": {"move": [..], "make": [..]},
     "finale": 0, "finale_left": []}

Everything but "players" is optional: a missing deck holds every card not elsewhere (data
order; spells: whatever the hands and discards leave); a tile pile lists its top tiles,
the pile's other tiles nobody holds follow in data order. docs/mls-position-format.md says
more. Bad names and counts raise PositionError naming the key.
"""
from __future__ import annotations

import numpy as np

from scythe_sim.compiled.rng import seed_streams
from scythe_sim.errors import PositionError

from ..kernel.invariants import INVARIANTS, check_invariants
from ..kernel.setup import clear_state
from ..kernel.turn import resume_turn
from ..layout import (ACTIONS, CAMP, G_FINALE, G_FINALE_LEFT, G_N_PLAYERS, G_QUEST_DECK_N, G_ROUND,
                     G_TURN, GAME_STREAM_ID, N_PILES, N_SEEKERS, N_SPELL_VALUES,
                     N_TROPHIES, P_CAMP, P_FRIENDSHIP, P_LAST_ACTION, P_MAKE_TILE, P_MOVE_TILE,
                     P_PERSONALITY, P_PIES, P_QUESTS_DONE, P_SEAT, P_TROPHIES, P_TURNS, PILES,
                     TILES_PER_PILE, TROPHIES, G_ACTIVE)
from ..tables import load_data, space_names

_PLAYER_KEYS = {"seat", "seekers", "friendship", "pies", "spells", "camp", "personality",
                "last_action", "trophies", "move_tile", "make_tile", "quests_done", "turns"}
_TOP_KEYS = {"players", "active", "turn", "round", "seed", "board", "spell_deck", "spell_discards",
             "quest_deck", "quests_resolved", "tile_piles", "finale", "finale_left"}


def _names(kind):
    cards = load_data()["cards"]
    return tuple(x["name"] for x in cards[kind])


def _lookup(names, value, key):
    if value not in names:
        raise PositionError(f"position {key!r}: unknown {value!r}, choose from {', '.join(names)}")
    return names.index(value)


def _known(d, allowed, where):
    for key in d:
        if key not in allowed:
            raise PositionError(f"position {where}: unknown key {key!r} (keys: {', '.join(sorted(allowed))})")


def state_from_dict(pos: dict, s, t) -> None:
    """Fill state s from position pos (at the start of the active player's turn)."""
    if not isinstance(pos, dict) or not isinstance(pos.get("players"), list):
        raise PositionError("position needs a 'players' list")
    _known(pos, _TOP_KEYS, "")
    spaces = space_names()
    players = pos["players"]
    n = len(players)
    if not 1 <= n <= 6:
        raise PositionError(f"position 'players' holds {n} players: My Little Scythe plays 1 to 6")
    clear_state(s)
    seed_streams(s.rng, np.uint64(int(pos.get("seed", 0))), GAME_STREAM_ID)
    s.game[G_N_PLAYERS] = n
    tiles = _names("power_up")
    owned_tiles = set()
    for p, d in enumerate(players):
        where = f"players[{p}]"
        _known(d, _PLAYER_KEYS, where)
        s.player[p, P_SEAT] = d.get("seat", p)
        s.player[p, P_CAMP] = d.get("camp", p)
        s.player[p, P_FRIENDSHIP] = d.get("friendship", 3)
        s.player[p, P_PIES] = d.get("pies", 3)
        s.player[p, P_QUESTS_DONE] = d.get("quests_done", 0)
        s.player[p, P_TURNS] = d.get("turns", 0)
        last = d.get("last_action")
        s.player[p, P_LAST_ACTION] = -1 if last is None else _lookup(ACTIONS, last, f"{where}.last_action")
        card = d.get("personality")
        s.player[p, P_PERSONALITY] = -1 if card is None else _lookup(_names("personality"), card,
                                                                     f"{where}.personality")
        for field, key in ((P_MOVE_TILE, "move_tile"), (P_MAKE_TILE, "make_tile")):
            name = d.get(key)
            s.player[p, field] = -1 if name is None else _lookup(tiles, name, f"{where}.{key}")
            if name is not None:
                owned_tiles.add(s.player[p, field])
        spells = d.get("spells", [0] * N_SPELL_VALUES)
        if len(spells) != N_SPELL_VALUES:
            raise PositionError(f"position {where}.spells: give {N_SPELL_VALUES} counts (one per value)")
        s.hand[p, :] = spells
        for name in d.get("trophies", []):
            s.trophy[p, _lookup(TROPHIES, name, f"{where}.trophies")] = 1
        s.player[p, P_TROPHIES] = int(s.trophy[p].sum())
        seekers = d.get("seekers", ["camp", "camp"])
        if len(seekers) != N_SEEKERS:
            raise PositionError(f"position {where}.seekers: give {N_SEEKERS} spaces ('camp' for the base camp)")
        for k, x in enumerate(seekers):
            s.seeker_loc[p, k] = CAMP if x == "camp" else _lookup(spaces, x, f"{where}.seekers")
    board = pos.get("board", {})
    _known(board, {"apples", "gems", "quests"}, "board")
    for res, key in ((0, "apples"), (1, "gems")):
        for x, count in board.get(key, {}).items():
            s.space_res[_lookup(spaces, x, f"board.{key}"), res] = count
    for x in board.get("quests", []):
        s.quest_token[_lookup(spaces, x, "board.quests")] = 1
    _decks(pos, s, t, n, owned_tiles)
    s.game[G_TURN] = pos.get("turn", 1) - 1
    s.game[G_ROUND] = pos.get("round", 1) - (1 if pos.get("active", 0) == 0 else 0)
    s.game[G_FINALE] = pos.get("finale", 0)
    for q in pos.get("finale_left", []):
        s.game[G_FINALE_LEFT] |= 1 << q
    active = pos.get("active", 0)
    if not 0 <= active < n:
        raise PositionError(f"position 'active' is {active}: a player index 0..{n - 1}")
    turns = s.player[active, P_TURNS]
    resume_turn(s, t, active)
    s.player[active, P_TURNS] = max(turns, 1)
    code = int(check_invariants(s, t))
    if code != 0:
        raise PositionError(f"position breaks a rule of the game: {INVARIANTS[code]}")


def _decks(pos, s, t, n, owned_tiles):
    quests = _names("quest")
    resolved = pos.get("quests_resolved", {})
    for name, q in resolved.items():
        s.quest_owner[_lookup(quests, name, "quests_resolved")] = q
    deck = pos.get("quest_deck")
    if deck is None:
        deck = [c for c in quests if c not in resolved]
    for i, name in enumerate(deck):
        s.quest_deck[i] = _lookup(quests, name, "quest_deck")
    s.game[G_QUEST_DECK_N] = len(deck)
    discards = pos.get("spell_discards", [0] * N_SPELL_VALUES)
    s.spell_deck[1, :] = discards
    held = s.hand[:n].sum(axis=0)
    s.spell_deck[0, :] = pos.get("spell_deck", list(t.spell_counts - held - np.asarray(discards)))
    tiles = _names("power_up")
    piles = pos.get("tile_piles")
    for pile in range(N_PILES):
        top = [_lookup(tiles, x, f"tile_piles.{PILES[pile]}") for x in (piles or {}).get(PILES[pile], [])]
        ids = top + [i for i in range(len(tiles))
                     if t.tile_pile[i] == pile and i not in owned_tiles and i not in top]
        if len(ids) > TILES_PER_PILE:
            raise PositionError(f"position tile_piles.{PILES[pile]}: at most {TILES_PER_PILE} tiles")
        s.tile_pile[pile, :len(ids)] = ids


def state_to_dict(s, t) -> dict:
    """The position of s (a state at the start of a turn; turn scratch is not kept)."""
    spaces = space_names()
    tiles, quests, persons = _names("power_up"), _names("quest"), _names("personality")
    n = int(s.game[G_N_PLAYERS])
    players = []
    for p in range(n):
        last = int(s.player[p, P_LAST_ACTION])
        players.append({
            "seat": int(s.player[p, P_SEAT]), "camp": int(s.player[p, P_CAMP]),
            "seekers": ["camp" if x == CAMP else spaces[x] for x in s.seeker_loc[p]],
            "friendship": int(s.player[p, P_FRIENDSHIP]), "pies": int(s.player[p, P_PIES]),
            "spells": [int(x) for x in s.hand[p]],
            "personality": (None if s.player[p, P_PERSONALITY] < 0
                            else persons[int(s.player[p, P_PERSONALITY])]),
            "last_action": None if last < 0 else ACTIONS[last],
            "trophies": [TROPHIES[k] for k in range(N_TROPHIES) if s.trophy[p, k]],
            "move_tile": None if s.player[p, P_MOVE_TILE] < 0 else tiles[int(s.player[p, P_MOVE_TILE])],
            "make_tile": None if s.player[p, P_MAKE_TILE] < 0 else tiles[int(s.player[p, P_MAKE_TILE])],
            "quests_done": int(s.player[p, P_QUESTS_DONE]), "turns": int(s.player[p, P_TURNS]),
        })
    active = int(s.game[G_ACTIVE])
    return {
        "players": players, "active": active, "turn": int(s.game[G_TURN]),
        "round": int(s.game[G_ROUND]),
        "board": {"apples": {spaces[x]: int(c) for x, c in enumerate(s.space_res[:, 0]) if c},
                  "gems": {spaces[x]: int(c) for x, c in enumerate(s.space_res[:, 1]) if c},
                  "quests": [spaces[x] for x in np.flatnonzero(s.quest_token)]},
        "spell_deck": [int(x) for x in s.spell_deck[0]],
        "spell_discards": [int(x) for x in s.spell_deck[1]],
        "quest_deck": [quests[int(c)] for c in s.quest_deck[:int(s.game[G_QUEST_DECK_N])]],
        "quests_resolved": {quests[c]: int(q) for c, q in enumerate(s.quest_owner) if q >= 0},
        "tile_piles": {PILES[pile]: [tiles[int(x)] for x in s.tile_pile[pile] if x >= 0]
                       for pile in range(N_PILES)},
        "finale": int(s.game[G_FINALE]),
        "finale_left": [q for q in range(n) if (int(s.game[G_FINALE_LEFT]) >> q) & 1],
    }


