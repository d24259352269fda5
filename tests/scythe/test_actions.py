"""One test per turn rule: build a position, act with step(), check to_dict().

Positions are written in the position JSON format (docs/position-format.md). Section
numbers in the JSON are 1-based; the `section` action's a0 is 0-based. Expected values
come from the rulebook facts (../shared/reference/scythe_facts.md), not from the kernel.
"""
from collections import Counter

import pytest

from scythe_sim.games.scythe.enums import (BUILD, CUBE_POWER, CUBE_PRODUCE, DEPLOY, ENLIST, FOOD, METAL,
                              MILL, OIL, WOOD)
from scythe_sim.errors import ConfigError
from scythe_sim.games.scythe.game import Game

from .positions import L, P, act, hand, kinds, me, pay_all, position, res, rows, turn_state


def sections(game):
    return [a0 for _, a0, _ in rows(game, "section")]


# --- 1. section choice --------------------------------------------------------------------

def test_section_must_differ_from_last_turn_but_rusviet_may_repeat():
    g = Game.from_dict(position(P("nordic", "industrial", last_section=2),
                                P("rusviet", "engineering", last_section=3)))
    assert sections(g) == [0, 2, 3]
    act(g, "section", 0)
    assert g.phase == "top" and g.to_dict()["game"]["section"] == 1
    act(g, "skip")
    act(g, "skip")
    assert me(g, 0)["last_section"] == 1 and g.active_player == 1
    assert sections(g) == [0, 1, 2, 3]          # Relentless: section 3 again is allowed
    act(g, "section", 2)
    act(g, "skip")
    act(g, "skip")
    assert me(g, 1)["last_section"] == 3
    assert sections(g) == [1, 2, 3]             # Nordic: not section 1 (its last one)


def test_first_turn_allows_every_section():
    g = Game.from_dict(position(P("saxony", "patriotic"), P("polania", "mechanical")))
    assert sections(g) == [0, 1, 2, 3]


# --- 2. top then bottom, optional, costs in full, affordability, paying ------------------

def test_top_and_bottom_are_each_optional_and_taken_in_order():
    # Industrial section 1: Bolster / Upgrade (3 oil, $3).
    base = position(P("nordic", "industrial"), P("rusviet", "engineering"),
                    resources={"T05": {"oil": 2}, "T04": {"oil": 1}})
    g = Game.from_dict(base)
    act(g, "section", 0)
    assert kinds(g) == ["bolster_cards", "bolster_power", "skip"]
    act(g, "skip")                               # no top action
    assert g.phase == "bottom" and kinds(g) == ["bottom", "skip"]
    assert me(g)["power"] == 4 and me(g)["coins"] == 4

    both = Game.from_dict(base)
    act(both, "section", 0)
    act(both, "bolster_power")                   # top first ...
    assert both.phase == "bottom" and me(both)["power"] == 6 and me(both)["coins"] == 3
    act(both, "skip")                            # ... bottom declined: no mat coins
    assert me(both)["coins"] == 3 and both.active_player == 1
    assert both.to_dict()["board"]["resources"] == {"T05": {"oil": 2}, "T04": {"oil": 1}}


def test_bottom_cost_is_paid_in_full_one_token_per_decision():
    g = Game.from_dict(position(P("nordic", "industrial"), P("rusviet", "engineering"),
                                resources={"T05": {"oil": 2}, "T04": {"oil": 1}}))
    act(g, "section", 0)
    act(g, "skip")
    act(g, "bottom")
    assert g.phase == "pay" and turn_state(g)["pay_left"] == 3
    # only payments are open: no skip, no benefit before the cost is paid
    assert sorted(rows(g)) == [("pay_resource", L("T04"), 0), ("pay_resource", L("T05"), 0)]
    act(g, "pay_resource", L("T05"))
    assert res(g, "T05") == {"oil": 1} and turn_state(g)["pay_left"] == 2 and g.phase == "pay"
    act(g, "pay_resource", L("T05"))
    assert res(g, "T05") == {} and rows(g) == [("pay_resource", L("T04"), 0)]
    act(g, "pay_resource", L("T04"))
    assert g.phase == "bottom_benefit"
    assert g.to_dict()["board"]["resources"] == {}
    act(g, "no_benefit")
    assert me(g)["coins"] == 4 + 3 and g.active_player == 1


def _control_position(extra_oil):
    """Nordic: 2 oil it controls on T05, oil on hexes it does not control, optionally
    1 oil on T11 where its Mine stands alone (controlled through the structure)."""
    oil = {"T05": {"oil": 2},
           "T06": {"oil": 5},   # Nordic worker + Rusviet character: controlled by nobody
           "T13": {"oil": 5}}   # Nordic Monument + Rusviet worker: Rusviet controls
    if extra_oil:
        oil["T11"] = {"oil": 1}
    return position(
        P("nordic", "industrial", workers=["T04", "T05", "T06"],
          structures={"mine": "T11", "monument": "T13"}),
        P("rusviet", "engineering", character="T06", workers=["T19", "T26", "T13"]),
        resources=oil)


