"""The Wind Gambit's airship: one test per movement, carrying and control rule, each from a
position (rules: seed 001 "The Wind Gambit"; variants_facts_2.md 1.1; docs/RULES.md).

Positions start a Move on the Agricultural mat (section 1 = Move), as in test_move.py.
Hexes: T04 forest (walk T05 T11, river T03 T10, next to the Nordic base); T16 forest
(walk T10 T15 T23, lakes T09 T17 T22); T10 tundra tunnel; T12 farm; T06 village.
"""
from scythe_sim.games.scythe.enums import FOOD, OIL, WOOD, parse_loc
from scythe_sim.games.scythe.layout import (A_AIRSHIP_BOARD, A_AIRSHIP_LAND, A_AIRSHIP_LOAD, A_AIRSHIP_STEP,
                               A_AIRSHIP_STOP, A_AIRSHIP_UNLOAD, A_PAY_AIRSHIP,
                               A_SELECT_AIRSHIP, UNIT_WORKER0)
from tests.scythe.test_move import W0, act, reach, turn_state, units
from tests.scythe.wind_gambit.helpers import (airship, airship_reach, fly, kinds, rows_of, ship,
                                             stop_and_end, wg_game, wg_opponent, wg_player)


def test_airship_starts_on_its_home_base_and_ignores_rivers_and_lakes_never_a_home_base():
    game = wg_game(wg_player("nordic", ship("T04")), wg_opponent("saxony"))
    assert airship_reach(game) == {"T03", "T05", "T10", "T11"}   # rivers T03 T10; not home:nordic
    game = wg_game(wg_player("nordic", ship("T16")), wg_opponent("saxony"))
    assert airship_reach(game) == {"T09", "T10", "T15", "T17", "T22", "T23"}   # lakes too
    game = wg_game(wg_player("rusviet", ship("home:rusviet")), wg_opponent("saxony"))
    assert airship_reach(game) == {"T13", "T19", "T26"}          # across its base's river


def test_range_is_the_passive_tiles_and_a_factory_move_adds_one():
    game = wg_game(wg_player("nordic", ship("T04", passive="ferry")), wg_opponent("saxony"))
    act(game, A_SELECT_AIRSHIP)
    assert turn_state(game)["steps_left"] == 2
    game = wg_game(wg_player("nordic", ship("T04", passive="boost")), wg_opponent("saxony"))
    act(game, A_SELECT_AIRSHIP)
    assert turn_state(game)["steps_left"] == 3
    for where in ("T05", "T12", "T13"):
        act(game, A_AIRSHIP_STEP, parse_loc(where))
    assert not rows_of(game, A_AIRSHIP_STEP) and A_AIRSHIP_STOP in {a.kind for a in game.legal_actions()}
    game = wg_game(wg_player("nordic", ship("T04", passive="ferry"), factory_card=1),
                   wg_opponent("saxony"), section=5, turn_state={"units_left": 1})
    act(game, A_SELECT_AIRSHIP)
    assert turn_state(game)["steps_left"] == 3  # +1 on a Factory card's Move


def test_the_airship_is_one_unit_of_the_move():
    game = wg_game(wg_player("nordic", ship("T04")), wg_opponent("saxony"))
    fly(game, "T05")
    act(game, A_AIRSHIP_STOP)
    assert game.phase == "move_unit" and turn_state(game)["units_left"] == 1
    assert "select_airship" not in kinds(game)
    game = wg_game(wg_player("nordic", ship("T04")), wg_opponent("saxony"), turn_state={"units_left": 1})
    fly(game, "T05")
    act(game, A_AIRSHIP_STOP)
    assert game.phase != "move_unit"           # the Move is over
    assert airship(game)["location"] == "T05"


def test_never_through_tunnels_unless_a_tile_says_so():
    game = wg_game(wg_player("nordic", ship("T10")), wg_opponent("saxony"))
    assert airship_reach(game) == {"T03", "T04", "T09", "T11", "T16", "T17"}
    game = wg_game(wg_player("nordic", ship("T10", passive="drill")), wg_opponent("saxony"))
    assert {"T15", "T18", "T29", "T32", "T37"} <= airship_reach(game)


