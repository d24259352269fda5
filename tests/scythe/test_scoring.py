"""End-of-game scoring, one test per rule: control, popularity tiers, the six
structure-bonus tiles and the ranking tie-breakers. Each builds a position and checks
Game.score(). Expected values are worked out by hand from scythe_facts.md sections 1, 4, 5
and 9 (the board table gives each hex's neighbours, rivers, lakes and axial coordinates).
"""
import pytest

from scythe_sim.games.scythe.game import Game


def P(faction, mat, **fields):
    return {"faction": faction, "mat": mat, **fields}


def score(players, resources=None, tile="on_tunnels", tokens=None):
    """Game.score() rows for a position. The default tile, on_tunnels, pays nothing
    unless a structure stands on a tunnel."""
    board = {"resources": resources or {}}
    if tokens is not None:
        board["encounter_tokens"] = tokens
    # reachable=False: a hex two factions share is scored at the end when a 6th star ended
    # the game between a Move's contact and its combat; here it is built in any phase
    game = Game.from_dict({"players": players, "board": board,
                           "game": {"structure_bonus": tile}}, reachable=False)
    return game.score()


def _pair(nordic=None, rusviet=None, **kw):
    return score([P("nordic", "industrial", **(nordic or {})),
                  P("rusviet", "engineering", **(rusviet or {}))], **kw)


# --- 1. control ------------------------------------------------------------------------------

def test_control_by_units_or_by_a_structure_without_enemy_units():
    # T11: Nordic character + Rusviet worker (nobody). T12: Nordic Mine + Rusviet worker
    # (Rusviet). T26: Rusviet Monument alone (Rusviet).
    rows = _pair(
        nordic={"character": "T11", "workers": ["T04", "T05"], "structures": {"mine": "T12"}},
        rusviet={"workers": ["T19", "T11", "T12"], "structures": {"monument": "T26"}},
        resources={"T11": {"oil": 3}, "T12": {"food": 2}, "T26": {"metal": 1},
                   "T04": {"wood": 2}})
    nordic, rusviet = rows
    assert (nordic["territories"], nordic["resources"]) == (2, 2)
    assert (rusviet["territories"], rusviet["resources"]) == (3, 3)
    assert nordic["total"] == 4 + 2 * 2 + 1 * 1
    assert rusviet["total"] == 5 + 3 * 2 + 1 * 1


def test_a_hex_with_units_of_two_players_counts_for_nobody():
    rows = _pair(nordic={"character": "T19", "workers": ["T04", "T05"]},
                 rusviet={"workers": ["T19", "T26"]}, resources={"T19": {"food": 4}})
    assert [r["territories"] for r in rows] == [2, 1]
    assert [r["resources"] for r in rows] == [0, 0]


# --- 2. popularity tiers ------------------------------------------------------------------------

@pytest.mark.parametrize("popularity, star, territory, pair", [
    (0, 3, 2, 1), (6, 3, 2, 1), (7, 4, 3, 2), (12, 4, 3, 2), (13, 5, 4, 3), (18, 5, 4, 3),
])
def test_popularity_tier_rates(popularity, star, territory, pair):
    # 2 stars, 3 territories, 5 resources (2 pairs, the odd one is lost), $10.
    nordic, _ = _pair(nordic={"popularity": popularity, "coins": 10,
                              "stars": {"mechs": 1, "structures": 1},
                              "workers": ["T04", "T05", "T06"]},
                      resources={"T04": {"oil": 3}, "T05": {"wood": 2}})
    assert (nordic["stars"], nordic["territories"], nordic["resources"]) == (2, 3, 5)
    assert nordic["star_coins"] == 2 * star
    assert nordic["territory_coins"] == 3 * territory
    assert nordic["resource_coins"] == 2 * pair
    assert nordic["structure_bonus"] == 0
    assert nordic["total"] == 10 + 2 * star + 3 * territory + 2 * pair


