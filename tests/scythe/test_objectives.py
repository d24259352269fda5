"""Objective cards: one test per base card (1-23) and the reveal rules.

Rules: scythe_facts.md section 6. Each card test builds a position where the condition
holds and close variants where it just fails, and asks the kernel where it offers the
`reveal_objective` row (a0 = card number - 1) to the player holding the card:
- at the start of the turn (phase "section") and between the actions (phase "bottom")
  for every card that is not an "end of your turn" card,
- at the end of the turn (phase "end_turn", reached by skipping the bottom action) for
  every card whose condition holds; when nothing is revealable the turn just passes.
Expected values come from the card table, never from the kernel.
"""
import pytest

from scythe_sim.games.scythe.game import Game

from .positions import L, P, act, me, position, rows

# Cards whose condition is checked at the end of the owner's turn (section 6 table).
END_OF_TURN = {1, 2, 3, 4, 5, 9, 10, 11, 12, 14, 16, 17, 19, 21}

# Terrain of the hexes used below (scythe_facts.md section 1.3).
# mountains T01 T11 T15 T24 T26; farms T02 T12 T13; tundras T05 T08 T10; forests T04 T14
# T16 T18; villages T03 T06 T21; tunnels T10 T15 T18; the Factory T23 (land neighbours
# T16 T24 T30); lake T33 (land shore T25 T26 T32 T39 T40).
OPP = P("crimea", "engineering")        # workers on T43 (farm) and T47 (village), out of the way


def holder(card, faction="nordic", mat="industrial", **fields):
    """Player 0: holds `card`; pieces as given (workers default to T04 forest, T05 tundra)."""
    fields.setdefault("workers", ["T04", "T05"])
    return P(faction, mat, objectives=[card], **fields)


def reveals(game):
    return [a0 for _, a0, _ in rows(game, "reveal_objective")]


def offered(card, players, resources=None):
    """Where the reveal of `card` (held by player 0) is offered during player 0's turn."""
    seen = {}
    # reachable=False: some cards are tested with an enemy unit sharing a hex (contested)
    g = Game.from_dict(position(*players, resources=resources), reachable=False)
    seen["section"] = card - 1 in reveals(g)
    g = Game.from_dict(position(*players, resources=resources,
                                game={"phase": "bottom", "section": 1}), reachable=False)
    seen["bottom"] = card - 1 in reveals(g)
    act(g, "skip")
    if g.phase == "end_turn":
        assert g.active_player == 0
        seen["end_turn"] = card - 1 in reveals(g)
    else:                                   # nothing revealable: the turn passed
        assert g.phase == "section" and g.active_player == 1
        seen["end_turn"] = False
    return seen


def holds(card, *players, resources=None):
    """True when the kernel lets player 0 reveal `card`; also checks the moments offered."""
    players = players if len(players) > 1 else (*players, OPP)
    seen = offered(card, players, resources)
    if card in END_OF_TURN:
        assert not seen["section"] and not seen["bottom"], seen
    else:
        assert seen["section"] == seen["bottom"] == seen["end_turn"], seen
    return seen["end_turn"]


# --- the 23 cards ----------------------------------------------------------------------------

def test_01_higher_ground_advantage_three_mountains():
    assert holds(1, holder(1, workers=["T01", "T11", "T24"]))
    assert not holds(1, holder(1, workers=["T01", "T11", "T04"]))
    # A structure alone controls its territory, but not under an enemy unit.
    assert holds(1, holder(1, workers=["T01", "T11"], structures={"mine": "T24"}))
    assert not holds(1, holder(1, workers=["T01", "T11"], structures={"mine": "T24"}),
                     P("crimea", "engineering", workers=["T43", "T24"]))


def test_02_underworld_advantage_three_tunnels():
    assert holds(2, holder(2, workers=["T10", "T15", "T18"]))
    assert not holds(2, holder(2, workers=["T10", "T15", "T16"]))


def test_03_harvest_advantage_three_farms():
    assert holds(3, holder(3, workers=["T02", "T12", "T13"]))
    assert not holds(3, holder(3, workers=["T02", "T12", "T03"]))


