"""The Wind Gambit's airship tiles: each known text and each effect kind from a position
(data/airships.toml; docs/RULES.md "The Wind Gambit")."""
import copy

import pytest

from scythe_sim.games.scythe.variants.wind_gambit.airships import (KINDS, N_AIRSHIP_TILES, TILE_CAPACITY, TILE_CARRY,
                                                                   TILE_RANGE, airship_table, tile_names)
from scythe_sim.games.scythe.enums import OIL, parse_loc
from scythe_sim.games.scythe.layout import (A_AIRSHIP_ATTACK, A_AIRSHIP_STEP, A_AIRSHIP_STOP, A_PICK_RESOURCE,
                               A_SELECT_AIRSHIP, A_SHIP_CARD, A_SHIP_DIAL, A_SHIP_END_CARDS, A_STEP,
                               A_STOP)
from scythe_sim.games.scythe.tables import load_data
from tests.scythe.test_move import CHAR, W0, act, go, reach, select, units
from tests.scythe.wind_gambit.helpers import (airship, fly, rows_of, ship, stop_and_end, wg_game,
                                             wg_opponent, wg_player)

DATA = load_data()["airships"]


def test_sixteen_tiles_eight_of_each_category_with_confidence_and_source():
    names = tile_names(DATA)
    assert len(names) == N_AIRSHIP_TILES == len(set(names))
    assert names[:8] == ("bombard", "bounty", "siege_engine", "distract", "espionage", "blitzkrieg",
                         "toll", "war_correspondent")
    assert names[8:] == ("ferry", "boost", "drill", "hero", "safe_haven", "reap", "craft", "negotiate")
    by_name = {t["name"]: t for t in DATA["tile"]}
    assert by_name["toll"]["confidence"] == by_name["blitzkrieg"]["confidence"] == "H"
    assert all(t["source"] for t in DATA["tile"])
    table = airship_table(DATA)
    assert set(table[:8, TILE_CAPACITY].tolist()) <= {2, 3} and (table[8:, TILE_RANGE] >= 1).all()


def test_a_tile_is_corrected_in_the_data_only_and_bad_entries_are_named():
    data = copy.deepcopy(DATA)
    data["tile"][9]["range"] = 4                          # Boost: range 4
    data["tile"][1].update(carry="workers", capacity=2)   # Bounty carries workers
    table = airship_table(data)
    assert table[9, TILE_RANGE] == 4 and table[1, TILE_CARRY] == 1
    data["tile"][0]["kind"] = "teleport"
    with pytest.raises(ValueError, match="tile 1: unknown kind 'teleport'"):
        airship_table(data)
    data = copy.deepcopy(DATA)
    data["tile"][2]["capacity"] = 3                       # workers: at most 2
    with pytest.raises(ValueError, match="tile 3: capacity"):
        airship_table(data)
    data = copy.deepcopy(DATA)
    data["tile"][8]["kind"] = "toll"
    with pytest.raises(ValueError, match="tile 9: kind 'toll' needs category aggressive"):
        airship_table(data)
    assert len(KINDS) == 8   # ferry became its own kind


# --- Toll (H) -----------------------------------------------------------------------------------
def test_toll_stops_units_without_resources_and_takes_one_per_unit_onto_the_airship():
    # Nordic character on T11 (walk T04 T05, river T10 T12 T18); Saxony's Toll airship on T05
    foe = wg_opponent("saxony", airship=ship("T05", aggressive="toll", cargo={"wood": 1}))
    game = wg_game(wg_player("nordic", ship("home:nordic"), character="T11"), foe,
                   board={"resources": {"T11": {"oil": 2}}})
    assert "T05" not in reach(game, CHAR)                 # carries nothing: may not enter
    select(game, CHAR)
    act(game, A_PICK_RESOURCE, OIL, 2)
    assert parse_loc("T05") in {a.a0 for a in game.legal_actions() if a.kind == A_STEP}
    go(game, "T05")
    assert airship(game, 1)["cargo"] == {"oil": 1, "wood": 1}   # 1 unit entering: 1 oil
    if game.phase == "move_step":
        act(game, A_STOP)
    assert game.to_dict()["board"]["resources"]["T05"] == {"oil": 1}


def test_toll_lets_a_unit_pass_free_when_the_airship_is_full():
    foe = wg_opponent("saxony", airship=ship("T05", aggressive="toll", cargo={"wood": 3}))
    game = wg_game(wg_player("nordic", ship("home:nordic"), character="T11"), foe,
                   board={"resources": {"T11": {"oil": 1}}})
    select(game, CHAR)
    act(game, A_PICK_RESOURCE, OIL, 1)
    go(game, "T05")
    assert airship(game, 1)["cargo"] == {"wood": 3}
    assert "T05" not in reach(wg_game(wg_player("nordic", ship("home:nordic"), character="T11"),
                                      foe), CHAR)


