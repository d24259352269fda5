"""All Out War's airship rules with the Wind Gambit (seed 003 "Airships"; docs/RULES.md
"All Out War"): the airship in the war Move, 10 divisions carried, bombard, blitz drop and
ship combat, from positions. Nordic (p0) home next to T04, T05; Rusviet (p1) next to T13,
T19, T26; T11-T12 is a river, T17 a lake."""
import pytest

from scythe_sim.games.scythe.enums import parse_loc as L
from scythe_sim.games.scythe.layout import AIRSHIP_FIELDS, P_POWER
from scythe_sim.games.scythe.strategies import STRATEGIES
from tests.scythe.war.helpers import act, corps, divs, rows, war, war_game
from tests.scythe.war.soak import war_soak
from tests.scythe.war.test_war_strategy import pick

NONE = {"location": "home:rusviet", "aggressive": "bombard", "passive": "ferry"}


def ship(location, **extra):
    return {"location": location, "aggressive": "bombard", "passive": "ferry", **extra}


def aboard(game, p=0):
    return int(game.state.airship[p, AIRSHIP_FIELDS.index("divisions")])


def airship_of(game, p):
    return game.to_dict()["players"][p]["airship"]


def to_airship_end(game):
    """End the Move (its moves left unused): the airship's acts follow."""
    act(game, "war_end_move")
    assert game.phase == "war_airship_end"


def test_the_airship_is_one_war_move_and_carries_divisions_over_a_river():
    game = war_game({0: {"T11": 6, "T05": 2}, 1: {"T18": 2}}, airships={0: ship("T11"), 1: NONE})
    act(game, "war_move")
    act(game, "war_select_airship")
    assert game.phase == "war_airship"
    assert rows(game, "war_airship_load") == [("war_airship_load", k, 0, 0) for k in range(1, 6)]
    assert not rows(game, "war_airship_unload")                 # nothing aboard yet
    act(game, "war_airship_load", 5)                            # one stays on T11
    assert aboard(game) == 5 and divs(game, 0)["T11"] == 1
    act(game, "war_airship_step", L("T12"))                     # over the river
    act(game, "war_airship_unload", 5)
    assert divs(game, 0)["T12"] == 5 and aboard(game) == 0
    act(game, "war_airship_stop")
    assert game.phase == "war_move"                             # one of the two moves used
    assert [r for r in rows(game, "war_corps") if r[1] == L("T12")]   # carried: they may walk on
    assert not rows(game, "war_select_airship")                 # once per Move
    to_airship_end(game)
    assert rows(game) == [("war_airship_done", 0, 0, 0)]
    act(game, "war_airship_done")
    assert game.phase == "war_action" and game.decider == 1


def test_ten_divisions_at_most_aboard_and_none_unloaded_where_an_enemy_stands():
    game = war_game({0: {"T11": 14}, 1: {"T12": 2}}, airships={0: ship("T11", divisions=4), 1: NONE})
    act(game, "war_move")
    act(game, "war_select_airship")
    assert max(r[1] for r in rows(game, "war_airship_load")) == 6   # 4 aboard + 6 = 10
    act(game, "war_airship_load", 6)
    act(game, "war_airship_step", L("T12"))                     # Rusviet's divisions there
    assert not rows(game, "war_airship_unload") and not rows(game, "war_airship_load")
    act(game, "war_airship_stop")
    assert aboard(game) == 10


