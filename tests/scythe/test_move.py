"""Move: one test per movement rule, each built from a position JSON and driven through
the Game façade (docs/internals.md "Tests"; rules: scythe_facts.md sections 1, 3.3, 12).

Every position starts a Move directly ("phase": "move_unit" on the Agricultural mat,
whose section 1 is Move/Gain) unless the test is about starting it. Hexes and their
neighbours are those of scythe_facts.md section 1.3 (walk / river / lakes columns).
"""
import pytest

from scythe_sim.games.scythe.enums import (FACTIONS, FOOD, MATS, MECH_ABILITIES, MOVE, OIL, WOOD,
                               hex_name, parse_loc)
from scythe_sim.games.scythe.game import Game
from scythe_sim.games.scythe.layout import (A_DROP_RESOURCE, A_DROP_WORKER, A_END_MOVE, A_GAIN_COINS,
                               A_MOVE, A_PICK_RESOURCE, A_PICK_WORKER, A_SELECT_UNIT,
                               A_STEP, A_STOP, UNIT_CHARACTER, UNIT_MECH0, UNIT_WORKER0)
from scythe_sim.games.scythe.tables import default_tables

MOVER_MAT = "agricultural"     # section 1: Move / Upgrade
OTHER_MAT = "mechanical"
TUNNELS = {"T10", "T15", "T18", "T29", "T32", "T37"}
ALL_HOMES = {f"home:{f}" for f in FACTIONS}
LAKES = {"T07", "T09", "T17", "T22", "T31", "T33", "T42"}
CHAR = UNIT_CHARACTER
W0, W1 = UNIT_WORKER0, UNIT_WORKER0 + 1


# --- position builders --------------------------------------------------------------------
def player(faction, character=None, mechs=None, workers=None, mat=MOVER_MAT, **extra):
    """A player whose pieces default to its home base (so nothing is in anyone's way)."""
    home = f"home:{faction}"
    entry = {"faction": faction, "mat": mat, "character": character or home,
             "workers": list(workers) if workers is not None else [home, home],
             "mechs": dict(mechs or {})}
    entry.update(extra)
    return entry


def opponent(faction, **kw):
    kw.setdefault("mat", OTHER_MAT)
    return player(faction, **kw)


def position(*players, phase="move_unit", section=1, turn_state=None, board=None):
    game = {"phase": phase}
    if phase != "section":
        game["section"] = section
        state = {"units_left": 2}
        state.update(turn_state or {})
        game["turn_state"] = state
    return {"players": list(players), "board": board or {}, "game": game}


def game_of(*players, **kw):
    game = Game.from_dict(position(*players, **kw))
    assert game.check() == 0
    return game


# --- driving helpers ----------------------------------------------------------------------
def mech(faction, ability):
    """Unit slot of a faction's mech with this ability (factions.toml order)."""
    row = list(default_tables().fac_mechs[FACTIONS.index(faction)])
    return UNIT_MECH0 + row.index(MECH_ABILITIES.index(ability))


def rows(game, kind):
    return [a for a in game.legal_actions() if a.kind == kind]


def dests(game):
    """Locations offered by the step rows now."""
    return {hex_name(a.a0) for a in rows(game, A_STEP)}


def selectable(game):
    return [a.a0 for a in rows(game, A_SELECT_UNIT)]


def act(game, kind, a0=0, a1=0):
    game.step((kind, a0, a1, 0))
    assert game.check() == 0, f"invariant broken after {kind} {a0} {a1}"


def select(game, unit):
    act(game, A_SELECT_UNIT, unit)


def go(game, where):
    act(game, A_STEP, parse_loc(where))


def reach(game, unit):
    """Destinations of one unit's first step (on a copy, the game is left as it was)."""
    twin = game.copy()
    select(twin, unit)
    return dests(twin)


def units(game, p=0):
    return game.to_dict()["players"][p]


def turn_state(game):
    return game.to_dict()["game"]["turn_state"]


def resources(game, where):
    return game.to_dict()["board"]["resources"].get(where, {})


