"""Invaders from Afar: Clan Albion and the Togawa Shogunate, one test per rule, each from a
position (rules: seed 001 "Clan Albion", "Togawa Shogunate"; scythe_facts.md 3.2-3.3).

Positions start a Move on the Agricultural mat (section 1 = Move) as in test_move.py.
"""
from scythe_sim.games.scythe.enums import TOKEN_DISARMED0, TOKEN_FLAG, TOKEN_TRAP0, TRAP_COINS, TRAP_POWER, parse_loc
from scythe_sim.games.scythe.game import Game
from scythe_sim.games.scythe.layout import (A_COMBAT_CARD, A_DIAL, A_END_CARDS, A_END_MOVE, A_PLACE_FLAG,
                               A_PLACE_TRAP, A_RONIN, A_SKIP, A_STOP, UNIT_CHARACTER)
from tests.scythe.test_move import (act, game_of, go, mech, opponent, player, reach, select,
                                    turn_state, units)

CHAR = UNIT_CHARACTER


def token(game, where):
    loc = parse_loc(where)
    return int(game.state.token_kind[loc]), int(game.state.token_owner[loc])


def trap(where, owner, penalty, armed=True):
    return {where: {"owner": owner, "token": "trap", "penalty": penalty, "armed": armed}}


def flag(where, owner):
    return {where: {"owner": owner, "token": "flag"}}


def kinds(game):
    return sorted({a.kind_name for a in game.legal_actions()})


def move_one(game, unit, where):
    """Move one unit one hex and end the Move (it stops there)."""
    select(game, unit)
    go(game, where)
    if game.phase == "move_step":
        act(game, A_STOP)
    if game.phase == "move_unit":
        act(game, A_END_MOVE)


# --- Albion: Burrow, Rally --------------------------------------------------------------
def test_burrow_crosses_rivers_into_and_out_of_tunnels_and_own_mine_only():
    # T11 mountain: walk T04 T05; river T10 (tunnel) T12 (farm) T18 (tunnel)
    game = game_of(player("albion", character="T11", mechs={"burrow": "home:albion"}), opponent("nordic"))
    assert reach(game, CHAR) == {"T04", "T05", "T10", "T18"}
    game = game_of(player("albion", character="T11"), opponent("nordic"))
    assert reach(game, CHAR) == {"T04", "T05"}            # Burrow not deployed
    game = game_of(player("albion", character="T11", mechs={"burrow": "home:albion"},
                          structures={"mine": "T12"}), opponent("nordic"))
    assert "T12" in reach(game, CHAR)                      # into its own Mine
    game = game_of(player("albion", character="T11", mechs={"burrow": "home:albion"}),
                   opponent("nordic", structures={"mine": "T12"}))
    assert "T12" not in reach(game, CHAR)                  # not an opponent's
    # out of a tunnel: T10 tundra tunnel, river T03 T04 T11
    game = game_of(player("albion", character="T10", mechs={"burrow": "home:albion"}), opponent("nordic"))
    assert {"T03", "T04", "T11"} <= reach(game, CHAR)


def test_rally_reaches_own_workers_and_flags_at_any_distance():
    board = {"tokens": flag("T45", 0)}
    game = game_of(player("albion", workers=["T30", "home:albion"], mechs={"rally": "home:albion"}),
                   opponent("nordic"), board=board)
    assert reach(game, CHAR) == {"T01", "T02", "T30", "T45"}
    game = game_of(player("albion", workers=["T30", "home:albion"]), opponent("nordic"), board=board)
    assert reach(game, CHAR) == {"T01", "T02"}
    # a worker does not rally (only the character and mechs)
    game = game_of(player("albion", workers=["T01", "T30"], mechs={"rally": "home:albion"}),
                   opponent("nordic"), board=board)
    assert "T45" not in reach(game, 5)


# --- Albion: Sword and Shield -----------------------------------------------------------
def _fight(attacker, defender, where="T13", frm="T12"):
    game = game_of(attacker, defender)
    move_one(game, CHAR, where)
    assert game.phase == "combat_dial"
    return game


