"""Rewrite the golden playthroughs after an intended rules change, then review the diff:

    python -m tests.scythe.golden.regenerate
"""
import pathlib

from scythe_sim.playthrough import play_through, score_table_lines
from tests.shared.golden import rewrite

FOLDER = pathlib.Path(__file__).resolve().parent
GOLDEN_GAMES = {"seed_1_players_3": (1, 3), "seed_2_players_4": (2, 4), "seed_3_players_5": (3, 5)}


def render(seed, players):
    game, lines = play_through(seed, players)
    return "\n".join(lines + [str(game)] + score_table_lines(game)) + "\n"


def main():
    rewrite(FOLDER, GOLDEN_GAMES, render)

if __name__ == "__main__":
    main()
