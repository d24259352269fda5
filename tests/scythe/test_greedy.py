"""The greedy family: its direct combat and movement rules from positions, its weights
files, and whole games (honesty is tests/contract/test_game_contract.py's, for every strategy)."""
import numba
import numpy as np
import pytest

from scythe_sim.games.scythe.enums import CARD_VALUES, LAKE, N_HEX, hex_name
from scythe_sim.errors import ConfigError
from scythe_sim.games.scythe.game import Game
from scythe_sim.games.scythe.layout import (A_COMBAT_CARD, A_DIAL, A_END_CARDS, A_END_MOVE, A_PICK_RESOURCE,
                               A_PICK_WORKER, A_SELECT_UNIT, A_STEP, A_STOP, A_TAKE_FACTORY,
                               G_DECIDER, P_SEAT)
from scythe_sim.games.scythe.play import R_STATUS, SR_SCORE0, run_games
from scythe_sim.games.scythe.layout import S_RANK
from scythe_sim.games.scythe.strategies import STRATEGIES
from scythe_sim.games.scythe.strategies.dispatch import choose
from scythe_sim.games.scythe.strategies.rules import _option_value, factory_card_row
from scythe_sim.games.scythe.strategies.value import popularity_outlook, tier_gain
from scythe_sim.games.scythe.strategies.weights import CONFIG_DIR, WEIGHTS, load_params, weight_row
from scythe_sim.games.scythe.tables import default_tables
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


def test_a_unit_leaving_a_hex_unheld_takes_its_resources_along():
    # The character steps onto the encounter next to it; the resources it stands on
    # would no longer be held, so greedy picks them up first (greedy1 never carries).
    token, start = _encounter_next_to_land()
    for name, expected in (("greedy", A_PICK_RESOURCE), ("greedy1", A_STEP)):
        game = Game.from_dict(position(player("rusviet", character=start),
                                       opponent("polania"), turn_state={"units_left": 1},
                                       board={"encounter_tokens": [token],
                                              "resources": {start: {"metal": 2}}}))
        game.step((A_SELECT_UNIT, CHAR, 0, 0))
        kind, _ = pick(game, name)
        assert kind == expected, name
    game.step((A_PICK_RESOURCE, 1, 2, 0))
    kind, loc = pick(game)
    assert kind == A_STEP and hex_name(loc) == token


def test_a_mech_gives_its_workers_a_ride_to_a_better_hex():
    # Nordic's Artillery mech on T12 with two workers: a step is worth more with the
    # workers aboard (new territories held), so greedy picks them up before it steps;
    # greedy1 never carries.
    arty = mech("nordic", "artillery")
    game = Game.from_dict(position(player("nordic", mechs={"artillery": "T12"}, workers=["T12", "T12"]),
                                   opponent("saxony"), turn_state={"units_left": 1}))
    game.step((A_SELECT_UNIT, arty, 0, 0))
    assert pick(game)[0] == A_PICK_WORKER
    assert pick(game, "greedy1")[0] == A_STEP


@numba.njit
def _outlooks(t, out):
    """Compiled helpers have no Python wrapper: call them from compiled code."""
    for p in range(out.shape[0]):
        out[p] = popularity_outlook(t, p)


@numba.njit
def _tier_gain(t, tier):
    return tier_gain(t, tier)


@numba.njit
def _factory_pick(t, rows, n, w, worth):
    for i in range(n):
        worth[i] = _option_value(t.factory_top[rows[i, 1]], w)
    return factory_card_row(t, rows, n, w)


def test_popularity_outlook_rises_to_each_tier_and_never_falls():
    t = default_tables()
    values = np.zeros(len(t.pop_tier))
    _outlooks(t, values)
    values = list(values)
    assert all(b >= a for a, b in zip(values, values[1:]))
    assert values[0] == 0.0
    for p in range(1, len(t.pop_tier)):
        if t.pop_tier[p] != t.pop_tier[p - 1]:      # a tier's first space pays that tier
            assert values[p] == _tier_gain(t, t.pop_tier[p])
    assert values[6] > values[3] > 0.0            # steps toward a tier count before it


def test_factory_card_kept_by_its_top_action_s_value():
    t = default_tables()
    w = load_params()[STRATEGIES.index("greedy")]
    rows = np.zeros((4, 4), np.int64)
    rows[:, 0] = A_TAKE_FACTORY
    rows[:, 1] = [0, 3, 7, 11]
    worth = np.zeros(4)
    kept = _factory_pick(t, rows, 4, w, worth)
    assert len(set(worth)) > 1 and kept == int(np.argmax(worth))


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
    inherited = weight_row(CONFIG_DIR / "greedy.toml")[WEIGHTS.index("score")]
    assert row[WEIGHTS.index("aggression")] == 20 and row[WEIGHTS.index("score")] == inherited
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


def test_near_lists_every_territory_nearest_first(tables):
    """The movement heuristics take a unit's nearest goal as the first one met in near."""
    from scythe_sim.games.scythe.enums import N_LOC
    from scythe_sim.games.scythe.strategies.workspace import NEAR_BITS, NEAR_LOC_MASK, new_workspace

    work = new_workspace(tables)
    for loc in range(N_LOC):
        x = work.near[loc] & NEAR_LOC_MASK
        d = work.near[loc] >> NEAR_BITS
        assert sorted(x) == list(range(N_HEX))
        assert (d == work.dist[loc, x]).all() and (np.diff(d) >= 0).all()
