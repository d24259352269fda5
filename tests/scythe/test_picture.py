"""The picture of a Scythe position: golden structures (elements and their places, not
bytes) for the base game, Invaders from Afar at 7 players, The Wind Gambit and All Out
War; every piece drawn; the façade's notebook display and picture files."""
import pathlib
import xml.etree.ElementTree as ET

import pytest

from scythe_sim.errors import ConfigError
from scythe_sim.games.scythe.enums import N_HEX
from scythe_sim.games.scythe.layout import OFF_BOARD, UNIT_WORKER0
from scythe_sim.games.scythe.text.picture import position_svg
from tests.picture_structure import differences, structure
from tests.scythe.pictures.regenerate import CASES, HERE, case_game


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_picture_keeps_its_golden_structure(name):
    """Regenerate with `python -m tests.scythe.pictures.regenerate` after an intended change."""
    game = case_game(name)
    got = structure(position_svg(game.state, game.tables, f"golden {name}"))
    want = (HERE / f"{name}.golden.txt").read_text().splitlines()
    assert got == want, "\n".join(differences(got, want))


def _labels(svg, kind):
    return [el.text for el in ET.fromstring(svg).iter("{http://www.w3.org/2000/svg}text")
            if el.get("class") == f"unit {kind} label"]


def _count(label):
    return int(label[1:]) if len(label) > 1 else 1


@pytest.mark.parametrize("name", sorted(CASES))
def test_every_worker_mech_and_division_on_the_board_is_drawn_with_its_count(name):
    game = case_game(name)
    s, svg = game.state, game.svg()
    n = int(s.game[0])
    workers = sum(1 for p in range(n) for u in range(UNIT_WORKER0, s.unit_loc.shape[1])
                  if s.unit_loc[p, u] != OFF_BOARD)
    mechs = sum(1 for p in range(n) for u in range(1, UNIT_WORKER0) if s.unit_loc[p, u] != OFF_BOARD)
    assert sum(_count(x) for x in _labels(svg, "worker")) == workers
    assert sum(_count(x) for x in _labels(svg, "mech")) == mechs
    assert sum(int(x) for x in _labels(svg, "divisions")) == int(s.divisions[:n].sum())
    assert len(_labels(svg, "character")) == sum(1 for p in range(n) if s.unit_loc[p, 0] != OFF_BOARD)


def test_the_board_has_its_47_hexes_rivers_tunnels_and_home_bases():
    svg = case_game("base").svg()
    classes = [el.get("class") for el in ET.fromstring(svg)]
    assert classes.count("hex") == N_HEX
    assert classes.count("river") == 32            # 31 between hexes, 1 at Rusviet's home base
    assert classes.count("tunnel") == 6
    assert classes.count("home") == 7
    assert classes.count("panel") + classes.count("panel active") == 4


def test_the_variants_show_their_pieces():
    assert _labels(case_game("wind_gambit").svg(), "airship")
    assert _labels(case_game("all_out_war").svg(), "divisions")
    assert "war: " in case_game("all_out_war").svg()
    assert "class=\"token trap\"" in case_game("invaders_7").svg()            # Togawa's traps


def test_a_notebook_shows_the_game_and_picture_writes_svg_and_png(tmp_path):
    game = case_game("base")
    assert game._repr_svg_().startswith("<svg") and ET.fromstring(game._repr_svg_()) is not None
    svg = game.picture(tmp_path / "board.svg", caption="after 500 decisions")
    assert "after 500 decisions" in svg.read_text()
    png = game.picture(tmp_path / "board.png")
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png.stat().st_size > 20_000


def test_a_picture_needs_an_svg_or_png_name_and_writes_nothing_else(tmp_path):
    with pytest.raises(ConfigError, match="name a .svg or .png file"):
        case_game("base").picture(tmp_path / "board.jpg")
    assert list(pathlib.Path(tmp_path).iterdir()) == []


def test_a_war_moves_corps_are_arrows_with_their_divisions():
    from scythe_sim.games.scythe.enums import hex_name
    from scythe_sim.games.scythe.variants.war.layout import WG_DIVISIONS, WG_ORIGIN, WG_TERRITORY
    from tests.scythe.war.helpers import war_game

    names = [hex_name(i) for i in range(N_HEX)]
    shown = []
    for phase in ("war_move", "war_action"):          # the record outlives the Move: not shown after it
        game = war_game({0: {"T16": 4, "T24": 2}, 1: {"T30": 3}}, phase=phase,
                        turn_state={"war_moves_left": 2} if phase == "war_move" else None)
        assert 'class="corps"' not in game.svg()
        game.state.war_groups[0, [WG_TERRITORY, WG_ORIGIN, WG_DIVISIONS]] = (
            names.index("T24"), names.index("T16"), 2)
        arrows = [el for el in ET.fromstring(game.svg()) if el.get("class") == "corps"]
        shown.append([(a.get("data-from"), a.get("data-to"), a.get("data-divisions"), a.get("data-faction"))
                      for a in arrows])
    assert shown == [[("T16", "T24", "2", "nordic")], []]
