"""Game.from_dict trusts nothing: combat hexes out of range, two factions sharing a
territory outside a Move and its combat, counts past any game and wrong types anywhere
in a position all give one PositionError line (issue 18, item 8)."""
import copy
import json

import pytest

from scythe_sim.errors import PositionError, ScytheSimError
from scythe_sim.games.scythe.game import Game


def _two_players(**game):
    return {"players": [{"faction": "nordic", "mat": "industrial"}, {"faction": "saxony", "mat": "patriotic"}],
            "game": game}


@pytest.mark.parametrize("position,words", [
    (_two_players(phase="combat_dial", turn_state={"combat_hex": 99}), "game.turn_state.combat_hex"),
    (_two_players(turn_state={"combat_hex": -2}), "combat_hex"),
    (_two_players(turn_state={"defender": 5}), "game.turn_state.defender"),
    (_two_players(turn_state={"moved_mask": 2**70}), "moved_mask"),
    (dict(_two_players(), players=[{"faction": "nordic", "mat": "industrial", "coins": 10**30},
                                   {"faction": "saxony", "mat": "patriotic"}]), "players[0].coins"),
    (dict(_two_players(), players=[{"faction": "nordic", "mat": "industrial", "turns": 2**63},
                                   {"faction": "saxony", "mat": "patriotic"}]), "players[0].turns"),
    (dict(_two_players(), players=[{"faction": "nordic", "mat": "industrial", "recruits": 3},
                                   {"faction": "saxony", "mat": "patriotic"}]), "players[0].recruits"),
    (dict(_two_players(), board={"encounter_tokens": "T05"}), "board.encounter_tokens"),
    (_two_players(marked=7), "game.marked"),
])
def test_bad_numbers_and_types_are_one_position_error(position, words):
    with pytest.raises(PositionError) as info:
        Game.from_dict(position)
    assert words in str(info.value) and "\n" not in str(info.value)


def _sharing(phase):
    players = [{"faction": "nordic", "mat": "industrial", "character": "T10"},
               {"faction": "saxony", "mat": "patriotic", "character": "T10"}]
    return {"players": players, "game": {"phase": phase, "turn_state": {"combat_hex": 9}}}


def test_two_factions_share_a_territory_only_during_a_move_and_its_combat():
    with pytest.raises(PositionError) as info:
        Game.from_dict(_sharing("section"))
    assert "share T10" in str(info.value) and "nordic" in str(info.value)
    for phase in ("move_unit", "combat_hex", "combat_dial"):
        Game.from_dict(_sharing(phase))            # contact made, the combat still to come
    Game.from_dict(_sharing("section"), reachable=False)   # rule tests of such a hex may


def _leaves(node, path=()):
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _leaves(value, path + (key,))
    elif isinstance(node, list) and node and not all(isinstance(x, str) for x in node):
        for i, value in enumerate(node):
            yield from _leaves(value, path + (i,))
    else:
        yield path


@pytest.mark.slow
def test_any_field_of_a_real_position_with_a_wrong_type_or_huge_value_is_one_position_error():
    game = Game.new(seed=3, players=3)
    for i in range(120):
        legal = game.legal_actions()
        game.step(legal[(i * 5) % len(legal)])
    data = json.loads(json.dumps(game.to_dict()))
    paths = [p for p in _leaves(data) if p and p[0] != "format"]
    assert len(paths) > 100
    for path in paths:
        for bad in ({"x": 1}, 10**40, -10**40, 2.5, True):
            broken = copy.deepcopy(data)
            node = broken
            for key in path[:-1]:
                node = node[key]
            node[path[-1]] = bad
            try:
                Game.from_dict(broken)
            except ScytheSimError as exc:            # PositionError, or ConfigError for rules
                assert "\n" not in str(exc)
            # accepted: a value the format reads as a flag or a name (e.g. game_over = 2.5)


def test_game_repr_and_suggest():
    game = Game.new(seed=11, players=3)
    text = repr(game)
    assert text.startswith("<Game 3 players [") and "phase=section" in text
    before = game.to_dict()
    move = game.suggest("greedy")
    assert move in game.legal_actions()
    assert game.to_dict() == before                   # asking changes nothing
    assert game.suggest("greedy") == move             # and gives the same answer again
    with pytest.raises(ScytheSimError, match="unknown strategy 'genius'"):
        game.suggest("genius")


@pytest.mark.parametrize("seed", [-1, 2**64, "7"])
def test_a_seed_outside_0_to_2_64_is_a_config_error(seed):
    with pytest.raises(ScytheSimError, match="0 to 2\\^64-1"):
        Game.new(seed=seed, players=2)