def test_bottom_offered_only_when_affordable_from_controlled_hexes():
    g = Game.from_dict(_control_position(extra_oil=False), reachable=False)   # T06 shared
    act(g, "section", 0)
    act(g, "skip")
    assert rows(g) == [("skip", 0, 0)]          # 2 controlled oil < 3: Upgrade not offered

    g = Game.from_dict(_control_position(extra_oil=True), reachable=False)
    act(g, "section", 0)
    act(g, "skip")
    assert kinds(g) == ["bottom", "skip"]
    act(g, "bottom")
    assert sorted(a0 for _, a0, _ in rows(g, "pay_resource")) == [L("T05"), L("T11")]
    pay_all(g)
    assert res(g, "T06") == {"oil": 5} and res(g, "T13") == {"oil": 5}
    assert res(g, "T05") == {} and res(g, "T11") == {}


def test_resources_gained_on_top_can_pay_the_bottom():
    # Industrial section 4: Trade / Enlist (4 food). 2 food on the board, 2 more traded.
    base = position(P("nordic", "industrial"), P("rusviet", "engineering"),
                    resources={"T04": {"food": 2}})
    g = Game.from_dict(base)
    act(g, "section", 3)
    act(g, "skip")
    assert rows(g) == [("skip", 0, 0)]
    g = Game.from_dict(base)
    act(g, "section", 3)
    act(g, "trade_resources", FOOD, FOOD)
    act(g, "trade_hex", L("T05"))
    assert res(g, "T05") == {"food": 2}
    assert kinds(g) == ["bottom", "skip"]
    act(g, "bottom")
    pay_all(g)
    assert g.to_dict()["board"]["resources"] == {}


# --- 3. Bolster ------------------------------------------------------------------------------

@pytest.mark.parametrize("choice, cube, power, cards, want_power, want_cards", [
    ("bolster_power", False, 4, 0, 6, 0),
    ("bolster_power", True, 4, 0, 7, 0),
    ("bolster_cards", False, 4, 0, 4, 1),
    ("bolster_cards", True, 4, 0, 4, 2),
    ("bolster_power", False, 15, 0, 16, 0),     # capped at 16
    ("bolster_power", True, 14, 0, 16, 0),
])
def test_bolster(choice, cube, power, cards, want_power, want_cards):
    cube_name = "bolster_power" if choice == "bolster_power" else "bolster_cards"
    extra = {"cubes_moved": [cube_name], "covered": {"upgrade": 1}} if cube else {}
    g = Game.from_dict(position(P("nordic", "industrial", power=power, **extra),
                                P("rusviet", "engineering")))
    act(g, "section", 0)                         # Industrial section 1: Bolster
    act(g, choice)
    assert me(g)["power"] == want_power
    assert hand(g) == want_cards
    assert me(g)["coins"] == 3 and me(g)["popularity"] == 2


@pytest.mark.parametrize("choice", ["bolster_power", "bolster_cards"])
def test_bolster_with_monument_gains_a_popularity(choice):
    g = Game.from_dict(position(P("nordic", "industrial", structures={"monument": "T04"}),
                                P("rusviet", "engineering")))
    act(g, "section", 0)
    act(g, choice)
    assert me(g)["popularity"] == 3 and me(g)["coins"] == 3


def test_bolster_needs_a_coin():
    g = Game.from_dict(position(P("nordic", "industrial", coins=0), P("rusviet", "engineering")))
    act(g, "section", 0)
    assert rows(g) == [("skip", 0, 0)]


# --- 4. Trade ----------------------------------------------------------------------------------

def _trader(**fields):
    # Mechanical section 1: Trade / Upgrade. Nordic's Mine on T11 has no worker; its worker
    # on T06 shares the hex with the Rusviet character (nobody controls T06).
    nordic = {"workers": ["T04", "T05", "T06"], "structures": {"mine": "T11"}}
    nordic.update(fields)
    return Game.from_dict(position(P("nordic", "mechanical", **nordic),
                                   P("rusviet", "engineering", character="T06")), reachable=False)


def test_trade_two_resources_onto_a_controlled_hex_with_a_worker():
    g = _trader()
    act(g, "section", 0)
    trades = rows(g, "trade_resources")
    assert len(trades) == 4 + 10                 # one resource, or any pair (repeats allowed)
    act(g, "trade_resources", OIL, METAL)
    assert g.phase == "trade_hex"
    assert sorted(a0 for _, a0, _ in rows(g)) == [L("T04"), L("T05")]
    act(g, "trade_hex", L("T05"))
    assert res(g, "T05") == {"oil": 1, "metal": 1}
    assert me(g)["coins"] == 6 - 1 and me(g)["power"] == 4 and g.phase == "bottom"


def test_trade_resources_not_offered_when_all_workers_are_home():
    g = _trader(workers=["home:nordic", "home:nordic"], structures={})
    act(g, "section", 0)
    assert kinds(g) == ["skip", "trade_popularity"]


@pytest.mark.parametrize("cube, want", [(False, 3 + 1), (True, 3 + 2)])
def test_trade_popularity(cube, want):
    extra = {"cubes_moved": ["trade_popularity"], "covered": {"upgrade": 1}} if cube else {}
    g = _trader(**extra)
    act(g, "section", 0)
    act(g, "trade_popularity")
    assert me(g)["popularity"] == want and me(g)["coins"] == 5 and me(g)["power"] == 4


@pytest.mark.parametrize("choice", ["trade_popularity", "trade_resources"])
def test_trade_with_armory_gains_a_power(choice):
    g = _trader(structures={"armory": "T04"})
    act(g, "section", 0)
    if choice == "trade_popularity":
        act(g, choice)
    else:
        act(g, choice, WOOD, -1)
        act(g, "trade_hex", L("T04"))
        assert res(g, "T04") == {"wood": 1}
    assert me(g)["power"] == 5 and me(g)["coins"] == 5


