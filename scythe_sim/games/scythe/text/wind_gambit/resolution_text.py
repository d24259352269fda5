"""The Wind Gambit's resolution tile in words, for the text board and playthroughs:
which tile is in play and how far its end is (kernel/wind_gambit/resolution.py holds the rules)."""
from ...enums import FACTIONS, RESOLUTION_TILES
from ...variants.wind_gambit.resolution import RP_TRIGGER_ROUNDS
from ...layout import (G_ACTIVE, G_N_PLAYERS, G_RES_LAST_TURN, G_RES_SHARED0, G_RES_TILE,
                     G_RES_TRIGGER, G_ROUND, G_TURN, P_FACTION)


def tile_title(tile: int) -> str:
    return RESOLUTION_TILES[tile - 1].replace("_", " ").title()


def turns_left(s, t):
    """Turns still to be played after the current one when the end is known (a triggered
    end, Doomsday Clock's rounds), else None: kernel resolution.turns_to_end in Python."""
    tile = int(s.game[G_RES_TILE])
    if tile == 0:
        return None
    if s.game[G_RES_TRIGGER]:
        return int(s.game[G_RES_LAST_TURN] - s.game[G_TURN])
    rounds = int(t.res_param[tile, RP_TRIGGER_ROUNDS])
    if rounds == 0:
        return None
    n = int(s.game[G_N_PLAYERS])
    return (rounds - int(s.game[G_ROUND]) - 1) * n + n - 1 - int(s.game[G_ACTIVE])


def resolution_line(s, t) -> str:
    """'resolution: Factory Explosion, triggered by nordic, 5 turns left' (empty without a
    tile)."""
    tile = int(s.game[G_RES_TILE])
    if tile == 0:
        return ""
    words = [f"resolution: {tile_title(tile)}"]
    shared = [int(s.game[G_RES_SHARED0 + k]) for k in range(2) if s.game[G_RES_SHARED0 + k]]
    if shared:
        words.append("shared objectives " + " ".join(str(c) for c in shared))
    trigger = int(s.game[G_RES_TRIGGER])
    if trigger:
        words.append(f"triggered by {FACTIONS[int(s.player[trigger - 1, P_FACTION])]}")
    left = turns_left(s, t)
    if left is not None:
        words.append(f"{left} turns left")
    return ", ".join(words)