def test_any_number_of_airships_share_a_territory_and_it_never_occupies_or_controls():
    game = wg_game(wg_player("nordic", ship("T05")), wg_opponent("saxony", airship=ship("T12")),
                   board={"resources": {"T12": {"oil": 2}}})
    assert "T12" in airship_reach(game)
    fly(game, "T12")
    stop_and_end(game)
    assert airship(game, 1)["location"] == airship(game, 0)["location"] == "T12"
    score = game.score()
    assert score[0]["territories"] == 0 and score[0]["resources"] == 0   # an airship alone holds nothing
    # an opponent's worker walks onto a territory holding only an airship (nobody is there)
    game = wg_game(wg_player("nordic", ship("T04"), workers=["T05", "T05"]),
                   wg_opponent("saxony", airship=ship("T11", aggressive="bounty")))
    assert "T11" in reach(game, W0)


def test_resources_load_only_where_no_opponent_controls_up_to_three():
    board = {"resources": {"T12": {"wood": 4}}}
    game = wg_game(wg_player("nordic", ship("T05", cargo={"oil": 1})), wg_opponent("saxony"), board=board)
    fly(game, "T12")
    loads = {(a.a0, a.a1) for a in rows_of(game, A_AIRSHIP_LOAD)}
    assert loads == {(WOOD, 1), (WOOD, 2)}                    # room for 2 more
    act(game, A_AIRSHIP_LOAD, WOOD, 2)
    assert not rows_of(game, A_AIRSHIP_UNLOAD) or all(a.a0 != WOOD for a in rows_of(game, A_AIRSHIP_UNLOAD))
    assert airship(game)["cargo"] == {"oil": 1, "wood": 2}
    game = wg_game(wg_player("nordic", ship("T05")), wg_opponent("saxony", workers=["T12", "T12"]), board=board)
    fly(game, "T12")
    assert not rows_of(game, A_AIRSHIP_LOAD)                  # the opponent controls T12


def test_resources_unload_anywhere_but_a_lake_and_aboard_stay_the_players():
    game = wg_game(wg_player("nordic", ship("T16", cargo={"food": 2})), wg_opponent("saxony"))
    fly(game, "T17")
    assert not rows_of(game, A_AIRSHIP_UNLOAD)                # a lake
    act(game, A_AIRSHIP_STEP, parse_loc("T11"))
    act(game, A_AIRSHIP_UNLOAD, FOOD, 1)
    stop_and_end(game)
    assert game.to_dict()["board"]["resources"]["T11"] == {"food": 1}
    assert game.score()[0]["resources"] == 1 + 0              # 1 aboard; T11 is nobody's
    # aboard: spendable for a cost
    game = wg_game(wg_player("nordic", ship("T16", cargo={"oil": 1})), wg_opponent("saxony"),
                   phase="pay", turn_state={"pay_res": OIL, "pay_left": 1})
    assert [a.kind for a in game.legal_actions()] == [A_PAY_AIRSHIP]
    act(game, A_PAY_AIRSHIP)
    assert airship(game)["cargo"] == {} and game.phase == "bottom_benefit"


def test_workers_board_are_off_the_board_and_must_land_where_no_opponent_is():
    game = wg_game(wg_player("nordic", ship("T12", aggressive="siege_engine"), workers=["T12", "T12", "T12"]),
                   wg_opponent("saxony", workers=["T06", "T06"]))
    act(game, A_SELECT_AIRSHIP)
    assert len(rows_of(game, A_AIRSHIP_BOARD)) == 1           # interchangeable: one row
    act(game, A_AIRSHIP_BOARD, rows_of(game, A_AIRSHIP_BOARD)[0].a0)
    assert "airship_stop" not in kinds(game)                  # a worker aboard must be dropped
    assert not rows_of(game, A_AIRSHIP_LAND)                  # not where it boarded
    assert airship(game)["workers_aboard"] == 1 and units(game)["workers"].count("T12") == 2
    act(game, A_AIRSHIP_STEP, parse_loc("T06"))                # it flies there ...
    assert not rows_of(game, A_AIRSHIP_LAND)                  # ... but an opponent is there: no drop-off
    act(game, A_AIRSHIP_STEP, parse_loc("T13"))
    land = rows_of(game, A_AIRSHIP_LAND)[0]
    act(game, A_AIRSHIP_LAND, land.a0, land.a1)
    act(game, A_AIRSHIP_STOP)
    assert sorted(units(game)["workers"]) == ["T12", "T12", "T13"] and "workers_aboard" not in airship(game)