def test_trade_needs_a_coin():
    g = _trader(coins=0)
    act(g, "section", 0)
    assert rows(g) == [("skip", 0, 0)]


# --- 5. Produce ---------------------------------------------------------------------------------

def _producer(workers, **fields):
    # Industrial section 2: Produce / Deploy.
    # the Rusviet character shares T11 with any Nordic worker there (a hex nobody controls)
    return Game.from_dict(position(P("nordic", "industrial", workers=workers, **fields),
                                   P("rusviet", "engineering", character="T11")), reachable=False)


def test_produce_two_hexes_one_token_per_worker():
    g = _producer(["T04", "T04", "T05", "T06"])  # 4 on the board: Produce costs 1 power
    act(g, "section", 1)
    act(g, "produce")
    assert me(g)["power"] == 3
    assert sorted(rows(g, "produce_hex")) == [("produce_hex", L("T04"), 2),
                                              ("produce_hex", L("T05"), 1),
                                              ("produce_hex", L("T06"), 1)]
    act(g, "produce_hex", L("T04"))
    assert res(g, "T04") == {"wood": 2}
    assert ("produce_hex", L("T04"), 2) not in rows(g)   # each hex once
    act(g, "produce_hex", L("T05"))
    assert res(g, "T05") == {"oil": 1}
    assert g.phase == "bottom"                   # two hexes used up
    assert len(me(g)["workers"]) == 4


def test_produce_with_cube_three_hexes_and_village_makes_workers():
    g = _producer(["T04", "T05", "T06", "T06"], cubes_moved=["produce_hexes"],
                  covered={"upgrade": 1})
    act(g, "section", 1)
    act(g, "produce")
    assert ("produce_hex", L("T06"), 1) in rows(g) and ("produce_hex", L("T06"), 2) in rows(g)
    act(g, "produce_hex", L("T06"), 2)
    assert Counter(me(g)["workers"])["T06"] == 4 and len(me(g)["workers"]) == 6
    act(g, "produce_hex", L("T04"))
    assert g.phase == "produce"                  # a third hex is still open
    act(g, "produce_hex", L("T05"))
    assert g.phase == "bottom"
    assert res(g, "T04") == {"wood": 1} and res(g, "T05") == {"oil": 1}


def test_produce_skips_hexes_not_controlled_lakes_and_the_factory():
    # T11: Nordic worker with the Rusviet character (nobody controls); T23: the Factory.
    g = _producer(["T04", "T11", "T23"])
    act(g, "section", 1)
    act(g, "produce")
    assert [a0 for _, a0, _ in rows(g, "produce_hex")] == [L("T04")]


@pytest.mark.parametrize("on_board, cost", [
    (2, (0, 0, 0)), (3, (0, 0, 0)), (4, (1, 0, 0)), (5, (1, 0, 0)),
    (6, (1, 1, 0)), (7, (1, 1, 0)), (8, (1, 1, 1)),
])
def test_produce_cost_by_workers_on_the_board(on_board, cost):
    g = _producer(["T04"] * on_board, power=5, popularity=5, coins=5)
    act(g, "section", 1)
    act(g, "produce")
    got = (5 - me(g)["power"], 5 - me(g)["popularity"], 5 - me(g)["coins"])
    assert got == cost


def test_produce_cost_counts_workers_at_the_home_base():
    # 4 workers have left the mat (2 of them stand at home): the power box is exposed
    g = _producer(["T04", "T05", "home:nordic", "home:nordic"], power=5)
    act(g, "section", 1)
    act(g, "produce")
    assert me(g)["power"] == 4
    assert sorted(a0 for _, a0, _ in rows(g, "produce_hex")) == [L("T04"), L("T05")]


def test_produce_not_offered_when_its_cost_cannot_be_paid():
    g = _producer(["T04"] * 4, power=0)
    act(g, "section", 1)
    assert rows(g) == [("skip", 0, 0)]


def test_mill_hex_is_an_extra_hex_producing_as_one_more_worker():
    # The Mill stands alone on T12 (farm): it produces 1 food on top of the 2 hexes.
    g = _producer(["T04", "T05"], structures={"mill": "T12"})
    act(g, "section", 1)
    act(g, "produce")
    assert ("produce_hex", L("T12"), 1) in rows(g)
    act(g, "produce_hex", L("T04"))
    act(g, "produce_hex", L("T05"))
    assert g.phase == "produce" and [a0 for _, a0, _ in rows(g, "produce_hex")] == [L("T12")]
    act(g, "produce_hex", L("T12"))
    assert res(g, "T12") == {"food": 1} and g.phase == "bottom"
    # on a hex with a worker the Mill adds one token
    g = _producer(["T04", "T05"], structures={"mill": "T05"})
    act(g, "section", 1)
    act(g, "produce")
    assert ("produce_hex", L("T05"), 2) in rows(g)


# --- 6. Upgrade -------------------------------------------------------------------------------

