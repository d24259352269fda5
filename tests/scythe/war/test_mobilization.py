"""Mobilization, from a standard game just over with the war due: bonus divisions,
territory divisions, hand-overs with the giver's exchange, the board cleared, deployment
turns of 5 in place order, then mechs one at a time, then the first war turn."""
from scythe_sim.games.scythe.enums import parse_loc as L
from scythe_sim.games.scythe.game import Game
from scythe_sim.games.scythe.kernel.variants import after_step
from scythe_sim.games.scythe.variants.war.layout import WAR_END_REASONS, WAR_STAGE_DUE
from tests.scythe.positions import P, position
from tests.scythe.war.helpers import WAR_RULES, act, divs, rows, turn_state, war


def over(*players, resources=None, rules=None, board=None):
    data = position(*players, resources=resources,
                    game={"phase": "game_over", "game_over": True, "end_reason": "six_stars",
                          "turn_state": {"war_stage": WAR_STAGE_DUE}})
    if board:
        data["board"] = {**data.get("board", {}), **board}
    game = Game.from_dict(data, rules={**WAR_RULES, **(rules or {})})
    assert after_step(game.state, game.tables)
    assert game.check() == 0
    return game


def nordic(**kw):
    return P("nordic", "industrial", **{"coins": 60, "popularity": 10, "workers": ["T04", "T05"],
                                        "mechs": {"riverwalk": "T11"}, "character": "T16",
                                        "recruits": ["upgrade"], "one_time_bonuses": ["power"], **kw})


def rusviet(**kw):
    return P("rusviet", "engineering", **{"coins": 10, "popularity": 12, "workers": ["T19", "T26"],
                                          "mechs": {"township": "T23"}, "character": "T12", **kw})


def test_bonus_and_territory_divisions():
    game = over(nordic(), rusviet(), resources={"T11": {"oil": 3}})
    assert [war(game, p, "standard_rank") for p in (0, 1)] == [1, 2]
    mob = ("mob_place", "mob_popularity", "mob_resources", "mob_factory", "mob_recruits",
           "mob_territories")
    assert [war(game, 0, f) for f in mob] == [15, 0, 5, 0, 3, 4]
    assert [war(game, 1, f) for f in mob] == [10, 5, 0, 5, 0, 4]
    assert war(game, 0, "deploy_pool") == 23 and war(game, 0, "recruit_pool") == 100 - 23 - 4
    assert divs(game, 0) == {"T04": 1, "T05": 1, "T11": 1, "T16": 1}
    assert divs(game, 1) == {"T12": 1, "T19": 1, "T23": 1, "T26": 1}
    assert game.end_reason == "six_stars" and not game.is_over


def test_the_board_is_cleared_and_pieces_go_home():
    game = over(nordic(), rusviet(), resources={"T11": {"oil": 3}})
    s = game.state
    assert int(s.hex_res.sum()) == 0 and int(s.unit_loc[:2, 5:].max()) == -1
    assert int(s.unit_loc[0, 0]) == game.tables.home_loc[0]
    assert int(s.unit_loc[1, 2]) == game.tables.home_loc[1]   # the Township mech


def test_deployment_turns_of_5_in_place_order_then_mechs_then_the_war():
    game = over(nordic(), rusviet(), resources={"T11": {"oil": 3}})
    order = []
    while game.phase == "war_deploy":
        order.append((game.active_player, turn_state(game, "war_place_left")))
        loc = rows(game, "war_place")[0][1]
        act(game, "war_place", loc, turn_state(game, "war_place_left"))
    assert order == [(0, 5), (1, 5)] * 4 + [(0, 3)]
    assert game.phase == "war_mech" and game.active_player == 0
    act(game, "war_deploy_mech", L("T16"))
    assert game.active_player == 1
    act(game, "war_deploy_mech", L("T23"))
    assert game.phase == "war_action" and game.active_player == 0
    assert turn_state(game, "war_round") == 1 and war(game, 0, "deploy_pool") == 0