def test_sword_takes_two_power_from_the_defender_shield_gives_two_to_albion_defending():
    game = _fight(player("albion", character="T12", mechs={"sword": "home:albion"}, power=3),
                  opponent("polania", character="T13", power=5))
    assert units(game, 1)["power"] == 3 and units(game, 0)["power"] == 3
    game = _fight(player("polania", character="T12", power=5),
                  opponent("albion", character="T13", mechs={"sword": "home:albion"}, power=3))
    assert units(game, 0)["power"] == 5                    # Sword only attacking
    game = _fight(player("polania", character="T12", power=5),
                  opponent("albion", character="T13", mechs={"shield": "home:albion"}, power=3))
    assert units(game, 1)["power"] == 5                    # Shield defending
    game = _fight(player("albion", character="T12", mechs={"shield": "home:albion"}, power=3),
                  opponent("polania", character="T13", power=5))
    assert units(game, 0)["power"] == 3                    # not attacking


# --- Albion: Exalt ----------------------------------------------------------------------
def test_exalt_places_a_flag_after_the_characters_move_and_its_encounter():
    game = game_of(player("albion", character="T02"), opponent("nordic"))
    move_one(game, CHAR, "T01")
    assert game.phase == "place_token" and kinds(game) == ["place_flag", "skip"]
    act(game, A_PLACE_FLAG)
    assert token(game, "T01") == (TOKEN_FLAG, 0) and game.phase == "bottom"
    # the encounter is resolved first (T08 has a token), then the Flag
    game = game_of(player("albion", character="T02"), opponent("nordic"),
                   board={"encounter_tokens": ["T08"]})
    move_one(game, CHAR, "T08")
    assert game.phase == "encounter"
    while game.phase in ("encounter", "gain_resources"):
        game.step(game.legal_actions()[0])
    assert game.phase == "place_token"
    # no Flag where the character did not move, nor on a territory with a token, nor a fifth
    game = game_of(player("albion", character="T02", workers=["T30", "T30"]), opponent("nordic"))
    move_one(game, 5, "T29")
    assert game.phase == "bottom"
    game = game_of(player("albion", character="T02"), opponent("nordic"), board={"tokens": trap("T01", 1, "power")})
    move_one(game, CHAR, "T01")
    assert game.phase == "bottom"
    four = {**flag("T30", 0), **flag("T31", 0), **flag("T32", 0), **flag("T33", 0)}
    game = game_of(player("albion", character="T02"), opponent("nordic"), board={"tokens": four})
    move_one(game, CHAR, "T01")
    assert game.phase == "bottom"


def test_a_flag_scores_one_more_territory_where_albion_controls_it_away_from_home():
    tokens = {**flag("T30", 0), **flag("T01", 0), **flag("T24", 0)}
    game = game_of(player("albion", character="T30", workers=["T01", "home:albion"]),
                   opponent("nordic", character="T24"), board={"tokens": tokens})
    score = game.score()
    # T30 (+1 Flag), T01 (Flag next to home: no extra); T24 held by Nordic
    assert score[0]["territories"] == 3 and score[1]["territories"] == 1


# --- Togawa: Maifuku and the Traps -----------------------------------------------------
def test_maifuku_places_an_armed_trap_of_a_penalty_still_in_supply():
    game = game_of(player("togawa", character="T46", mat="agricultural"), opponent("nordic"),
                   board={"tokens": trap("T30", 0, "power", armed=False)})
    move_one(game, CHAR, "T45")
    assert game.phase == "place_token"
    assert [(a.kind, a.a0) for a in game.legal_actions()] == [
        (A_PLACE_TRAP, 0), (A_PLACE_TRAP, 2), (A_PLACE_TRAP, 3), (A_SKIP, 0)]
    act(game, A_PLACE_TRAP, TRAP_COINS)
    assert token(game, "T45") == (TOKEN_TRAP0 + TRAP_COINS, 0)