def test_04_northern_advantage_three_tundras():
    assert holds(4, holder(4, workers=["T05", "T08", "T10"]))
    assert not holds(4, holder(4, workers=["T05", "T08", "T04"]))


@pytest.mark.parametrize("where, opp_power, ok", [
    ("T23", 5, True),       # ties for the highest power count
    ("T23", 4, True),
    ("T23", 6, False),      # an opponent has more power
    ("T24", 5, False),      # does not control the Factory
])
def test_05_king_of_the_hill(where, opp_power, ok):
    assert holds(5, holder(5, character=where, power=5),
                 P("crimea", "engineering", power=opp_power)) is ok


@pytest.mark.parametrize("fields, ok", [
    ({}, True),
    ({"workers": ["T04", "T05", "T11", "T12"]}, False),     # 4 workers
    ({"factory_card": None}, False),
    ({"mechs": {}}, False),
])
def test_07_machine_over_muscle(fields, ok):
    base = {"factory_card": 1, "mechs": {"speed": "T04"}, "workers": ["T04", "T05", "T11"]}
    base.update(fields)
    assert holds(7, holder(7, **base)) is ok


@pytest.mark.parametrize("fields, ok", [
    ({}, True),
    ({"coins": 3}, False),
    ({"workers": ["T04", "T05", "T11"]}, False),
    ({"popularity": 6}, False),
])
def test_08_common_man(fields, ok):
    base = {"coins": 2, "popularity": 7, "workers": ["T04", "T05", "T11", "T12"]}
    base.update(fields)
    assert holds(8, holder(8, **base)) is ok


@pytest.mark.parametrize("where, tokens, ok", [
    ("T05", {"oil": 3, "metal": 2, "wood": 2, "food": 2}, True),
    ("T05", {"oil": 2, "metal": 2, "wood": 2, "food": 2}, False),   # 8 tokens
    ("T05", {"oil": 4, "metal": 3, "wood": 2}, False),              # no food
    ("T13", {"oil": 3, "metal": 2, "wood": 2, "food": 2}, False),   # not controlled
])
def test_09_stockpile_for_the_winter(where, tokens, ok):
    assert holds(9, holder(9), resources={where: tokens}) is ok


def test_10_woodland_advantage_three_forests():
    assert holds(10, holder(10, workers=["T04", "T14", "T16"]))
    assert not holds(10, holder(10, workers=["T04", "T14", "T05"]))


def test_11_population_advantage_three_villages():
    assert holds(11, holder(11, workers=["T03", "T06", "T21"]))
    assert not holds(11, holder(11, workers=["T03", "T06", "T05"]))
    # An enemy character on the third village: contested, controlled by nobody.
    assert not holds(11, holder(11, workers=["T03", "T06", "T21"]),
                     P("crimea", "engineering", character="T21"))


def test_12_get_rich_twenty_coins():
    assert holds(12, holder(12, coins=20))
    assert not holds(12, holder(12, coins=19))


@pytest.mark.parametrize("mine, ok", [("T05", True), ("T04", False)])
def test_13_foundations_of_the_empire_six_tokens_on_one_territory(mine, ok):
    # character + 2 mechs + 2 workers on T05, and the Mine on T05 (6) or next door (5)
    player = holder(13, character="T05", mechs={"speed": "T05", "artillery": "T05"},
                    workers=["T05", "T05"], structures={"mine": mine})
    assert holds(13, player) is ok


@pytest.mark.parametrize("missing", [None, "upgrade", "mech", "structure", "recruit", "food"])
def test_14_hedge_your_bets(missing):
    fields = {"cubes_moved": ["bolster_power"], "covered": {"upgrade": 1},
              "mechs": {"speed": "T04"}, "structures": {"mine": "T05"},
              "recruits": ["enlist"], "one_time_bonuses": ["coins"]}
    tokens = {"oil": 1, "metal": 1, "wood": 1, "food": 1}
    if missing == "upgrade":
        del fields["cubes_moved"], fields["covered"]
    elif missing == "mech":
        del fields["mechs"]
    elif missing == "structure":
        del fields["structures"]
    elif missing == "recruit":
        del fields["recruits"], fields["one_time_bonuses"]
    elif missing == "food":
        del tokens["food"]
    assert holds(14, holder(14, **fields), resources={"T04": tokens}) is (missing is None)


