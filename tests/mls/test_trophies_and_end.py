"""MLS trophies and the grand finale (rulebook TROPHIES, HOW TO WIN), from positions."""
import pytest

from scythe_sim.errors import PositionError
from scythe_sim.games.mls.layout import (
    CAMP,
    END_FINALE,
    G_END_REASON,
    G_FINALE,
    P_PIES,
    P_TROPHIES,
    TR_FRIENDSHIP,
    TR_PIE_FIGHT,
    TR_PIES,
    TR_SPELLS,
)
from scythe_sim.games.mls.play import is_winner_py, rank_py
from tests.mls.helpers import game, player, rows_of


def end_turn_with_seek(g):
    g.play("action seek_apples")
    while g.phase == "seek_place":
        g.play(rows_of(g, "place")[0])


def test_a_trophy_met_before_the_turn_is_placed_at_its_start_one_per_turn():
    g = game(player(pies=8, spells=[3, 0, 0]), player())
    assert g.phase == "trophy" and sorted(rows_of(g, "trophy")) == ["trophy pies", "trophy spells"]
    g.play("trophy spells")
    assert g.phase == "action", "one trophy per turn: the pies trophy waits"
    end_turn_with_seek(g)
    assert g.active == 1
    s = g.state
    assert s.trophy[0, TR_SPELLS] == 1 and s.trophy[0, TR_PIES] == 0 and s.player[0, P_TROPHIES] == 1


def test_friendship_below_three_blocks_trophies():
    g = game(player(pies=8, friendship=2), player())
    end_turn_with_seek(g)
    assert g.active == 1 and g.state.trophy[0].sum() == 0


def test_a_personality_card_lowers_one_requirement():
    g = game(player(friendship=7, personality="friendly"), player())
    assert g.legal_actions() == ["trophy friendship"]
    g = game(player(friendship=7), player())
    assert g.phase == "action"


def test_the_power_ups_trophy_needs_a_move_and_a_make_tile():
    g = game(player(move_tile="quick_feet"), player())
    assert g.phase == "action"
    g = game(player(move_tile="quick_feet", make_tile="big_oven"), player())
    assert g.legal_actions() == ["trophy power_ups"]


def two_fights(**attacker):
    """Player 0's Seekers attack player 1's on two spaces; the first fight (tundra_mid) is
    lost by 0 pies against 1."""
    g = game(player(["tundra_outer_corner", "forest_outer_corner"], friendship=6, **attacker),
             player(["tundra_mid", "forest_mid"], pies=5))
    g.play("action move")
    for seeker, space in ((0, "tundra_mid"), (1, "forest_mid")):
        g.play(f"move seeker {seeker}")
        g.play(f"step {space}")
    g.play("fight tundra_mid")
    for dial in (0, 1):
        g.play(f"dial {dial} pies")
        if g.phase == "spell":
            g.play("end_spells")
    return g


def test_a_trophy_met_mid_turn_is_placed_at_once_and_spending_afterwards_does_not_undo_it():
    # two fights: losing the first rejuvenates the attacker with a 3rd spell, the trophy is
    # placed then; the second fight spends a spell (end of turn: 2 spells, trophy kept)
    g = two_fights(pies=0, spells=[2, 0, 0])
    assert g.phase == "rejuvenate" and g.decider == 0
    g.play("rejuvenate: 1 spell")
    assert g.phase == "trophy" and g.legal_actions() == ["trophy spells"], "placed when met"
    g.play("trophy spells")
    s = g.state
    assert s.trophy[0, TR_SPELLS] == 1 and s.hand[0].sum() == 3
    g.play("decline")   # the defender's pie-fight trophy
    g.play("dial 0 pies")
    g.play("spell value index 0")
    g.play("dial 0 pies")
    if g.phase == "spell":
        g.play("end_spells")
    while g.active == 0 and not g.is_over:
        g.play(g.legal_actions()[0])
    assert s.hand[0].sum() <= 2 and s.trophy[0, TR_SPELLS] == 1 and s.player[0, P_TROPHIES] == 1


def test_a_mid_turn_trophy_takes_the_turns_trophy_a_later_one_waits():
    # 8 pies reached by rejuvenating after the first lost fight: the pies trophy is placed
    # at once, so the pie-fight trophy won in the second fight is lost (that turn only)
    g = two_fights(pies=6)
    g.play("rejuvenate: 2 pies")
    assert g.phase == "trophy" and g.legal_actions() == ["trophy pies"]
    g.play("trophy pies")
    g.play("decline")   # the defender's pie-fight trophy
    g.play("dial 7 pies")
    g.play("dial 0 pies")
    s = g.state
    assert s.trophy[0, TR_PIES] == 1 and s.trophy[0, TR_PIE_FIGHT] == 0 and s.player[0, P_PIES] == 1


