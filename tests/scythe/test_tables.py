"""Facts of the board, mats, factions and scoring as built into scythe_sim.games.scythe.tables.

Expected values are transcribed from the reference (scythe_facts.md sections 1-5, 9),
independently of the TOML files, so a wrong data entry makes a test fail.
"""

import numpy as np
import pytest

from scythe_sim.games.scythe.enums import (
    ALBION, BONUS_CARDS, BONUS_COINS, BONUS_POPULARITY, BONUS_POWER, CRIMEA, FACTIONS, FARM, FOREST, LAKE, MATS,
    MECH_ABILITIES, MOUNTAIN, N_HEX, N_LOC, NORDIC, POLANIA, RUSVIET, SAXONY, STRUCTURE_BONUS_TILES, TERRAINS,
    TOGAWA, TUNDRA, VILLAGE, hex_name, parse_loc,
)
from scythe_sim.errors import ConfigError, ScytheSimError
from scythe_sim.games.scythe.tables import (
    R_DIAL_MAX, R_POPULARITY_MAX, R_POWER_MAX, R_STARS_TO_END, R_TURN_CAP, RULE_NAMES, Tables, build_tables,
    default_tables, load_data, validate,
)


@pytest.fixture(scope="module")
def t():
    return default_tables()


def locs(*names):
    return {parse_loc(n) for n in names}


def names(ids):
    return sorted(hex_name(int(i)) for i in ids)


RIVERS = [("T03", "T10"), ("T03", "T04"), ("T04", "T10"), ("T05", "T06"), ("T05", "T12"), ("T08", "T14"),
          ("T10", "T11"), ("T11", "T12"), ("T11", "T18"), ("T12", "T19"), ("T13", "T19"), ("T14", "T15"),
          ("T15", "T21"), ("T18", "T19"), ("T18", "T25"), ("T20", "T27"), ("T20", "T28"), ("T21", "T28"),
          ("T21", "T29"), ("T24", "T25"), ("T25", "T32"), ("T27", "T34"), ("T28", "T34"), ("T28", "T35"),
          ("T29", "T35"), ("T35", "T36"), ("T36", "T43"), ("T37", "T43"), ("T37", "T44"), ("T38", "T44"),
          ("T44", "T45")]


# --- board -------------------------------------------------------------------------------

def test_adjacency_symmetric_and_neighbours_match(t):
    assert (t.edge == t.edge.T).all()
    assert not t.edge.diagonal().any()
    for i in range(N_LOC):
        listed = [int(x) for x in t.neighbours[i] if x >= 0]
        assert listed == sorted(listed) == [int(j) for j in np.flatnonzero(t.edge[i])]
    # spot checks against the reference table (section 1.3)
    assert names(np.flatnonzero(t.edge[parse_loc("T01")])) == ["T02", "T07", "T08", "home:albion"]
    assert names(np.flatnonzero(t.edge[parse_loc("T39")])) == ["T32", "T33", "T38", "T40", "T45", "T46"]
    assert names(np.flatnonzero(t.edge[parse_loc("T47")])) == ["T43", "T44", "home:crimea"]


def test_river_edges(t):
    hexes = t.edge[:N_HEX, :N_HEX]
    found = {tuple(sorted((hex_name(i), hex_name(j)))) for i, j in np.argwhere(hexes == 2) if i < j}
    assert found == {tuple(sorted(p)) for p in RIVERS}
    assert len(found) == 31
    homes = t.edge[N_HEX:, :N_HEX]
    assert [(FACTIONS[f], hex_name(j)) for f, j in np.argwhere(homes == 2)] == [("rusviet", "T13")]
    assert t.edge[t.home_loc[RUSVIET], parse_loc("T19")] == 1


def test_terrain_counts(t):
    counts = {name: int((t.terrain[:N_HEX] == i).sum()) for i, name in enumerate(TERRAINS)}
    assert counts == {"mountain": 8, "farm": 7, "tundra": 8, "forest": 7, "village": 9, "lake": 7,
                      "factory": 1, "home": 0}
    assert (t.terrain[N_HEX:] == TERRAINS.index("home")).all()
    assert t.terrain[parse_loc("T01")] == MOUNTAIN and t.terrain[parse_loc("T13")] == FARM
    assert t.terrain[parse_loc("T40")] == TUNDRA and t.terrain[parse_loc("T36")] == VILLAGE


