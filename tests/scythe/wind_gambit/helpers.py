"""Wind Gambit positions: test_move.py's builders with an airship per player and the
rules that play the variant."""
from scythe_sim.games.scythe.game import Game
from scythe_sim.games.scythe.layout import (A_AIRSHIP_STEP, A_AIRSHIP_STOP, A_END_MOVE, A_SELECT_AIRSHIP)
from scythe_sim.games.scythe.enums import hex_name, parse_loc
from tests.scythe.test_move import act, opponent, player, position

WG = {"wind_gambit": 1}


def ship(location, aggressive="toll", passive="boost", cargo=None, **extra):
    entry = {"location": location, "aggressive": aggressive, "passive": passive, "cargo": dict(cargo or {})}
    entry.update(extra)
    return entry


def wg_player(faction, airship, **kw):
    return player(faction, airship=airship, **kw)


def wg_opponent(faction, airship=None, **kw):
    return opponent(faction, airship=airship or ship(f"home:{faction}"), **kw)


def wg_game(*players, rules=None, reachable=True, **kw):
    game = Game.from_dict(position(*players, **kw), rules={**WG, **(rules or {})}, reachable=reachable)
    assert game.check() == 0
    return game


def kinds(game):
    return {a.kind_name for a in game.legal_actions()}


def rows_of(game, kind):
    return [a for a in game.legal_actions() if a.kind == kind]


def airship_reach(game):
    """Where the airship may fly in its first step (on a copy)."""
    twin = game.copy()
    act(twin, A_SELECT_AIRSHIP)
    return {hex_name(a.a0) for a in rows_of(twin, A_AIRSHIP_STEP)}


def fly(game, *where):
    """Select the airship and fly it through `where`."""
    act(game, A_SELECT_AIRSHIP)
    for loc in where:
        act(game, A_AIRSHIP_STEP, parse_loc(loc))


def stop_and_end(game):
    act(game, A_AIRSHIP_STOP)
    if game.phase == "move_unit":
        act(game, A_END_MOVE)


def airship(game, p=0):
    return game.to_dict()["players"][p]["airship"]
