"""The Wind Gambit's airship with workers aboard, Ferry and Safe Haven, from positions
(seed 001 "The Wind Gambit"; variants_facts_2.md 1.3; docs/RULES.md). An airship carrying
workers flies like any airship; only the drop-off is restricted (land with no opponent's
unit, during this move). Ferry: over a lake, workers board from and leave onto the land
around it. Safe Haven: the airship's territory serves as a retreat location.

Hexes: T11 mountain and T16, T18 forest around the lake T17 (with T10, T23, T24); T12
farm (T05, T06, T11, T13, T18, T19 around it); T06 village; T13 farm."""
import json

import numpy as np

from scythe_sim.games.scythe.game import Game
from scythe_sim.games.scythe.enums import hex_name, parse_loc
from scythe_sim.games.scythe.layout import (A_AIRSHIP_BOARD, A_AIRSHIP_LAND, A_AIRSHIP_STEP, A_AIRSHIP_STOP,
                                            A_DIAL, A_END_CARDS, A_RETREAT_HAVEN, A_SELECT_AIRSHIP, A_SKIP,
                                            UNIT_CHARACTER)
from tests.scythe.test_invaders import move_one
from tests.scythe.test_move import act, units
from tests.scythe.wind_gambit.helpers import WG, airship, rows_of, ship, wg_game, wg_opponent, wg_player


def steps(game):
    return {hex_name(a.a0) for a in rows_of(game, A_AIRSHIP_STEP)}


def land(game, where):
    row = [a for a in rows_of(game, A_AIRSHIP_LAND) if hex_name(a.a1) == where][0]
    act(game, A_AIRSHIP_LAND, row.a0, row.a1)


def test_a_worker_carrying_airship_flies_over_lakes_and_opponents_and_lands_only_where_free():
    game = wg_game(wg_player("nordic", ship("T11", aggressive="siege_engine"), workers=["T11", "T05"]),
                   wg_opponent("saxony", workers=["T18", "T18"]))
    act(game, A_SELECT_AIRSHIP)
    act(game, A_AIRSHIP_BOARD, rows_of(game, A_AIRSHIP_BOARD)[0].a0)
    assert {"T17", "T18"} <= steps(game), "a lake and an opponent's territory, as any airship"
    act(game, A_AIRSHIP_STEP, parse_loc("T17"))
    assert not rows_of(game, A_AIRSHIP_LAND), "never onto a lake (no Ferry)"
    act(game, A_AIRSHIP_STEP, parse_loc("T18"))
    assert not rows_of(game, A_AIRSHIP_LAND) and A_AIRSHIP_STOP not in {a.kind for a in game.legal_actions()}
    act(game, A_AIRSHIP_STEP, parse_loc("T12"))
    land(game, "T12")
    act(game, A_AIRSHIP_STOP)
    assert sorted(units(game)["workers"]) == ["T05", "T12"]


def test_with_a_worker_aboard_no_step_leaves_it_without_a_landing_in_the_steps_left():
    # Reap: range 2. Boarded on T13, one step to T12 leaves one: T06 (an opponent's, all
    # of whose neighbours are reached only by a further step) is no longer offered
    game = wg_game(wg_player("nordic", ship("T13", aggressive="siege_engine", passive="reap"),
                             workers=["T13", "home:nordic"]),
                   wg_opponent("saxony", workers=["T06", "home:saxony"]))
    act(game, A_SELECT_AIRSHIP)
    act(game, A_AIRSHIP_BOARD, rows_of(game, A_AIRSHIP_BOARD)[0].a0)
    assert "T06" in steps(game), "two steps left: T06 and on"
    act(game, A_AIRSHIP_STEP, parse_loc("T12"))
    assert "T06" not in steps(game) and "T05" in steps(game)


