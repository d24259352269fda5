"""MLS quests, Seek and Make (rulebook QUESTS, SEEK, MAKE), from positions."""
import numpy as np

from scythe_sim.games.mls.layout import (G_DICE_NEXT, G_QUEST_DECK_N, P_FRIENDSHIP, P_MAKE_TILE, P_PIES,
                                   P_QUESTS_DONE, RES_APPLE, TOKEN_QUEST)
from scythe_sim.games.mls.tables import default_tables
from tests.mls.helpers import SPACES, game, idx, player, rows_of


def move_onto(g, target, seeker=0):
    g.play("action move")
    g.play(f"move seeker {seeker}")
    g.play(f"step {target}")
    if g.phase == "move_step":
        g.play("stop")
    if g.phase == "move_pick":
        g.play("end_move")


def test_a_quest_after_the_move_no_thanks_returns_the_card_to_the_bottom():
    g = game(player(["tundra_outer_corner", "camp"]), player(), board={"quests": ["tundra_mid"]},
             quest_deck=["lost_traveller", "festival"])
    move_onto(g, "tundra_mid")
    assert g.phase == "quest_option"
    assert g.state.quest_token[idx("tundra_mid")] == 0, "the token is taken"
    assert g.legal_actions() == ["quest option 1", "quest option 2", "quest: no thanks"]
    g.play("quest: no thanks")
    assert g.to_dict()["quest_deck"] == ["festival", "lost_traveller"]
    assert g.state.player[0, P_QUESTS_DONE] == 0


def test_a_resolved_quest_pays_and_gains_on_your_seekers_spaces():
    g = game(player(["tundra_outer_corner", "camp"]), player(), quest_deck=["orchard_keeper"],
             board={"quests": ["tundra_mid"], "gems": {"tundra_mid": 1}})
    move_onto(g, "tundra_mid")
    g.play("quest option 2")          # pay 1 gem, gain 2 apples
    s = g.state
    assert s.space_res[idx("tundra_mid")].tolist() == [2, 0]
    assert s.player[0, P_QUESTS_DONE] == 1 and g.to_dict()["quests_resolved"] == {"orchard_keeper": 0}


def test_an_option_you_cannot_pay_is_not_offered():
    g = game(player(["tundra_outer_corner", "camp"]), player(), quest_deck=["gem_merchant"],
             board={"quests": ["tundra_mid"]})
    move_onto(g, "tundra_mid")
    assert g.legal_actions() == ["quest: no thanks"]


def test_gifts_go_to_a_space_of_an_opponents_seeker_and_friendship_may_floor_at_zero():
    g = game(player(["tundra_outer_corner", "camp"], friendship=0), player(["forest_mid", "desert_mid"]),
             quest_deck=["help_with_apples"], board={"quests": ["tundra_mid"], "apples": {"tundra_mid": 3}})
    move_onto(g, "tundra_mid")
    g.play("quest option 1")          # give 2 apples, +2 friendship
    assert g.phase == "give_target"
    g.play("give_target desert_mid")
    s = g.state
    assert s.space_res[idx("desert_mid")].tolist() == [2, 0] and s.player[0, P_FRIENDSHIP] == 2
    g2 = game(player(["tundra_outer_corner", "camp"], friendship=0), player(),
              quest_deck=["orchard_keeper"], board={"quests": ["tundra_mid"]})
    move_onto(g2, "tundra_mid")
    g2.play("quest option 1")         # lose 1 friendship: stays at 0
    assert g2.state.player[0, P_FRIENDSHIP] == 0


def test_both_seekers_on_quests_choose_the_order():
    g = game(player(["tundra_outer_corner", "forest_outer_corner"]), player(),
             board={"quests": ["tundra_mid", "forest_mid"]})
    g.play("action move")
    g.play("move seeker 0")
    g.play("step tundra_mid")
    g.play("stop")
    g.play("move seeker 1")
    g.play("step forest_mid")
    g.play("stop")
    assert sorted(rows_of(g, "quest")) == ["quest forest_mid", "quest tundra_mid"]


def test_an_empty_quest_deck_is_rebuilt_from_holders_of_the_quests_trophy():
    g = game(player(["tundra_outer_corner", "camp"]), player(trophies=["quests"]), quest_deck=[],
             quests_resolved={"festival": 1, "wise_owl": 1}, board={"quests": ["tundra_mid"]})
    move_onto(g, "tundra_mid")
    assert g.phase == "quest_option"
    assert g.state.game[G_QUEST_DECK_N] == 1


def seek(g, action):
    g.play(f"action {action}")
    return g


def test_seek_rolls_four_dice_and_places_tokens_in_the_rolled_regions():
    t = default_tables()
    g = seek(game(player(), player()), "seek_apples")
    s = g.state
    assert sorted(s.dice[:, 0].tolist()) == [0, 0, 1, 2]
    while g.phase == "seek_place":
        region = s.dice[s.game[G_DICE_NEXT], 1]
        places = [SPACES.index(a.split()[1]) for a in rows_of(g, "place")]
        assert set(places) <= {int(x) for x in t.region_spaces[region]}, "portals are not regions"
        g.play(f"place {SPACES[places[0]]}")
    assert s.space_res.sum() == 3 and s.quest_token.sum() == 1