def test_bombard_costs_5_power_a_division_at_most_3_a_turn_never_the_last_one():
    game = war_game({0: {"T11": 2}, 1: {"T12": 3, "T06": 6}}, power=16,
                    airships={0: ship("T12"), 1: NONE})
    act(game, "war_move")
    act(game, "war_select_airship")
    act(game, "war_airship_stop")                               # activated, not moved: enough
    to_airship_end(game)
    assert rows(game, "war_bombard") == [("war_bombard", 1, 1, 0), ("war_bombard", 1, 2, 0)]   # 3 there: 2
    act(game, "war_bombard", 1, 2)
    assert divs(game, 1)["T12"] == 1 and war(game, 1, "casualties") == 2
    assert game.to_dict()["players"][0]["power"] == 6
    assert not rows(game, "war_bombard")                        # the last one stays
    act(game, "war_airship_done")
    # at most 3 a turn, and only with the power: 16 power, 6 divisions there
    game = war_game({0: {"T11": 2}, 1: {"T06": 6}}, power=16, airships={0: ship("T06"), 1: NONE})
    act(game, "war_move")
    act(game, "war_select_airship")
    act(game, "war_airship_stop")
    to_airship_end(game)
    assert [r[2] for r in rows(game, "war_bombard")] == [1, 2, 3]
    act(game, "war_bombard", 1, 1)
    assert [r[2] for r in rows(game, "war_bombard")] == [1, 2]   # 3 a turn in all
    game = war_game({0: {"T11": 2}, 1: {"T06": 6}}, power=9, airships={0: ship("T06"), 1: NONE})
    act(game, "war_move")
    act(game, "war_select_airship")
    act(game, "war_airship_stop")
    to_airship_end(game)
    assert [r[2] for r in rows(game, "war_bombard")] == [1]     # 9 power: one


def test_no_airship_acts_after_a_move_that_did_not_activate_it():
    game = war_game({0: {"T11": 3}, 1: {"T12": 3}}, power=16, airships={0: ship("T12", divisions=3), 1: NONE})
    act(game, "war_move")
    corps(game, L("T11"), L("T04"), 2)
    act(game, "war_end_move")
    assert game.phase == "war_action" and game.decider == 1


def test_bombard_at_no_power_a_division_is_bounded_by_the_turns_limit_and_the_divisions_only():
    """war_airship_bombard_power = 0: free bombards (it once divided by zero); with 0 power
    the airship still bombards up to 3 a turn, never the last division, and pays nothing."""
    game = war_game({0: {"T11": 2}, 1: {"T06": 6}}, power=0, airships={0: ship("T06"), 1: NONE},
                    rules={"war_airship_bombard_power": 0})
    act(game, "war_move")
    act(game, "war_select_airship")
    act(game, "war_airship_stop")
    to_airship_end(game)
    assert [r[2] for r in rows(game, "war_bombard")] == [1, 2, 3]
    act(game, "war_bombard", 1, 3)
    assert divs(game, 1)["T06"] == 3 and game.to_dict()["players"][0]["power"] == 0
    assert game.check() == 0


def _flown_over_t12(defenders):
    """Player 0's airship, six divisions aboard, flown from T11 over T12, where player 1
    has `defenders` divisions: the war game at the airship's end."""
    game = war_game({0: {"T11": 2}, 1: {"T12": defenders}}, power=16,
                    airships={0: ship("T11", divisions=6), 1: NONE})
    act(game, "war_move")
    act(game, "war_select_airship")
    act(game, "war_airship_step", L("T12"))
    act(game, "war_airship_stop")
    to_airship_end(game)
    return game


def test_blitz_drop_attacks_after_the_move_and_bombard_only_before_it():
    game = _flown_over_t12(3)
    assert sorted(r[1] for r in rows(game, "war_blitz")) == [1, 2, 3, 4, 5, 6]   # some or all
    act(game, "war_bombard", 1, 1)
    act(game, "war_blitz", 6)
    assert divs(game, 0)["T12"] == 6 and aboard(game) == 0
    assert not rows(game, "war_bombard") and not rows(game, "war_blitz")
    act(game, "war_airship_done")
    assert game.phase == "war_dial"                              # the fight on T12
    assert not game.to_dict()["game"]["turn_state"]["war_atk_mech"]


def test_a_blitz_drop_retreats_back_aboard_its_airship():
    game = _flown_over_t12(6)
    act(game, "war_blitz", 6)
    act(game, "war_airship_done")
    for dial in (0, 1):
        act(game, "war_dial", dial)
        act(game, "war_end_cards")
    assert rows(game, "war_retreat"), "back aboard: the airship stands over the fight"
    act(game, "war_retreat")
    assert aboard(game) == 6 - 2 - 1 and "T12" not in divs(game, 0)