@pytest.mark.slow
def test_the_fourth_trophy_starts_the_grand_finale_each_other_player_one_final_turn():
    three = ["pies", "spells", "quests"]
    g = game(player(trophies=three, friendship=8), player(), player(friendship=8, pies=8, spells=[3, 0, 0]))
    g.play("trophy friendship")
    end_turn_with_seek(g)
    s = g.state
    assert s.game[G_FINALE] == 1 and g.active == 1
    end_turn_with_seek(g)
    assert g.active == 2
    # in the finale the trophy limit is lifted: player 2 places all three it meets
    for _ in range(3):
        g.play(rows_of(g, "trophy")[0])
    end_turn_with_seek(g)
    assert g.is_over and s.game[G_END_REASON] == END_FINALE
    assert s.player[2, P_TROPHIES] == 3 and s.trophy[0, TR_FRIENDSHIP] == 1
    assert is_winner_py(g, 0) and not is_winner_py(g, 2)


def test_ties_after_the_finale_go_to_friendship_then_resources_held():
    four = ["pies", "spells", "quests", "friendship"]
    g = game(player(["tundra_mid", "camp"], trophies=four, friendship=5),
             player(["forest_mid", "camp"], trophies=four, friendship=5),
             board={"apples": {"tundra_mid": 2, "forest_mid": 1}}, finale=1, finale_left=[])
    end_turn_with_seek(g)
    assert g.is_over
    assert [rank_py(g, p) for p in range(2)] == [1, 2] and is_winner_py(g, 0) and not is_winner_py(g, 1)
    g = game(player(["tundra_mid", "camp"], trophies=four, friendship=5),
             player(["forest_mid", "camp"], trophies=four, friendship=5),
             board={"apples": {"tundra_mid": 1, "forest_mid": 1}}, finale=1, finale_left=[])
    end_turn_with_seek(g)
    assert is_winner_py(g, 0) and is_winner_py(g, 1), "all tied players are crowned"


def test_a_player_has_four_trophy_tokens_so_a_final_turn_places_at_most_the_fourth():
    # rulebook setup: "Place your 4 Trophies"; the finale lifts the one-per-turn limit, not
    # the tokens: a player on 3 meeting two requirements ties on 4 and friendship decides
    four = ["friendship", "spells", "quests", "power_ups"]
    three = ["friendship", "quests", "power_ups"]
    g = game(player(trophies=four, friendship=5),
             player(trophies=three, friendship=4, pies=8, spells=[3, 0, 0]),
             active=1, finale=1, finale_left=[])
    assert sorted(rows_of(g, "trophy")) == ["trophy pies", "trophy spells"]
    g.play("trophy pies")
    assert g.phase == "action", "no token left for the spells trophy"
    end_turn_with_seek(g)
    s = g.state
    assert g.is_over and s.player[1, P_TROPHIES] == 4 and s.trophy[1, TR_SPELLS] == 0
    assert is_winner_py(g, 0) and not is_winner_py(g, 1), "tied on 4: more friendship wins"


def test_a_defender_on_four_trophies_is_not_offered_the_pie_fight_trophy():
    four = ["friendship", "spells", "quests", "power_ups"]
    g = game(player(["tundra_outer_corner", "camp"], pies=0, friendship=5),
             player(["tundra_mid", "camp"], pies=4, trophies=four, friendship=5),
             finale=1, finale_left=[])
    g.play("action move")
    g.play("move seeker 0")
    g.play("step tundra_mid")
    if g.phase == "move_pick":
        g.play("end_move")
    g.play("dial 0 pies")
    g.play("dial 1 pies")
    if g.phase == "spell":
        g.play("end_spells")
    s = g.state
    assert s.seeker_loc[0, 0] == CAMP, "the defender won"
    while g.phase == "rejuvenate":
        g.play(g.legal_actions()[0])
    assert g.phase != "def_trophy" and s.trophy[1, TR_PIE_FIGHT] == 0
    assert s.player[1, P_TROPHIES] == 4


def test_a_position_with_a_fifth_trophy_is_refused():
    five = ["friendship", "spells", "quests", "power_ups", "pies"]
    with pytest.raises(PositionError):
        game(player(trophies=five), player())