def test_upgrade_moves_a_cube_lowering_a_cost_and_raising_a_top_amount():
    g = Game.from_dict(position(P("nordic", "industrial"), P("rusviet", "engineering"),
                                resources={"T05": {"oil": 3}, "T04": {"food": 3}}))
    act(g, "section", 0)
    act(g, "skip")
    act(g, "bottom")
    pay_all(g)
    assert len(rows(g, "upgrade")) == 6 * 4      # every cube, every bottom action with a box
    act(g, "upgrade", CUBE_POWER, ENLIST)
    nordic = me(g)
    assert nordic["cubes_moved"] == ["bolster_power"] and nordic["covered"] == {"enlist": 1}
    assert nordic["coins"] == 4 + 3
    act(g, "section", 0)                         # Rusviet passes
    act(g, "skip")
    act(g, "skip")
    act(g, "section", 3)                         # Trade / Enlist: now 3 food, not 4
    act(g, "skip")
    assert kinds(g) == ["bottom", "skip"]
    act(g, "bottom")
    assert turn_state(g)["pay_left"] == 3
    pay_all(g)
    act(g, "no_benefit")
    act(g, "section", 0)
    act(g, "skip")
    act(g, "skip")
    act(g, "section", 0)                         # Bolster now gives 3 power
    act(g, "bolster_power")
    assert me(g)["power"] == 4 + 3


def test_upgrade_covers_only_the_bracketed_boxes():
    # Industrial has 1/2/1/2 bracketed boxes; upgrade 1 and enlist 2 are already covered.
    g = Game.from_dict(position(
        P("nordic", "industrial", cubes_moved=["move_units", "gain_coins", "bolster_cards"],
          covered={"upgrade": 1, "enlist": 2}), P("rusviet", "engineering"),
        resources={"T05": {"oil": 2}}))
    act(g, "section", 0)
    act(g, "skip")
    assert "2 oil" in [a.text for a in g.legal_actions()][0]
    act(g, "bottom")
    pay_all(g)
    got = sorted((a0, a1) for _, a0, a1 in rows(g, "upgrade"))
    assert got == sorted((c, b) for c in (CUBE_POWER, 4, CUBE_PRODUCE) for b in (DEPLOY, BUILD))
    # Patriotic's Upgrade cost has no bracketed box at all
    g = Game.from_dict(position(P("nordic", "patriotic"), P("rusviet", "engineering"),
                                resources={"T05": {"oil": 2}}))
    act(g, "section", 0)
    act(g, "skip")
    act(g, "bottom")
    pay_all(g)
    assert {a1 for _, _, a1 in rows(g, "upgrade")} == {DEPLOY, BUILD, ENLIST}


# --- 7. Deploy ----------------------------------------------------------------------------------

def test_deploy_on_a_controlled_hex_with_a_worker_and_the_ability_reaches_all_combat_units():
    # Industrial section 2: Produce / Deploy (3 metal, $2). Nordic mechs: riverwalk,
    # seaworthy, artillery, speed (slots 0-3). Mine on T11 without a worker; a worker home.
    g = Game.from_dict(position(
        P("nordic", "industrial", workers=["T04", "T05", "home:nordic"],
          structures={"mine": "T11"}),
        P("rusviet", "engineering"), resources={"T04": {"metal": 3}}))
    act(g, "section", 1)
    act(g, "skip")
    act(g, "bottom")
    pay_all(g)
    assert sorted((a0, a1) for _, a0, a1 in rows(g, "deploy")) == \
        sorted((m, h) for m in range(4) for h in (L("T04"), L("T05")))
    act(g, "deploy", 3, L("T05"))
    assert me(g)["mechs"] == {"speed": "T05"} and me(g)["coins"] == 4 + 2
    act(g, "section", 0)                         # Rusviet passes
    act(g, "skip")
    act(g, "skip")
    act(g, "section", 2)                         # Move / Build
    act(g, "move")
    for unit, steps in ((0, 2), (4, 2), (5, 1)):  # character, speed mech, a worker
        twin = g.copy()
        act(twin, "select_unit", unit)
        assert turn_state(twin)["steps_left"] == steps


def test_deploy_never_on_a_lake_or_a_home_base():
    # Nordic's Seaworthy mech stands on lake T09, its workers are all at home and its Mine
    # on T04 keeps the metal there under its control: no hex qualifies for a mech.
    g = Game.from_dict(position(
        P("nordic", "industrial", workers=["home:nordic", "home:nordic"],
          mechs={"seaworthy": "T09"}, structures={"mine": "T04"}),
        P("rusviet", "engineering"), resources={"T04": {"metal": 3}}))
    act(g, "section", 1)
    act(g, "skip")
    act(g, "bottom")
    pay_all(g)
    assert rows(g) == [("no_benefit", 0, 0)]


# --- 8. Build ----------------------------------------------------------------------------------

def test_build_one_structure_per_hex_on_controlled_hexes_with_a_worker_factory_allowed():
    # Industrial section 3: Move / Build (3 wood, $1). T04: Nordic worker under a Rusviet
    # structure; T05: Nordic's own Mine; T23: the Factory; one worker at home.
    g = Game.from_dict(position(
        P("nordic", "industrial", workers=["T04", "T05", "T23", "home:nordic"],
          structures={"mine": "T05"}),
        P("rusviet", "engineering", structures={"armory": "T04"}),
        resources={"T04": {"wood": 3}}))
    act(g, "section", 2)
    act(g, "skip")
    act(g, "bottom")
    pay_all(g)
    assert sorted((a0, a1) for _, a0, a1 in rows(g, "build")) == \
        [(1, L("T23")), (2, L("T23")), (3, L("T23"))]   # monument, armory, mill
    act(g, "build", MILL, L("T23"))
    assert me(g)["structures"] == {"mine": "T05", "mill": "T23"}
    assert me(g)["coins"] == 4 + 1