def test_toll_does_not_stop_its_owner():
    game = wg_game(wg_player("nordic", ship("T05", aggressive="toll"), character="T11"), wg_opponent("saxony"))
    assert "T05" in reach(game, CHAR)


# --- Siege Engine (kind toll, coins, characters and mechs only) ------------------------------------
def test_siege_engine_makes_characters_and_mechs_pay_a_coin_workers_pass():
    foe = wg_opponent("saxony", airship=ship("T05", aggressive="siege_engine"))
    game = wg_game(wg_player("nordic", ship("home:nordic"), character="T11", coins=0,
                             workers=["T04", "T04"]), foe)
    assert "T05" not in reach(game, CHAR)
    assert "T05" in reach(game, W0)                        # a worker is not stopped
    game = wg_game(wg_player("nordic", ship("home:nordic"), character="T11", coins=3), foe)
    select(game, CHAR)
    go(game, "T05")
    assert units(game)["coins"] == 2                       # to the supply


def test_two_siege_engines_on_one_territory_charge_together_and_stop_a_mover_short_of_both_fees():
    """Two opponents' Siege Engines on T05 cost $2 to enter: with $1 the territory is
    closed (it once opened because each fee was checked alone, and paying both left the
    mover at -$1; a later decision then offered no row: run wg, seed 12, game 356)."""
    saxony = wg_opponent("saxony", airship=ship("T05", aggressive="siege_engine"))
    crimea = wg_opponent("crimea", airship=ship("T05", aggressive="siege_engine"))
    game = wg_game(wg_player("nordic", ship("home:nordic"), character="T11", coins=1), saxony, crimea)
    assert "T05" not in reach(game, CHAR)
    game = wg_game(wg_player("nordic", ship("home:nordic"), character="T11", coins=2), saxony, crimea)
    select(game, CHAR)
    go(game, "T05")
    assert units(game)["coins"] == 0
    assert game.check() == 0


# --- Bombard (L) --------------------------------------------------------------------------------
def test_bombard_pays_resources_aboard_for_an_opponent_there_to_lose_power():
    game = wg_game(wg_player("nordic", ship("T05", aggressive="bombard", cargo={"oil": 2, "food": 1})),
                   wg_opponent("saxony", workers=["T12", "T12"], power=4))
    fly(game, "T12")
    assert {(a.a0, a.a1) for a in rows_of(game, A_AIRSHIP_ATTACK)} == {(1, 1), (1, 2), (1, 3)}
    act(game, A_AIRSHIP_ATTACK, 1, 2)                     # 2 resources: 3 power
    assert units(game, 1)["power"] == 1 and airship(game)["cargo"] == {"food": 1}
    assert not rows_of(game, A_AIRSHIP_ATTACK)            # once per move


# --- Blitzkrieg (H) --------------------------------------------------------------------------------
def _ship_fight(game, attacker, defender):
    """Both sides' dial and card (card = value index or None), attacker first."""
    for dial, card in (attacker, defender):
        assert game.phase == "ship_dial"
        act(game, A_SHIP_DIAL, dial)
        assert game.phase == "ship_cards"
        if card is not None:
            act(game, A_SHIP_CARD, card)
            assert [a.kind for a in game.legal_actions()] == [A_SHIP_END_CARDS]   # one card each
        act(game, A_SHIP_END_CARDS)


def test_blitzkrieg_is_a_fight_with_dial_and_one_card_each_ties_to_the_attacker():
    game = wg_game(wg_player("nordic", ship("T05", aggressive="blitzkrieg"), power=6, combat_cards=[5, 2]),
                   wg_opponent("saxony", airship=ship("T12", aggressive="blitzkrieg"), power=3,
                               workers=["T12", "T12"], combat_cards=[4]))
    fly(game, "T12")
    assert [(a.a0, a.a1) for a in rows_of(game, A_AIRSHIP_ATTACK)] == [(1, 0)]
    act(game, A_AIRSHIP_ATTACK, 1, 0)
    assert [a.a0 for a in game.legal_actions()] == list(range(7))      # dial 0..6: its power
    _ship_fight(game, (2, 3), (3, 2))                                   # 2 + 5 vs 3 + 4: a tie
    me, foe = units(game), units(game, 1)
    assert me["stars"] == {"combat": 1} and "combat" in me["star_turns"]
    assert foe["airship"]["location"] == "home:saxony" and foe["workers"] == ["T12", "T12"]  # others stay
    assert me["power"] == 4 and foe["power"] == 0                       # each paid its dial
    assert me["combat_cards"] == [2] and len(foe["combat_cards"]) == 1  # the loser drew one
    assert game.phase == "airship" and not rows_of(game, A_AIRSHIP_ATTACK)   # the move goes on
    act(game, A_AIRSHIP_STOP)