def test_tunnels(t):
    assert names(np.flatnonzero(t.is_tunnel)) == ["T10", "T15", "T18", "T29", "T32", "T37"]


def test_encounters(t):
    assert names(np.flatnonzero(t.has_encounter)) == [
        "T03", "T08", "T11", "T13", "T21", "T25", "T27", "T35", "T36", "T39", "T44"]


def test_lakes_and_shores(t):
    shores = {}
    for lake in np.flatnonzero(t.terrain == LAKE):
        land = [j for j in np.flatnonzero(t.edge[lake, :N_HEX]) if t.terrain[j] != LAKE]
        shores[hex_name(int(lake))] = len(land)
    assert shores == {"T07": 3, "T09": 6, "T17": 6, "T22": 6, "T31": 6, "T33": 5, "T42": 4}


def test_factory(t):
    factory = int(t.factory_loc[0])
    assert hex_name(factory) == "T23"
    around = np.flatnonzero(t.edge[factory])
    assert names(around) == ["T16", "T17", "T22", "T24", "T30", "T31"]
    assert names(j for j in around if t.terrain[j] == LAKE) == ["T17", "T22", "T31"]
    assert (t.edge[factory, around] == 1).all()


def _components(t):
    land = [i for i in range(N_HEX) if t.terrain[i] != LAKE]
    seen, parts = set(), []
    for start in land:
        if start in seen:
            continue
        part, stack = set(), [start]
        while stack:
            i = stack.pop()
            if i in part:
                continue
            part.add(i)
            stack.extend(int(j) for j in np.flatnonzero(t.edge[i, :N_HEX] == 1) if t.terrain[j] != LAKE)
        seen |= part
        parts.append(frozenset(hex_name(i) for i in part))
    return parts


def test_walkable_land_splits_into_peninsulas(t):
    parts = _components(t)
    peninsulas = {frozenset(p) for p in (("T04", "T05", "T11"), ("T14", "T20", "T21"), ("T19", "T25", "T26"),
                                         ("T34", "T35", "T41"), ("T43", "T44", "T47"))}
    main = {"T01", "T02", "T03", "T06", "T08", "T10", "T12", "T13", "T15", "T16", "T18", "T23", "T24", "T27",
            "T28", "T29", "T30", "T32", "T36", "T37", "T38", "T39", "T40", "T45", "T46"}
    assert len(parts) == 6
    assert {p for p in parts if len(p) == 3} == peninsulas
    assert [set(p) for p in parts if len(p) > 3] == [main]


def test_home_bases_and_start_hexes(t):
    expected = {  # faction: (adjacent hexes, start hexes, start terrains)
        NORDIC: (["T04", "T05"], {"T04": FOREST, "T05": TUNDRA}),
        RUSVIET: (["T13", "T19", "T26"], {"T19": VILLAGE, "T26": MOUNTAIN}),
        CRIMEA: (["T42", "T43", "T47"], {"T43": FARM, "T47": VILLAGE}),
        SAXONY: (["T34", "T41"], {"T34": MOUNTAIN, "T41": TUNDRA}),
        POLANIA: (["T07", "T14", "T20"], {"T14": FOREST, "T20": FARM}),
        ALBION: (["T01", "T02"], {"T01": MOUNTAIN, "T02": FARM}),
        TOGAWA: (["T40", "T46"], {"T40": TUNDRA, "T46": FARM}),
    }
    for f, (adjacent, starts) in expected.items():
        home = int(t.home_loc[f])
        assert home == N_HEX + f
        assert names(np.flatnonzero(t.edge[home])) == adjacent
        assert {hex_name(int(s)): int(t.terrain[s]) for s in t.start_hexes[f]} == starts
        assert all(t.edge[home, s] == 1 for s in t.start_hexes[f])
    # home bases never touch each other
    assert not t.edge[N_HEX:, N_HEX:].any()