# --- 9. Enlist -----------------------------------------------------------------------------------

@pytest.mark.parametrize("bonus, field, delta", [
    (0, "power", 2), (1, "coins", 2), (2, "popularity", 2), (3, "combat_cards", 2)])
def test_enlist_takes_a_one_time_bonus(bonus, field, delta):
    # Industrial section 4: Trade / Enlist (4 food, $0).
    g = Game.from_dict(position(P("nordic", "industrial"), P("rusviet", "engineering"),
                                resources={"T04": {"food": 4}}))
    before = me(g)
    act(g, "section", 3)
    act(g, "skip")
    act(g, "bottom")
    pay_all(g)
    assert len(rows(g, "enlist")) == 4 * 4
    act(g, "enlist", DEPLOY, bonus)
    after = me(g, 0)
    assert after["recruits"] == ["deploy"]
    assert after["one_time_bonuses"] == [["power", "coins", "popularity", "combat_cards"][bonus]]
    for name in ("power", "coins", "popularity"):
        want = before[name] + (delta if name == field else 0)
        assert after[name] == want, name
    assert len(after["combat_cards"]) == (2 if field == "combat_cards" else 0)


def test_enlist_offers_only_free_recruits_and_bonus_spaces():
    g = Game.from_dict(position(P("nordic", "industrial", recruits=["upgrade"],
                                  one_time_bonuses=["coins"]),
                                P("rusviet", "engineering"), resources={"T04": {"food": 4}}))
    act(g, "section", 3)
    act(g, "skip")
    act(g, "bottom")
    pay_all(g)
    got = sorted((a0, a1) for _, a0, a1 in rows(g, "enlist"))
    assert got == sorted((s, b) for s in (DEPLOY, BUILD, ENLIST) for b in (0, 2, 3))


def _four(active_mat="engineering", **per_player):
    """4 players; player 1 (Rusviet) is active. per_player: p0..p3 -> extra fields."""
    players = [P("nordic", "industrial"), P("rusviet", active_mat),
               P("crimea", "mechanical"), P("saxony", "agricultural")]
    for i, entry in enumerate(players):
        entry.update(per_player.get(f"p{i}", {}))
    return position(*players, resources={"T19": {"oil": 3}, "T26": {"metal": 4}},
                    game={"active": 1})


def test_ongoing_bonus_pays_the_active_player_and_both_neighbours_only():
    recruit = {"recruits": ["deploy"], "one_time_bonuses": ["coins"]}
    g = Game.from_dict(_four(p0=recruit, p1=recruit, p2=recruit, p3=recruit))
    before = [p["coins"] for p in g.to_dict()["players"]]
    act(g, "section", 1)                         # Engineering section 2: Trade / Deploy ($0)
    act(g, "skip")
    act(g, "bottom")
    pay_all(g)
    act(g, "no_benefit")
    after = [p["coins"] for p in g.to_dict()["players"]]
    assert [a - b for a, b in zip(after, before)] == [1, 1, 1, 0]


def _five_stars():
    return {"upgrades": 1, "mechs": 1, "structures": 1, "recruits": 1, "workers": 1}


def _upgrade_by_player_1(g):
    act(g, "section", 0)                         # Engineering section 1: Produce / Upgrade
    act(g, "skip")
    act(g, "bottom")
    pay_all(g)
    act(g, "no_benefit")


def test_ongoing_bonus_order_left_neighbour_before_right():
    # Upgrade's ongoing bonus is +1 power: the left neighbour (player 2) reaches 16 power,
    # places a 6th star and ends the game before the right neighbour (player 0) is paid.
    recruit = {"recruits": ["upgrade"], "one_time_bonuses": ["coins"]}
    g = Game.from_dict(_four(p0={**recruit, "power": 10},
                             p2={**recruit, "power": 15, "stars": _five_stars()}))
    _upgrade_by_player_1(g)
    d = g.to_dict()
    assert d["game"]["game_over"] and d["game"]["end_reason"] == "six_stars"
    assert d["players"][2]["power"] == 16 and d["players"][2]["stars"]["power"] == 1
    assert d["players"][0]["power"] == 10


def test_ongoing_bonus_order_right_neighbour_last():
    recruit = {"recruits": ["upgrade"], "one_time_bonuses": ["coins"]}
    g = Game.from_dict(_four(p0={**recruit, "power": 15, "stars": _five_stars()},
                             p2={**recruit, "power": 10}))
    _upgrade_by_player_1(g)
    d = g.to_dict()
    assert d["game"]["end_reason"] == "six_stars"
    assert d["players"][2]["power"] == 11 and d["players"][0]["power"] == 16


def test_ongoing_bonus_order_active_player_first():
    recruit = {"recruits": ["upgrade"], "one_time_bonuses": ["coins"]}
    g = Game.from_dict(_four(p1={**recruit, "power": 15, "stars": _five_stars()},
                             p2={**recruit, "power": 10}, p0={**recruit, "power": 10}))
    coins = me(g, 1)["coins"]
    _upgrade_by_player_1(g)
    d = g.to_dict()
    assert d["game"]["end_reason"] == "six_stars"
    assert d["players"][1]["power"] == 16 and d["players"][1]["coins"] == coins + 2
    assert d["players"][2]["power"] == 10 and d["players"][0]["power"] == 10