# --- 1. one hex; rivers; lakes; home bases ------------------------------------------------
def test_one_hex_rivers_lakes_and_home_bases_block():
    # T04 forest: walk T05 T11, river T03 T10, next to the Nordic base.
    # T16 forest: walk T10 T15 T23, lakes T09 T17 T22.
    game = game_of(player("nordic", character="T04", mechs={"artillery": "T16"}),
                   opponent("saxony"))
    assert reach(game, CHAR) == {"T05", "T11"}
    assert reach(game, mech("nordic", "artillery")) == {"T10", "T15", "T23"}
    # Polania worker on T14 forest: walk T20 T21, river T08 T15, lake T07, Polania's base.
    game = game_of(player("polania", workers=["T14", "T20"]), opponent("saxony"))
    assert reach(game, W0) == {"T20", "T21"}
    # From a home base: Rusviet's base touches T19 and T26, and T13 only across a river.
    game = game_of(player("rusviet"), opponent("saxony"))
    assert reach(game, CHAR) == {"T19", "T26"}
    # One step only: the character enters T26 and its movement is over.
    select(game, CHAR)
    go(game, "T26")
    assert game.phase == "move_unit" and units(game)["character"] == "T26"
    assert CHAR not in selectable(game)
    assert turn_state(game)["units_left"] == 1


# --- 2. tunnels ---------------------------------------------------------------------------
def test_all_tunnels_are_adjacent_for_every_unit():
    # T29 farm tunnel: walk T28 T30 T36, river T21 T35, lake T22. T10: walk T16.
    game = game_of(player("saxony", character="T10", workers=["T29", "T34"]), opponent("nordic"))
    assert reach(game, W0) == {"T28", "T30", "T36"} | (TUNNELS - {"T29"})
    assert reach(game, CHAR) == {"T16"} | (TUNNELS - {"T10"})
    # T34 is not a tunnel: no tunnel hop from there.
    assert reach(game, W1) == {"T35", "T41"}
    select(game, W0)
    go(game, "T37")
    assert units(game)["workers"][0] == "T37"


# --- 3. the Mine --------------------------------------------------------------------------
def test_own_mine_is_a_private_tunnel():
    # Saxony Mine on T46 farm (walk T39 T40 T45; not a tunnel, no tunnel next to it).
    saxony = player("saxony", character="T46", workers=["T10", "T34"], structures={"mine": "T46"})
    game = game_of(saxony, opponent("nordic"))
    assert reach(game, W0) == {"T16", "T46"} | (TUNNELS - {"T10"})
    assert reach(game, CHAR) == {"T39", "T40", "T45"} | TUNNELS
    select(game, W0)
    go(game, "T46")
    assert units(game)["workers"][0] == "T46"
    select(game, CHAR)
    go(game, "T29")
    assert units(game)["character"] == "T29"
    # Rusviet cannot use the Saxony Mine: not from a tunnel, not from the Mine's hex.
    # T15 mountain tunnel: walk T08 T16. T32 village tunnel: walk T24 T38 T39.
    rusviet = player("rusviet", character="T32", workers=["T15", "T46"])
    game = game_of(rusviet, opponent("saxony", structures={"mine": "T46"}))
    assert reach(game, W0) == {"T08", "T16"} | (TUNNELS - {"T15"})
    assert reach(game, W1) == {"T39", "T40", "T45"}
    assert reach(game, CHAR) == {"T24", "T38", "T39"} | (TUNNELS - {"T32"})


