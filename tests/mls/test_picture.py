"""The picture of a My Little Scythe position: a golden structure (elements and their
places, not bytes), every Seeker and token drawn, the façade's notebook display and files."""
import xml.etree.ElementTree as ET

import pytest

from scythe_sim.errors import ConfigError
from scythe_sim.games.mls.text.picture import position_svg
from tests.mls.pictures.regenerate import HERE, case_game
from tests.picture_structure import differences, structure

SVG = "{http://www.w3.org/2000/svg}"


def test_the_picture_keeps_its_golden_structure():
    """Regenerate with `python -m tests.mls.pictures.regenerate` after an intended change."""
    game = case_game()
    got = structure(position_svg(game.state, game.tables, "golden my_little_scythe"))
    want = (HERE / "my_little_scythe.golden.txt").read_text().splitlines()
    assert got == want, "\n".join(differences(got, want))


def _labels(svg, cls):
    return [el.text for el in ET.fromstring(svg).iter(f"{SVG}text") if el.get("class") == f"{cls} label"]


def test_every_seeker_and_token_is_drawn_with_its_count():
    game = case_game()
    s, svg = game.state, game.svg()
    n = int(s.game[0])
    seekers = sum(1 if x == "S" else int(x[1:]) for x in _labels(svg, "unit seeker"))
    assert seekers == 2 * n                                  # on the map or at their camps
    assert sum(int(x[1:]) for x in _labels(svg, "token apple")) == int(s.space_res[:, 0].sum()) == 3
    assert sum(int(x[1:]) for x in _labels(svg, "token gem")) == int(s.space_res[:, 1].sum()) == 4
    assert len(_labels(svg, "token quest")) == int(s.quest_token.sum()) == 2
    classes = [el.get("class") for el in ET.fromstring(svg)]
    assert classes.count("space") == 37 and classes.count("camp") == 6


def test_the_panel_names_trophies_tiles_and_the_last_action():
    svg = case_game().svg()
    assert "trophies: pies" in svg and "make big_oven" in svg and "action: seek gems" in svg


def test_a_notebook_shows_the_game_and_picture_writes_svg_and_png(tmp_path):
    game = case_game()
    assert ET.fromstring(game._repr_svg_()).tag == f"{SVG}svg"
    assert game.picture(tmp_path / "m.png").read_bytes()[:4] == b"\x89PNG"
    assert "caption here" in game.picture(tmp_path / "m.svg", caption="caption here").read_text()
    with pytest.raises(ConfigError, match="name a .svg or .png file"):
        game.picture(tmp_path / "m.pdf")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.png", "m.svg"]
