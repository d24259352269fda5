"""A war reads as text: every war action a game offers has its own line (never the raw
kind name), the board shows divisions, the playthrough marks the war's turns and ends
with how the war ended, and the score stays the standard game's."""
from scythe_sim.games.scythe.game import Game
from scythe_sim.games.scythe.layout import ACTION_KINDS
from scythe_sim.games.scythe.variants.war.layout import G_WAR_STAGE, WAR_STAGE_WAR
from scythe_sim.games.scythe.playthrough import play_through

WAR = {"all_out_war": 1}


def test_every_war_action_offered_in_a_war_reads_as_a_sentence():
    seen = set()
    for seed in range(3):
        game = Game.new(seed=seed, players=3, rules=WAR)
        k = 0
        while not game.is_over:
            actions = game.legal_actions()
            for a in actions:
                name = ACTION_KINDS[a.kind]
                if name.startswith("war_"):
                    seen.add(name)
                    assert not a.text.startswith(name), a.text
            game.step(k % len(actions))      # a fixed walk through the choices
            k += 7
    assert {"war_place", "war_produce", "war_move", "war_corps"} <= seen, seen


def test_a_war_playthrough_marks_the_war_and_keeps_the_standard_score():
    game, lines = play_through(4, 3, strategies=["greedy", "warmonger", "economist"], rules=WAR)
    text = "\n".join(lines)
    assert "All Out War: mobilization" in text and "All Out War: the war begins" in text
    assert any(line.startswith("war round 1: ") for line in lines)
    assert lines[-len(game.score()) - 1].startswith("war over: ")
    assert game.state.game[G_WAR_STAGE] == WAR_STAGE_WAR
    standard = game.state.standard_score
    for row in game.score():
        assert row["total"] == standard[row["player"], 5]      # S_TOTAL
    assert "D]" in str(game) or "D " in str(game)            # divisions on the board
