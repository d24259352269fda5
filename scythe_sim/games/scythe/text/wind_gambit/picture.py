"""The Wind Gambit's part of the board's picture (text/picture.py calls it through
variants/hooks.py, "picture"): the resolution tile in the status line and each
player's airship (an ellipse) and, in its panel, its airship tiles."""
from ...layout import AS_AGGRESSIVE, AS_PASSIVE, OFF_BOARD
from .airship_position import tile_names
from .resolution_text import resolution_line


def status_note(s, t) -> str:
    """The resolution tile's line, or ""."""
    return resolution_line(s, t)


def pieces(s, t, p, loc) -> list:
    """(shape, label, kind) of player p's airship on loc."""
    return [("ellipse", "A", "airship")] if s.airship_loc[p] == loc else []


def held_note(s, p) -> str:
    """The player's airship tiles, while its airship is on the board."""
    if s.airship_loc[p] == OFF_BOARD:
        return ""
    names = tile_names()
    return f" · airship {names[s.airship[p, AS_AGGRESSIVE] - 1]} + {names[s.airship[p, AS_PASSIVE] - 1]}"