def test_ship_combat_lost_by_5_or_more_destroys_the_airship_for_good_a_trophy():
    game = war_game({0: {"T11": 2}, 1: {"T13": 2}}, power=10, cards={0: [5]},
                    airships={0: ship("T11"), 1: ship("T12", divisions=4)})
    act(game, "war_move")
    act(game, "war_select_airship")
    act(game, "war_airship_step", L("T12"))
    act(game, "war_airship_stop")
    to_airship_end(game)
    assert rows(game, "war_ship_fight") == [("war_ship_fight", 1, 0, 0)]
    act(game, "war_ship_fight", 1)
    assert game.phase == "ship_dial" and [r[1] for r in rows(game)] == list(range(8))
    act(game, "ship_dial", 2)
    act(game, "ship_card", 3)                                    # 2 + 5 = 7
    act(game, "ship_end_cards")
    act(game, "ship_dial", 1)                                    # 1 + nothing: lost by 6
    act(game, "ship_end_cards")
    assert game.phase == "war_airship_end" and not rows(game, "war_ship_fight")
    theirs = airship_of(game, 1)
    assert theirs["destroyed"] is True and theirs["location"] == "off board"
    assert war(game, 1, "casualties") == 4 and aboard(game, 1) == 0    # those aboard are lost
    assert war(game, 0, "trophies") == 1 and war(game, 1, "airships_lost") == 1
    act(game, "war_airship_done")
    assert game.decider == 1
    act(game, "war_move")                                        # Rusviet's Move: no airship
    assert not rows(game, "war_select_airship")


def test_ship_combat_lost_by_less_sends_the_airship_home_and_its_divisions_are_lost():
    game = war_game({0: {"T11": 2}, 1: {"T13": 2}}, power=10,
                    airships={0: ship("T11", divisions=3), 1: ship("T12")})
    act(game, "war_move")
    act(game, "war_select_airship")
    act(game, "war_airship_step", L("T12"))
    act(game, "war_airship_stop")
    to_airship_end(game)
    act(game, "war_ship_fight", 1)
    act(game, "ship_dial", 1)
    act(game, "ship_end_cards")
    act(game, "ship_dial", 4)                                    # the defender wins by 3
    act(game, "ship_end_cards")
    mine = airship_of(game, 0)
    assert mine["location"] == "home:nordic" and "destroyed" not in mine
    assert war(game, 0, "casualties") == 3 and aboard(game) == 0 and war(game, 1, "trophies") == 0
    assert not rows(game, "war_blitz")                           # nothing left aboard
    act(game, "war_airship_done")


def test_a_war_position_with_airships_round_trips():
    game = war_game({0: {"T11": 2}, 1: {"T13": 2}}, airships={0: ship("T11", divisions=3),
                                                            1: ship("T12", destroyed=True)})
    data = game.to_dict()
    assert data["players"][0]["airship"]["divisions"] == 3
    assert data["players"][1]["airship"]["destroyed"] is True
    assert type(game).from_dict(data, rules={"all_out_war": 1, "wind_gambit": 1}).to_dict() == data


@pytest.mark.parametrize("tile", range(1, 9))
def test_wars_with_airships_keep_every_invariant_with_every_aggressive_tile(tile):
    """Divisions conserved with those aboard, at most 10 aboard, a destroyed airship never
    back (war invariants), over war + Wind Gambit games, random and scripted seats."""
    rules = {"wind_gambit": 1, "airship_aggressive": tile}
    statuses, first_bad, _ = war_soak(6, 3, strategies=("random",), seed=300 + tile, rules=rules)
    assert first_bad is None, (statuses, first_bad)
    scripted = tuple(name for name in STRATEGIES if name not in ("random", "automa"))
    statuses, first_bad, _ = war_soak(4, 3, strategies=scripted, seed=400 + tile, rules=rules)
    assert first_bad is None, (statuses, first_bad)


def test_a_capitulated_faction_removes_its_airship_and_its_divisions_aboard_are_lost():
    game = war_game({0: {"T12": 3}, 1: {"T26": 2}}, airships={0: ship("T11"), 1: ship("T30", divisions=4)})
    act(game, "war_move")
    corps(game, L("T12"), L("T13"), 2)               # T13 touches Rusviet's home base
    assert war(game, 1, "capitulated_by") == 0
    assert aboard(game, 1) == 0 and war(game, 1, "casualties") == 4
    # seed 003: "the capitulated faction removes its Character, mechs and airship from the board"
    assert airship_of(game, 1)["location"] == "off board" and airship_of(game, 1)["destroyed"]
    assert war(game, 0, "trophies") == 0 and war(game, 1, "airships_lost") == 0, "nobody destroyed it"
    assert type(game).from_dict(game.to_dict(), rules={"all_out_war": 1, "wind_gambit": 1}).to_dict() == game.to_dict()