# --- 4. how many units --------------------------------------------------------------------
def test_two_different_units_per_move_three_with_the_cube():
    nordic = player("nordic", character="T12", workers=["T05", "T05"])
    game = game_of(nordic, opponent("saxony"), phase="section")
    game.step("section 1: move / upgrade")
    assert {a.text for a in game.legal_actions()} >= {"move up to 2 units", "gain $1"}
    game.step("move up to 2 units")
    assert game.phase == "move_unit" and turn_state(game)["units_left"] == 2
    assert selectable(game) == [CHAR, W0]          # the two T05 workers are interchangeable
    select(game, W0)
    go(game, "T04")
    assert selectable(game) == [CHAR, W1]          # W0 has moved; its twin has not
    select(game, CHAR)
    go(game, "T13")
    assert game.phase == "bottom"                  # two units: the Move is over
    assert units(game)["character"] == "T13" and sorted(units(game)["workers"]) == ["T04", "T05"]

    upgraded = player("nordic", character="T12", workers=["T05", "T05"],
                      cubes_moved=["move_units"], covered={"deploy": 1})
    game = game_of(upgraded, opponent("saxony"), phase="section")
    game.step("section 1: move / upgrade")
    game.step("move up to 3 units")
    assert turn_state(game)["units_left"] == 3
    for unit, where in ((CHAR, "T13"), (W0, "T04"), (W1, "T11")):
        assert game.phase == "move_unit" and unit in selectable(game)
        select(game, unit)
        go(game, where)
    assert game.phase == "bottom"
    assert units(game)["character"] == "T13" and sorted(units(game)["workers"]) == ["T04", "T11"]
    # Fewer units is fine: end the move early.
    game = game_of(nordic, opponent("saxony"))
    select(game, CHAR)
    go(game, "T13")
    act(game, A_END_MOVE)
    assert game.phase == "bottom"


# --- 5. carrying --------------------------------------------------------------------------
def test_mech_carries_workers_and_resources():
    arty = mech("nordic", "artillery")
    nordic = player("nordic", mechs={"artillery": "T12"}, workers=["T12", "T12"])
    game = game_of(nordic, opponent("saxony"), board={"resources": {"T12": {"food": 2}}})
    select(game, arty)
    assert [a.a0 for a in rows(game, A_PICK_WORKER)] == [W0]
    act(game, A_PICK_WORKER, W0)
    act(game, A_PICK_WORKER, W1)
    act(game, A_PICK_RESOURCE, FOOD, 2)
    go(game, "T13")
    assert units(game)["mechs"]["artillery"] == "T13"
    assert units(game)["workers"] == ["T13", "T13"]
    assert resources(game, "T13") == {"food": 2} and resources(game, "T12") == {}
    # Carried workers have not moved: one may now move on its own.
    assert game.phase == "move_unit" and W0 in selectable(game)
    select(game, W0)
    go(game, "T06")
    assert game.phase == "bottom" and sorted(units(game)["workers"]) == ["T06", "T13"]


def test_speed_mech_picks_up_and_drops_along_the_way():
    speed = mech("nordic", "speed")
    nordic = player("nordic", mechs={"speed": "T12"}, workers=["T12", "T12"])
    game = game_of(nordic, opponent("saxony"),
                   board={"resources": {"T12": {"food": 2}, "T13": {"oil": 1}}})
    select(game, speed)
    act(game, A_PICK_WORKER, W0)
    act(game, A_PICK_WORKER, W1)
    act(game, A_PICK_RESOURCE, FOOD, 2)
    go(game, "T13")
    assert game.phase == "move_step"               # a second hex is still open
    act(game, A_DROP_WORKER, rows(game, A_DROP_WORKER)[0].a0)
    act(game, A_DROP_RESOURCE, FOOD, 1)
    act(game, A_PICK_RESOURCE, OIL, 1)
    go(game, "T06")
    assert game.phase == "move_unit"
    assert units(game)["mechs"]["speed"] == "T06"
    assert sorted(units(game)["workers"]) == ["T06", "T13"]
    assert resources(game, "T13") == {"food": 1}
    assert resources(game, "T06") == {"oil": 1, "food": 1}
    assert resources(game, "T12") == {}
    # Both carried workers are still free to move on their own.
    assert turn_state(game)["units_left"] == 1
    assert selectable(game) == [CHAR, W0, W1]