def test_factory_counts_three_lakes_count_home_bases_never():
    # T04 (1) + the Factory T23 (3) + lake T09 under the Seaworthy mech (1); the
    # character and a worker at home count for nothing.
    nordic, _ = _pair(nordic={"coins": 0, "workers": ["T04", "T23", "home:nordic"],
                              "mechs": {"seaworthy": "T09"}})
    assert nordic["territories"] == 5
    assert nordic["territory_coins"] == 5 * 2 and nordic["total"] == 10


def test_odd_resource_is_lost():
    nordic, rusviet = _pair(nordic={"coins": 0}, rusviet={"coins": 0},
                            resources={"T04": {"oil": 1}, "T19": {"oil": 1, "food": 2}})
    assert (nordic["resources"], nordic["resource_coins"]) == (1, 0)
    assert (rusviet["resources"], rusviet["resource_coins"]) == (3, 1)


# --- 3. structure-bonus tiles -------------------------------------------------------------------

def _on(*hexes):
    """Nordic structures on these hexes (mine, monument, armory, mill in that order)."""
    return dict(zip(("mine", "monument", "armory", "mill"), hexes))


TILE_CASES = [
    # adjacent tunnels (T10 T15 T18 T29 T32 T37), each tunnel once, rivers do not break it
    ("adjacent_tunnels", (), 0),
    ("adjacent_tunnels", ("T12",), 2),                 # T18
    ("adjacent_tunnels", ("T13", "T12"), 2),           # the Mine on T13 is no tunnel
    ("adjacent_tunnels", ("T10",), 0),                 # standing on a tunnel is not adjacent
    ("adjacent_tunnels", ("T21",), 4),                 # T15, T29 across rivers
    ("adjacent_tunnels", ("T16", "T21"), 4),           # T10, T15, T29 (T15 once)
    ("adjacent_tunnels", ("T16", "T24"), 6),           # T10, T15, T18, T32
    ("adjacent_tunnels", ("T16", "T24", "T30"), 9),    # all six
    # adjacent lakes (T07 T09 T17 T22 T31 T33 T42)
    ("adjacent_lakes", ("T02",), 2),                   # T09
    ("adjacent_lakes", ("T23",), 4),                   # T17, T22, T31
    ("adjacent_lakes", ("T23", "T16"), 6),             # + T09 (T17, T22 once)
    ("adjacent_lakes", ("T23", "T16", "T26"), 6),      # 5 lakes
    ("adjacent_lakes", ("T23", "T26", "T43", "T01"), 9),  # T17 T22 T31 T33 T42 T07
    # adjacent encounters (T03 T08 T11 T13 T21 T25 T27 T35 T36 T39 T44)
    ("adjacent_encounters", ("T11",), 0),              # on an encounter, none next to it
    ("adjacent_encounters", ("T12",), 4),              # T11, T13
    ("adjacent_encounters", ("T12", "T19"), 4),        # T11, T13, T25
    ("adjacent_encounters", ("T12", "T19", "T38"), 6),  # + T39, T44
    ("adjacent_encounters", ("T12", "T19", "T38", "T28"), 9),  # + T27, T21, T35
    # on tunnels
    ("on_tunnels", ("T16",), 0),
    ("on_tunnels", ("T10", "T16"), 2),
    ("on_tunnels", ("T10", "T15"), 4),
    ("on_tunnels", ("T10", "T15", "T18"), 6),
    ("on_tunnels", ("T10", "T15", "T18", "T29"), 6),
    # in a row, along any of the three hex axes
    ("in_a_row", ("T14",), 2),
    ("in_a_row", ("T14", "T16"), 2),                   # a gap breaks the row
    ("in_a_row", ("T14", "T15"), 4),                   # across a river
    ("in_a_row", ("T15", "T16", "T23"), 4),            # a bend: the longest line is 2
    ("in_a_row", ("T14", "T15", "T16"), 6),            # axis 1: same row
    ("in_a_row", ("T24", "T32", "T39", "T46"), 9),     # axis 2: q = 3
    ("in_a_row", ("T36", "T30", "T23"), 6),            # axis 3: (0,5) (1,4) (2,3)
    ("in_a_row", ("T24", "T32", "T39", "T14"), 6),
    # on farms / tundras
    ("on_farms_tundras", ("T04", "T23"), 0),           # forest, Factory
    ("on_farms_tundras", ("T05", "T12", "T04"), 4),
    ("on_farms_tundras", ("T10", "T12", "T13"), 6),
    ("on_farms_tundras", ("T02", "T05", "T12", "T13"), 9),
]


