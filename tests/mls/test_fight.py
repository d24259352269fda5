"""MLS pie fights (rulebook PIE FIGHT, BASE CAMPS), from positions."""
from scythe_sim.games.mls.layout import (CAMP, P_FRIENDSHIP, P_LAST_ACTION, P_PIES, TR_PIE_FIGHT)
from tests.mls.helpers import game, idx, player, rows_of


def attack(g, target="tundra_mid", second=None):
    """Player 0 moves Seeker 0 onto `target` (one step), Seeker 1 onto `second` or stays."""
    g.play("action move")
    g.play("move seeker 0")
    g.play(f"step {target}")
    if second:
        g.play("move seeker 1")
        g.play(f"step {second}")
    elif g.phase == "move_pick":
        g.play("end_move")
    return g


def base(**p0):
    return game(player(["tundra_outer_corner", "camp"], **p0),
                player(["tundra_mid", "camp"], pies=4, spells=[1, 1, 0]),
                board={"apples": {"tundra_mid": 2}})


def test_the_attacker_loses_friendship_and_dials_up_to_its_pies():
    g = attack(base(pies=5))
    assert g.state.player[0, P_FRIENDSHIP] == 2
    assert g.phase == "dial" and g.decider == 0
    assert rows_of(g, "dial") == [f"dial {d} pies" for d in range(6)]


def test_the_dial_stops_at_seven():
    g = attack(base(pies=10, trophies=["pies"]))
    assert len(rows_of(g, "dial")) == 8


def test_ties_go_to_the_attacker_and_the_loser_goes_home_leaving_its_resources():
    g = attack(base(pies=5, spells=[0, 0, 0]))
    g.play("dial 2 pies")
    assert g.decider == 1 and g.phase == "dial"
    g.play("dial 2 pies")
    g.play("end_spells")
    s = g.state
    assert s.seeker_loc[1, 0] == CAMP and s.seeker_loc[0, 0] == idx("tundra_mid")
    assert s.space_res[idx("tundra_mid")].tolist() == [2, 0], "the winner keeps the apples there"
    assert s.player[0, P_PIES] == 3 and s.player[1, P_PIES] == 2, "pies thrown are spent"
    assert s.trophy[0, TR_PIE_FIGHT] == 0, "friendship 2 after attacking: no trophy"
    assert g.phase == "rejuvenate" and g.decider == 1
    g.play("rejuvenate: 1 spell")
    assert s.player[1, P_LAST_ACTION] == -1 and s.hand[1].sum() == 3


def test_spells_add_to_the_score_one_per_own_seeker_and_are_discarded():
    g = attack(base(pies=5, friendship=5, spells=[0, 0, 2]))
    g.play("dial 1 pies")
    assert rows_of(g, "spell") == ["spell value index 2"]
    g.play("spell value index 2")
    assert g.phase == "dial" and g.decider == 1, "one Seeker in the fight: one spell"
    g.play("dial 4 pies")
    g.play("spell value index 0")
    s = g.state
    assert s.spell_deck[1].tolist() == [1, 0, 1]
    # 1 + 3 = 4 against 4 + 1 = 5: the defender wins
    assert s.seeker_loc[0, 0] == CAMP and s.seeker_loc[1, 0] == idx("tundra_mid")
    assert g.phase == "rejuvenate" and g.decider == 0
    g.play("rejuvenate: 2 pies")
    assert g.phase == "def_trophy" and g.decider == 1
    g.play("claim")
    assert s.trophy[1, TR_PIE_FIGHT] == 1


def test_two_own_seekers_in_a_fight_may_attach_two_spells():
    g = game(player(["tundra_outer_corner", "tundra_outer_a"], friendship=6, spells=[2, 0, 0]),
             player(["tundra_mid", "camp"]))
    attack(g, "tundra_mid", "tundra_mid")
    g.play("dial 0 pies")
    g.play("spell value index 0")
    assert g.phase == "spell", "a second spell for the second Seeker"
    g.play("spell value index 0")
    g.play("dial 0 pies")
    assert g.state.trophy[0, TR_PIE_FIGHT] == 1, "the attacker's win places its trophy at once"


def test_the_pie_cannon_adds_to_its_owners_score():
    g = attack(base(pies=3, friendship=6, move_tile="pie_cannon"))
    g.play("dial 0 pies")
    g.play("dial 1 pies")
    g.play("end_spells")
    assert g.state.seeker_loc[1, 0] == CAMP


def test_a_stubborn_defender_wins_ties():
    g = game(player(["tundra_outer_corner", "camp"], spells=[0, 0, 0]),
             player(["tundra_mid", "camp"], personality="stubborn", spells=[0, 0, 0]))
    attack(g)
    g.play("dial 1 pies")
    g.play("dial 1 pies")
    assert g.state.seeker_loc[0, 0] == CAMP