def test_coordinates(t):
    assert (int(t.row[parse_loc("T20")]), int(t.col[parse_loc("T20")])) == (3, 0)
    assert (int(t.axial_q[parse_loc("T20")]), int(t.axial_r[parse_loc("T20")])) == (-1, 3)
    assert (int(t.axial_q[parse_loc("T47")]), int(t.axial_r[parse_loc("T47")])) == (0, 7)
    home_q = {ALBION: 2, NORDIC: 5, POLANIA: -1, RUSVIET: 6, SAXONY: -3, TOGAWA: 4, CRIMEA: -1}
    for f, q in home_q.items():
        assert int(t.axial_q[t.home_loc[f]]) == q
    assert int(t.row[t.home_loc[ALBION]]) == -1 and int(t.col[t.home_loc[ALBION]]) == 1


def test_no_duplicate_ids():
    data = load_data()
    ids = [h["id"] for h in data["board"]["hex"]]
    assert ids == [f"T{i:02d}" for i in range(1, 48)]
    assert sorted(hb["faction"] for hb in data["board"]["home_base"]) == sorted(FACTIONS)
    t = default_tables()
    assert len(set(zip(t.row.tolist(), t.col.tolist()))) == N_LOC


def test_produces(t):
    assert t.produces.tolist() == [1, 3, 0, 2, -2, -1, -1, -1]  # mountain metal, farm food, tundra oil, forest wood


# --- mats ----------------------------------------------------------------------------------

def test_mats_boxes_and_coins(t):
    boxes = {"industrial": [1, 2, 1, 2], "engineering": [1, 2, 2, 1], "militant": [2, 1, 1, 2],
             "patriotic": [0, 3, 2, 1], "innovative": [0, 1, 3, 2], "mechanical": [1, 2, 1, 2],
             "agricultural": [0, 2, 2, 2]}
    for m, mat in enumerate(MATS):
        assert (t.mat_cost[m] - t.mat_min[m]).tolist() == boxes[mat]
        assert int(t.mat_coins[m].sum()) == 6


def test_mat_details(t):
    industrial, agricultural = MATS.index("industrial"), MATS.index("agricultural")
    assert t.mat_cost[industrial].tolist() == [3, 3, 3, 4]
    assert t.mat_coins[industrial].tolist() == [3, 2, 1, 0]
    assert t.mat_top[industrial].tolist() == [1, 3, 0, 2]  # bolster, produce, move, trade
    assert t.mat_coins[agricultural].tolist() == [1, 0, 2, 3]
    assert t.mat_popularity.tolist() == [2, 2, 3, 2, 3, 3, 4]
    assert t.mat_start_coins.tolist() == [4, 5, 4, 6, 5, 6, 7]
    assert t.mat_set.tolist() == [0, 0, 1, 0, 1, 0, 0]


def test_top_row_produce_and_recruits(t):
    assert t.top_amount.tolist() == [[2, 3], [1, 2], [2, 3], [1, 2], [1, 2], [2, 3]]
    assert t.top_const.tolist() == [2, 1, 1]
    assert t.produce_cost.tolist() == [[0, 0, 0]] * 4 + [[1, 0, 0]] * 2 + [[1, 1, 0]] * 2 + [[1, 1, 1]]
    assert t.onetime_amount.tolist() == [2, 2, 2, 2]
    assert t.ongoing_kind.tolist() == [BONUS_POWER, BONUS_COINS, BONUS_POPULARITY, BONUS_CARDS]
    assert t.ongoing_amount.tolist() == [1, 1, 1, 1]


# --- factions ---------------------------------------------------------------------------

def test_faction_power_and_cards(t):
    expected = {"nordic": (4, 1), "rusviet": (3, 2), "crimea": (5, 0), "saxony": (1, 4),
                "polania": (2, 3), "albion": (3, 0), "togawa": (0, 2)}
    got = {FACTIONS[f]: (int(t.fac_power[f]), int(t.fac_cards[f])) for f in range(len(FACTIONS))}
    assert got == expected
    assert t.fac_set.tolist() == [0, 0, 0, 0, 0, 1, 1]
    assert t.fac_clockwise.tolist() == [0, 1, 3, 4, 5, 6, 2]


