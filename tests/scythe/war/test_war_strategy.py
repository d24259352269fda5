"""The scripted strategies play the war with purpose (strategies/war/policy.py): they attack a
weaker stack and leave a stronger one alone, retreat from a fight they are losing and
fight on in one they are winning, place divisions where a home-adjacent territory is
threatened, Produce when coins allow and the front needs divisions, and take a
capitulation that one move reaches. Positions: Nordic (player 0, home next to T04, T05)
against Rusviet (player 1, home next to T13, T19, T26); see helpers.py. `search` searches
its war decisions by rollouts (strategies/war/search.py, tested in test_war_search.py):
here its rows play with the search off, so the policy beneath it is what is tested."""
import pytest

from scythe_sim.games.scythe.enums import parse_loc as L
from scythe_sim.games.scythe.layout import P_POWER, P_SEAT
from scythe_sim.games.scythe.strategies import STRATEGIES
from scythe_sim.games.scythe.strategies.dispatch import choose
from scythe_sim.games.scythe.strategies.weights import WEIGHTS, load_params
from tests.scythe.war.helpers import act, corps, war, war_game

SCRIPTED = [name for name in STRATEGIES if name != "random"]


def policy_params():
    """The shipped weights with the war search off (the war policy in every row)."""
    params = load_params().copy()
    params[:, WEIGHTS.index("war_search_rollouts")] = 0
    return params


def pick(game, strategy):
    """(kind, a0, a1, a2) of the row `strategy` plays for the decider."""
    rows = game.legal_rows()
    s = game.state
    seat = int(s.player[game.decider, P_SEAT])
    i = choose(STRATEGIES.index(strategy), s, game.tables, seat, rows, len(rows), policy_params(), game.work)
    a = game.legal_actions()[i]
    return a.kind_name, a.a0, a.a1, a.a2


@pytest.mark.parametrize("strategy", SCRIPTED)
def test_attacks_the_weaker_neighbour_and_leaves_the_stronger_alone(strategy):
    weak = war_game({0: {"T16": 10, "T10": 1}, 1: {"T15": 12, "T23": 2, "T19": 3}}, power=7)
    act(weak, "war_move")
    kind, frm, to, _ = pick(weak, strategy)
    assert (kind, frm, to) == ("war_corps", L("T16"), L("T23"))
    strong = war_game({0: {"T16": 10, "T10": 1}, 1: {"T15": 12, "T23": 12, "T19": 3}}, power=7)
    act(strong, "war_move")
    assert pick(strong, strategy)[0] == "war_end_move"


def after_a_round(divisions, k, atk_dial, def_dial, power, defender_power=None):
    """Nordic has attacked T23 from T16 with k divisions; a round has been fought with
    these dials and no cards."""
    game = war_game(divisions, power=power)
    if defender_power is not None:
        game.state.player[1, P_POWER] = defender_power
    act(game, "war_move")
    corps(game, L("T16"), L("T23"), k)
    act(game, "war_end_move")
    for dial in (atk_dial, def_dial):
        act(game, "war_dial", dial)
        act(game, "war_end_cards")
    assert game.phase == "war_retreat"
    return game


@pytest.mark.parametrize("strategy", SCRIPTED)
def test_retreats_from_a_losing_fight_and_fights_on_in_a_winning_one(strategy):
    losing = after_a_round({0: {"T16": 5}, 1: {"T23": 12}}, 4, 3, 3, power=3)
    assert pick(losing, strategy)[0] == "war_retreat"
    winning = after_a_round({0: {"T16": 10}, 1: {"T23": 6}}, 9, 2, 0, power=7, defender_power=1)
    assert pick(winning, strategy)[0] == "war_fight_on"


def threatened_home():
    """Rusviet's 6 divisions on T11 face Nordic's home-adjacent T04 (1) and T05 (3)."""
    return war_game({0: {"T04": 1, "T05": 3, "T16": 2, "T10": 1}, 1: {"T11": 6, "T19": 2}})


@pytest.mark.parametrize("strategy", SCRIPTED)
def test_produces_when_coins_allow_and_places_on_the_threatened_home_territory(strategy):
    game = threatened_home()
    assert pick(game, strategy)[0] == "war_produce"
    act(game, "war_produce")
    kind, loc, _, _ = pick(game, strategy)
    assert (kind, loc) == ("war_place", L("T04"))


@pytest.mark.parametrize("strategy", SCRIPTED)
def test_takes_a_capitulation_one_move_away(strategy):
    game = war_game({0: {"T12": 4, "T05": 3}, 1: {"T19": 5, "T26": 5, "T24": 2}}, coins=0)
    assert pick(game, strategy)[0] == "war_move"
    act(game, "war_move")
    kind, frm, to, _ = pick(game, strategy)
    assert (kind, frm, to) == ("war_corps", L("T12"), L("T13"))
    game.step(next(a for a in game.legal_actions() if (a.kind_name, a.a0, a.a1) == (kind, frm, to)))
    if game.phase == "war_corps_size":   # how many go: the strategy's choice
        act(game, *pick(game, strategy))
    assert war(game, 1, "capitulated_by") == 0