def test_ongoing_bonus_paid_once_in_a_two_player_game():
    base = position(P("nordic", "industrial"),
                    P("rusviet", "engineering", recruits=["deploy"], one_time_bonuses=["power"]),
                    resources={"T04": {"metal": 3}})
    g = Game.from_dict(base)
    act(g, "section", 1)                         # bottom declined: nobody is paid
    act(g, "skip")
    act(g, "skip")
    assert me(g, 1)["coins"] == 5
    g = Game.from_dict(base)
    act(g, "section", 1)                         # Industrial: Produce / Deploy
    act(g, "skip")
    act(g, "bottom")
    pay_all(g)
    act(g, "no_benefit")
    assert me(g, 1)["coins"] == 5 + 1 and me(g, 0)["coins"] == 4 + 2


# --- 10. mat coins ------------------------------------------------------------------------------

MAT_COINS = {  # scythe_facts.md 2.2: coins per bottom action (upgrade, deploy, build, enlist)
    "industrial": (3, 2, 1, 0), "engineering": (2, 0, 3, 1), "patriotic": (1, 3, 0, 2),
    "mechanical": (0, 2, 2, 2), "agricultural": (1, 0, 2, 3),
}


@pytest.mark.parametrize("mat", sorted(MAT_COINS))
@pytest.mark.parametrize("section", range(4))
def test_mat_coins_on_every_bottom_action_even_without_benefit(mat, section):
    plenty = {"oil": 5, "metal": 5, "wood": 5, "food": 5}
    base = position(P("nordic", mat, coins=10), P("rusviet", "engineering"),
                    resources={"T04": plenty})
    g = Game.from_dict(base)
    act(g, "section", section)
    act(g, "skip")
    act(g, "bottom")
    pay_all(g)
    act(g, "no_benefit")
    assert me(g)["coins"] == 10 + MAT_COINS[mat][section]
    g = Game.from_dict(base)
    act(g, "section", section)
    act(g, "skip")
    act(g, "skip")                               # bottom declined: no coins
    assert me(g)["coins"] == 10


# --- 11. Coercion -------------------------------------------------------------------------------

def _crimea(metal, cards, faction="crimea"):
    # Mechanical section 2: Bolster / Deploy (3 metal, $2).
    start = {"crimea": "T43", "saxony": "T34"}[faction]
    return Game.from_dict(position(P(faction, "mechanical", combat_cards=cards),
                                   P("rusviet", "engineering"),
                                   resources={start: {"metal": metal}}))


def test_coercion_pays_one_resource_with_a_combat_card_once_per_turn():
    g = _crimea(metal=2, cards=[2, 3])
    act(g, "section", 1)
    act(g, "skip")
    assert kinds(g) == ["bottom", "skip"]
    act(g, "bottom")
    assert sorted(rows(g)) == [("pay_coercion", 0, 0), ("pay_coercion", 1, 0),
                               ("pay_resource", L("T43"), 0)]
    act(g, "pay_coercion", 1)                    # spend the 3
    d = g.to_dict()
    assert d["players"][0]["combat_cards"] == [2] and d["deck"]["discard"] == {"3": 1}
    assert d["game"]["turn_state"]["coercion_used"] == 1
    assert rows(g) == [("pay_resource", L("T43"), 0)]   # no second card
    pay_all(g)
    assert res(g, "T43") == {}
    act(g, "no_benefit")
    assert turn_state(g)["coercion_used"] == 0   # reset for the next turn


@pytest.mark.parametrize("metal, cards, faction, offered", [
    (1, [2, 3], "crimea", False),               # only one card may count
    (2, [], "crimea", False),                   # no card to spend
    (2, [2, 3], "saxony", False),               # not Crimea
    (3, [], "saxony", True),
])
def test_coercion_affordability(metal, cards, faction, offered):
    g = _crimea(metal, cards, faction)
    act(g, "section", 1)
    act(g, "skip")
    assert ("bottom" in kinds(g)) == offered


# --- 12. stars ------------------------------------------------------------------------------------

def _star_case(kind):
    """(position, actions) reaching the star of this kind from one short of it."""
    nordic = {}
    resources = {}
    if kind == "upgrades":
        nordic = {"cubes_moved": ["move_units", "gain_coins", "bolster_power", "bolster_cards",
                                  "trade_popularity"],
                  "covered": {"upgrade": 1, "deploy": 2, "build": 1, "enlist": 1}}
        resources = {"T04": {"oil": 2}}
        actions = [("section", 0), ("skip",), ("bottom",), "pay", ("upgrade", CUBE_PRODUCE, ENLIST)]
    elif kind == "mechs":
        nordic = {"mechs": {"riverwalk": "T04", "seaworthy": "T04", "artillery": "T04"}}
        resources = {"T04": {"metal": 3}}
        actions = [("section", 1), ("skip",), ("bottom",), "pay", ("deploy", 3, L("T05"))]
    elif kind == "structures":
        nordic = {"workers": ["T04", "T05", "T12"],
                  "structures": {"mine": "T04", "monument": "T05", "armory": "T06"}}
        resources = {"T04": {"wood": 3}}
        actions = [("section", 2), ("skip",), ("bottom",), "pay", ("build", MILL, L("T12"))]
    elif kind == "recruits":
        nordic = {"recruits": ["upgrade", "deploy", "build"],
                  "one_time_bonuses": ["power", "coins", "popularity"]}
        resources = {"T04": {"food": 4}}
        actions = [("section", 3), ("skip",), ("bottom",), "pay", ("enlist", ENLIST, 3)]
    elif kind == "workers":
        nordic = {"workers": ["T04"] * 5 + ["T05", "T06"], "popularity": 5}
        actions = [("section", 1), ("produce",), ("produce_hex", L("T06"), 1)]
    elif kind == "popularity":
        nordic = {"mat": "mechanical", "popularity": 17}
        actions = [("section", 0), ("trade_popularity",)]
    else:
        nordic = {"power": 15}
        actions = [("section", 0), ("bolster_power",)]
    return nordic, resources, actions