def test_character_and_worker_carry_resources_but_not_workers():
    nordic = player("nordic", character="T12", workers=["T12", "T06"])
    game = game_of(nordic, opponent("saxony"),
                   board={"resources": {"T12": {"food": 1}, "T06": {"wood": 1}}})
    select(game, CHAR)
    assert rows(game, A_PICK_WORKER) == []         # the character never carries workers
    act(game, A_PICK_RESOURCE, FOOD, 1)
    go(game, "T13")
    select(game, W1)
    act(game, A_PICK_RESOURCE, WOOD, 1)
    go(game, "T12")
    assert resources(game, "T13") == {"food": 1}
    assert resources(game, "T12") == {"wood": 1}
    assert resources(game, "T06") == {}
    assert units(game)["character"] == "T13" and units(game)["workers"] == ["T12", "T12"]


# --- 6. workers and enemies ---------------------------------------------------------------
def test_workers_never_enter_enemy_units_nor_leave_enemy_character_or_mech():
    # Rusviet worker on T12 farm: walk T06 T13 T18 (Rusviet workers cannot swim).
    rusviet = player("rusviet", workers=["T12", "T24"])
    saxony = opponent("saxony", character="T13", mechs={"disarm": "T24"}, workers=["T06", "home:saxony"],
                      structures={"mill": "T18"})
    game = game_of(rusviet, saxony)
    assert reach(game, W0) == {"T18"}              # a structure alone does not block
    # The worker on T24 shares its hex with a Saxony mech: it cannot leave on its own.
    assert W1 not in selectable(game)
    assert selectable(game) == [CHAR, W0]


# --- 7. pushing enemy workers home --------------------------------------------------------
def test_entering_enemy_workers_sends_them_home_and_costs_popularity():
    rusviet = player("rusviet", character="T12", mechs={"speed": "T46"}, workers=["T12", "home:rusviet"],
                     popularity=5)
    saxony = opponent("saxony", workers=["T13", "T13"])
    game = game_of(rusviet, saxony)
    assert reach(game, W0) == {"T06", "T18"}       # workers may not enter T13
    select(game, CHAR)
    go(game, "T13")                                # Speed left a step, but it stops here
    assert game.phase == "move_unit"
    assert units(game, 1)["workers"] == ["home:saxony", "home:saxony"]
    assert units(game)["popularity"] == 3
    assert turn_state(game)["retreats"] == 2
    assert units(game)["character"] == "T13" and CHAR not in selectable(game)
    assert reach(game, W0) == {"T06", "T13", "T18"}   # T13 is free for the worker now

    # A mech does the same; popularity never drops below 0.
    rusviet = player("rusviet", mechs={"peoples_army": "T12"}, popularity=1)
    game = game_of(rusviet, saxony)
    select(game, mech("rusviet", "peoples_army"))
    go(game, "T13")
    assert units(game)["popularity"] == 0
    assert units(game, 1)["workers"] == ["home:saxony", "home:saxony"]


# --- 8. contacts --------------------------------------------------------------------------
def test_entering_enemy_character_or_mech_stops_and_counts_a_contact():
    rusviet = player("rusviet", character="T12", mechs={"speed": "T24"}, popularity=5)
    saxony = opponent("saxony", character="T13", mechs={"disarm": "T18"},
                      workers=["T13", "home:saxony"], structures={"mill": "T06"})
    game = game_of(rusviet, saxony)
    select(game, CHAR)
    go(game, "T13")
    assert game.phase == "move_unit" and turn_state(game)["contacts"] == 1
    # The enemy worker stays for the combat; no popularity lost.
    assert units(game, 1)["workers"][0] == "T13" and units(game)["popularity"] == 5
    select(game, mech("rusviet", "speed"))
    go(game, "T18")
    assert turn_state(game)["contacts"] == 2
    assert units(game)["mechs"]["speed"] == "T18" and units(game)["character"] == "T13"
    # Both contacts are fought after the Move, in the order the attacker picks.
    assert game.phase == "combat_hex"
    assert sorted(a.text for a in game.legal_actions()) == ["fight on T13", "fight on T18"]

    # A hex holding only an enemy structure does not stop the unit.
    game = game_of(player("rusviet", character="T12", mechs={"speed": "T46"}),
                   opponent("saxony", structures={"mill": "T06"}))
    select(game, CHAR)
    go(game, "T06")
    assert game.phase == "move_step" and dests(game) == {"T12", "T13"}
    assert turn_state(game)["contacts"] == 0