@pytest.mark.parametrize("strategy", SCRIPTED)
def test_two_corps_attack_one_enemy_territory_in_one_move(strategy):
    """Rusviet's 4 divisions on its home-adjacent T13 (power 7) beat either Nordic corps
    of 2 (T12, T06) alone: a tie goes to the defender, and the loser loses the
    difference + 1 and attrition 1. Together they win, so the first corps goes in
    counting on the second (the fight comes after the Move's moves), which joins it."""
    game = war_game({0: {"T12": 3, "T06": 3, "T04": 3, "T05": 3, "T11": 2},
                     1: {"T13": 4, "T19": 4, "T26": 4, "T18": 8}}, coins=0, power=14)
    game.state.player[1, P_POWER] = 7
    act(game, "war_move")
    entered = set()
    for _ in range(2):
        kind, frm, to, k = pick(game, strategy)
        assert (kind, to) == ("war_corps", L("T13"))
        entered.add(frm)
        act(game, kind, frm, to, k)
        if game.phase == "war_corps_size":
            act(game, *pick(game, strategy))
    assert entered == {L("T12"), L("T06")}


@pytest.mark.parametrize("strategy", SCRIPTED)
def test_stages_divisions_next_to_a_defended_target_before_attacking(strategy):
    """Nordic's 2 divisions on T12 cannot take Rusviet's home-adjacent T13 (6 there):
    the Move's first corps brings divisions from the large stack on T18 up to T12,
    rather than attacking and losing or standing still."""
    game = war_game({0: {"T18": 10, "T12": 2, "T04": 3, "T05": 3, "T11": 2},
                     1: {"T13": 6, "T19": 4, "T26": 4, "T24": 6}}, coins=0, power=7)
    act(game, "war_move")
    kind, frm, to, _ = pick(game, strategy)
    assert (kind, frm, to) == ("war_corps", L("T18"), L("T12"))


@pytest.mark.parametrize("strategy", SCRIPTED)
def test_a_mech_ferries_divisions_across_a_river_to_an_attack(strategy):
    """Rusviet's 2 divisions on T18 are across a river from Nordic's 6 on T11: divisions
    cannot step over it, Nordic's Riverwalk mech carries them there and attacks."""
    game = war_game({0: {"T11": 6, "T04": 2, "T05": 2}, 1: {"T18": 2, "T19": 4, "T12": 3}},
                    mechs={0: {"riverwalk": "T11"}}, coins=0, power=7)
    act(game, "war_move")
    assert pick(game, strategy)[:2] == ("war_select_mech", 1)
    act(game, "war_select_mech", 1)
    kind, k, _, _ = pick(game, strategy)
    assert kind == "war_load" and k >= 3
    act(game, "war_load", k)
    assert pick(game, strategy)[:2] == ("war_step", L("T18"))


@pytest.mark.parametrize("strategy", SCRIPTED)
def test_a_broke_faction_near_the_win_takes_the_coins_for_power(strategy):
    """Nordic holds 19 territorial points (6 short of the win) with no coin and no power:
    Bolster is closed without a coin, and the only move (one division from T28 to T29,
    next to Rusviet's 6 on T30) is worth little, so it takes the Move's coins (next
    turn's Bolster) rather than the move."""
    held = ("T01", "T02", "T08", "T03", "T06", "T21", "T35", "T36", "T23", "T27", "T29")
    game = war_game({0: {**{x: 1 for x in held}, "T28": 2}, 1: {"T30": 6, "T19": 3, "T26": 3, "T13": 3}},
                    coins=0, power=0)
    game.state.player[1, P_POWER] = 7
    assert pick(game, strategy)[0] == "war_gain_coins"


@pytest.mark.parametrize("strategy", SCRIPTED)
def test_fights_first_where_a_win_makes_the_enemy_capitulate(strategy):
    """Fights due on T13 (next to Rusviet's home base, 1 point) and on the Factory (3
    points), both won by the forecast: the capitulation comes first, since it captures
    the Factory's defenders and the second fight is over unfought."""
    game = war_game({0: {"T12": 4, "T16": 6}, 1: {"T13": 1, "T23": 2, "T30": 2}, 2: {"T41": 1}},
                    factions=("nordic", "rusviet", "saxony"), mats=("industrial", "engineering", "patriotic"),
                    power=7)
    game.state.player[1, P_POWER] = 0
    act(game, "war_move")
    corps(game, L("T12"), L("T13"), 3)
    corps(game, L("T16"), L("T23"), 5)
    if game.phase == "war_move":
        act(game, "war_end_move")
    assert game.phase == "war_fight_pick"
    assert pick(game, strategy)[:2] == ("war_fight", L("T13"))