def _play(g, actions):
    for a in actions:
        if a == "pay":
            pay_all(g)
        else:
            act(g, *a)


STAR_KINDS_TESTED = ("upgrades", "mechs", "structures", "recruits", "workers", "popularity", "power")


@pytest.mark.parametrize("kind", STAR_KINDS_TESTED)
def test_star_for_each_track_goal(kind):
    nordic, resources, actions = _star_case(kind)
    entry = P("nordic", "industrial")
    entry.update(nordic)
    g = Game.from_dict(position(entry, P("rusviet", "engineering"), resources=resources))
    assert me(g)["stars"] == {}
    _play(g, actions)
    assert me(g)["stars"] == {kind: 1}
    assert not g.is_over


@pytest.mark.parametrize("kind", STAR_KINDS_TESTED)
def test_sixth_star_ends_the_game_at_once(kind):
    nordic, resources, actions = _star_case(kind)
    others = [k for k in STAR_KINDS_TESTED if k != kind][:5]
    entry = P("nordic", "industrial", stars={k: 1 for k in others})
    entry.update(nordic)
    g = Game.from_dict(position(entry, P("rusviet", "engineering"), resources=resources))
    _play(g, actions)
    d = g.to_dict()
    assert d["players"][0]["stars"] == {**{k: 1 for k in others}, kind: 1}
    assert d["game"]["game_over"] and d["game"]["end_reason"] == "six_stars"
    assert d["game"]["phase"] == "game_over" and g.legal_actions() == []
    assert g.active_player == 0


@pytest.mark.parametrize("field, value, kind, top", [
    ("power", 16, "power", "bolster_power"),
    ("popularity", 18, "popularity", "trade_popularity"),
])
def test_each_star_is_placed_only_once(field, value, kind, top):
    # section 1 is Bolster on Industrial, Trade on Mechanical
    mat = "mechanical" if kind == "popularity" else "industrial"
    g = Game.from_dict(position(P("nordic", mat, stars={kind: 1}, **{field: value}),
                                P("rusviet", "engineering")))
    act(g, "section", 0)
    act(g, top)
    assert me(g)["stars"] == {kind: 1} and me(g)[field] == value


def test_sixth_star_from_a_bottom_action_pays_own_coins_and_recruit_bonus_only():
    # Player 1 (Rusviet, Mechanical: section 2 Bolster / Deploy, 3 metal, $2) deploys its 4th
    # mech for the 6th star. Its own Deploy recruit pays $1; both neighbours' do not.
    recruit = {"recruits": ["deploy"], "one_time_bonuses": ["power"]}
    rusviet = {**recruit,
               "stars": {"upgrades": 1, "structures": 1, "recruits": 1, "workers": 1, "power": 1},
               "mechs": {"riverwalk": "T26", "township": "T26", "peoples_army": "T26"}}
    g = Game.from_dict(_four(active_mat="mechanical", p0=recruit, p1=rusviet, p2=recruit))
    before = [p["coins"] for p in g.to_dict()["players"]]
    act(g, "section", 1)
    act(g, "skip")
    act(g, "bottom")
    pay_all(g)
    act(g, "deploy", 3, L("T19"))
    d = g.to_dict()
    assert d["game"]["game_over"] and d["game"]["end_reason"] == "six_stars"
    assert d["players"][1]["stars"]["mechs"] == 1
    assert [p["coins"] - b for p, b in zip(d["players"], before)] == [0, 2 + 1, 0, 0]


# --- 13. turn cap ---------------------------------------------------------------------------------

def _pass_turn(g):
    act(g, "section", sections(g)[0])
    act(g, "skip")
    act(g, "skip")


def test_turn_cap_ends_the_game_after_that_many_rounds():
    data = position(P("nordic", "industrial"), P("rusviet", "engineering"))
    g = Game.from_dict(data, rules={"turn_cap": 1})
    _pass_turn(g)
    assert not g.is_over and g.active_player == 1
    _pass_turn(g)
    assert g.is_over and g.end_reason == "turn_cap" and g.legal_actions() == []
    g = Game.from_dict(data, rules={"turn_cap": 2})
    _pass_turn(g)
    _pass_turn(g)
    assert not g.is_over
    _pass_turn(g)
    _pass_turn(g)
    assert g.is_over and g.end_reason == "turn_cap"
    g = Game.new(seed=3, players=3, rules={"turn_cap": 1})
    for _ in range(3):
        assert not g.is_over
        _pass_turn(g)
    assert g.is_over and g.to_dict()["game"]["end_reason"] == "turn_cap"