def test_faction_mechs_and_riverwalk(t):
    assert [MECH_ABILITIES[a] for a in t.fac_mechs[NORDIC]] == ["riverwalk", "seaworthy", "artillery", "speed"]
    assert t.fac_mech_slot[SAXONY, MECH_ABILITIES.index("underpass")] == 1
    assert t.fac_mech_slot[SAXONY, MECH_ABILITIES.index("seaworthy")] == -1
    assert t.fac_mech_slot[TOGAWA, MECH_ABILITIES.index("shinobi")] == 3
    walk = {FACTIONS[f]: sorted(TERRAINS[i] for i in np.flatnonzero(t.fac_riverwalk[f])) for f in range(7)}
    assert walk == {"nordic": ["forest", "mountain"], "rusviet": ["farm", "village"], "crimea": ["farm", "tundra"],
                    "saxony": ["forest", "mountain"], "polania": ["mountain", "village"], "albion": [], "togawa": []}


def test_banned_pairs(t):
    pairs = [(FACTIONS[f], MATS[m]) for f, m in np.argwhere(t.banned)]
    assert sorted(pairs) == [("crimea", "patriotic"), ("rusviet", "industrial")]


# --- scoring and combat ---------------------------------------------------------------------

def test_popularity_tiers(t):
    assert t.pop_tier.shape == (19,)
    assert [int(t.pop_tier[p]) for p in (0, 6, 7, 12, 13, 18)] == [0, 0, 1, 1, 2, 2]
    assert t.tier_pay.tolist() == [[3, 2, 1], [4, 3, 2], [5, 4, 3]]
    assert int(t.factory_territories[0]) == 3


def test_structure_bonus_payouts(t):
    expected = {  # coins for counts 0..9
        "adjacent_tunnels": [0, 2, 4, 4, 6, 6, 9, 9, 9, 9],
        "adjacent_lakes": [0, 2, 4, 4, 6, 6, 9, 9, 9, 9],
        "adjacent_encounters": [0, 2, 4, 4, 6, 6, 9, 9, 9, 9],
        "on_tunnels": [0, 2, 4, 6, 6, 6, 6, 6, 6, 6],
        "in_a_row": [0, 2, 4, 6, 9, 9, 9, 9, 9, 9],
        "on_farms_tundras": [0, 2, 4, 6, 9, 9, 9, 9, 9, 9],
    }
    assert {tile: t.sb_pay[i].tolist() for i, tile in enumerate(STRUCTURE_BONUS_TILES)} == expected


def test_combat_deck(t):
    assert t.card_values.tolist() == [2, 3, 4, 5]
    assert t.card_counts.tolist() == [16, 12, 8, 6]
    assert int(t.card_counts.sum()) == 42


# --- rules ------------------------------------------------------------------------------------

def test_default_rules(t):
    assert dict(zip(RULE_NAMES, t.rules.tolist())) == {
        "stars_to_end": 6, "ban_pairs": 1, "turn_cap": 80, "combat_star_cap": 2, "relentless_on_factory": 0,
        "expansion_factions": 0, "power_max": 16, "popularity_max": 18, "dial_max": 7,
        "faction_abilities_off": 0, "mech_abilities_off": 0, "encounters_off": 0, "factory_off": 0,
        "mech_abilities_off_for": 127,
        "all_out_war": 0, "war_divisions": 100, "war_bonus_first": 15, "war_bonus_second": 10,
        "war_bonus_third": 5, "war_bonus_popularity": 5, "war_bonus_resources": 5,
        "war_bonus_factory": 5, "war_bonus_per_recruit": 3, "war_deploy_batch": 5,
        "war_points_to_win": 25, "war_round_cap": 60, "war_quiet_rounds": 8, "war_cowinner": 0,
        "war_gain_coins": 1, "war_produce_cost": 10, "war_produce_divisions": 5,
        "war_mech_carry": 5, "war_card_divisions": 5, "war_power_factor": 2,
        "war_capitulation_power_cap": 1, "war_points_factory": 3, "war_points_village": 2,
        "war_points_other": 1,
        "resolution": 0,
        "wind_gambit": 0, "airship_per_player": 0, "airship_aggressive": 0, "airship_passive": 0,
        "war_airship_carry": 10, "war_airship_bombard_power": 5, "war_airship_bombard_max": 3,
        "war_airship_destroy_margin": 5,
        "coin_handicap": 0}
    assert t.rules.dtype == np.int64