def test_an_opponent_entering_an_armed_trap_stops_flips_it_and_pays_the_penalty():
    # Nordic with Speed would go on: the Trap stops it on T45
    board = {"tokens": trap("T45", 1, "coins")}
    game = game_of(player("nordic", character="T38", mechs={"speed": "home:nordic"}, coins=5),
                   opponent("togawa"), board=board)
    select(game, CHAR)
    go(game, "T45")
    assert game.phase == "move_unit"
    assert units(game, 0)["coins"] == 1 and token(game, "T45") == (TOKEN_DISARMED0 + TRAP_COINS, 1)
    # each penalty, as far as it can be paid
    for penalty, field, before, after in (("popularity", "popularity", 1, 0), ("power", "power", 5, 2)):
        game = game_of(player("nordic", character="T38", **{field: before}), opponent("togawa"),
                       board={"tokens": trap("T45", 1, penalty)})
        move_one(game, CHAR, "T45")
        assert units(game, 0)[field] == after
    game = game_of(player("nordic", character="T38", combat_cards=[2, 3, 5]), opponent("togawa"),
                   board={"tokens": trap("T45", 1, "combat_cards")})
    move_one(game, CHAR, "T45")
    assert len(units(game, 0)["combat_cards"]) == 1
    # a disarmed Trap, or Togawa's own unit: nothing happens
    game = game_of(player("nordic", character="T38", coins=5), opponent("togawa"),
                   board={"tokens": trap("T45", 1, "coins", armed=False)})
    move_one(game, CHAR, "T45")
    assert units(game, 0)["coins"] == 5
    game = game_of(player("togawa", character="T38", coins=5), opponent("nordic"),
                   board={"tokens": trap("T45", 0, "coins")})
    move_one(game, CHAR, "T45")
    assert units(game, 0)["coins"] == 5 and token(game, "T45") == (TOKEN_TRAP0 + TRAP_COINS, 0)


def test_the_trap_penalty_comes_before_the_fight():
    game = game_of(player("nordic", character="T38", power=5), opponent("togawa", character="T45"),
                   board={"tokens": trap("T45", 1, "power")})
    move_one(game, CHAR, "T45")
    assert game.phase == "combat_dial"
    assert max(a.a0 for a in game.legal_actions() if a.kind == A_DIAL) == 2


def test_an_armed_trap_alone_controls_its_territory_for_scoring_a_structure_wins_over_it():
    tokens = {**trap("T30", 0, "power"), **trap("T31", 0, "coins", armed=False), **trap("T24", 0, "popularity")}
    game = game_of(player("togawa"), opponent("nordic", structures={"mill": "T24"}), board={"tokens": tokens})
    score = game.score()
    assert score[0]["territories"] == 1 and score[1]["territories"] == 1   # T30; T24 is Nordic's


def test_shinobi_moves_to_own_traps_and_rearms_a_disarmed_one():
    board = {"tokens": trap("T03", 0, "power", armed=False)}
    game = game_of(player("togawa", character="T40", mechs={"shinobi": "home:togawa"}), opponent("nordic"),
                   board=board)
    assert "T03" in reach(game, CHAR)
    move_one(game, CHAR, "T03")
    assert token(game, "T03") == (TOKEN_TRAP0 + TRAP_POWER, 0)
    game = game_of(player("togawa", character="T40"), opponent("nordic"), board=board)
    assert "T03" not in reach(game, CHAR)


def test_shinobi_rearms_after_winning_the_fight_only():
    board = {"tokens": trap("T45", 0, "power", armed=False)}
    for dial, rearmed in ((3, True), (0, False)):
        game = game_of(player("togawa", character="T46", mechs={"shinobi": "home:togawa"}, power=3),
                       opponent("nordic", character="T45", power=1), board=board)
        move_one(game, CHAR, "T45")
        assert token(game, "T45")[0] == TOKEN_DISARMED0 + TRAP_POWER
        for d in (dial, 1):
            act(game, A_DIAL, d)
            act(game, A_END_CARDS)
        assert (token(game, "T45")[0] == TOKEN_TRAP0 + TRAP_POWER) == rearmed


# --- Togawa: Toka, Suiton, Ronin ----------------------------------------------------------
def test_toka_lets_one_character_or_mech_cross_one_river_a_turn():
    # T05 tundra: walk T04 T11, river T06 T12. T11: river T10 T12 T18.
    game = game_of(player("togawa", character="T05", mechs={"toka": "T11"}), opponent("nordic"))
    assert reach(game, CHAR) == {"T04", "T11", "T06", "T12"}
    select(game, CHAR)
    go(game, "T06")
    assert turn_state(game)["toka_used"] == 1
    assert reach(game, mech("togawa", "toka")) == {"T04", "T05"}
    game = game_of(player("togawa", character="T05"), opponent("nordic"))
    assert reach(game, CHAR) == {"T04", "T11"}


