"""Regenerate the golden pictures' positions and structures:

    python -m tests.scythe.pictures.regenerate            # structures from the stored positions
    python -m tests.scythe.pictures.regenerate --replay   # the positions too, played again

Each case is a game played by the greedy strategy up to a point (a number of decisions,
or the war under way); its position JSON is stored so that the golden structure depends
on the picture code only, never on a change of rules or strategies."""
import json
import pathlib
import sys

import numpy as np

from scythe_sim.games.scythe.game import Game
from scythe_sim.games.scythe.layout import G_DECIDER, MAX_PLAYERS, P_SEAT
from scythe_sim.games.scythe.variants.war.layout import G_WAR_STAGE, WAR_STAGE_WAR
from scythe_sim.games.scythe.strategies import strategy_id
from scythe_sim.games.scythe.strategies.dispatch import choose
from scythe_sim.games.scythe.strategies.weights import load_params
from scythe_sim.games.scythe.text.picture import position_svg
from tests.picture_structure import structure

HERE = pathlib.Path(__file__).parent
# name: (seed, players, rules, decisions; for a war, decisions after the war began)
CASES = {
    "base": (7, 4, {}, 500),
    "invaders_7": (7, 7, {"expansion_factions": 1}, 700),
    "wind_gambit": (8, 3, {"wind_gambit": 1}, 400),
    "all_out_war": (5, 4, {"all_out_war": 1}, 60),
}


def play_to(seed, players, rules, decisions, war=False):
    """The game after `decisions` greedy decisions (in a war: after the war began)."""
    game = Game.new(seed=seed, players=players, rules=rules)
    s, t = game.state, game.tables
    ids = np.full(MAX_PLAYERS, strategy_id("greedy"), np.int64)
    params = load_params()
    done = 0
    while not game.is_over and done < decisions:
        rows = game.legal_rows()
        seat = int(s.player[s.game[G_DECIDER], P_SEAT])
        game.step(tuple(rows[choose(ids[seat], s, t, seat, rows, len(rows), params, game.work)]))
        done += not war or s.game[G_WAR_STAGE] == WAR_STAGE_WAR
    return game


def case_game(name):
    """The stored position of a case as a Game."""
    seed, players, rules, decisions = CASES[name]
    data = json.loads((HERE / f"{name}.json").read_text())
    return Game.from_dict(data, rules=rules)


def main(replay=False):
    for name, (seed, players, rules, decisions) in CASES.items():
        if replay:
            game = play_to(seed, players, rules, decisions, war=name == "all_out_war")
            (HERE / f"{name}.json").write_text(json.dumps(game.to_dict(), indent=1) + "\n")
        game = case_game(name)
        lines = structure(position_svg(game.state, game.tables, f"golden {name}"))
        (HERE / f"{name}.golden.txt").write_text("\n".join(lines) + "\n")
        print(name, len(lines), "elements")


if __name__ == "__main__":
    main(replay="--replay" in sys.argv)