def test_ferry_over_a_lake_boards_workers_from_its_shores_and_lands_them_on_another():
    game = wg_game(wg_player("nordic", ship("T17", aggressive="siege_engine", passive="ferry"), workers=["T16", "T16"]),
                   wg_opponent("saxony", workers=["T24", "home:saxony"]))
    act(game, A_SELECT_AIRSHIP)
    boards = rows_of(game, A_AIRSHIP_BOARD)
    assert len(boards) == 1 and hex_name(int(game.state.unit_loc[0, boards[0].a0])) == "T16"
    act(game, A_AIRSHIP_BOARD, boards[0].a0)
    shores = {hex_name(a.a1) for a in rows_of(game, A_AIRSHIP_LAND)}
    assert shores == {"T10", "T11", "T16", "T18", "T23"}, "the land around the lake, T24 has an opponent"
    land(game, "T18")
    act(game, A_AIRSHIP_STOP)
    assert sorted(units(game)["workers"]) == ["T16", "T18"] and "workers_aboard" not in airship(game)
    # without Ferry, nothing boards from the shore
    game = wg_game(wg_player("nordic", ship("T17", aggressive="siege_engine"), workers=["T16", "T16"]),
                   wg_opponent("saxony"))
    act(game, A_SELECT_AIRSHIP)
    assert not rows_of(game, A_AIRSHIP_BOARD)


def fight(game, attacker_dial, defender_dial):
    act(game, A_DIAL, attacker_dial)
    act(game, A_END_CARDS)
    act(game, A_DIAL, defender_dial)
    act(game, A_END_CARDS)


def haven_fight(theirs_at="T06", passive="safe_haven", nordic_workers=("home:nordic", "home:nordic")):
    """Nordic's character on T12 attacks Saxony's character and worker on T13 and wins;
    Saxony's airship with `passive` stands on theirs_at."""
    game = wg_game(wg_player("nordic", ship("T05"), character="T12", workers=list(nordic_workers), power=3),
                   wg_opponent("saxony", ship(theirs_at, passive=passive), character="T13",
                               workers=["T13", "home:saxony"], power=0))
    move_one(game, UNIT_CHARACTER, "T13")
    fight(game, 1, 0)
    return game


def test_safe_haven_is_a_retreat_location_for_all_the_losers_units():
    game = haven_fight()
    assert game.phase == "retreat" and game.decider == 1
    assert [a.kind for a in game.legal_actions()] == [A_RETREAT_HAVEN, A_SKIP]
    act(game, A_RETREAT_HAVEN, parse_loc("T06"))
    them = units(game, 1)
    assert them["character"] == "T06" and sorted(them["workers"]) == ["T06", "home:saxony"], "its worker too"
    assert units(game)["character"] == "T13"
    # declined: home, as without the tile
    game = haven_fight()
    act(game, A_SKIP)
    assert units(game, 1)["character"] == "home:saxony" and units(game, 1)["workers"] == ["home:saxony"] * 2


def test_no_safe_haven_retreat_onto_an_opponents_unit_or_without_the_tile():
    for game in (haven_fight(nordic_workers=["T06", "T05"]), haven_fight(passive="boost")):
        assert game.phase != "retreat" and units(game, 1)["character"] == "home:saxony"


def test_a_position_read_back_keeps_which_worker_rides_the_airship():
    """Found by the Game API fuzz (wind_gambit, seed 1038, step 586; seed 104, step 184):
    the format counted the workers aboard only, so the drop-off row named another slot
    once read back. It now names their slots ("worker_slots") where they differ."""
    # the worker in the first slot boards, the second stays on T05: read back, the one on
    # the board keeps the second slot and the one aboard the first
    game = wg_game(wg_player("nordic", ship("T11", aggressive="siege_engine"), workers=["T11", "T05"]),
                   wg_opponent("saxony", workers=["T18", "T18"]))
    act(game, A_SELECT_AIRSHIP)
    act(game, A_AIRSHIP_BOARD, rows_of(game, A_AIRSHIP_BOARD)[0].a0)
    act(game, A_AIRSHIP_STEP, parse_loc("T12"))
    twin = Game.from_dict(json.loads(json.dumps(game.to_dict())), rules=WG)
    assert twin.to_dict() == game.to_dict()
    assert np.array_equal(twin.legal_rows(), game.legal_rows())
