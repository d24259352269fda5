"""Position JSON: round trips, and malformed positions rejected with a clear PositionError."""
import json

import pytest

from scythe_sim.errors import PositionError
from scythe_sim.games.scythe.game import Game


def _mid_game(seed=5, steps=400):
    game = Game.new(seed=seed, players=4)
    for i in range(steps):
        legal = game.legal_actions()
        game.step(legal[(i * 7) % len(legal)])
    return game


def test_round_trip_is_exact_mid_game():
    game = _mid_game()
    data = game.to_dict()
    again = Game.from_dict(json.loads(json.dumps(data)))
    assert again.to_dict() == data
    assert [a.text for a in again.legal_actions()] == [a.text for a in game.legal_actions()]


def test_round_trip_continues_identically():
    game = _mid_game(steps=150)
    twin = Game.from_dict(game.to_dict())
    for i in range(300):
        legal = game.legal_actions()
        if not legal:
            break
        game.step(i % len(legal))
        twin.step(i % len(legal))
    assert twin.to_dict() == game.to_dict()


def _minimal():
    return {"players": [{"faction": "nordic", "mat": "industrial"}, {"faction": "saxony", "mat": "patriotic"}]}


def test_minimal_position_takes_setup_defaults():
    data = Game.from_dict(_minimal()).to_dict()
    nordic = data["players"][0]
    assert nordic["character"] == "home:nordic" and sorted(nordic["workers"]) == ["T04", "T05"]
    assert nordic["power"] == 4 and nordic["popularity"] == 2 and nordic["coins"] == 4


@pytest.mark.parametrize("mutate, words", [
    (lambda d: d["players"][0].update(faction="atlantis"), "players[0].faction"),
    (lambda d: d["players"][0].update(mat="wooden"), "players[0].mat"),
    (lambda d: d["players"][1].update(faction="nordic"), "each faction"),
    (lambda d: d["players"][0].update(power=40), "players[0].power"),
    (lambda d: d["players"][0].update(workers=["T99"]), "T99"),
    (lambda d: d["players"][0].update(colour="red"), "unknown field 'colour'"),
    (lambda d: d.update(board={"resources": {"T05": {"gold": 1}}}), "gold"),
    (lambda d: d["players"][0].update(workers=["T07"]), "breaks a rule"),  # a worker on a lake
    (lambda d: d.update(players=[]), "players"),
    (lambda d: d.update(game={"phase": "dancing"}), "game.phase"),
])
def test_malformed_positions_raise_one_line_errors(mutate, words):
    data = _minimal()
    mutate(data)
    with pytest.raises(PositionError) as info:
        Game.from_dict(data)
    message = str(info.value)
    assert words in message and "\n" not in message
