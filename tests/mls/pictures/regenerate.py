"""Regenerate the golden picture of a My Little Scythe position:

    python -m tests.mls.pictures.regenerate

The position is written out here (docs/mls-position-format.md), so the golden structure
depends on the picture code only."""
import pathlib

from scythe_sim.games.mls.game import Game
from scythe_sim.games.mls.text.picture import position_svg
from tests.picture_structure import structure

HERE = pathlib.Path(__file__).parent
POSITION = {
    "players": [
        {"seekers": ["tundra_mid", "camp"], "camp": 0, "friendship": 3, "pies": 2, "spells": [1, 0, 0],
         "last_action": "move", "trophies": ["pies"], "make_tile": "big_oven", "turns": 4},
        {"seekers": ["forest_mid", "forest_mid"], "camp": 2, "friendship": 5, "pies": 4,
         "last_action": "seek_gems", "turns": 4},
        {"seekers": ["desert_mid", "portal_swamp_tundra"], "camp": 4, "friendship": 1, "pies": 6,
         "spells": [0, 1, 1], "turns": 3},
    ],
    "active": 2, "turn": 11, "round": 4,
    "board": {"apples": {"tundra_mid": 2, "desert_mid": 1}, "gems": {"forest_mid": 3, "swamp_mid": 1},
              "quests": ["red_rock_mid", "mountains_mid"]},
}


def case_game():
    return Game.from_dict(POSITION)


def main():
    game = case_game()
    lines = structure(position_svg(game.state, game.tables, "golden my_little_scythe"))
    (HERE / "my_little_scythe.golden.txt").write_text("\n".join(lines) + "\n")
    print("my_little_scythe", len(lines), "elements")


if __name__ == "__main__":
    main()
