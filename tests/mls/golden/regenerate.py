"""Rewrite the MLS golden playthroughs after an intended change of the rules or of a
strategy, then review the diff (never to make a failing test pass):

    python -m tests.mls.golden.regenerate
"""
import json
import pathlib

import numpy as np

from scythe_sim.games.mls.playthrough import play_through
from scythe_sim.games.mls.strategies import STRATEGIES
from tests.shared.golden import rewrite

FOLDER = pathlib.Path(__file__).resolve().parent
# name -> (seed, strategy per seat): every strategy plays in some golden game
GOLDEN_GAMES = {
    "seed_1_planner_random_greedy": (1, ("planner", "random", "greedy")),
    "seed_2_personas": (2, ("planner", "deliverer", "pie_fighter", "quester")),
    "seed_3_six_players": (3, ("quester", "random", "pie_fighter", "greedy", "deliverer", "planner")),
}
RESULT_KEYS = ("turn_order", "rank", "winner", "trophies", "friendship", "pies", "spells", "held")


def strategy_ids(names):
    return np.array([STRATEGIES.index(n) for n in names], np.int64)


def render(seed, names):
    game, lines = play_through(seed, len(names), strategy_ids(names))
    out = [f"seats: {', '.join(names)}"] + lines + ["final position: " + json.dumps(game.to_dict(), sort_keys=True),
                                                      "results:"]
    for row in sorted(game.seat_rows(), key=lambda r: r["seat"]):
        out.append(f"  seat {row['seat']} ({names[row['seat']]}): "
                   + ", ".join(f"{k} {row[k]}" for k in RESULT_KEYS))
    return "\n".join(out) + "\n"


def main():
    rewrite(FOLDER, GOLDEN_GAMES, render)

if __name__ == "__main__":
    main()
