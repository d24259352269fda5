"""The Wind Gambit's resolution tile in the position JSON: game.resolution, the tile in
play and its progress (docs/position-format.md)."""
from scythe_sim.errors import PositionError

from ...enums import BOTTOM_ACTIONS, MAX_SHARED_OBJECTIVES, N_OBJECTIVES, RESOLUTION_TILES
from ...layout import G_RES_FREE_DONE, G_RES_LAST_TURN, G_RES_SHARED0, G_RES_TILE, G_RES_TRIGGER, G_TURN
from ...variants.wind_gambit.rules import R_RESOLUTION
from ..position_checks import as_list, name_index, no_unknown, whole

_RESOLUTION_KEYS = {"tile", "triggered_by", "last_turn", "shared_objectives", "free_actions_taken"}


def resolution_to_dict(state):
    """The resolution tile in play and its progress; None without a tile (not written)."""
    if state.game[G_RES_TILE] == 0:
        return None
    trigger = int(state.game[G_RES_TRIGGER])
    shared = [int(state.game[G_RES_SHARED0 + k]) for k in range(MAX_SHARED_OBJECTIVES)]
    return {"tile": RESOLUTION_TILES[int(state.game[G_RES_TILE]) - 1],
            "triggered_by": trigger - 1 if trigger else None,
            "last_turn": int(state.game[G_RES_LAST_TURN]) if trigger else None,
            "shared_objectives": [c for c in shared if c > 0],
            "free_actions_taken": [name for b, name in enumerate(BOTTOM_ACTIONS)
                                   if (state.game[G_RES_FREE_DONE] >> b) & 1]}


def resolution_from_dict(s, entry, n):
    """game.resolution into s (n players)."""
    if not isinstance(entry, dict):
        raise PositionError("game.resolution: give an object with " + ", ".join(sorted(_RESOLUTION_KEYS)))
    no_unknown(entry, _RESOLUTION_KEYS, "game.resolution")
    s.game[G_RES_TILE] = name_index(entry.get("tile"), RESOLUTION_TILES, "game.resolution.tile") + 1
    trigger = entry.get("triggered_by")
    if trigger is not None:
        s.game[G_RES_TRIGGER] = whole(trigger, "game.resolution.triggered_by", 0, n - 1) + 1
        s.game[G_RES_LAST_TURN] = whole(entry.get("last_turn", s.game[G_TURN]), "game.resolution.last_turn", 0)
    cards = as_list(entry.get("shared_objectives", []), "game.resolution.shared_objectives")
    if len(cards) > MAX_SHARED_OBJECTIVES:
        raise PositionError(f"game.resolution.shared_objectives: give at most {MAX_SHARED_OBJECTIVES} cards")
    for name in as_list(entry.get("free_actions_taken", []), "game.resolution.free_actions_taken"):
        s.game[G_RES_FREE_DONE] |= 1 << name_index(name, BOTTOM_ACTIONS, "game.resolution.free_actions_taken")
    for k, card in enumerate(cards):
        s.game[G_RES_SHARED0 + k] = whole(card, f"game.resolution.shared_objectives[{k}]", 1, N_OBJECTIVES)


def play_rules_tile(s, tables):
    """A position without game.resolution plays the tile the rules fix (not a random one)."""
    fixed_tile = int(tables.rules[R_RESOLUTION])
    if s.game[G_RES_TILE] == 0 and fixed_tile <= len(RESOLUTION_TILES):
        s.game[G_RES_TILE] = fixed_tile