# --- 9. encounters ------------------------------------------------------------------------
def test_character_stops_on_an_encounter_token_mech_does_not():
    rusviet = player("rusviet", character="T12", mechs={"speed": "T12"})
    game = game_of(rusviet, opponent("saxony"), board={"encounter_tokens": ["T13"]})
    select(game, CHAR)
    go(game, "T13")
    assert game.phase == "move_unit"               # Speed left a step: the token stopped it
    select(game, mech("rusviet", "speed"))
    go(game, "T13")
    assert game.phase == "move_step" and dests(game) == {"T06", "T12"}
    go(game, "T06")
    assert units(game)["mechs"]["speed"] == "T06" and units(game)["character"] == "T13"


# --- 10. Move/Gain's other half -----------------------------------------------------------
@pytest.mark.parametrize("extra, coins", [
    ({}, 1),
    ({"cubes_moved": ["gain_coins"], "covered": {"deploy": 1}}, 2),
])
def test_gain_coins_one_or_two_with_the_cube(extra, coins):
    game = game_of(player("nordic", coins=7, **extra), opponent("saxony"), phase="top")
    assert game.tables.mat_top[MATS.index(MOVER_MAT), 0] == MOVE
    assert [a.kind for a in game.legal_actions()][:2] == [A_MOVE, A_GAIN_COINS]
    game.step(f"gain ${coins}")
    assert units(game)["coins"] == 7 + coins and game.phase == "bottom"


# --- 11. Riverwalk ------------------------------------------------------------------------
# River crossings out of T21 (village; walk T14 T20): T15 mountain, T28 forest, T29 farm.
# Out of T12 (farm; walk T06 T13 T18): T05 tundra, T11 mountain, T19 village.
RIVERWALK = {
    "nordic": ({"T15", "T28"}, {"T11"}),     # forests + mountains
    "rusviet": ({"T29"}, {"T19"}),           # farms + villages
    "crimea": ({"T29"}, {"T05"}),            # farms + tundras
    "saxony": ({"T15", "T28"}, {"T11"}),     # forests + mountains
    "polania": ({"T15"}, {"T11", "T19"}),    # villages + mountains
}


@pytest.mark.parametrize("faction", sorted(RIVERWALK))
def test_riverwalk_crosses_onto_the_factions_two_terrains(faction):
    across_21, across_12 = RIVERWALK[faction]
    other = "saxony" if faction != "saxony" else "nordic"
    walker = mech(faction, "riverwalk")
    with_mech = game_of(player(faction, character="T12", mechs={"riverwalk": "T21"},
                               workers=["T12", "T12"]), opponent(other))
    assert reach(with_mech, walker) == {"T14", "T20"} | across_21
    assert reach(with_mech, CHAR) == {"T06", "T13", "T18"} | across_12
    if faction != "nordic":                        # Nordic workers swim (test 17)
        assert reach(with_mech, W0) == {"T06", "T13", "T18"}
    select(with_mech, CHAR)
    crossing = sorted(across_12)[0]
    go(with_mech, crossing)
    assert units(with_mech)["character"] == crossing
    # Another mech deployed is not enough.
    without = game_of(player(faction, character="T12", mechs={"speed": "T21"}), opponent(other))
    assert reach(without, mech(faction, "speed")) == {"T14", "T20"}
    assert reach(without, CHAR) == {"T06", "T13", "T18"}


def test_rusviet_riverwalk_crosses_its_home_base_river_to_t13():
    game = game_of(player("rusviet", mechs={"riverwalk": "T26"}), opponent("saxony"))
    assert reach(game, CHAR) == {"T13", "T19", "T26"}
    assert reach(game, W0) == {"T19", "T26"}
    game = game_of(player("rusviet", mechs={"speed": "T26"}), opponent("saxony"))
    assert reach(game, CHAR) == {"T19", "T26"}