def test_suiton_moves_onto_lakes_and_adds_a_card_in_a_fight_on_a_lake():
    game = game_of(player("togawa", character="T40", mechs={"suiton": "home:togawa"}), opponent("nordic"))
    assert "T33" in reach(game, CHAR)
    game = game_of(player("togawa", character="T40", mechs={"suiton": "home:togawa"}, combat_cards=[2, 2, 2]),
                   opponent("polania", mechs={"submerge": "T33"}))
    move_one(game, CHAR, "T33")
    act(game, A_DIAL, 0)
    for _ in range(2):
        act(game, A_COMBAT_CARD, 0)                        # two cards with one unit
    assert all(a.kind != A_COMBAT_CARD for a in game.legal_actions())


def test_ronin_may_gain_two_power_with_exactly_one_unit_and_no_worker():
    # "may gain 2 power": a choice before the fight (PH_RONIN), taken or declined
    game = game_of(player("togawa", character="T12", mechs={"ronin": "home:togawa"}, power=3),
                   opponent("polania", character="T13", power=1))
    move_one(game, CHAR, "T13")
    assert game.phase == "ronin" and kinds(game) == ["ronin", "skip"] and game.decider == 0
    act(game, A_RONIN)
    assert game.phase == "combat_dial" and units(game, 0)["power"] == 5
    game = game_of(player("togawa", character="T12", mechs={"ronin": "home:togawa"}, power=3),
                   opponent("polania", character="T13", power=1))
    move_one(game, CHAR, "T13")
    act(game, A_SKIP)
    assert game.phase == "combat_dial" and units(game, 0)["power"] == 3, "declined"
    game = _fight(player("polania", character="T12", power=1),
                  opponent("togawa", character="T13", mechs={"ronin": "T13"}, power=3))
    assert units(game, 1)["power"] == 3                    # two units there: no choice offered
    game = _fight(player("polania", character="T12", power=1),
                  opponent("togawa", character="T13", workers=["T13", "home:togawa"],
                           mechs={"ronin": "home:togawa"}, power=3))
    assert units(game, 1)["power"] == 3                    # a worker there


def test_the_defenders_ronin_choice_comes_after_the_attackers_abilities():
    game = game_of(player("polania", character="T12", power=1),
                   opponent("togawa", character="T13", mechs={"ronin": "home:togawa"}, power=3))
    move_one(game, CHAR, "T13")
    assert game.phase == "ronin" and game.decider == 1
    act(game, A_RONIN)
    assert game.phase == "combat_dial" and game.decider == 0 and units(game, 1)["power"] == 5


# --- positions carry the tokens --------------------------------------------------------
def test_position_json_round_trips_flags_and_traps():
    tokens = {**flag("T30", 0), **trap("T45", 1, "coins", armed=False), **trap("T24", 1, "power")}
    game = game_of(player("albion"), opponent("togawa"), board={"tokens": tokens})
    data = game.to_dict()
    assert data["board"]["tokens"] == tokens
    assert Game.from_dict(data).to_dict() == data


# --- 6-7 players: the replacements of Wayfare and Meander ---------------------------------
OTHERS = (("nordic", "industrial"), ("rusviet", "engineering"), ("saxony", "patriotic"),
          ("albion", "militant"), ("togawa", "innovative"))


def _crowd(first, count, **kw):
    """first plus count - 1 other players, all at home (Nordic's workers as given in kw)."""
    return [first] + [opponent(f, mat=m, **(kw if f == "nordic" else {})) for f, m in OTHERS[:count - 1]]


def test_wayfare_with_six_or_seven_players_moves_to_any_unoccupied_farm():
    crimea = player("crimea", character="T47", mechs={"wayfare": "home:crimea"})
    game = game_of(*_crowd(crimea, 6, workers=["T12", "home:nordic"]))
    assert reach(game, CHAR) == {"T43", "T44", "T02", "T13", "T20", "T29", "T46"}   # not T12 (a worker)
    game = game_of(*_crowd(crimea, 5))
    assert reach(game, CHAR) == {"T43", "T44", "home:crimea", "home:polania", "home:togawa"}


def test_meander_with_six_or_seven_players_pays_three_coins_per_encounter_territory():
    polania = player("polania", workers=["T21", "T35"], coins=0)
    six = game_of(*_crowd(polania, 6)).score()[0]
    five = game_of(*_crowd(polania, 5)).score()[0]
    assert six["coins"] == 6 and five["coins"] == 0
    assert six["total"] - five["total"] == 6
