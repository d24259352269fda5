"""The war turn: Bolster (power doubled), Move or its coins, Produce; never last turn's
action; a pass only when nothing is open; points counted at the end of the turn."""
from scythe_sim.games.scythe.layout import P_COINS, P_POWER
from scythe_sim.games.scythe.variants.war.layout import WAR_ACTIONS, WAR_END_REASONS
from scythe_sim.games.scythe.tables import RULE_NAMES
from tests.scythe.war.helpers import act, divs, rows, turn_state, war, war_game

BASE = {0: {"T16": 3, "T04": 1}, 1: {"T30": 3, "T19": 1}}


def test_the_three_actions_are_offered_at_the_start():
    game = war_game(BASE)
    assert sorted(r[0] for r in rows(game)) == ["war_bolster", "war_bolster", "war_gain_coins",
                                                "war_move", "war_produce"]


def test_bolster_power_is_doubled_and_costs_a_coin():
    game = war_game(BASE, power=3, coins=5)
    act(game, "war_bolster", 0)
    assert int(game.state.player[0, P_POWER]) == 3 + 2 * 2   # industrial's Bolster gives 2 power
    assert int(game.state.player[0, P_COINS]) == 4
    assert war(game, 0, "last_action") == WAR_ACTIONS.index("bolster")
    assert game.active_player == 1


def test_bolster_cards_draws_from_the_variant_stream_only():
    game = war_game(BASE, coins=5)
    before = game.state.rng.copy()
    act(game, "war_bolster", 1)
    assert int(game.state.hand[0].sum()) == 1
    assert (game.state.rng[0] == before[0]).all() and not (game.state.rng[1] == before[1]).all()


def test_the_same_action_is_never_taken_twice_in_a_row():
    game = war_game(BASE, war_players={0: {"last_action": WAR_ACTIONS.index("produce")}})
    assert "war_produce" not in [r[0] for r in rows(game)]
    game = war_game(BASE, war_players={0: {"last_action": WAR_ACTIONS.index("move")}})
    assert not {"war_move", "war_gain_coins"} & {r[0] for r in rows(game)}


def test_a_pass_only_when_no_action_is_open():
    game = war_game(BASE, coins=0, war_players={0: {"last_action": WAR_ACTIONS.index("move")}})
    assert rows(game) == [("war_pass", 0, 0, 0)]
    act(game, "war_pass")
    assert war(game, 0, "last_action") == -1 and game.active_player == 1


def test_gain_coins_stays_open_and_counts_as_the_move():
    game = war_game(BASE, coins=3)
    act(game, "war_gain_coins")
    assert int(game.state.player[0, P_COINS]) > 3 and war(game, 0, "last_action") == WAR_ACTIONS.index("move")
    assert "war_gain_coins" not in [r[0] for r in rows(war_game(BASE, rules={"war_gain_coins": 0}))]


def test_produce_pays_10_for_5_divisions_placed_on_controlled_land():
    game = war_game(BASE, coins=12)
    act(game, "war_produce")
    assert int(game.state.player[0, P_COINS]) == 2 and war(game, 0, "produced") == 5
    assert {r[1] for r in rows(game, "war_place")} == {game_loc("T16"), game_loc("T04")}
    act(game, "war_place", game_loc("T16"), 1)
    act(game, "war_place", game_loc("T04"), 4)
    assert divs(game, 0) == {"T04": 5, "T16": 4} and war(game, 0, "deploy_pool") == 0
    assert game.active_player == 1


def test_produce_recruits_what_is_left_when_fewer_than_5_remain():
    game = war_game(BASE, coins=12, war_players={0: {"recruit_pool": 2, "casualties": 94}})
    act(game, "war_produce")
    assert war(game, 0, "produced") == 2 and war(game, 0, "recruit_pool") == 0
    act(game, "war_place", game_loc("T16"), 2)
    assert divs(game, 0)["T16"] == 5


def test_points_are_counted_at_the_end_of_the_turn_and_25_wins():
    # the Factory 3 + villages T03, T06, T21 2 each + 16 other territories 1 each = 25
    land = ["T23", "T03", "T06", "T21", "T01", "T02", "T04", "T05", "T08", "T10", "T11", "T12",
            "T14", "T15", "T16", "T18", "T20", "T24", "T25", "T27"]
    game = war_game({0: {h: 1 for h in land[:-1]}, 1: {"T30": 1}})
    act(game, "war_bolster", 0)
    assert war(game, 0, "points") == 24 and not game.is_over
    game = war_game({0: {h: 1 for h in land}, 1: {"T30": 1}})
    act(game, "war_bolster", 0)
    assert war(game, 0, "points") == 25 and game.is_over
    assert turn_state(game, "war_winner") == 0
    assert WAR_END_REASONS[turn_state(game, "war_end_reason")] == "points"


def test_lakes_count_nothing_and_the_cowinner_rule_is_readable():
    game = war_game({0: {"T16": 1}, 1: {"T30": 1}}, mechs={0: {"seaworthy": "T17"}},
                    rules={"war_cowinner": 1})
    act(game, "war_bolster", 0)
    assert war(game, 0, "points") == 1
    assert int(game.tables.rules[RULE_NAMES.index("war_cowinner")]) == 1


def game_loc(name):
    from scythe_sim.games.scythe.enums import parse_loc
    return parse_loc(name)
