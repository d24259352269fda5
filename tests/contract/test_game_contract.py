"""The contract of every registered game and variant (docs/internals.md, "Strategies"; docs/ARCHITECTURE.md, "Where a second game plugs in"): invariants
after every step, a game a pure function of its config and seed whatever the ranges it
is played in, result tables of a stable schema that carry ruleset and variant, and
strategies that answer in range, write nothing, repeat themselves and cannot see what
their seat may not. A game joins by registering its spec and its hooks
(tests/contract/hooks.py); nothing here names a game."""
import numpy as np
import pyarrow as pa
import pytest

from scythe_sim.runner.batch import play_range
from scythe_sim.runner.config import parse_config
from scythe_sim.runner.spec import spec_for, tools_for
from tests.contract.hooks import HOOKS, cases, games, hooks

CASES = cases()
IDS = [f"{game}-{variant}" for game, variant in CASES]
STRATEGY_CASES = [(game, variant, name) for game, variant in CASES for name in spec_for(game).setup.strategies]


def small_run(game, variant, **extra):
    return parse_config({"game": game, "variant": variant, **hooks(game).RUN, **extra})


def test_every_registered_game_has_contract_hooks():
    assert games(), "no game is registered"
    for game in games():
        assert game in HOOKS, f"game {game!r} is registered without contract hooks in tests/contract/hooks.py"


@pytest.mark.slow
@pytest.mark.parametrize("game,variant", CASES, ids=IDS)
def test_invariants_hold_after_every_step(game, variant):
    config = small_run(game, variant)
    spec = config.spec
    plan = spec.plan_games(config, 0, config.games)
    _, bad = spec.play(spec.build_tables(config.rules_dict), 0, plan, config, check=True)
    assert bad == ()


@pytest.mark.slow
@pytest.mark.parametrize("game,variant", CASES, ids=IDS)
def test_a_game_depends_on_its_config_and_seed_only(game, variant):
    config = small_run(game, variant)
    whole = play_range(config, 0, 12).tables
    again = play_range(config, 0, 12).tables
    parts = [play_range(config, a, b).tables for a, b in ((0, 5), (5, 12))]
    for name, table in whole.items():
        assert table.equals(again[name]), f"{name}: the same games played twice differ"
        joined = pa.concat_tables([p[name] for p in parts])
        assert table.equals(joined), f"{name}: games differ when played in two ranges"
    other_seed = play_range(small_run(game, variant, seed=8), 0, 12).tables
    first = tools_for(game).tables[0]
    assert not whole[first].equals(other_seed[first]), "another root seed played the same games"


@pytest.mark.parametrize("game,variant", CASES, ids=IDS)
def test_result_tables_have_a_stable_schema_with_ruleset_and_variant(game, variant):
    config = small_run(game, variant, log_turns=True)
    spec = config.spec
    a, b = play_range(config, 0, 6).tables, play_range(config, 6, 13).tables
    assert tuple(a) == tools_for(game).tables, "every table the game names, in its order"
    games_table = a[tools_for(game).tables[0]]
    assert games_table.column("game").to_pylist() == list(range(6)), "one row per game, keyed by game"
    for name, table in a.items():
        assert table.schema.equals(b[name].schema, check_metadata=True), f"{name}: schema differs between ranges"
        assert table.column_names[-2:] == ["ruleset", "variant"], name
        for column, value in (("ruleset", spec.ruleset(config)), ("variant", variant)):
            assert pa.types.is_dictionary(table.schema.field(column).type), f"{name}.{column}"
            assert set(table.column(column).to_pylist()) == {value}, f"{name}.{column}"


def _points(game, variant):
    points = hooks(game).decision_points(variant)
    assert len(points) > 100, "too few decision points to say anything"
    assert any(hooks(game).is_hidden_information_point(p) for p in points), "no point with hidden information"
    return points


def _state_arrays(point) -> dict:
    """Every field of the point's state (a numpy record, in any game), copied."""
    s = point[0].state
    return {name: np.array(s[name]) for name in s.dtype.names}


@pytest.mark.slow
@pytest.mark.parametrize("game,variant,strategy", STRATEGY_CASES)
def test_a_choice_is_in_range_writes_nothing_and_repeats(game, variant, strategy):
    h = hooks(game)
    for point in _points(game, variant):
        before = _state_arrays(point)
        i = h.choose(strategy, point)
        assert 0 <= i < len(point[1])
        after = _state_arrays(point)
        for name, array in before.items():
            assert np.array_equal(array, after[name]), f"{strategy} wrote the state field {name}"
        assert h.choose(strategy, point) == i, f"{strategy} is not repeatable"


def hidden_information_leaks(game, variant, chooser) -> int:
    """How many sampled decisions change when what the decider may not see is redrawn."""
    h = hooks(game)
    rng = np.random.default_rng(3)
    leaks = 0
    for point in _points(game, variant):
        i = chooser(point)
        leaks += any(chooser(h.scramble_hidden(point, rng)) != i for _ in range(3))
    return leaks


@pytest.mark.slow
@pytest.mark.parametrize("game,variant,strategy", STRATEGY_CASES)
def test_hidden_information_does_not_change_a_choice(game, variant, strategy):
    assert hidden_information_leaks(game, variant, lambda p: hooks(game).choose(strategy, p)) == 0


@pytest.mark.slow
@pytest.mark.parametrize("game,variant", CASES, ids=IDS)
def test_the_honesty_check_catches_a_chooser_that_peeks(game, variant):
    assert hidden_information_leaks(game, variant, hooks(game).peeking_choice) > 0