RECRUITS = ["upgrade", "deploy", "build", "enlist"]
BONUSES = ["power", "coins", "popularity", "combat_cards"]


@pytest.mark.parametrize("workers, recruits, ok", [
    (["T04", "T05", "T11"], 3, True),
    (["T04", "T05"], 2, True),
    (["T04", "T05", "T11", "T12"], 3, False),
    (["T04", "T05", "T11"], 2, False),
])
def test_15_balanced_workforce(workers, recruits, ok):
    player = holder(15, workers=workers, recruits=RECRUITS[:recruits],
                    one_time_bonuses=BONUSES[:recruits])
    assert holds(15, player) is ok


@pytest.mark.parametrize("change, ok", [
    (None, True),
    ("two workers", False),
    ("two mechs", False),
    ("four resources", False),
    ("no character", False),
])
def test_16_wolf_among_the_sheep(change, ok):
    fields = {"character": "T05", "mechs": {"speed": "T05"}, "workers": ["T05", "T04"]}
    oil = 5
    if change == "two workers":
        fields["workers"] = ["T05", "T05"]
    elif change == "two mechs":
        fields["mechs"] = {"speed": "T05", "artillery": "T05"}
    elif change == "four resources":
        oil = 4
    elif change == "no character":
        fields["character"] = "T04"
    assert holds(16, holder(16, **fields), resources={"T05": {"oil": oil}}) is ok


@pytest.mark.parametrize("workers, factory_card, ok", [
    (["T16", "T24"], None, True),
    (["T16", "T24"], 1, False),             # holds a Factory card
    (["T16", "T10"], None, False),          # only one territory next to the Factory
])
def test_17_divide_and_conquer(workers, factory_card, ok):
    assert holds(17, holder(17, workers=workers, factory_card=factory_card)) is ok


@pytest.mark.parametrize("fields, ok", [
    ({}, True),
    ({"power": 1}, False),
    ({"popularity": 12}, False),
    ({"workers": ["T04", "T05", "T11", "T12"]}, False),
])
def test_18_beloved_pacifist(fields, ok):
    base = {"power": 0, "popularity": 13, "workers": ["T04", "T05", "T11", "T12", "T13"]}
    base.update(fields)
    assert holds(18, holder(18, **base)) is ok


def test_19_shore_up_the_shore_five_around_one_lake():
    assert holds(19, holder(19, workers=["T25", "T26", "T32", "T39", "T40"]))
    assert not holds(19, holder(19, workers=["T25", "T26", "T32", "T39", "T19"]))


@pytest.mark.parametrize("fields, ok", [
    ({}, True),
    ({"structures": {"mine": "T04", "mill": "T05"}}, False),
    ({"popularity": 6}, False),
    ({"mechs": {"speed": "T04"}}, False),
])
def test_20_permanent_foothold(fields, ok):
    base = {"structures": {"mine": "T04", "mill": "T05", "armory": "T11"}, "popularity": 7}
    base.update(fields)
    assert holds(20, holder(20, **base)) is ok


@pytest.mark.parametrize("tokens, ok", [
    ({"T04": {"oil": 5}, "T05": {"oil": 4}}, True),
    ({"T04": {"oil": 5}, "T05": {"oil": 3}}, False),            # 8 oil
    ({"T04": {"oil": 5}, "T05": {"metal": 4}}, False),          # 9 tokens, two types
    ({"T04": {"oil": 5}, "T13": {"oil": 4}}, False),            # 4 of them not controlled
])
def test_21_monopolize_the_market(tokens, ok):
    assert holds(21, holder(21), resources=tokens) is ok