# --- 14. setup ----------------------------------------------------------------------------------------

CLOCKWISE = ("nordic", "rusviet", "togawa", "crimea", "saxony", "polania", "albion")
MAT_ORDER = ("industrial", "engineering", "militant", "patriotic", "innovative", "mechanical",
             "agricultural")
BANNED = {("rusviet", "industrial"), ("crimea", "patriotic")}
FACTION_DATA = {  # power, combat cards, start hexes (scythe_facts.md 1.5, 3.1)
    "nordic": (4, 1, ["T04", "T05"]), "rusviet": (3, 2, ["T19", "T26"]),
    "crimea": (5, 0, ["T43", "T47"]), "saxony": (1, 4, ["T34", "T41"]),
    "polania": (2, 3, ["T14", "T20"]),
}
MAT_DATA = {"industrial": (2, 4), "engineering": (2, 5), "patriotic": (2, 6),
            "mechanical": (3, 6), "agricultural": (4, 7)}  # popularity, coins


def _expected_order(factions, mats):
    seats = sorted(range(len(factions)), key=lambda i: CLOCKWISE.index(factions[i]))
    first = min(range(len(seats)), key=lambda k: MAT_ORDER.index(mats[seats[k]]))
    return seats[first:] + seats[:first]


def _check_setup(g, players):
    d = g.to_dict()
    ps = d["players"]
    assert len(ps) == players
    assert len({p["faction"] for p in ps}) == players and len({p["mat"] for p in ps}) == players
    factions_by_seat = {p["seat"]: p["faction"] for p in ps}
    mats_by_seat = {p["seat"]: p["mat"] for p in ps}
    order = _expected_order([factions_by_seat[s] for s in range(players)],
                            [mats_by_seat[s] for s in range(players)])
    assert [p["seat"] for p in ps] == order
    objectives = []
    for p in ps:
        power, cards, start = FACTION_DATA[p["faction"]]
        popularity, coins = MAT_DATA[p["mat"]]
        assert (p["power"], p["popularity"], p["coins"]) == (power, popularity, coins)
        assert len(p["combat_cards"]) == cards
        assert p["character"] == f"home:{p['faction']}"
        assert sorted(p["workers"]) == start
        assert p["mechs"] == {} and p["structures"] == {} and p["stars"] == {}
        assert len(p["objectives"]) == 2 and len(set(p["objectives"])) == 2
        objectives += p["objectives"]
    assert len(set(objectives)) == len(objectives)
    assert d["game"]["active"] == 0 and d["game"]["phase"] == "section"
    return ps


def test_setup_deals_distinct_legal_pairs_in_clockwise_order():
    seen_pairs = set()
    for seed in range(200):
        players = 2 + seed % 4
        ps = _check_setup(Game.new(seed=seed, players=players), players)
        pairs = {(p["faction"], p["mat"]) for p in ps}
        assert not pairs & BANNED, seed
        seen_pairs |= pairs
    assert len(seen_pairs) >= 15                 # the deal really varies


@pytest.mark.slow
def test_setup_without_the_ban_can_deal_banned_pairs():
    found = set()
    for seed in range(300):
        g = Game.new(seed=seed, players=5, rules={"ban_pairs": 0})
        found |= {(p["faction"], p["mat"]) for p in g.to_dict()["players"]} & BANNED
    assert found == BANNED


def test_setup_redeals_around_a_banned_pair_for_a_given_faction():
    for seed in range(60):
        g = Game.new(seed=seed, players=2, factions=["rusviet", "crimea"])
        for p in g.to_dict()["players"]:
            assert (p["faction"], p["mat"]) not in BANNED


def test_setup_respects_explicit_factions_and_mats():
    g = Game.new(seed=1, players=5, factions=["polania", "saxony", "nordic", "crimea", "rusviet"],
                 mats=["mechanical", "agricultural", "patriotic", "industrial", "engineering"])
    ps = _check_setup(g, 5)
    by_seat = {p["seat"]: (p["faction"], p["mat"]) for p in ps}
    assert by_seat == {0: ("polania", "mechanical"), 1: ("saxony", "agricultural"),
                       2: ("nordic", "patriotic"), 3: ("crimea", "industrial"),
                       4: ("rusviet", "engineering")}
    # clockwise nordic, rusviet, crimea, saxony, polania, from Industrial (Crimea)
    assert [p["faction"] for p in ps] == ["crimea", "saxony", "polania", "nordic", "rusviet"]
    g = Game.new(seed=1, players=2, factions=["rusviet", "crimea"],
                 mats=["industrial", "patriotic"], rules={"ban_pairs": 0})
    assert [(p["faction"], p["mat"]) for p in g.to_dict()["players"]] == \
        [("rusviet", "industrial"), ("crimea", "patriotic")]


@pytest.mark.parametrize("kwargs", [
    {"factions": ["nordic", "atlantis"]},
    {"mats": ["industrial", "wooden"]},
    {"factions": ["rusviet", "nordic"], "mats": ["industrial", "engineering"]},
    {"factions": ["saxony", "crimea"], "mats": ["industrial", "patriotic"]},
    {"factions": ["nordic", "nordic"]},
])
def test_setup_rejects_bad_or_banned_choices(kwargs):
    with pytest.raises(ConfigError):
        Game.new(seed=0, players=2, **kwargs)
