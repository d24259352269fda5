"""MLS Move, portals and deliveries (rulebook MOVE, DELIVERY, PORTALS), from positions."""
from scythe_sim.games.mls.layout import CAMP, G_DELIVERIES, P_PIES, TR_APPLE_DELIVERY, TR_GEM_DELIVERY
from tests.mls.helpers import SPACES, game, idx, player, rows_of

PORTALS = [x for x in SPACES if x.startswith("portal_")]


def moving(g, seeker=0):
    g.play("action move")
    g.play(f"move seeker {seeker}")
    return g


def steps(g):
    return sorted(a.split()[1] for a in rows_of(g, "step"))


def test_empty_handed_seekers_move_up_to_two_spaces():
    g = moving(game(player(["tundra_outer_corner", "camp"]), player()))
    assert steps(g) == sorted(["tundra_outer_a", "tundra_outer_b", "tundra_mid"])
    g.play("step tundra_mid")
    assert g.phase == "move_step"
    assert "tundra_inner" in steps(g) and "castle_everfree" not in steps(g)
    g.play("step tundra_inner")
    assert g.phase == "move_pick" and g.legal_actions() == ["move seeker 1", "end_move"]


def test_a_seeker_leaves_its_camp_onto_the_camps_entry_spaces():
    g = moving(game(player(["camp", "camp"], camp=0), player(camp=3)))
    assert steps(g) == sorted(["tundra_outer_a", "tundra_outer_corner", "tundra_outer_b"])


def test_carrying_seekers_move_one_space_with_any_of_the_tokens_there():
    g = moving(game(player(["tundra_mid", "camp"]), player(), board={
        "apples": {"tundra_mid": 2}, "gems": {"tundra_mid": 1}}))
    carries = rows_of(g, "carry")
    assert len(carries) == 3 * 2 - 1
    g.play("carry 2 apples 0 gems")
    g.play("step tundra_outer_a")
    assert g.phase == "move_pick", "one space only while carrying"
    s = g.state
    assert s.space_res[idx("tundra_outer_a")].tolist() == [2, 0]
    assert s.space_res[idx("tundra_mid")].tolist() == [0, 1], "what is not carried stays"


def test_a_seeker_stops_on_an_opponents_space_and_fights_after_both_moved():
    g = moving(game(player(["tundra_outer_corner", "forest_mid"]), player(["tundra_mid", "camp"])))
    g.play("step tundra_mid")
    assert g.phase == "move_pick", "movement ends on an opponent's space"
    g.play("move seeker 1")
    g.play("stop")
    assert g.phase == "dial" and g.decider == 0


def test_portals_are_adjacent_to_each_other_but_not_to_the_castle():
    g = moving(game(player(["portal_mountains_tundra", "camp"]), player()))
    reach = steps(g)
    assert all(p in reach for p in PORTALS if p != "portal_mountains_tundra")
    assert "castle_everfree" not in reach
    g.play("step portal_desert_red_rock")
    assert g.phase == "move_step", "a portal jump is one of the two spaces"


def test_portal_express_gives_each_seeker_one_free_jump():
    g = moving(game(player(["portal_mountains_tundra", "camp"], move_tile="portal_express"), player()))
    assert "jump portal_desert_forest" in g.legal_actions()
    g.play("jump portal_desert_forest")
    g.play("step forest_mid")
    g.play("step forest_outer_a")
    assert g.state.seeker_loc[0, 0] == idx("forest_outer_a")


def test_the_castle_takes_only_an_exact_delivery_of_four():
    board = {"apples": {"tundra_inner": 5}, "gems": {"tundra_inner": 1}}
    g = moving(game(player(["tundra_inner", "camp"]), player(), board=board))
    g.play("carry 3 apples 0 gems")
    assert "castle_everfree" not in steps(g), "3 apples: not a delivery (the other Seeker cannot help)"
    g = moving(game(player(["tundra_inner", "camp"]), player(), board=board))
    g.play("carry 4 apples 1 gems")
    assert "castle_everfree" not in steps(g), "apples and gems together are no delivery"
    g = moving(game(player(["tundra_inner", "camp"]), player(), board=board))
    g.play("carry 4 apples 0 gems")
    g.play("step castle_everfree")
    s = g.state
    assert s.trophy[0, TR_APPLE_DELIVERY] == 1 and s.game[G_DELIVERIES] == 1
    assert s.seeker_loc[0, 0] == CAMP, "teleported home"
    assert s.space_res[idx("tundra_inner")].tolist() == [1, 1], "the excess stays on its space"
    assert s.space_res[idx("castle_everfree")].tolist() == [0, 0], "delivered tokens leave the map"
    assert g.phase == "rejuvenate"
    g.play("rejuvenate: 2 pies")
    assert s.player[0, P_PIES] == 5