def test_a_worker_aboard_neither_controls_nor_counts():
    game = wg_game(wg_player("nordic", ship("T12", aggressive="siege_engine"), workers=["T12", "T05"]),
                   wg_opponent("saxony"), board={"resources": {"T12": {"food": 1}}})
    act(game, A_SELECT_AIRSHIP)
    act(game, A_AIRSHIP_BOARD, UNIT_WORKER0)
    assert game.score()[0]["territories"] == 1                # T05 only: the worker aboard holds nothing
    assert game.score()[0]["resources"] == 0                  # so T12's food is not p's


def test_capacity_two_workers():
    game = wg_game(wg_player("nordic", ship("T12", aggressive="siege_engine"),
                             workers=["T12", "T13", "T06"]), wg_opponent("saxony"))
    act(game, A_SELECT_AIRSHIP)
    act(game, A_AIRSHIP_BOARD, UNIT_WORKER0)
    act(game, A_AIRSHIP_STEP, parse_loc("T13"))
    act(game, A_AIRSHIP_BOARD, UNIT_WORKER0 + 1)
    act(game, A_AIRSHIP_STEP, parse_loc("T06"))
    assert not rows_of(game, A_AIRSHIP_BOARD)                 # full
    assert airship(game)["workers_aboard"] == 2


def test_airships_do_not_trigger_traps():
    trap = {"T12": {"owner": 1, "token": "trap", "penalty": "coins", "armed": True}}
    game = wg_game(wg_player("nordic", ship("T05"), coins=5), wg_opponent("togawa"),
                   board={"tokens": trap})
    fly(game, "T12")
    stop_and_end(game)
    assert game.to_dict()["board"]["tokens"]["T12"]["armed"] is True
    assert units(game)["coins"] == 5


def test_an_airship_move_is_not_a_contact_and_offers_no_fight():
    game = wg_game(wg_player("nordic", ship("T05")),
                   wg_opponent("saxony", character="T12", mechs={}))
    fly(game, "T12")
    stop_and_end(game)
    assert game.phase not in ("combat_hex", "combat_dial") and turn_state(game)["contacts"] == 0


def test_a_base_game_position_has_no_airship_and_a_variant_one_needs_them():
    import pytest
    from scythe_sim.errors import PositionError
    from scythe_sim.games.scythe.game import Game
    from tests.scythe.test_move import player, position
    with pytest.raises(PositionError, match="airship"):
        Game.from_dict(position(player("nordic"), player("saxony", mat="mechanical")), rules={"wind_gambit": 1})
    with pytest.raises(PositionError, match="airship"):
        Game.from_dict(position(wg_player("nordic", ship("T04")), wg_opponent("saxony")))


def test_a_worker_boards_only_with_a_step_left_to_carry_it_elsewhere():
    game = wg_game(wg_player("nordic", ship("T05", aggressive="siege_engine", passive="ferry"),
                             workers=["T12", "T12"]), wg_opponent("saxony"))
    fly(game, "T12")
    assert rows_of(game, A_AIRSHIP_BOARD)                    # one step left
    game = wg_game(wg_player("nordic", ship("T05", aggressive="siege_engine", passive="ferry"),
                             workers=["T06", "T06"]), wg_opponent("saxony"))
    fly(game, "T12", "T06")
    assert not rows_of(game, A_AIRSHIP_BOARD)                # range spent: it could not drop it
