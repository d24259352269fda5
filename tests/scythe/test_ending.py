"""One place where a game ends (kernel/ending.py): the stars threshold and the turn cap
both come from the house rules and end the game there, and nothing else ends a game."""
import pathlib
import re

import pytest

from scythe_sim.games.scythe import layout
from scythe_sim.games.scythe.game import Game
from scythe_sim.games.scythe.layout import G_N_PLAYERS, G_ROUND, P_SEAT, P_STARS
from scythe_sim.games.scythe.strategies import STRATEGIES
from scythe_sim.games.scythe.strategies.dispatch import choose
from scythe_sim.games.scythe.strategies.weights import load_params
from scythe_sim.games.scythe.tables import R_STARS_TO_END, R_TURN_CAP

KERNEL = pathlib.Path(layout.__file__).parent / "kernel"


def _play(seed, players, rules):
    """A game of greedy seats under these house rules, to its end."""
    game = Game.new(seed=seed, players=players, rules=rules)
    params = load_params()
    greedy = STRATEGIES.index("greedy")
    for _ in range(200_000):
        if game.is_over:
            return game
        rows = game.legal_rows()
        seat = int(game.state.player[game.decider, P_SEAT])
        game.step(tuple(rows[choose(greedy, game.state, game.tables, seat, rows, len(rows),
                                    params, game.work)]))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("stars", [1, 2, 3])
def test_the_game_ends_when_a_player_places_the_last_star(stars):
    game = _play(seed=11, players=3, rules={"stars_to_end": stars})
    s = game.state
    assert game.end_reason == "six_stars"
    n = int(s.game[G_N_PLAYERS])
    assert max(int(s.player[p, P_STARS]) for p in range(n)) == stars
    assert int(game.tables.rules[R_STARS_TO_END]) == stars


@pytest.mark.parametrize("cap", [1, 3])
def test_the_game_ends_at_the_turn_cap(cap):
    game = _play(seed=12, players=4, rules={"turn_cap": cap, "stars_to_end": 99})
    assert game.end_reason == "turn_cap"
    assert int(game.state.game[G_ROUND]) == cap == int(game.tables.rules[R_TURN_CAP])
    assert game.phase == "game_over"
    assert game.state.game[layout.G_SECTION] == -1   # the turn scratch is cleared


def test_only_ending_py_ends_a_game():
    writes = re.compile(r"s\.game\[(G_GAME_OVER|G_END_REASON)\]\s*=[^=]")
    for path in KERNEL.glob("*.py"):
        if path.name != "ending.py":
            assert not writes.search(path.read_text()), path.name
            assert "def end_game" not in path.read_text(), path.name
    assert writes.search((KERNEL / "ending.py").read_text())
