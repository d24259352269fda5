"""The greedy family: its direct combat and movement rules from positions, its weights
files, and whole games (honesty is tests/contract/test_game_contract.py's, for every strategy)."""
import numpy as np
import pytest

from scythe_sim.enums import CARD_VALUES, LAKE, N_HEX, hex_name
from scythe_sim.errors import ConfigError
from scythe_sim.game import Game
from scythe_sim.layout import (A_COMBAT_CARD, A_DIAL, A_END_CARDS, A_END_MOVE, A_SELECT_UNIT,
                               A_STEP, A_STOP, G_DECIDER, P_SEAT)
from scythe_sim.play import R_STATUS, SR_SCORE0, run_games
from scythe_sim.layout import S_RANK
from scythe_sim.strategies import STRATEGIES
from scythe_sim.strategies.dispatch import choose
from scythe_sim.strategies.weights import WEIGHTS, load_params, weight_row
from scythe_sim.tables import default_tables
from tests.scythe.test_combat import FARM, FARM_FROM, commit, fight_at
from tests.scythe.test_move import CHAR, mech, opponent, player, position

GREEDY_FAMILY = ("greedy", "economist", "rusher", "warmonger", "objective")


def pick(game, strategy="greedy"):
    """The row the strategy picks at the game's current decision."""
    rows = game.legal_rows()
    s = game.state
    seat = int(s.player[s.game[G_DECIDER], P_SEAT])
    i = choose(STRATEGIES.index(strategy), s, game.tables, seat, rows, len(rows), load_params(),
               game.work)
    return tuple(int(x) for x in rows[i][:2])


# --- combat -------------------------------------------------------------------------------
def test_attacker_sure_to_win_with_its_card_dials_nothing_and_plays_its_best_card():
    game = fight_at(player("rusviet", character=FARM_FROM, power=10, combat_cards=[2, 5]),
                    opponent("polania", character=FARM, power=2, combat_cards=[]))
    assert pick(game) == (A_DIAL, 0)          # the defender's best is 2; the 5 card beats it
    game.step((A_DIAL, 0, 0, 0))
    assert pick(game) == (A_COMBAT_CARD, CARD_VALUES.index(5))


def test_attacker_dials_just_enough_to_beat_the_defender_s_best():
    game = fight_at(player("rusviet", character=FARM_FROM, power=9, combat_cards=[]),
                    opponent("polania", character=FARM, power=4, combat_cards=[]))
    assert pick(game) == (A_DIAL, 4)          # ties go to the attacker


@pytest.mark.parametrize("caution_guess", [4])
def test_defender_out_of_reach_keeps_its_power_and_cards(caution_guess):
    # The attacker may bring 7 power and one card (guessed at 3 + caution = 4): 11.
    game = fight_at(player("rusviet", character=FARM_FROM, power=7, combat_cards=[2, 3]),
                    opponent("polania", character=FARM, power=3, combat_cards=[5]))
    commit(game, 0)                           # whatever the attacker did stays hidden
    assert pick(game) == (A_DIAL, 0)
    game.step((A_DIAL, 0, 0, 0))
    assert pick(game) == (A_END_CARDS, 0)


def test_defender_within_reach_fights_to_win():
    game = fight_at(player("rusviet", character=FARM_FROM, power=2, combat_cards=[]),
                    opponent("polania", character=FARM, power=7, combat_cards=[4]))
    commit(game, 2)
    # The attacker's best is 2 (no cards): 3 beats it, the 4 card alone does.
    assert pick(game) == (A_DIAL, 0)
    game.step((A_DIAL, 0, 0, 0))
    assert pick(game) == (A_COMBAT_CARD, CARD_VALUES.index(4))


# --- movement -------------------------------------------------------------------------------
def _encounter_next_to_land():
    t = default_tables()
    for e in range(N_HEX):
        if not t.has_encounter[e]:
            continue
        for nb in t.neighbours[e]:
            if 0 <= nb < N_HEX and t.edge[e, nb] == 1 and t.terrain[nb] != LAKE and not t.has_encounter[nb]:
                return hex_name(e), hex_name(int(nb))
    raise AssertionError("no encounter hex next to land")