# --- 12. Speed ----------------------------------------------------------------------------
def test_speed_gives_character_and_mechs_a_second_hex():
    game = game_of(player("nordic", character="T12", mechs={"speed": "T46"}, workers=["T12", "T05"]),
                   opponent("saxony"))
    select(game, CHAR)
    go(game, "T13")
    assert game.phase == "move_step" and dests(game) == {"T06", "T12"}
    go(game, "T06")
    assert game.phase == "move_unit" and units(game)["character"] == "T06"
    # Workers still move one hex.
    select(game, W0)
    go(game, "T18")
    assert game.phase == "bottom" and units(game)["workers"][0] == "T18"

    # A tunnel hop counts as one hex; "stop" ends the movement early.
    game = game_of(player("nordic", character="T12", mechs={"speed": "T46"}), opponent("saxony"))
    select(game, CHAR)
    go(game, "T18")
    assert "T37" in dests(game)
    go(game, "T37")
    assert game.phase == "move_unit" and units(game)["character"] == "T37"
    select(game, mech("nordic", "speed"))
    go(game, "T45")
    assert game.phase == "move_step"
    act(game, A_STOP)
    assert game.phase == "bottom" and units(game)["mechs"]["speed"] == "T45"

    # Still stops on entering an enemy: a worker-only hex ends the movement.
    game = game_of(player("nordic", character="T12", mechs={"speed": "T46"}),
                   opponent("saxony", workers=["T13", "home:saxony"]))
    select(game, CHAR)
    go(game, "T13")
    assert game.phase == "move_unit" and units(game, 1)["workers"][0] == "home:saxony"


# --- 13. lakes ----------------------------------------------------------------------------
def test_seaworthy_and_submerge_open_the_lakes():
    # T16 forest: walk T10 T15 T23, lakes T09 T17 T22. Lake T17 touches T10 T11 T16 T18 T23 T24.
    seaworthy = mech("nordic", "seaworthy")
    game = game_of(player("nordic", character="T16", mechs={"seaworthy": "T17"}, workers=["T16", "T05"]),
                   opponent("saxony"))
    assert reach(game, CHAR) == {"T10", "T15", "T23", "T09", "T17", "T22"}
    assert reach(game, seaworthy) == {"T10", "T11", "T16", "T18", "T23", "T24"}
    assert reach(game, W0) == {"T10", "T15", "T23"}   # workers never enter lakes
    select(game, CHAR)
    go(game, "T09")
    assert units(game)["character"] == "T09"

    submerge = mech("polania", "submerge")
    game = game_of(player("polania", character="T16", mechs={"submerge": "T17"}, workers=["T16", "T20"]),
                   opponent("saxony"))
    assert reach(game, CHAR) == {"T10", "T15", "T23", "T09", "T17", "T22"}
    assert reach(game, submerge) == {"T10", "T11", "T16", "T18", "T23", "T24"} | (LAKES - {"T17"})
    assert reach(game, W0) == {"T10", "T15", "T23"}
    select(game, submerge)
    go(game, "T42")
    assert units(game)["mechs"]["submerge"] == "T42"

    # Without a lake ability the lakes stay shut.
    game = game_of(player("polania", character="T16", mechs={"speed": "T20"}), opponent("saxony"))
    assert reach(game, CHAR) == {"T10", "T15", "T23"}


# --- 14. Township -------------------------------------------------------------------------
def test_township_joins_controlled_villages_and_the_factory():
    township = mech("rusviet", "township")
    speed = mech("rusviet", "speed")
    rusviet = player("rusviet", character="T19", mechs={"township": "T23", "speed": "T24"},
                     workers=["T19", "T36", "T03"])
    saxony = opponent("saxony", workers=["T45", "home:saxony"])   # T45: a village Saxony holds
    game = game_of(rusviet, saxony)
    # T19 village: walk T25 T26 (rivers to T12 T13 T18). Villages held: T19 T36 T03.
    assert reach(game, CHAR) == {"T25", "T26", "T23", "T36", "T03"}
    # The Factory T23: walk T16 T24 T30.
    assert reach(game, township) == {"T16", "T24", "T30", "T19", "T36", "T03"}
    # T24 is a mountain: no Township jump from there.
    assert reach(game, speed) == {"T18", "T23", "T32"}
    # Workers do not use it: T36 village, walk T29 T30 T37.
    assert reach(game, W1) == {"T29", "T30", "T37"}
    select(game, CHAR)
    go(game, "T03")
    assert units(game)["character"] == "T03"
    # The Factory is joined even when nobody holds it.
    game = game_of(player("rusviet", character="T19", mechs={"township": "T36"}, workers=["T36", "T03"]),
                   saxony)
    assert reach(game, CHAR) == {"T25", "T26", "T23", "T36", "T03"}
    # Without the Township mech.
    game = game_of(player("rusviet", character="T19", mechs={"speed": "T24"}, workers=["T19", "T36"]),
                   saxony)
    assert reach(game, CHAR) == {"T25", "T26"}


