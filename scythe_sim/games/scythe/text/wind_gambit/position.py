"""The Wind Gambit's part of the position JSON, as text/position.py calls it through
variants/hooks.py ("position"): each player's airship (airship_position.py) and the
resolution tile's game entry (resolution_position.py)."""
from scythe_sim.errors import PositionError

from ...house_rules import RULE_NAMES
from ...layout import AS_DESTROYED, OFF_BOARD
from .airship_position import airship_from_dict, airship_to_dict
from .resolution_position import play_rules_tile, resolution_from_dict, resolution_to_dict


def player_to_dict(state, p) -> dict:
    return airship_to_dict(state, p)


def player_from_dict(s, p, entry, where):
    if "airship" in entry:
        airship_from_dict(s, p, entry["airship"], f"{where}.airship")


def check_players(s, tables, n):
    """One airship per player exactly when the rules play The Wind Gambit."""
    wind = int(tables.rules[RULE_NAMES.index("wind_gambit")]) != 0
    for p in range(n):
        if (s.airship_loc[p] != OFF_BOARD or s.airship[p, AS_DESTROYED] != 0) != wind:
            raise PositionError(f"players[{p}].airship: give one airship per player exactly when the rules "
                                f"play the Wind Gambit (rule wind_gambit = {int(wind)})")


def game_to_dict(state) -> dict:
    resolution = resolution_to_dict(state)
    return {} if resolution is None else {"resolution": resolution}


def game_from_dict(s, game, n):
    if "resolution" in game:
        resolution_from_dict(s, game["resolution"], n)


def after_game(s, tables):
    """The rules' resolution tile, once the game entry is read."""
    play_rules_tile(s, tables)