def _seek_until(first_region, die, action, **position):
    """A game where the Seek's die `die` lands in region first_region (trying seeds)."""
    for seed in range(200):
        g = game(seed=seed, **position)
        g.play(f"action {action}")
        if g.state.dice[die, 1] == first_region:
            return g
    raise AssertionError("no seed rolled that region")


def test_placing_on_an_opponents_seeker_gains_one_friendship_per_resource():
    g = _seek_until(0, 0, "seek_gems", players=[player(), player(["tundra_mid", "camp"])])
    g.play("place tundra_mid")
    assert g.state.player[0, P_FRIENDSHIP] == 4
    g = _seek_until(0, 0, "seek_gems", players=[player(["tundra_mid", "camp"]), player()])
    g.play("place tundra_mid")
    assert g.state.player[0, P_FRIENDSHIP] == 3, "not on your own Seekers"


def test_a_quest_token_needs_a_space_without_seekers_and_quest_tokens():
    taken = {"quests": ["tundra_outer_a", "tundra_outer_b", "tundra_outer_corner"]}
    g = _seek_until(0, 3, "seek_gems", players=[player(), player(["tundra_mid", "tundra_inner"])],
                    board=taken)
    s = g.state
    while g.phase == "seek_place":
        if s.dice[s.game[G_DICE_NEXT], 0] == TOKEN_QUEST:
            raise AssertionError("a quest die with no free space must be skipped")
        g.play(rows_of(g, "place")[0])
    assert s.quest_token.sum() == 3


def test_exhausted_supplies_place_nothing():
    full = {x: 1 for x in SPACES if x not in ("castle_everfree", "desert_outer_corner")}
    apples = dict(list(full.items())[:24])
    g = game(player(), player(), board={"apples": apples})
    assert g.state.space_res[:, 0].sum() == 24
    g.play("action seek_apples")
    s = g.state
    while g.phase == "seek_place":
        assert s.dice[s.game[G_DICE_NEXT], 0] != RES_APPLE
        g.play(rows_of(g, "place")[0])
    assert s.space_res[:, 0].sum() == 24 and s.space_res[:, 1].sum() == 1


def test_bake_pies_pays_two_apples_and_stops_at_ten():
    g = game(player(["tundra_mid", "forest_mid"], pies=3), player(),
             board={"apples": {"tundra_mid": 1, "forest_mid": 1}})
    g.play("action bake_pies")
    g.play("pay tundra_mid")          # the second apple can only come from forest_mid
    assert g.state.player[0, P_PIES] == 5 and g.state.space_res[:, 0].sum() == 0
    g = game(player(["tundra_mid", "camp"], pies=9), player(), board={"apples": {"tundra_mid": 2}})
    assert "action bake_pies" not in g.legal_actions(), "the full benefit must fit under 10"


def test_payment_chooses_the_space_when_both_have_the_resource():
    g = game(player(["tundra_mid", "forest_mid"]), player(),
             board={"gems": {"tundra_mid": 2, "forest_mid": 2}})
    g.play("action conjure_spell")
    assert g.phase == "pay" and sorted(g.legal_actions()) == ["pay forest_mid", "pay tundra_mid"]
    g.play("pay forest_mid")
    g.play("pay forest_mid")
    assert g.state.hand[0].sum() == 1 and g.state.space_res[idx("tundra_mid"), 1] == 2


def test_power_up_looks_at_three_keeps_one_and_the_rest_go_to_the_bottom():
    piles = {"move": ["quick_feet", "pack_mule", "wanderlust", "kind_heart"], "make": ["big_oven"]}
    g = game(player(["tundra_mid", "camp"]), player(), tile_piles=piles,
             board={"apples": {"tundra_mid": 1}, "gems": {"tundra_mid": 1}})
    g.play("action power_up")
    assert g.legal_actions() == ["power up from the move pile", "power up from the make pile"]
    g.play("power up from the move pile")
    assert len(g.legal_actions()) == 3
    g.play("keep power up pack_mule")
    pile = g.to_dict()["tile_piles"]["move"]
    assert pile[0] == "kind_heart" and pile[-2:] == ["quick_feet", "wanderlust"] and len(pile) == 7
    assert g.to_dict()["players"][0]["move_tile"] == "pack_mule"


def test_one_tile_per_section_and_a_make_tile_changes_the_make_costs():
    g = game(player(["tundra_mid", "camp"], make_tile="thrifty_baker", move_tile="quick_feet",
                    last_action="seek_apples", trophies=["power_ups"]), player(),
             board={"apples": {"tundra_mid": 1}, "gems": {"tundra_mid": 1}})
    assert "action power_up" not in g.legal_actions(), "both sections powered up"
    g.play("action bake_pies")
    assert g.state.player[0, P_PIES] == 5 and g.state.space_res[:, 0].sum() == 0
    assert g.state.player[0, P_MAKE_TILE] >= 0 and np.all(g.state.space_res[:, 1].sum() == 1)