# --- 15. Underpass ------------------------------------------------------------------------
def test_underpass_joins_controlled_mountains_tunnels_and_the_mine():
    saxony = player("saxony", character="T34", mechs={"underpass": "T10"}, workers=["T34", "T26"],
                    structures={"mine": "T46"})
    nordic = opponent("nordic", workers=["T01", "home:nordic"])    # T01: a mountain Nordic holds
    game = game_of(saxony, nordic)
    # T34 mountain: walk T35 T41 (rivers to T27 T28). Mountains held: T34 T26.
    assert reach(game, CHAR) == {"T35", "T41", "T26", "T46"} | TUNNELS
    # T10 tunnel: walk T16.
    assert reach(game, mech("saxony", "underpass")) == {"T16", "T34", "T26", "T46"} | (TUNNELS - {"T10"})
    assert reach(game, W0) == {"T35", "T41"}       # workers do not use it
    select(game, CHAR)
    go(game, "T26")
    assert units(game)["character"] == "T26"
    # Without the Underpass mech.
    game = game_of(player("saxony", character="T34", mechs={"speed": "T10"}, workers=["T34", "T26"],
                          structures={"mine": "T46"}), nordic)
    assert reach(game, CHAR) == {"T35", "T41"}
    assert reach(game, mech("saxony", "speed")) == {"T16", "T46"} | (TUNNELS - {"T10"})


# --- 16. Wayfare --------------------------------------------------------------------------
def test_wayfare_reaches_own_and_inactive_home_bases():
    wayfare = mech("crimea", "wayfare")
    crimea = player("crimea", character="T12", mechs={"wayfare": "T43"}, workers=["T43", "T43"])
    game = game_of(crimea, opponent("saxony"))
    open_homes = ALL_HOMES - {"home:saxony"}
    assert reach(game, CHAR) == {"T06", "T13", "T18"} | open_homes
    assert reach(game, wayfare) == {"T44", "T47"} | open_homes   # T43: walk T44 T47
    assert reach(game, W0) == {"T44", "T47"}       # workers do not use it
    select(game, CHAR)
    go(game, "home:nordic")
    assert units(game)["character"] == "home:nordic"
    # From a home base, and with Nordic in the game too.
    game = game_of(player("crimea", mechs={"wayfare": "T43"}, workers=["T43", "T43"]),
                   opponent("saxony"), opponent("nordic", mat="engineering"))
    assert reach(game, CHAR) == {"T43", "T47"} | (ALL_HOMES - {"home:saxony", "home:nordic", "home:crimea"})
    # Without the Wayfare mech.
    game = game_of(player("crimea", character="T12", mechs={"speed": "T43"}), opponent("saxony"))
    assert reach(game, CHAR) == {"T06", "T13", "T18"}