@pytest.mark.parametrize("fields, ok", [
    ({"factory_card": 3}, True),
    ({"factory_card": 3, "cubes_moved": ["bolster_power"], "covered": {"upgrade": 1}}, False),
    ({}, False),
])
def test_22_technological_breakthrough(fields, ok):
    assert holds(22, holder(22, **fields)) is ok


@pytest.mark.parametrize("cards, combat_stars, ok", [
    (8, 1, True),
    (7, 1, False),
    (8, 0, False),
])
def test_23_tactical_mastery(cards, combat_stars, ok):
    stars = {"combat": combat_stars} if combat_stars else {}
    assert holds(23, holder(23, combat_cards=[2] * cards, stars=stars)) is ok


# --- 6: Send One Back as a Warning (what happened this turn, not the position) ------------

def _push_workers_home(power, enemy_workers):
    """Nordic's character steps T12 -> T13 in a Move (Agricultural section 1)."""
    g = Game.from_dict(position(
        P("nordic", "agricultural", power=power, popularity=5, character="T12",
          workers=["T04", "T05"], objectives=[6]),
        P("saxony", "mechanical", workers=enemy_workers),
        game={"phase": "move_unit", "section": 1, "turn_state": {"units_left": 1}}))
    assert reveals(g) == []
    act(g, "select_unit", 0)
    act(g, "step", L("T13"))
    assert g.phase == "bottom" and me(g)["character"] == "T13"
    return g


def test_06_warning_pushing_a_worker_home_with_7_power():
    g = _push_workers_home(7, ["T13", "T13"])
    assert me(g, 1)["workers"] == ["home:saxony", "home:saxony"] and me(g)["popularity"] == 3
    assert reveals(g) == [5]
    act(g, "skip")                              # still revealable at the end of the turn
    assert g.phase == "end_turn" and reveals(g) == [5]
    act(g, "reveal_objective", 5)
    assert me(g)["stars"] == {"objective": 1} and g.active_player == 1


@pytest.mark.parametrize("power, enemy_workers", [
    (6, ["T13", "T13"]),                        # one power short
    (7, ["T34", "T41"]),                        # nobody was pushed
])
def test_06_warning_not_met(power, enemy_workers):
    g = _push_workers_home(power, enemy_workers)
    assert reveals(g) == []
    act(g, "skip")
    assert g.phase == "section" and g.active_player == 1


@pytest.mark.parametrize("power, ok", [(9, True), (8, False)])
def test_06_warning_after_combat_counts_the_power_left(power, ok):
    # Nordic attacks the Saxony character and worker on T13, dials 2 and wins: the worker
    # retreats while Nordic has power - 2 left ("while still having at least 7 power").
    g = Game.from_dict(position(
        P("nordic", "agricultural", power=power, popularity=5, character="T12",
          workers=["T04", "T05"], objectives=[6]),
        P("saxony", "mechanical", character="T13", workers=["T13", "T41"]),
        game={"phase": "move_unit", "section": 1, "turn_state": {"units_left": 1}}))
    act(g, "select_unit", 0)
    act(g, "step", L("T13"))
    assert g.phase == "combat_dial" and g.decider == 0
    act(g, "dial", 2)
    act(g, "end_cards")
    assert g.decider == 1
    act(g, "dial", 0)
    act(g, "end_cards")
    assert g.phase == "bottom" and me(g)["power"] == power - 2
    assert me(g, 1)["workers"] == ["home:saxony", "T41"] and me(g)["stars"] == {"combat": 1}
    assert (reveals(g) == [5]) is ok


# --- the reveal ----------------------------------------------------------------------------

def _both_hold(faction):
    """Cards 22 (Factory card, no upgrade) and 7 (Factory card, a mech, <= 3 workers) hold."""
    mech = "speed"
    return Game.from_dict(position(
        P(faction, "industrial", objectives=[22, 7], factory_card=2, mechs={mech: "T05"},
          workers=["T05", "T11"]),
        P("rusviet", "engineering")))