# --- the war strategies' airship (strategies/war/policy.py) ---------------------------------------
def _play_move(game, strategy="greedy"):
    """The decider's Move played by the strategy to its fights; the kinds it chose."""
    kinds = []
    me = game.decider
    act(game, "war_move")
    while game.phase in ("war_move", "war_corps_size", "war_airship", "war_airship_end", "ship_dial", "ship_cards"):
        kind, a0, a1, a2 = pick(game, strategy)
        kinds.append(kind)
        act(game, kind, a0, a1, a2)
        if game.phase in ("war_move", "war_corps_size", "war_airship", "war_airship_end") and game.decider != me:
            break
    return kinds


def test_the_strategy_carries_divisions_over_the_river_to_land_next_to_a_home_base():
    game = war_game({0: {"T11": 12, "T04": 3, "T05": 3}, 1: {"T12": 1, "T06": 3, "T19": 4}}, power=7,
                    airships={0: ship("T11"), 1: NONE})
    kinds = _play_move(game)
    assert kinds[:2] == ["war_select_airship", "war_airship_load"] and "war_airship_unload" in kinds
    assert war(game, 1, "capitulated_by") == 0 and divs(game, 0)["T13"] > 0   # T13: Rusviet capitulates
    assert divs(game, 0)["T13"] + aboard(game) == 10, "the 10 loaded: set down on T13 or still aboard"


def test_the_strategy_blitzes_where_the_forecast_wins_and_not_where_it_loses():
    weak = {0: {"T11": 12, "T04": 3, "T05": 3}, 1: {"T12": 1, "T06": 3, "T13": 3, "T18": 2, "T19": 4, "T26": 3}}
    game = war_game(weak, power=7, airships={0: ship("T11"), 1: NONE})
    assert "war_blitz" in _play_move(game) and game.phase == "war_dial"   # 10 dropped on T19 against 4
    strong = {0: {"T11": 12, "T04": 3, "T05": 3},
              1: {"T12": 14, "T06": 14, "T13": 14, "T18": 14, "T19": 14, "T26": 3}}
    game = war_game(strong, power=7, airships={0: ship("T11"), 1: NONE})
    assert "war_blitz" not in _play_move(game)


def test_the_strategy_fights_a_ship_combat_it_likely_wins_only():
    home = {"T13": 9, "T19": 9, "T26": 9}
    game = war_game({0: {"T11": 1, "T04": 3}, 1: home}, power=12, cards={0: [5]},
                    airships={0: ship("T11"), 1: ship("T12", divisions=3)})
    game.state.player[1, P_POWER] = 1                            # Rusviet: 1 power
    assert "war_ship_fight" in _play_move(game)
    game = war_game({0: {"T11": 1, "T04": 3}, 1: home}, power=2,
                    airships={0: ship("T11"), 1: ship("T12", divisions=3)})
    game.state.player[1, P_POWER] = 14
    assert "war_ship_fight" not in _play_move(game)


def test_a_war_run_with_airships_plays_and_names_its_assumptions():
    from scythe_sim.runner.batch import play_range
    from scythe_sim.games.scythe.spec.answers import assumptions
    from tests.runner.test_spec import config
    c = config(variant="all_out_war", rules={"wind_gambit": 1}, strategies={"pool": ["greedy"]}, games=2)
    ids = {a["id"] for a in assumptions(c)}
    assert {"war-airships-simplified", "blitzkrieg-fight-simplified", "war-stalemate"} <= ids
    assert {"airship-tiles-placeholders", "toll-fee-choices", "automa-airship-by-planner"} <= ids   # airships' own
    assert "war-airships-simplified" not in {a["id"] for a in assumptions(config(variant="all_out_war"))}
    batch = play_range(c, 0, 2)
    assert batch.tables["games"].num_rows == 2 and batch.bad == ()