# --- 17. Swim -----------------------------------------------------------------------------
def test_nordic_workers_swim_across_rivers_but_not_onto_lakes():
    # T12 farm: walk T06 T13 T18, river T05 T11 T19. T21 village: walk T14 T20, river T15 T28 T29, lake T22.
    game = game_of(player("nordic", character="T12", workers=["T12", "T21"]), opponent("saxony"))
    assert reach(game, W0) == {"T05", "T06", "T11", "T13", "T18", "T19"}
    assert reach(game, W1) == {"T14", "T20", "T15", "T28", "T29"}
    assert reach(game, CHAR) == {"T06", "T13", "T18"}   # only workers swim
    select(game, W1)
    go(game, "T28")
    assert units(game)["workers"][1] == "T28"
    game = game_of(player("saxony", workers=["T12", "T21"]), opponent("nordic"))
    assert reach(game, W0) == {"T06", "T13", "T18"}
    assert reach(game, W1) == {"T14", "T20"}


# --- 18. cargo stays on land --------------------------------------------------------------
def test_cargo_crosses_lakes_and_home_bases_but_is_never_left_there():
    seaworthy = mech("nordic", "seaworthy")
    nordic = player("nordic", character="T16", mechs={"seaworthy": "T16"}, workers=["T16", "T05"])
    game = game_of(nordic, opponent("saxony"), board={"resources": {"T16": {"wood": 2}}})
    open_all = {"T10", "T15", "T23", "T09", "T17", "T22"}
    assert reach(game, seaworthy) == open_all
    twin = game.copy()
    select(twin, seaworthy)
    act(twin, A_PICK_WORKER, W0)
    assert dests(twin) == {"T10", "T15", "T23"}        # one step: it would end on the lake
    twin = game.copy()
    select(twin, CHAR)
    act(twin, A_PICK_RESOURCE, WOOD, 1)
    assert dests(twin) == {"T10", "T15", "T23"}
    # With Speed the mech carries its workers across the lake T09 to its far shore.
    fast = player("nordic", mechs={"seaworthy": "T16", "speed": "home:nordic"}, workers=["T16", "T05"])
    game = game_of(fast, opponent("saxony"))
    select(game, seaworthy)
    act(game, A_PICK_WORKER, W0)
    assert "T09" in dests(game)
    go(game, "T09")
    assert game.phase == "move_step" and not rows(game, A_STOP) and not rows(game, A_DROP_WORKER)
    assert "T09" not in dests(game) and "T03" in dests(game)
    go(game, "T03")
    assert units(game)["workers"][0] == "T03" and units(game)["mechs"]["seaworthy"] == "T03"
    # no crossing where the lake would stop it: an enemy mech there
    game = game_of(fast, opponent("polania", mechs={"submerge": "T09"}))
    select(game, seaworthy)
    act(game, A_PICK_WORKER, W0)
    assert "T09" not in dests(game)

    # Rivers are no obstacle to cargo: a Riverwalk mech still crosses T12 -> T11 (mountain).
    game = game_of(player("nordic", mechs={"riverwalk": "T12"}, workers=["T12", "T05"]), opponent("saxony"))
    select(game, mech("nordic", "riverwalk"))
    act(game, A_PICK_WORKER, W0)
    assert dests(game) == {"T06", "T13", "T18", "T11"}
    go(game, "T11")
    assert units(game)["workers"][0] == "T11"

    crimea = player("crimea", mechs={"wayfare": "T43"}, workers=["T47", "T47"])
    game = game_of(crimea, opponent("saxony"), board={"resources": {"T43": {"food": 1}}})
    select(game, mech("crimea", "wayfare"))
    assert dests(game) == {"T44", "T47"} | (ALL_HOMES - {"home:saxony"})
    act(game, A_PICK_RESOURCE, FOOD, 1)
    assert dests(game) == {"T44", "T47"}              # a home base would be its last step
    # With Speed, Wayfare carries the food through an inactive home base to its shore.
    crimea = player("crimea", mechs={"wayfare": "T43", "speed": "home:crimea"}, workers=["T47", "T47"])
    game = game_of(crimea, opponent("saxony"), board={"resources": {"T43": {"food": 1}}})
    select(game, mech("crimea", "wayfare"))
    act(game, A_PICK_RESOURCE, FOOD, 1)
    assert "home:albion" in dests(game)
    go(game, "home:albion")
    assert not rows(game, A_STOP) and dests(game) >= {"T01", "T02"}
    go(game, "T01")
    assert resources(game, "T01") == {"food": 1}
