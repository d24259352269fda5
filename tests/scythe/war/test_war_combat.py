"""War combat: rounds until a side is destroyed or the attacker retreats; ties to the
defender without an attacking mech; losses = difference + 1, attrition 1 for the
attacker; mechs lost only in a round begun without divisions, as trophies; a card per
round for 5+ divisions; cards allowed = mechs + 1 with divisions; both destroyed leaves
the territory empty; a retreat sends each attacking group back where it came from."""
from scythe_sim.games.scythe.enums import parse_loc as L
from tests.scythe.war.helpers import act, corps, divs, rows, turn_state, war, war_game

FIGHT = "T23"


def attack(attackers, defenders, k, mechs=None, cards=None, power=7, frm="T16"):
    """Nordic moves k divisions from frm into FIGHT held by Rusviet; the Move ends."""
    game = war_game({0: attackers, 1: defenders}, mechs=mechs, cards=cards, power=power)
    act(game, "war_move")
    if k:
        corps(game, L(frm), L(FIGHT), k)
    act(game, "war_end_move")
    return game


def round_(game, atk_dial, def_dial, atk_cards=(), def_cards=()):
    act(game, "war_dial", atk_dial)
    for v in atk_cards:
        act(game, "war_card", v)
    act(game, "war_end_cards")
    act(game, "war_dial", def_dial)
    for v in def_cards:
        act(game, "war_card", v)
    act(game, "war_end_cards")


def test_a_tie_goes_to_the_defender_without_an_attacking_mech():
    game = attack({"T16": 6}, {FIGHT: 4}, 5)
    round_(game, 2, 2)
    # attacker lost the round: 0 + 1, and 1 attrition
    assert divs(game, 0)[FIGHT] == 3 and divs(game, 1)[FIGHT] == 4
    assert war(game, 0, "casualties") == 2 and game.phase == "war_retreat"


def test_a_tie_goes_to_the_attacker_with_a_mech():
    # the mech carries 5 divisions into the fight
    game = war_game({0: {"T16": 6}, 1: {FIGHT: 4}}, mechs={0: {"speed": "T16"}}, power=7)
    act(game, "war_move")
    act(game, "war_select_mech", 4)
    act(game, "war_load", 5)
    act(game, "war_step", L(FIGHT))
    act(game, "war_end_move")
    round_(game, 2, 2)
    assert divs(game, 1)[FIGHT] == 3 and divs(game, 0)[FIGHT] == 4   # loser -1, attrition -1


def test_the_loser_loses_the_difference_plus_one():
    game = attack({"T16": 8}, {FIGHT: 6}, 7)
    round_(game, 5, 1)
    assert divs(game, 1)[FIGHT] == 1 and divs(game, 0)[FIGHT] == 6


def test_sides_with_5_divisions_draw_a_card_each_round_and_cards_allowed_follow_units():
    game = attack({"T16": 6}, {FIGHT: 4}, 5)
    assert int(game.state.hand[0].sum()) == 1 and int(game.state.hand[1].sum()) == 0
    act(game, "war_dial", 0)
    assert turn_state(game, "cards_left") == 1   # no mech, divisions: 1 card


def test_the_loser_draws_a_card_after_using_power():
    game = attack({"T16": 3}, {FIGHT: 4}, 2)
    round_(game, 1, 3)
    assert int(game.state.hand[0].sum()) == 1


def test_mechs_fall_only_in_a_round_begun_without_divisions():
    game = war_game({0: {"T16": 2}, 1: {FIGHT: 5}}, mechs={0: {"speed": "T16", "riverwalk": "T16"}},
                    power=7)
    act(game, "war_move")
    act(game, "war_select_mech", 4)
    act(game, "war_step", L(FIGHT))
    act(game, "war_end_move")
    round_(game, 0, 3)        # 5 divisions: the defender drew a card first
    assert war(game, 0, "mechs_lost") == 1 and war(game, 1, "trophies") == 1
    assert game.phase == "war_move" or game.active_player == 1


def test_destroyed_side_leaves_and_the_winner_holds():
    game = attack({"T16": 3}, {FIGHT: 1}, 2)
    round_(game, 3, 0)
    assert FIGHT not in divs(game, 1) and divs(game, 0)[FIGHT] == 1
    assert game.active_player == 1


