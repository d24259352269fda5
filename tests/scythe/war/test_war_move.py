"""The war Move: a corps of any number of divisions one step (chosen as from -> to, then
its size), at least one division left behind without an own structure, no river or lake
on foot, tunnels as workers; a division walks once and is carried once in a Move, in
either order; mechs carry up to 5 divisions picked up on the way."""
from scythe_sim.games.scythe.enums import parse_loc as L
from tests.scythe.war.helpers import act, corps, divs, rows, war, war_game

FAR = {1: {"T40": 1}}   # the opponent, far away


def start_move(divisions, **kw):
    game = war_game({**FAR, **divisions}, **kw)
    act(game, "war_move")
    return game


def sizes(game, frm, to):
    """The corps sizes offered frm -> to."""
    act(game, "war_corps", L(frm), L(to), 0)
    assert game.phase == "war_corps_size"
    return sorted(r[3] for r in rows(game, "war_corps"))


def test_a_corps_is_any_number_of_the_divisions_that_may_leave_and_one_stays_behind():
    game = start_move({0: {"T16": 9}})
    assert [r for r in rows(game, "war_corps") if r[2] == L("T23")] == [("war_corps", L("T16"), L("T23"), 0)]
    assert sizes(game, "T16", "T23") == list(range(1, 9))
    act(game, "war_corps", L("T16"), L("T23"), 6)
    assert divs(game, 0) == {"T16": 3, "T23": 6} and game.phase == "war_move"


def test_a_corps_with_one_division_able_to_go_moves_at_once():
    game = start_move({0: {"T16": 2}})
    act(game, "war_corps", L("T16"), L("T23"), 0)
    assert game.phase == "war_move" and divs(game, 0) == {"T16": 1, "T23": 1}


def test_an_own_structure_lets_the_last_division_leave():
    game = start_move({0: {"T16": 2}}, structures={0: {"mill": "T16"}})
    assert sizes(game, "T16", "T23") == [1, 2]


def test_divisions_never_cross_a_river_or_enter_a_lake_or_home_base():
    game = start_move({0: {"T11": 3}})
    targets = {r[2] for r in rows(game, "war_corps") if r[1] == L("T11")}
    assert targets == {L("T04"), L("T05")}   # T10, T12, T18 across rivers, T17 a lake


def test_divisions_use_tunnels():
    game = start_move({0: {"T10": 3}})
    targets = {r[2] for r in rows(game, "war_corps") if r[1] == L("T10")}
    assert {L("T15"), L("T18"), L("T29"), L("T32"), L("T37")} <= targets


def test_a_corps_is_one_move_and_divisions_that_walked_walk_no_more():
    game = start_move({0: {"T16": 5}})
    corps(game, L("T16"), L("T23"), 4)
    assert divs(game, 0) == {"T16": 1, "T23": 4}
    assert not [r for r in rows(game, "war_corps") if r[1] == L("T23")]
    act(game, "war_end_move")
    assert game.active_player == 1 and war(game, 0, "points") == 4   # T16 1 + Factory 3


def test_the_move_ends_after_its_moves():
    game = start_move({0: {"T16": 5, "T30": 5}})    # industrial moves 2 units
    corps(game, L("T16"), L("T23"), 4)
    corps(game, L("T30"), L("T36"), 4)
    assert game.active_player == 1


def test_a_mech_carries_up_to_5_divisions_picked_up_on_its_way():
    game = start_move({0: {"T16": 8, "T23": 3}}, mechs={0: {"speed": "T16"}})
    act(game, "war_select_mech", 5 - 1)   # unit slot of the 4th mech (speed)
    assert sorted(r[1] for r in rows(game, "war_load")) == [1, 2, 3, 4, 5]
    act(game, "war_load", 1)
    act(game, "war_step", L("T23"))
    assert sorted(r[1] for r in rows(game, "war_load")) == [1, 2]   # 3 there, 1 stays
    act(game, "war_load", 2)
    act(game, "war_step", L("T30"))      # the second step (Speed) ends its movement
    assert divs(game, 0) == {"T16": 7, "T23": 1, "T30": 3}
    assert game.phase == "war_move"


