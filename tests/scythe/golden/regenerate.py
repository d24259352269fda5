"""Rewrite the golden playthroughs after an intended rules change, then review the diff:

    python -m tests.scythe.golden.regenerate
"""
import pathlib

from scythe_sim.games.scythe.playthrough import play_through, score_table_lines
from tests.shared.golden import rewrite

FOLDER = pathlib.Path(__file__).resolve().parent
# name -> (seed, players, strategies, rules[, factions]): random base games, All Out War
# games whose standard half and war are played by the scripted strategies (docs/RULES.md),
# Invaders from Afar games with Albion and Togawa (Flags, Traps, 6-7 players), and Wind
# Gambit games (airships; Toll for all, then Blitzkrieg for all with the other tiles per player)
GOLDEN_GAMES = {
    "seed_1_players_3": (1, 3, None, None),
    "seed_2_players_4": (2, 4, None, None),
    "seed_3_players_5": (3, 5, None, None),
    "war_seed_4_players_3": (4, 3, ("greedy", "warmonger", "economist"), {"all_out_war": 1}),
    "war_seed_5_players_4": (5, 4, ("rusher", "greedy", "objective", "warmonger"), {"all_out_war": 1}),
    "invaders_seed_6_players_3": (6, 3, ("greedy", "warmonger", "rusher"), {"expansion_factions": 1},
                                  ("albion", "togawa", "crimea")),
    "invaders_seed_7_players_7": (7, 7, ("greedy", "rusher", "economist", "warmonger", "objective",
                                         "automa", "greedy1"), {"expansion_factions": 1}),
    "wind_seed_8_players_3": (8, 3, ("greedy", "rusher", "random"), {"wind_gambit": 1, "airship_aggressive": 7}),
    "wind_seed_9_players_4": (9, 4, ("economist", "greedy", "warmonger", "random"),
                              {"wind_gambit": 1, "airship_aggressive": 6, "airship_per_player": 1}),
}


def render(seed, players, strategies=None, rules=None, factions=None):
    game, lines = play_through(seed, players, factions, strategies=strategies, rules=rules)
    return "\n".join(lines + [str(game)] + score_table_lines(game)) + "\n"


def main():
    rewrite(FOLDER, GOLDEN_GAMES, render)

if __name__ == "__main__":
    main()