def test_both_destroyed_leaves_the_territory_empty():
    game = attack({"T16": 2}, {FIGHT: 1}, 1)
    round_(game, 1, 0)        # defender loses 2 (its 1), attacker loses 1 attrition (its 1)
    assert FIGHT not in divs(game, 0) and FIGHT not in divs(game, 1)


def test_the_attacker_may_fight_on_or_retreat_where_it_came_from():
    game = attack({"T16": 9}, {FIGHT: 9}, 8)
    round_(game, 0, 1)
    assert sorted(r[0] for r in rows(game)) == ["war_fight_on", "war_retreat"]
    act(game, "war_fight_on")
    assert game.phase == "war_dial"
    round_(game, 0, 0)
    act(game, "war_retreat")
    assert FIGHT not in divs(game, 0) and divs(game, 0)["T16"] == 1 + 8 - 3 - 2


def test_a_retreat_sends_each_attacking_group_back_where_it_came_from():
    # 6 from T16 and 4 from T30 attack the Factory; the round's losses (3 + 1 attrition)
    # come off the group that entered last (T30's) first: T16 gets 6 back, T30 none
    game = war_game({0: {"T16": 7, "T30": 5}, 1: {FIGHT: 9}}, power=7)
    act(game, "war_move")
    corps(game, L("T16"), L(FIGHT), 6)
    corps(game, L("T30"), L(FIGHT), 4)
    assert game.phase == "war_dial"
    round_(game, 0, 2)
    assert divs(game, 0)[FIGHT] == 10 - 3 - 1
    act(game, "war_retreat")
    assert divs(game, 0) == {"T16": 1 + 6, "T30": 1}


def test_a_retreat_splits_the_survivors_by_group_and_mechs_go_back_with_theirs():
    # the Speed mech brings 2 from T30 after the corps of 6 from T16. A tie won by the mech:
    # attrition 1 off the mech's group (the last in), so T16 gets 6 back, T30 1 and the mech
    game = war_game({0: {"T16": 7, "T30": 3}, 1: {FIGHT: 9}}, mechs={0: {"speed": "T30"}}, power=7)
    act(game, "war_move")
    corps(game, L("T16"), L(FIGHT), 6)
    act(game, "war_select_mech", 4)
    act(game, "war_load", 2)
    act(game, "war_step", L(FIGHT))
    round_(game, 1, 1)
    act(game, "war_retreat")
    assert divs(game, 0) == {"T16": 1 + 6, "T30": 1 + 1}
    assert game.to_dict()["players"][0]["mechs"]["speed"] == "T30"


def two_fights():
    """Nordic's Move ends with fights due on T13 (next to Rusviet's home base, 1 Rusviet
    division) and on T23 (the Factory, 4); Rusviet has 2 more on T30, Saxony plays on."""
    game = war_game({0: {"T12": 4, "T16": 6}, 1: {"T13": 1, FIGHT: 4, "T30": 2}, 2: {"T41": 1}},
                    factions=("nordic", "rusviet", "saxony"), mats=("industrial", "engineering", "patriotic"),
                    power=7)
    act(game, "war_move")
    corps(game, L("T12"), L("T13"), 3)
    corps(game, L("T16"), L(FIGHT), 5)
    if game.phase == "war_move":
        act(game, "war_end_move")
    return game


def test_with_fights_due_on_several_territories_the_attacker_picks_the_order():
    game = two_fights()
    assert game.phase == "war_fight_pick" and game.decider == 0
    assert [(r[0], r[1]) for r in rows(game)] == [("war_fight", L("T13")), ("war_fight", L(FIGHT))]
    act(game, "war_fight", L(FIGHT))
    assert game.phase == "war_dial" and turn_state(game, "combat_hex") == L(FIGHT)


def test_the_order_changes_the_outcome_a_capitulation_first_ends_the_other_fight_unfought():
    """T13 first: won, Rusviet capitulates, its 4 divisions on the Factory become Nordic's
    and no fight is left there. T23 first would have been fought (test above)."""
    game = two_fights()
    act(game, "war_fight", L("T13"))
    round_(game, 5, 0)   # Rusviet's 1 loses 6; Nordic loses 1 to attrition
    assert war(game, 1, "capitulated_by") == 0
    assert divs(game, 0) == {"T12": 1, "T13": 2, "T16": 1, FIGHT: 9, "T30": 2}
    assert game.phase == "war_action" and game.active_player == 2   # no fight left: Saxony's turn