@pytest.mark.parametrize("tile, hexes, coins", TILE_CASES)
def test_structure_bonus_tile(tile, hexes, coins):
    nordic, rusviet = _pair(nordic={"structures": _on(*hexes)}, tile=tile, tokens=[])
    assert nordic["structure_bonus"] == coins
    assert rusviet["structure_bonus"] == 0


def test_structure_bonus_counts_structures_on_hexes_no_longer_controlled():
    # Nordic's Mill on farm T12 with a Rusviet worker on it: Rusviet controls T12, the
    # Mill still counts for Nordic's tile and not for Rusviet's.
    nordic, rusviet = _pair(nordic={"structures": {"mill": "T12"}},
                            rusviet={"workers": ["T19", "T26", "T12"]}, tile="on_farms_tundras")
    assert nordic["structure_bonus"] == 2 and rusviet["structure_bonus"] == 0
    assert rusviet["territories"] == 3 and nordic["territories"] == 2


# --- 4. ranking ------------------------------------------------------------------------------------

def _tie(nordic, rusviet, resources=None):
    """Two players with equal totals; returns (totals, ranks)."""
    base = {"power": 5, "popularity": 5, "coins": 20}
    rows = _pair(nordic={**base, **nordic}, rusviet={**base, **rusviet}, resources=resources)
    return [r["total"] for r in rows], [r["rank"] for r in rows]


def test_rank_by_total_first():
    rows = score([P("nordic", "industrial", coins=30, power=0),
                  P("rusviet", "engineering", coins=10, power=16),
                  P("crimea", "mechanical", coins=20)])
    assert [r["total"] for r in rows] == [34, 14, 24]
    assert [r["rank"] for r in rows] == [1, 3, 2]


def test_full_tie_shares_the_rank():
    totals, ranks = _tie({}, {})
    assert totals == [24, 24] and ranks == [1, 1]


def test_tie_breaker_1_workers_mechs_structures_before_power():
    totals, ranks = _tie({"structures": {"mine": "T04"}}, {"power": 10})
    assert totals == [24, 24] and ranks == [1, 2]


def test_tie_breaker_2_power_before_popularity():
    totals, ranks = _tie({"power": 6}, {"popularity": 6})
    assert totals == [24, 24] and ranks == [1, 2]


def test_tie_breaker_3_popularity_before_resources():
    totals, ranks = _tie({}, {"popularity": 6}, resources={"T04": {"oil": 1}})
    assert totals == [24, 24] and ranks == [2, 1]


def test_tie_breaker_4_resources_before_territories():
    # Nordic: both workers on T04 (1 territory), 1 resource, +$2; Rusviet: 2 territories.
    totals, ranks = _tie({"workers": ["T04", "T04"], "coins": 22}, {},
                         resources={"T04": {"oil": 1}})
    assert totals == [24, 24] and ranks == [1, 2]


def test_tie_breaker_5_territories_before_stars():
    totals, ranks = _tie({"workers": ["T04", "T04"], "stars": {"mechs": 1}}, {"coins": 21})
    assert totals == [25, 25] and ranks == [2, 1]


def test_tie_breaker_6_stars():
    totals, ranks = _tie({"stars": {"mechs": 1}}, {"coins": 23})
    assert totals == [27, 27] and ranks == [1, 2]