def test_a_personality_card_lowers_the_delivery_to_three():
    g = moving(game(player(["tundra_inner", "camp"], personality="apple_lover"), player(),
                    board={"apples": {"tundra_inner": 4}}))
    g.play("carry 3 apples 0 gems")
    assert "castle_everfree" in steps(g)


def test_a_delivery_split_between_both_seekers_in_one_turn():
    g = moving(game(player(["tundra_inner", "portal_desert_forest"]), player(),
                    board={"gems": {"tundra_inner": 2, "portal_desert_forest": 3}}))
    g.play("carry 0 apples 2 gems")
    g.play("step castle_everfree")
    assert g.legal_actions() == ["move seeker 1"], "the second Seeker must complete the delivery"
    g.play("move seeker 1")
    assert g.legal_actions() == ["carry 0 apples 2 gems"]
    g.play("carry 0 apples 2 gems")
    assert g.legal_actions() == ["step castle_everfree"]
    g.play("step castle_everfree")
    s = g.state
    assert s.trophy[0, TR_GEM_DELIVERY] == 1
    assert (s.seeker_loc[0] == CAMP).all()
    assert s.space_res[idx("portal_desert_forest")].tolist() == [0, 1]


def test_a_partial_delivery_needs_a_partner_who_can_finish_it():
    g = moving(game(player(["tundra_inner", "forest_outer_corner"]), player(),
                    board={"gems": {"tundra_inner": 2, "forest_outer_corner": 2}}))
    g.play("carry 0 apples 2 gems")
    assert "castle_everfree" not in steps(g), "the partner is too far from the castle"


def test_no_second_delivery_of_a_kind_once_its_trophy_is_held():
    g = moving(game(player(["tundra_inner", "camp"], trophies=["apple_delivery"]), player(),
                    board={"apples": {"tundra_inner": 4}}))
    g.play("carry 4 apples 0 gems")
    assert "castle_everfree" not in steps(g)


def test_the_supply_catapult_flings_after_the_whole_move():
    g = moving(game(player(["tundra_mid", "camp"], move_tile="supply_catapult"), player(),
                    board={"gems": {"tundra_outer_a": 3}}))
    g.play("step tundra_outer_a")
    g.play("stop")
    g.play("end_move")
    assert g.phase == "catapult"
    assert "fling gems tundra_outer_a -> mountains_outer_a" in g.legal_actions()
    assert "skip" in g.legal_actions()
    g.play("fling gems tundra_outer_a -> mountains_outer_a")
    assert g.state.space_res[idx("mountains_outer_a")].tolist() == [0, 3]


def test_quick_feet_and_pack_mule_lengthen_moves():
    g = moving(game(player(["tundra_outer_corner", "camp"], move_tile="quick_feet"), player()))
    for target in ("tundra_mid", "tundra_inner", "swamp_inner"):
        g.play(f"step {target}")
    assert g.phase == "move_pick"
    g = moving(game(player(["tundra_mid", "camp"], move_tile="pack_mule"), player(),
                    board={"apples": {"tundra_mid": 1}}))
    g.play("carry 1 apples 0 gems")
    g.play("step tundra_inner")
    assert g.phase == "move_step", "two spaces while carrying"


def test_rejuvenation_happens_at_most_once_per_turn():
    g = moving(game(player(["tundra_inner", "portal_swamp_tundra"], friendship=6), player(),
                    board={"apples": {"tundra_inner": 4}, "gems": {"portal_swamp_tundra": 4}}))
    g.play("carry 4 apples 0 gems")
    g.play("step castle_everfree")
    g.play("rejuvenate: 2 pies")
    g.play("move seeker 1")
    g.play("carry 0 apples 4 gems")
    g.play("step castle_everfree")
    s = g.state
    assert g.phase != "rejuvenate" and s.player[0, P_PIES] == 5
    assert s.trophy[0, TR_APPLE_DELIVERY] == 1 and s.trophy[0, TR_GEM_DELIVERY] == 0, "one trophy per turn"
