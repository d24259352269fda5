"""MLS setup (rulebook SETUP) and the action-space rule, from positions."""
import numpy as np
import pytest

from scythe_sim.errors import PositionError
from scythe_sim.games.mls.game import Game
from scythe_sim.games.mls.layout import (CAMP, G_QUEST_DECK_N, P_CAMP, P_FRIENDSHIP, P_LAST_ACTION,
                                   P_PERSONALITY, P_PIES, P_SEAT)
from scythe_sim.games.mls.tables import default_tables
from tests.mls.helpers import game, player, rows_of


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 6])
def test_setup_tracks_spells_personality_camps_and_the_setup_tile(n):
    t = default_tables()
    g = Game.new(seed=11 + n, players=n)
    s = g.state
    assert (s.player[:n, P_FRIENDSHIP] == 3).all() and (s.player[:n, P_PIES] == 3).all()
    assert (s.hand[:n].sum(axis=1) == 1).all(), "1 secret spell each"
    assert len(set(s.player[:n, P_PERSONALITY])) == n, "a different personality card each"
    camps = sorted(s.player[:n, P_CAMP])
    assert camps == sorted(c for c in t.camps_by_players[n] if c >= 0)
    assert (s.seeker_loc[:n] == CAMP).all() and (s.player[:n, P_LAST_ACTION] == -1).all()
    assert sorted(s.player[:n, P_SEAT]) == list(range(n))
    # the setup tile fills exactly the 3 spaces in front of each active camp, one item each
    filled = s.space_res.sum(axis=1) + s.quest_token
    in_front = {int(x) for c in camps for x in t.camp_setup[c]}
    assert {int(x) for x in np.flatnonzero(filled)} == in_front
    assert filled.sum() == 3 * n
    assert s.game[G_QUEST_DECK_N] == 12 and (s.tile_pile >= 0).sum() == 16
    assert g.invariant() == "ok"


def test_the_first_player_is_random_and_setup_is_seeded():
    firsts = {int(Game.new(seed=k, players=4).state.player[0, P_SEAT]) for k in range(40)}
    assert firsts == {0, 1, 2, 3}
    a, b = Game.new(seed=5, players=3), Game.new(seed=5, players=3)
    assert a.to_dict() == b.to_dict()


def test_seven_players_are_refused():
    with pytest.raises(PositionError):
        Game.new(seed=1, players=7)


def test_a_different_action_space_than_last_turn():
    g = game(player(last_action="seek_apples"), player())
    assert rows_of(g, "action") == ["action move", "action seek_gems"]
    g = game(player(last_action="move"), player())
    assert "action move" not in g.legal_actions()


def test_the_same_section_may_be_used_on_consecutive_turns():
    g = game(player(["tundra_mid", "camp"], last_action="bake_pies"), player(), board={
        "apples": {"tundra_mid": 2}, "gems": {"tundra_mid": 2}})
    acts = g.legal_actions()
    assert "action bake_pies" not in acts and "action conjure_spell" in acts and "action power_up" in acts


def test_make_actions_need_their_cost_on_spaces_of_your_seekers():
    g = game(player(["tundra_mid", "camp"]), player(["forest_mid", "camp"]),
             board={"apples": {"tundra_mid": 1, "forest_mid": 5}, "gems": {"forest_mid": 5}})
    assert rows_of(g, "action") == ["action move", "action seek_apples", "action seek_gems"]
    g = game(player(["tundra_mid", "tundra_outer_a"]), player(),
             board={"apples": {"tundra_mid": 1, "tundra_outer_a": 1}})
    assert "action bake_pies" in g.legal_actions()


def test_rejuvenation_clears_the_action_token():
    # a delivery sends the Seekers home and rejuvenates: any action next turn
    g = game(player(["tundra_inner", "camp"], last_action="seek_apples"), player(),
             board={"apples": {"tundra_inner": 4}})
    for text in ("action move", "move seeker 0", "carry 4 apples 0 gems", "step castle_everfree"):
        g.play(text)
    assert g.phase == "rejuvenate"
    g.play("rejuvenate: 2 pies")
    assert g.state.player[0, P_LAST_ACTION] == -1
