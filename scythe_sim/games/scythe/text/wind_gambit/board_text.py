"""The Wind Gambit's part of the board in words (game.py's render_board calls it through
variants/hooks.py, "board_text"): the resolution tile's line, the airship tiles and each
airship with its cargo."""
from ...enums import FACTIONS, RESOURCES
from ...layout import AS_AGGRESSIVE, AS_PASSIVE, AS_RES0, AS_WORKERS, OFF_BOARD, P_FACTION
from .airship_position import tile_names
from .resolution_text import resolution_line


def header_lines(s, t) -> list:
    """Under the game line: the resolution tile in play."""
    line = resolution_line(s, t)
    return [line] if line else []


def player_lines(s, t, n) -> list:
    """Under the players' rows: each player's airship tiles, with airships."""
    if s.airship_loc[0] == OFF_BOARD:
        return []
    names = tile_names()
    return ["airship tiles: " + ", ".join(
        f"{FACTIONS[s.player[p, P_FACTION]]} {names[s.airship[p, AS_AGGRESSIVE] - 1]}"
        f"+{names[s.airship[p, AS_PASSIVE] - 1]}" for p in range(n))]


def airship_text(s, p):
    """'A' and the cargo, e.g. 'A(1 oil)' or 'A(2W)'."""
    cargo = [f"{int(s.airship[p, AS_RES0 + r])} {RESOURCES[r]}" for r in range(len(RESOURCES))
             if s.airship[p, AS_RES0 + r]]
    aboard = bin(int(s.airship[p, AS_WORKERS])).count("1")
    cargo += [f"{aboard}W"] if aboard else []
    return "A" + (f"({', '.join(cargo)})" if cargo else "")


def units(s, p, loc) -> list:
    """Player p's airship on loc, with what it carries."""
    return [airship_text(s, p)] if s.airship_loc[p] == loc else []