def test_blitzkrieg_the_attacker_loses_and_retreats_home():
    game = wg_game(wg_player("nordic", ship("T05", aggressive="blitzkrieg"), power=2),
                   wg_opponent("saxony", airship=ship("T12", aggressive="bounty"), power=9))
    fly(game, "T12")
    act(game, A_AIRSHIP_ATTACK, 1, 0)
    _ship_fight(game, (2, None), (3, None))
    assert airship(game)["location"] == "home:nordic" and units(game, 1)["stars"] == {"combat": 1}
    assert units(game, 1)["power"] == 6 and units(game)["power"] == 0
    assert len(units(game)["combat_cards"]) == 1                        # it dialled: it draws
    act(game, A_AIRSHIP_STOP)


# --- harass (Bounty, Distract, Espionage, War Correspondent: placeholders) --------------------------
@pytest.mark.parametrize("tile, mine, theirs", [
    ("bounty", {"coins": 6}, {"coins": 4}), ("distract", {}, {"power": 2}),
    ("espionage", {}, {"popularity": 4}), ("war_correspondent", {"popularity": 4}, {})])
def test_harass_tiles_act_when_the_airship_ends_its_move_by_an_opponents_unit(tile, mine, theirs):
    start = {"coins": 5, "power": 3, "popularity": 3}
    game = wg_game(wg_player("nordic", ship("T05", aggressive=tile), **start),
                   wg_opponent("saxony", workers=["T12", "T12"], coins=5, power=3, popularity=5))
    fly(game, "T12")
    stop_and_end(game)
    me, foe = units(game), units(game, 1)
    assert {k: me[k] for k in start} == {**start, **mine}
    assert {k: foe[k] for k in start} == {"coins": 5, "power": 3, "popularity": 5, **theirs}
    game = wg_game(wg_player("nordic", ship("T05", aggressive=tile), **start), wg_opponent("saxony"))
    fly(game, "T12")
    stop_and_end(game)
    assert {k: units(game)[k] for k in start} == start     # nobody there: nothing


# --- stop_gain (Hero, Reap, Craft, Negotiate: placeholders) and plain (Ferry, Boost, Drill) ------
@pytest.mark.parametrize("tile, where, gain", [
    ("hero", "T11", {"power": 4}), ("hero", "T12", {}), ("reap", "T06", {"coins": 6}),
    ("reap", "T12", {}), ("craft", "T12", {"coins": 6}), ("negotiate", "T12", {"popularity": 4}),
    ("ferry", "T12", {}), ("boost", "T12", {})])
def test_stop_gain_tiles_gain_where_their_data_says(tile, where, gain):
    start = {"coins": 5, "power": 3, "popularity": 3}
    foe = wg_opponent("saxony", workers=["T12", "T12"]) if tile == "negotiate" else wg_opponent("saxony")
    game = wg_game(wg_player("nordic", ship("T05", aggressive="bounty" if tile != "negotiate" else "toll",
                                            passive=tile), **start), foe,
                   board={"encounter_tokens": ["T11"]})
    act(game, A_SELECT_AIRSHIP)
    act(game, A_AIRSHIP_STEP, parse_loc(where))
    stop_and_end(game)
    assert {k: units(game)[k] for k in start} == {**start, **gain}


# --- Safe Haven (L/M) ---------------------------------------------------------------------------
def test_safe_haven_territory_counts_as_the_owners_at_scoring_while_nobody_occupies_it():
    game = wg_game(wg_player("nordic", ship("T12", passive="safe_haven")), wg_opponent("saxony"),
                   board={"resources": {"T12": {"oil": 1}}})
    assert game.score()[0]["territories"] == 1 and game.score()[0]["resources"] == 1
    game = wg_game(wg_player("nordic", ship("T12", passive="safe_haven")),
                   wg_opponent("saxony", workers=["T12", "T12"]))
    assert game.score()[0]["territories"] == 0 and game.score()[1]["territories"] == 1
    game = wg_game(wg_player("nordic", ship("T12", passive="boost")), wg_opponent("saxony"))
    assert game.score()[0]["territories"] == 0
