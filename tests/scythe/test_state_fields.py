"""The State's one declaration (layout.STATE_FIELDS) and everything that must cover it:
the record, new_state, copy_state, the compiled copy_into and clear_state, and the
position JSON round trip. Each test fails when a declared field is missed."""
import numpy as np
import pytest

from scythe_sim.games.scythe.text import position
from scythe_sim.games.scythe.game import Game
from scythe_sim.games.scythe.kernel.state import clear_state, copy_into, copy_state, new_state
from scythe_sim.games.scythe.layout import (P_SEAT, STATE_DTYPE, STATE_FIELDS, State, carried_by_position,
                               state_shapes)
from scythe_sim.games.scythe.strategies import STRATEGIES
from scythe_sim.games.scythe.tables import build_tables
from scythe_sim.games.scythe.strategies.dispatch import choose
from scythe_sim.games.scythe.strategies.weights import load_params


def _scrambled_state(seed=1):
    """Every element of every field random, never a blank value, and each field in its own
    range, so a field copied into another one's place is seen too."""
    rng = np.random.default_rng(seed)
    s = new_state()
    for k, field in enumerate(STATE_FIELDS):
        base = (k + 1) << 40
        s[field.name][...] = rng.integers(base, base + (1 << 39), field.shape).astype(field.dtype)
    return s


def _differing_fields(a, b, fields=STATE_FIELDS):
    return [f.name for f in fields if not np.array_equal(a[f.name], b[f.name])]


def test_record_named_tuple_and_shapes_follow_the_declaration():
    names = tuple(f.name for f in STATE_FIELDS)
    assert State._fields == names and STATE_DTYPE.names == names
    assert len(set(names)) == len(names)
    s = new_state()
    for field in STATE_FIELDS:
        assert state_shapes()[field.name] == (field.shape, field.dtype)
        assert s[field.name].shape == field.shape and s[field.name].dtype == field.dtype
        assert (s[field.name] == field.blank).all(), field.name


def test_copy_state_copies_every_declared_field():
    src = _scrambled_state()
    assert _differing_fields(copy_state(src), src) == []


def test_copy_into_copies_every_declared_field():
    src = _scrambled_state()
    dst = new_state()
    assert len(_differing_fields(dst, src)) == len(STATE_FIELDS)
    copy_into(dst, src)
    assert _differing_fields(dst, src) == []


def test_clear_state_blanks_every_declared_field():
    s = _scrambled_state(seed=2)
    clear_state(s)
    assert _differing_fields(s, new_state()) == []


def test_every_field_says_how_position_json_carries_it():
    top = position._TOP_KEYS | {"players[]"}
    for field in STATE_FIELDS:
        if carried_by_position(field) and not field.position.startswith("derived:"):
            for key in field.position.split(","):
                assert key.strip().split(" ")[0].split(".")[0] in top, field.name
        else:
            assert len(field.position.split(":", 1)[1].strip()) > 10, f"{field.name}: give the reason"


def _decision_points(strategy, seed, players, every, rules=None):
    """State copies every `every` decisions of a game played by one strategy."""
    game = Game.new(seed=seed, players=players, rules=rules)
    params = load_params()
    states, k = [], 0
    while not game.is_over:
        rows = game.legal_rows()
        if k % every == 0:
            states.append(copy_state(game.state))
        seat = int(game.state.player[game.decider, P_SEAT])
        i = choose(strategy, game.state, game.tables, seat, rows, len(rows), params, game.work)
        game.step(tuple(rows[i]))
        k += 1
    states.append(copy_state(game.state))
    return states


# the All Out War fields stay blank in a base game, the Flags and Traps without Albion and
# Togawa, the airships without the Wind Gambit
_WAR_FIELDS = {"war", "divisions", "war_moved", "war_groups", "standard_score"}
_TOKEN_FIELDS = {"token_kind", "token_owner"}
_AIRSHIP_FIELDS = {"airship_loc", "airship"}
_RULES = {True: {"all_out_war": 1}, "invaders": {"expansion_factions": 1}, "wind": {"wind_gambit": 1}}


@pytest.mark.slow
@pytest.mark.parametrize("strategy, seed, players, every, war", [
    ("random", 3, 2, 7, False), ("random", 8, 5, 11, False), ("greedy", 4, 3, 5, False),
    ("greedy", 6, 3, 5, True), ("greedy", 2, 7, 9, "invaders"), ("random", 5, 3, 3, "wind")])
def test_position_round_trip_keeps_every_carried_field(tables, strategy, seed, players, every, war):
    carried = [f for f in STATE_FIELDS if carried_by_position(f)]
    rules = _RULES.get(war)
    states = _decision_points(STRATEGIES.index(strategy), seed, players, every, rules)
    tables = build_tables(rules) if war == "wind" else tables
    blank = new_state()
    # the sample must show each field away from its blank value, or a dropped one could hide
    shown = [f for f in carried if (war is True or f.name not in _WAR_FIELDS)
             and (war == "invaders" or f.name not in _TOKEN_FIELDS)
             and (war == "wind" or f.name not in _AIRSHIP_FIELDS)]
    assert all(any(not np.array_equal(s[f.name], blank[f.name]) for s in states) for f in shown)
    for s in states:
        again = position.dict_to_state(position.state_to_dict(s, tables), tables)
        assert _differing_fields(again, s, carried) == []


def test_copy_into_skips_the_war_fields_outside_a_war():
    """Planners copy base-game states constantly: the war fields are copied only when the
    source or the destination is in a war (they stay blank outside one)."""
    from scythe_sim.games.scythe.variants.war.layout import G_WAR_STAGE
    src = _scrambled_state()
    src.game[G_WAR_STAGE] = 0
    dst = new_state()
    copy_into(dst, src)
    assert sorted(_differing_fields(dst, src)) == sorted(_WAR_FIELDS)
    src.game[G_WAR_STAGE] = 3
    copy_into(dst, src)
    assert _differing_fields(dst, src) == []
    src.game[G_WAR_STAGE] = 0
    copy_into(dst, src)            # dst was in a war: its war fields are overwritten
    assert _differing_fields(dst, src) == []