def test_character_walks_onto_the_encounter_token_next_to_it():
    token, start = _encounter_next_to_land()
    game = Game.from_dict(position(player("rusviet", character=start, workers=[start, start]),
                                   opponent("polania"), turn_state={"units_left": 1},
                                   board={"encounter_tokens": [token]}))
    assert pick(game) == (A_SELECT_UNIT, CHAR)
    game.step((A_SELECT_UNIT, CHAR, 0, 0))
    kind, loc = pick(game)
    assert kind == A_STEP and hex_name(loc) == token


def test_mech_attacks_a_weaker_enemy_and_leaves_a_stronger_one_alone():
    riverwalk = mech("rusviet", "riverwalk")
    weak = Game.from_dict(position(player("rusviet", mechs={"riverwalk": FARM_FROM}, power=7, combat_cards=[5]),
                                   opponent("polania", character=FARM, power=1),
                                   turn_state={"units_left": 1}))
    weak.step((A_SELECT_UNIT, riverwalk, 0, 0))
    kind, loc = pick(weak, "warmonger")
    assert kind == A_STEP and hex_name(loc) == FARM
    strong = Game.from_dict(position(player("rusviet", mechs={"riverwalk": FARM_FROM}, power=1),
                                     opponent("polania", character=FARM, power=12, combat_cards=[3, 4]),
                                     turn_state={"units_left": 1}))
    strong.step((A_SELECT_UNIT, riverwalk, 0, 0))
    kind, loc = pick(strong, "warmonger")
    assert not (kind == A_STEP and hex_name(loc) == FARM)
    assert kind in (A_STEP, A_STOP)


def test_nothing_to_gain_ends_the_move():
    game = Game.from_dict(position(player("rusviet"), opponent("polania"),
                                   turn_state={"units_left": 1}))
    kinds = {a.kind for a in game.legal_actions()}
    assert A_END_MOVE in kinds
    # Pieces at home can step out; whatever greedy does, it is a legal row.
    assert pick(game)[0] in (A_SELECT_UNIT, A_END_MOVE)


# --- weights ----------------------------------------------------------------------------
def test_every_strategy_has_weights_and_personas_differ_from_greedy():
    params = load_params()
    greedy = params[STRATEGIES.index("greedy")]
    assert greedy[WEIGHTS.index("score")] > 0
    for name in GREEDY_FAMILY[1:]:
        assert not np.array_equal(params[STRATEGIES.index(name)], greedy), name
    assert params[STRATEGIES.index("automa")][WEIGHTS.index("level")] in (1, 2, 3, 4)


def test_weights_file_errors_are_one_line(tmp_path):
    bad = tmp_path / "w.toml"
    bad.write_text('[weights]\nbravery = 3\n')
    with pytest.raises(ConfigError, match="unknown weight 'bravery'"):
        weight_row(bad)
    bad.write_text('[weights]\nscore = "high"\n')
    with pytest.raises(ConfigError, match="must be a number"):
        weight_row(bad)
    bad.write_text('based_on = "nobody"\n')
    with pytest.raises(ConfigError, match="based_on"):
        weight_row(bad)
    good = tmp_path / "g.toml"
    good.write_text('based_on = "greedy"\n[weights]\naggression = 20\n')
    row = weight_row(good)
    assert row[WEIGHTS.index("aggression")] == 20 and row[WEIGHTS.index("score")] == 1.0
    with pytest.raises(ConfigError, match="unknown strategy"):
        load_params({"hero": good})


# --- whole games ------------------------------------------------------------------------------
@pytest.mark.parametrize("name", GREEDY_FAMILY)
def test_whole_games_keep_every_invariant_and_beat_random(name):
    sid = STRATEGIES.index(name)
    wins = 0
    for seat in range(4):
        strategies = np.zeros(7, np.int64)
        strategies[seat] = sid
        games, seats = run_games(default_tables(), np.arange(40 + 2 * seat, 42 + 2 * seat), 4,
                                 strategies=strategies, check=True)
        assert (games[:, R_STATUS] == 0).all()
        wins += int((seats[:, seat, SR_SCORE0 + S_RANK] == 1).sum())
    assert wins >= 7, f"{name} won {wins} of 8 games against three random seats"