def test_every_table_is_an_int64_field_of_one_record(t):
    """One integer width in the kernel keeps each compiled helper to one signature; the
    kernel receives the tables as one record (one pointer) holding every array."""
    assert isinstance(t, np.record)
    assert t.dtype.names == Tables._fields
    for name in Tables._fields:
        assert getattr(t, name).dtype == np.int64, name
        assert np.shares_memory(getattr(t, name), t[name]), name
    assert build_tables({"stars_to_end": 4}).dtype == t.dtype   # one compiled signature


def test_rule_override():
    t = build_tables({"stars_to_end": 4, "turn_cap": 10})
    assert t.rules[R_STARS_TO_END] == 4 and t.rules[R_TURN_CAP] == 10
    assert t.rules[R_POWER_MAX] == 16 and t.rules[R_DIAL_MAX] == 7 and t.rules[R_POPULARITY_MAX] == 18
    assert default_tables().rules[R_STARS_TO_END] == 6


def test_unknown_rule_raises_config_error():
    with pytest.raises(ConfigError, match="stars_to_win.*stars_to_end") as info:
        build_tables({"stars_to_win": 5})
    assert isinstance(info.value, ScytheSimError)
    assert "\n" not in str(info.value)


@pytest.mark.parametrize("value", ["6", 6.0, True, None])
def test_non_int_rule_raises_config_error(value):
    with pytest.raises(ConfigError, match="stars_to_end"):
        build_tables({"stars_to_end": value})


def test_load_data_returns_a_copy():
    data = load_data()
    data["combat"]["counts"][0] = 99
    assert load_data()["combat"]["counts"][0] == 16


# --- validate catches broken tables --------------------------------------------------------

def _broken(t, **changes):
    arrays = {name: getattr(t, name).copy() for name in Tables._fields}
    for name, fix in changes.items():
        fix(arrays[name])
    return Tables(**arrays)


@pytest.mark.parametrize("field, damage, message", [
    ("edge", lambda e: e.__setitem__((0, 1), 2), "asymmetric"),
    ("edge", lambda e: (e.__setitem__((0, 5), 2), e.__setitem__((5, 0), 2)), "not physically adjacent"),
    ("terrain", lambda a: a.__setitem__(0, FARM), "terrain counts"),
    ("is_tunnel", lambda a: a.__setitem__(0, True), "tunnels"),
    ("has_encounter", lambda a: a.__setitem__(parse_loc("T03"), False), "encounters"),
    ("mat_min", lambda a: a.__setitem__((0, 0), 3), "cost - min_cost"),
    ("mat_coins", lambda a: a.__setitem__((0, 0), 4), "coin rewards"),
    ("start_hexes", lambda a: a.__setitem__((NORDIC, 0), parse_loc("T11")), "start hexes of nordic"),
])
def test_validate_rejects(t, field, damage, message):
    broken = _broken(t, **{field: damage})
    with pytest.raises(ValueError, match=message):
        validate(broken)
    validate(t)  # the real tables pass


@pytest.mark.parametrize("rule, lowest", [("power_max", 5), ("popularity_max", 4)])
def test_a_track_top_below_a_starting_value_is_refused(rule, lowest):
    """The highest starting power (Crimea's 5) and popularity (Agricultural's 4) bound the
    tracks' tops from below: a top of 0 once let every game break its bounds at the first
    decision (the whole-surface soak, tests/soak.py, found it)."""
    with pytest.raises(ConfigError, match=f"rule '{rule}' must be at least {lowest}, the highest starting"):
        build_tables({rule: lowest - 1})
    assert build_tables({rule: lowest}).rules[RULE_NAMES.index(rule)] == lowest