def test_carried_divisions_cross_rivers_with_the_mech():
    game = start_move({0: {"T11": 4}}, mechs={0: {"riverwalk": "T11"}},
                      factions=("nordic", "rusviet"))
    act(game, "war_select_mech", 1)
    act(game, "war_load", 3)   # all but the one that stays
    steps = {r[1] for r in rows(game, "war_step")}
    assert L("T18") in steps     # Nordic's Riverwalk onto a forest across the river
    act(game, "war_step", L("T18"))
    assert divs(game, 0) == {"T11": 1, "T18": 3}


def test_entering_enemy_units_stops_the_mech():
    game = start_move({0: {"T16": 3}, 1: {"T23": 2, "T40": 1}}, mechs={0: {"speed": "T16"}},
                      power=0)
    act(game, "war_select_mech", 4)
    act(game, "war_step", L("T23"))
    assert game.phase == "war_move"
    act(game, "war_end_move")
    assert game.phase == "war_dial"   # the fight over T23


def test_enemy_structures_where_the_mover_stands_alone_are_destroyed():
    game = start_move({0: {"T16": 3}}, structures={1: {"mine": "T23"}})
    corps(game, L("T16"), L("T23"), 2)
    act(game, "war_end_move")
    assert int(game.state.struct_loc[1].max()) == -1 and war(game, 1, "structures_lost") == 1


def test_divisions_may_walk_and_then_be_carried_but_walk_no_more():
    # 4 walk T16 -> T23 (one move), then the Speed mech on T23 picks them up and carries
    # them on: "they can move one territory and then be carried"; then they are done
    game = start_move({0: {"T16": 5}}, mechs={0: {"speed": "T23"}}, upgraded=(0,))
    corps(game, L("T16"), L("T23"), 4)
    assert not [r for r in rows(game, "war_corps") if r[1] == L("T23")], "walked: no second walk"
    act(game, "war_select_mech", 4)
    assert sorted(r[1] for r in rows(game, "war_load")) == [1, 2, 3], "one stays on T23"
    act(game, "war_load", 3)
    act(game, "war_step", L("T30"))
    act(game, "war_stop")
    assert divs(game, 0) == {"T16": 1, "T23": 1, "T30": 3} and game.phase == "war_move"
    assert not [r for r in rows(game, "war_corps") if r[1] == L("T30")], "walked and carried: done"


def test_divisions_may_be_carried_and_then_walk_once():
    # the mech carries 3 from T16 to T23 (one move); they may then walk on (a second
    # move), but not be carried again
    game = start_move({0: {"T16": 4}}, mechs={0: {"speed": "T16", "riverwalk": "T30"}}, upgraded=(0,))
    act(game, "war_select_mech", 4)
    act(game, "war_load", 3)
    act(game, "war_step", L("T23"))
    act(game, "war_stop")
    assert divs(game, 0) == {"T16": 1, "T23": 3}
    corps(game, L("T23"), L("T30"), 2)   # one stays on T23
    assert divs(game, 0) == {"T16": 1, "T23": 1, "T30": 2}
    act(game, "war_select_mech", 1)
    assert not rows(game, "war_load"), "carried and walked: done"


def test_divisions_carried_into_an_enemys_territory_stop_there():
    game = start_move({0: {"T16": 4}, 1: {"T23": 1, "T40": 1}}, mechs={0: {"speed": "T16"}})
    act(game, "war_select_mech", 4)
    act(game, "war_load", 3)
    act(game, "war_step", L("T23"))
    assert game.phase == "war_move"
    assert not [r for r in rows(game, "war_corps") if r[1] == L("T23")]
