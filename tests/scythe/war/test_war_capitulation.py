"""Capitulation, last faction standing and the simulator's stalemates."""
from scythe_sim.games.scythe.enums import parse_loc as L
from scythe_sim.games.scythe.layout import P_COINS, P_POWER
from scythe_sim.games.scythe.variants.war.layout import WAR_END_REASONS
from tests.scythe.war.helpers import act, corps, divs, turn_state, war, war_game


def test_occupying_land_next_to_a_home_base_makes_that_faction_capitulate():
    game = war_game({0: {"T12": 4}, 1: {"T30": 6, "T25": 2}, 2: {"T41": 1}},
                    factions=("nordic", "rusviet", "saxony"),
                    mats=("industrial", "engineering", "patriotic"),
                    mechs={1: {"speed": "T30"}}, cards={1: [2, 3]}, coins=9, power=6)
    act(game, "war_move")
    corps(game, L("T12"), L("T13"), 3)     # T13 touches Rusviet's home base
    assert war(game, 1, "capitulated_by") == 0 and war(game, 1, "capitulated_round") == 1
    assert divs(game, 1) == {} and divs(game, 0) == {"T12": 1, "T13": 3, "T30": 6, "T25": 2}
    assert war(game, 1, "captured_out") == 8 and war(game, 0, "captured_in") == 8
    assert int(game.state.player[0, P_COINS]) == 18 and int(game.state.player[1, P_COINS]) == 0
    assert int(game.state.player[0, P_POWER]) == 12 and int(game.state.hand[0].sum()) == 2
    assert int(game.state.unit_loc[1, :5].max()) == -1      # character and mechs leave
    act(game, "war_end_move")
    assert game.active_player == 2                            # Rusviet takes no more turns


def test_power_handed_over_stops_at_the_power_maximum():
    game = war_game({0: {"T12": 4}, 1: {"T30": 6}}, power=12)
    act(game, "war_move")
    corps(game, L("T12"), L("T13"), 3)
    assert int(game.state.player[0, P_POWER]) == 16


def test_with_the_power_cap_off_the_power_handed_over_is_kept_and_a_gain_never_lowers_it():
    """war_capitulation_power_cap = 0: 12 + 6 power stays 18, past the track's top of 16,
    every invariant holds (the soak once found this position broke them) and a war
    bolster afterwards adds to it instead of cutting it back to 16."""
    game = war_game({0: {"T12": 4}, 1: {"T30": 6}, 2: {"T41": 1}}, factions=("nordic", "rusviet", "saxony"),
                    mats=("industrial", "engineering", "patriotic"), power=12,
                    rules={"war_capitulation_power_cap": 0})
    game.state.player[1, P_POWER] = 6
    act(game, "war_move")
    corps(game, L("T12"), L("T13"), 3)
    assert int(game.state.player[0, P_POWER]) == 18
    assert game.check() == 0


def test_the_last_faction_standing_wins():
    game = war_game({0: {"T12": 4}, 1: {"T30": 6}})
    act(game, "war_move")
    corps(game, L("T12"), L("T13"), 3)
    assert game.is_over and turn_state(game, "war_winner") == 0
    assert WAR_END_REASONS[turn_state(game, "war_end_reason")] == "last_standing"


def test_a_lake_next_to_a_home_base_does_not_make_a_faction_capitulate():
    game = war_game({0: {"T16": 4}, 1: {"T30": 6}}, factions=("nordic", "polania"),
                    mechs={0: {"seaworthy": "T08"}})
    act(game, "war_move")
    act(game, "war_select_mech", 2)
    act(game, "war_step", L("T07"))                          # a lake next to Polania's base
    assert war(game, 1, "capitulated_by") == -1


def test_quiet_rounds_end_the_war_as_a_stalemate():
    game = war_game({0: {"T16": 4}, 1: {"T30": 6}}, rules={"war_quiet_rounds": 2}, coins=50,
                    turn_state={"war_control_hash": 0})
    rounds = 0
    while not game.is_over:       # each faction alternates Bolster and the Move's coins
        kind = "war_bolster" if rounds % 2 == 0 else "war_gain_coins"
        act(game, kind, 0 if kind == "war_bolster" else None)
        act(game, kind, 0 if kind == "war_bolster" else None)
        rounds += 1
    assert rounds == 3   # the first round differs from the hash given, two quiet ones follow
    assert turn_state(game, "war_winner") == -1
    assert WAR_END_REASONS[turn_state(game, "war_end_reason")] == "stalemate_quiet"


def test_the_round_cap_ends_the_war_as_a_stalemate():
    game = war_game({0: {"T16": 4}, 1: {"T30": 6}}, rules={"war_round_cap": 1})
    act(game, "war_bolster", 0)
    act(game, "war_bolster", 0)
    assert game.is_over and WAR_END_REASONS[turn_state(game, "war_end_reason")] == "stalemate_cap"


def test_divisions_produced_onto_own_structure_next_to_a_home_base_make_that_faction_capitulate():
    """Nordic's Mill on T13 (next to Rusviet's home base) gives Nordic the territory
    without a unit there; placing a Produce's divisions on it occupies it: Rusviet
    capitulates at that moment, not after some later Move (the soak found a faction
    left standing there that then moved while capitulated)."""
    game = war_game({0: {"T12": 4}, 1: {"T30": 6}, 2: {"T41": 1}}, factions=("nordic", "rusviet", "saxony"),
                    mats=("industrial", "engineering", "patriotic"), structures={0: {"mill": "T13"}})
    act(game, "war_produce")
    act(game, "war_place", L("T13"), 5)
    assert war(game, 1, "capitulated_by") == 0
    assert divs(game, 0) == {"T12": 4, "T13": 5, "T30": 6}
    assert game.active_player == 2                            # Rusviet takes no more turns
