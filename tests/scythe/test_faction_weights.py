"""Per-faction weight overrides: [faction.<name>] tables of a weights file, the params
layout they give, and the row each seat plays with."""
import numpy as np
import pytest

from scythe_sim.games.scythe.enums import FACTIONS, NORDIC, RUSVIET
from scythe_sim.errors import ConfigError
from scythe_sim.games.scythe.game import Game
from scythe_sim.games.scythe.layout import MAX_PLAYERS, P_FACTION, P_SEAT
from scythe_sim.games.scythe.play import run_games
from scythe_sim.runner.config import config_from_snapshot, parse_config
from scythe_sim.games.scythe.strategies import N_SLOTS, N_STRATEGIES, STRATEGIES
from scythe_sim.games.scythe.strategies.dispatch import param_row
from scythe_sim.games.scythe.strategies.weights import (WEIGHTS, faction_rows, load_params, weight_rows,
                                           with_faction_rows)
from scythe_sim.games.scythe.tables import default_tables

GREEDY = STRATEGIES.index("greedy")


def _file(tmp_path, text, name="w.toml"):
    path = tmp_path / name
    path.write_text(text)
    return path


def test_a_faction_table_overrides_only_its_weights_for_that_faction(tmp_path):
    path = _file(tmp_path, 'based_on = "greedy"\n[weights]\nstar = 7\n'
                           '[faction.nordic]\naggression = 9.5\ncaution = 2\n')
    row, by_faction = weight_rows(path)
    assert set(by_faction) == {NORDIC}
    changed = np.flatnonzero(by_faction[NORDIC] != row)
    assert [WEIGHTS[k] for k in changed] == ["aggression", "caution"]
    assert by_faction[NORDIC][WEIGHTS.index("aggression")] == 9.5
    assert by_faction[NORDIC][WEIGHTS.index("star")] == 7      # the file's [weights] still hold

    params = load_params({"greedy": path})
    assert params.shape[0] == N_SLOTS * (1 + len(FACTIONS))
    assert np.array_equal(params[GREEDY], row)
    assert set(faction_rows(params)) == {(GREEDY, NORDIC)}


def test_shipped_weights_have_the_compact_layout():
    assert load_params().shape[0] == N_STRATEGIES
    assert with_faction_rows(load_params(), {}).shape[0] == N_STRATEGIES


@pytest.mark.parametrize("text, words", [
    ("[faction.atlantis]\nstar = 1\n", ["w.toml", "atlantis", "[faction.atlantis]", "nordic"]),
    ("[faction.nordic]\nbravery = 1\n", ["w.toml", "[faction.nordic]", "bravery", "known:"]),
    ("[faction.nordic]\nstar = 'x'\n", ["w.toml", "[faction.nordic]", "star", "number"]),
    ("faction = 3\n", ["w.toml", "[faction.<name>]"]),
])
def test_bad_faction_tables_are_one_line_config_errors(tmp_path, text, words):
    with pytest.raises(ConfigError) as err:
        weight_rows(_file(tmp_path, text))
    message = str(err.value)
    assert "\n" not in message
    for word in words:
        assert word in message


def test_a_seat_of_the_faction_gets_the_override_row_and_the_others_do_not():
    game = Game.new(seed=5, players=3, factions=["rusviet", "nordic", "crimea"])
    base = load_params()
    override = base[GREEDY].copy()
    override[WEIGHTS.index("aggression")] = 99.0
    params = with_faction_rows(base, {(GREEDY, NORDIC): override})
    s = game.state
    for p in range(3):
        seat = int(s.player[p, P_SEAT])
        row = params[param_row(params, GREEDY, s, seat)]
        expected = override if s.player[p, P_FACTION] == NORDIC else base[GREEDY]
        assert np.array_equal(row[:len(expected)], expected), FACTIONS[s.player[p, P_FACTION]]
    assert param_row(base, GREEDY, s, 0) == GREEDY           # compact layout: the strategy's row


def _play(params, factions):
    seeds = np.arange(1, len(factions) + 1, dtype=np.uint64)
    table = np.full((len(factions), MAX_PLAYERS), -1, np.int64)
    table[:, :4] = factions
    return run_games(default_tables(), seeds, 4, seating=(table, None),
                     strategies=[GREEDY] * MAX_PLAYERS, params=params)


def test_overrides_change_only_the_games_of_their_faction():
    base = load_params()
    with_nordic, without = [NORDIC, RUSVIET, 2, 3], [RUSVIET, 2, 3, 4]
    factions = [with_nordic, without, with_nordic, without]
    same = with_faction_rows(base, {(GREEDY, NORDIC): base[GREEDY].copy()})
    assert same.shape[0] > N_SLOTS
    plain = _play(base, factions)
    for a, b in zip(plain, _play(same, factions)):          # an override that changes nothing
        np.testing.assert_array_equal(a, b)
    bold = base[GREEDY].copy()
    bold[WEIGHTS.index("noise")] = 40.0                     # nordic greedy plays near random
    changed = _play(with_faction_rows(base, {(GREEDY, NORDIC): bold}), factions)
    differs = [not np.array_equal(plain[1][g], changed[1][g]) for g in range(4)]
    assert differs == [True, False, True, False]


def test_run_configs_carry_faction_tables_into_params_and_the_snapshot(tmp_path):
    _file(tmp_path, 'based_on = "greedy"\n[faction.nordic]\naggression = 9\n', "g.toml")
    config = parse_config({"games": 4, "strategies": {"seats": ["greedy"], "weights": {"greedy": "g.toml"}}},
                          tmp_path)
    assert [(n, k) for n, k, _ in config.seat_weights] == [("greedy", "nordic")]
    params = config.params()
    assert params.shape[0] == N_SLOTS * (1 + len(FACTIONS))
    assert params[N_SLOTS * (1 + NORDIC) + GREEDY, WEIGHTS.index("aggression")] == 9
    again = config_from_snapshot(config.snapshot())
    assert again == config and again.config_hash() == config.config_hash()
    plain = parse_config({"games": 4, "strategies": {"seats": ["greedy"]}})
    assert "seat_weights" not in plain.snapshot()
    assert plain.params().shape[0] == N_STRATEGIES
