"""The NAMES tuples and index constants stay in step; the state has the documented shapes."""
import numpy as np

from scythe_sim.games.scythe import enums
import pytest

from scythe_sim.games.scythe import layout
from scythe_sim.games.scythe.kernel.state import copy_state, new_state
from scythe_sim.games.scythe.variants.war import layout as war


def _assert_range(names, first, last):
    assert len(set(names)) == len(names), "duplicate name"
    assert first == 0 and last == len(names) - 1


def test_name_tuples_have_no_gaps_or_duplicates():
    _assert_range(layout.PLAYER_FIELDS, layout.P_FACTION, layout.P_MECH_ABILITY3)
    _assert_range(layout.GAME_FIELDS, layout.G_N_PLAYERS, layout.G_MOVE_FROM0 + layout.N_UNITS - 1)
    _assert_range(layout.PHASES, layout.PH_SECTION, war.PH_WAR_FIGHT_PICK)
    _assert_range(layout.ACTION_KINDS, layout.A_SECTION, war.A_WAR_FIGHT)
    _assert_range(layout.AIRSHIP_FIELDS, layout.AS_RES0, layout.AS_DESTROYED)
    _assert_range(war.WAR_FIELDS, war.W_STANDARD_RANK, war.W_AIRSHIPS_LOST)
    _assert_range(war.WAR_END_REASONS, war.WAR_END_NONE, war.WAR_END_STALEMATE_QUIET)
    _assert_range(enums.CARD_FIELDS, enums.CF_PAY_COINS, enums.CF_LOOK_AT_HAND)
    _assert_range(layout.SCORE_FIELDS, layout.S_COINS, layout.S_TB_POPULARITY)
    _assert_range(enums.FACTIONS, enums.NORDIC, enums.TOGAWA)
    _assert_range(enums.MECH_ABILITIES, enums.RIVERWALK, enums.SHINOBI)
    _assert_range(enums.STAR_KINDS, enums.STAR_UPGRADES, enums.STAR_POWER)


def test_a_variants_blocks_stand_at_their_places_and_their_constants_name_them():
    """All Out War declares its fields, phases and kinds in its folder; layout.py puts each
    block at its place, so each constant still names its own entry."""
    for table, blocks in ((layout.GAME_FIELDS, war.GAME_BLOCKS), (layout.PHASES, war.PHASE_BLOCKS),
                          (layout.ACTION_KINDS, war.KIND_BLOCKS)):
        for first, names in blocks:
            assert table[first:first + len(names)] == names
    assert layout.GAME_FIELDS[war.G_WAR_STAGE] == "war_stage"
    assert layout.GAME_FIELDS[war.G_WAR_SHIP_WALKED] == "war_ship_walked"
    assert layout.GAME_FIELDS[layout.G_TOKA_USED] == "toka_used"
    assert layout.PHASES[war.PH_WAR_SWAP] == "war_swap" and layout.PHASES[layout.PH_RONIN] == "ronin"
    assert layout.PHASES[war.PH_WAR_AIRSHIP_PLACE] == "war_airship_place"
    assert layout.ACTION_KINDS[war.A_WAR_RETREAT] == "war_retreat"
    assert layout.ACTION_KINDS[layout.A_RETREAT_HAVEN] == "retreat_haven"
    assert layout.ACTION_KINDS[war.A_WAR_PLACE_AIRSHIP] == "war_place_airship"
    assert [f.name for f in layout.STATE_FIELDS][-5:] == ["war", "divisions", "war_moved", "war_groups",
                                                          "standard_score"]


def test_a_variant_block_past_the_end_is_refused():
    assert layout.with_variant_blocks(("a", "b"), [(1, ("x",)), (3, ("y",))]) == ("a", "x", "b", "y")
    with pytest.raises(AssertionError, match="leaves a gap"):
        layout.with_variant_blocks(("a", "b"), [(3, ("x",))])


def test_indexed_groups_line_up_with_their_vocabulary():
    assert layout.PLAYER_FIELDS[layout.P_CUBE0 + enums.CUBE_PRODUCE] == "cube_produce_hexes"
    assert layout.PLAYER_FIELDS[layout.P_REDUCED0 + enums.ENLIST] == "reduced_enlist"
    assert layout.PLAYER_FIELDS[layout.P_RECRUIT0 + enums.BUILD] == "recruit_build"
    assert layout.PLAYER_FIELDS[layout.P_ONETIME0 + enums.BONUS_CARDS] == "onetime_cards"
    assert layout.GAME_FIELDS[layout.G_CARGO_RES0 + enums.FOOD] == "cargo_food"


def test_state_fields_have_documented_shapes_and_copy_deeply():
    s = new_state()
    assert isinstance(s, np.record) and s.dtype.names == layout.State._fields   # one pointer for the kernel
    for name, (shape, dtype) in layout.state_shapes().items():
        arr = getattr(s, name)
        assert arr.shape == shape and arr.dtype == dtype, name
    twin = copy_state(s)
    twin.player[0, layout.P_COINS] = 9
    assert s.player[0, layout.P_COINS] == 0
    assert all(np.array_equal(getattr(s, f), getattr(twin, f)) for f in layout.State._fields if f != "player")


def test_location_names_round_trip():
    for loc in range(enums.N_LOC):
        assert enums.parse_loc(enums.hex_name(loc)) == loc