def test_land_next_to_another_home_base_is_handed_over_for_one_the_giver_picks():
    game = over(nordic(workers=["T13", "T06"], mechs={}, character="T04"),
                rusviet(workers=["T19", "T16"], mechs={}, character="T26"))
    assert game.phase == "war_swap" and game.decider == 0
    assert [r[1] for r in rows(game)] == [L("T16")]      # T19 touches Rusviet's home base
    act(game, "war_swap", L("T16"))
    assert divs(game, 0) == {"T04": 1, "T06": 1, "T16": 1}
    assert divs(game, 1) == {"T13": 1, "T19": 1, "T26": 1}
    assert game.phase == "war_deploy"


def deploy_all(game):
    """Play the deployment turns and the mechs' with the first legal row."""
    while game.phase in ("war_deploy", "war_mech"):
        kind, a0, a1, _ = rows(game)[0]
        act(game, kind, a0, a1)


def test_flags_and_traps_are_removed_from_the_map():
    tokens = {"T16": {"owner": 0, "token": "flag"},
              "T24": {"owner": 1, "token": "trap", "penalty": "power", "armed": True}}
    game = over(P("albion", "industrial", workers=["T16", "T15"], character="T10"),
                P("togawa", "engineering", workers=["T24", "T29"], character="T30"),
                rules={"expansion_factions": 1}, board={"tokens": tokens})
    assert int(game.state.token_kind.max()) == 0 and int(game.state.token_owner.max()) == -1
    assert "tokens" not in game.to_dict()["board"] or not game.to_dict()["board"]["tokens"]


AIRSHIP = {"aggressive": "bombard", "passive": "ferry"}


def test_airships_go_home_then_each_faction_moves_its_own_to_a_territory_it_controls():
    game = over(nordic(airship={"location": "T23", "cargo": {"oil": 2}, **AIRSHIP}),
                rusviet(airship={"location": "T11", **AIRSHIP}), rules={"wind_gambit": 1})
    s = game.state
    homes = [int(game.tables.home_loc[int(s.player[p, 1])]) for p in (0, 1)]
    assert [int(s.airship_loc[p]) for p in (0, 1)] == homes, "home when the standard game ends"
    assert int(s.airship[0, :4].sum()) == 0, "its resources leave with the board's"
    deploy_all(game)
    for p in (0, 1):   # in place order, after the mechs
        assert game.phase == "war_airship_place" and game.decider == p
        offered = [r[1] for r in rows(game)]
        held = [loc for loc in range(s.divisions.shape[1]) if s.divisions[p, loc] > 0]
        assert offered and offered == held, "the land it controls (by its divisions here)"
        act(game, "war_place_airship", offered[-1])
        assert int(s.airship_loc[p]) == offered[-1]
    assert game.phase == "war_action" and game.active_player == 0


def test_without_the_wind_gambit_mobilization_places_no_airship():
    game = over(nordic(), rusviet())
    deploy_all(game)
    assert game.phase == "war_action"


def test_a_faction_deploying_next_to_another_home_base_makes_it_capitulate_at_once():
    """With every division drawn into the deployment pool (a bonus of 1,000 a recruit)
    no division is put on Nordic's Mill on T13, so nothing is handed over; Nordic's first
    deployment turn places 5 there, next to Rusviet's home base: Rusviet capitulates then,
    and with two factions the war is over before its first turn."""
    game = over(nordic(structures={"mill": "T13"}), rusviet(), rules={"war_bonus_per_recruit": 1000})
    assert divs(game, 0) == {} and game.phase == "war_deploy" and game.active_player == 0
    act(game, "war_place", L("T13"), 5)
    assert war(game, 1, "capitulated_by") == 0 and war(game, 1, "captured_out") > 0
    assert game.is_over and turn_state(game, "war_winner") == 0
    assert WAR_END_REASONS[turn_state(game, "war_end_reason")] == "last_standing"


def test_a_faction_that_capitulated_during_deployment_deploys_no_more():
    game = over(nordic(structures={"mill": "T13"}), rusviet(), P("saxony", "patriotic", coins=5, popularity=3,
                                                                  workers=["T34", "T41"], character="T41"),
                rules={"war_bonus_per_recruit": 1000})
    act(game, "war_place", L("T13"), 5)
    assert war(game, 1, "capitulated_by") == 0 and not game.is_over
    deploy_all(game)
    assert war(game, 1, "deploy_pool") > 0 and divs(game, 1) == {}   # its pool stays unused