def test_reveal_places_the_star_and_discards_both_cards():
    g = _both_hold("nordic")
    assert sorted(reveals(g)) == [6, 21]
    act(g, "reveal_objective", 21)
    p = me(g)
    assert p["stars"] == {"objective": 1}
    assert p["objectives"] == [] and p["objectives_done"] == [22]
    assert g.phase == "section" and g.active_player == 0     # the turn goes on
    assert reveals(g) == []                 # card 7 still holds but is gone
    act(g, "section", 0)
    act(g, "skip")
    assert reveals(g) == []
    act(g, "skip")                          # nothing to reveal: the turn passes
    assert g.phase == "section" and g.active_player == 1
    assert me(g)["stars"] == {"objective": 1}


def test_saxony_keeps_the_other_card_and_scores_it_too():
    g = _both_hold("saxony")
    act(g, "reveal_objective", 21)
    assert me(g)["objectives"] == [7] and me(g)["stars"] == {"objective": 1}
    act(g, "section", 0)
    act(g, "skip")
    assert reveals(g) == [6]
    act(g, "reveal_objective", 6)
    p = me(g)
    assert p["stars"] == {"objective": 2}
    assert p["objectives"] == [] and p["objectives_done"] == [7, 22]


def test_saxony_reveals_two_end_of_turn_cards_then_the_turn_passes():
    g = Game.from_dict(position(
        P("saxony", "industrial", objectives=[12, 3], coins=20, workers=["T02", "T12", "T13"]),
        P("rusviet", "engineering"),
        game={"phase": "bottom", "section": 1}))
    assert reveals(g) == []
    act(g, "skip")
    assert g.phase == "end_turn" and sorted(reveals(g)) == [2, 11]
    act(g, "reveal_objective", 11)
    assert g.phase == "end_turn" and g.active_player == 0 and reveals(g) == [2]
    act(g, "reveal_objective", 2)
    assert me(g)["stars"] == {"objective": 2} and me(g)["objectives"] == []
    assert g.phase == "section" and g.active_player == 1


def test_end_of_turn_card_is_offered_only_at_the_end_of_the_turn():
    g = Game.from_dict(position(holder(12, coins=20), OPP))
    assert g.phase == "section" and reveals(g) == []
    act(g, "section", 0)
    act(g, "skip")
    assert g.phase == "bottom" and reveals(g) == []
    act(g, "skip")
    assert g.phase == "end_turn" and g.active_player == 0
    assert sorted(rows(g)) == [("reveal_objective", 11, 0), ("skip", 0, 0)]


@pytest.mark.parametrize("reveal", [True, False])
def test_after_the_end_of_turn_choice_the_turn_passes(reveal):
    g = Game.from_dict(position(holder(12, coins=20), OPP,
                                game={"phase": "bottom", "section": 2}))
    act(g, "skip")
    assert g.phase == "end_turn"
    if reveal:
        act(g, "reveal_objective", 11)
    else:
        act(g, "skip")                      # declining keeps the card
    assert g.phase == "section" and g.active_player == 1
    p = me(g)
    assert p["last_section"] == 2
    assert p["objectives"] == ([] if reveal else [12])
    assert p["stars"] == ({"objective": 1} if reveal else {})


@pytest.mark.parametrize("stars_before, over", [(5, True), (4, False)])
def test_sixth_star_from_an_objective_ends_the_game(stars_before, over):
    # power 16, popularity 18, 4 recruits and 2 combat victories: 5 stars (4 without power)
    stars = {"combat": 2, "popularity": 1, "recruits": 1, "power": 1}
    power = 16
    if stars_before == 4:
        del stars["power"]
        power = 15
    g = Game.from_dict(position(
        holder(22, factory_card=4, power=power, popularity=18, stars=stars,
               recruits=RECRUITS, one_time_bonuses=BONUSES),
        OPP))
    act(g, "reveal_objective", 21)
    assert me(g)["stars"]["objective"] == 1
    assert g.is_over is over
    if over:
        assert g.phase == "game_over" and g.end_reason == "six_stars" and g.legal_actions() == []
    else:
        assert g.phase == "section" and g.active_player == 0
