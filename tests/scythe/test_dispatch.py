"""Named dispatch: apply_action routes every action kind and legal_actions every phase
by name; a kind or phase no branch routes is a kernel error (G_ERROR) that offers no
row and breaks an invariant, instead of running some other rule."""
import pathlib

import numpy as np

from scythe_sim.games.scythe import layout
from scythe_sim.games.scythe.enums import N_LOC
from scythe_sim.games.scythe.game import Game
from scythe_sim.games.scythe.kernel.apply import apply_action
from scythe_sim.games.scythe.kernel.invariants import INVARIANTS, check_invariants
from scythe_sim.games.scythe.kernel.legal import legal_actions
from scythe_sim.games.scythe.kernel.state import copy_state
from scythe_sim.games.scythe.layout import (ACTION_KINDS, ACTION_WIDTH, ERR_NONE, ERR_UNKNOWN_KIND,
                               ERR_UNKNOWN_PHASE, ERRORS, G_ERROR, G_PHASE, MAX_ACTIONS, PHASES,
                               STATE_FIELDS)
from scythe_sim.games.scythe.variants import hooks

KERNEL = pathlib.Path(layout.__file__).parent / "kernel"
ERROR_CODE = INVARIANTS.index("kernel error: an action kind or phase that no rule routes "
                              "(game.turn_state.error)") + 1


def _legal(game):
    out = np.zeros((MAX_ACTIONS, ACTION_WIDTH), np.int64)
    return legal_actions(game.state, game.tables, out, np.zeros(N_LOC, np.int64))


def _names_by_value(prefix, count):
    """{value: its constants' names}, the layout's and those the variants declare in their
    folders (variants/<variant>/layout.py)."""
    names = {}
    for module in (layout, *hooks.parts("layout")):
        for name, value in vars(module).items():
            if name.startswith(prefix) and isinstance(value, int) and 0 <= value < count:
                names.setdefault(value, set()).add(name)
    return names


# Where a variant's phases and kinds are routed by name: its folder's routing, which legal.py
# and apply.py reach through the registration (kernel/variant_play.py)
VARIANT_ROUTING = ("variant_play.py", "war/legal.py", "war/airship.py", "wind_gambit/decisions.py",
                   "wind_gambit/airship_effects.py", "wind_gambit/airship_combat.py")


def _routing(shared):
    return "".join((KERNEL / name).read_text() for name in (shared, *VARIANT_ROUTING))


def _named_in(source, names):
    return any(f"{n} " in source or f"{n}:" in source or f"{n})" in source or f"{n}," in source
               or f"{n}\n" in source for n in names)


def test_error_codes_are_named():
    assert ERRORS[ERR_NONE] == "none" and len(set(ERRORS)) == len(ERRORS)
    assert ERR_UNKNOWN_KIND != ERR_UNKNOWN_PHASE


def test_every_action_kind_is_routed_by_name_in_apply():
    source = _routing("apply.py")
    names = _names_by_value("A_", len(ACTION_KINDS))
    assert [ACTION_KINDS[k] for k in range(len(ACTION_KINDS)) if not _named_in(source, names[k])] == []


def test_every_phase_is_routed_by_name_in_legal():
    source = _routing("legal.py")
    names = _names_by_value("PH_", len(PHASES))
    assert [PHASES[k] for k in range(len(PHASES)) if not _named_in(source, names[k])] == []


def test_an_unknown_action_kind_is_an_error_and_changes_nothing_else():
    game = Game.new(seed=3, players=3)
    assert _legal(game) > 0 and game.check() == 0
    before = copy_state(game.state)
    apply_action(game.state, game.tables, len(ACTION_KINDS), 0, 0, 0)
    assert game.state.game[G_ERROR] == ERR_UNKNOWN_KIND
    before.game[G_ERROR] = ERR_UNKNOWN_KIND
    assert all(np.array_equal(before[f.name], game.state[f.name]) for f in STATE_FIELDS)
    assert _legal(game) == 0
    assert check_invariants(game.state, game.tables) == ERROR_CODE


def test_a_negative_action_kind_is_an_error_too():
    game = Game.new(seed=4, players=2)
    apply_action(game.state, game.tables, -1, 0, 0, 0)
    assert game.state.game[G_ERROR] == ERR_UNKNOWN_KIND


def test_an_unknown_phase_offers_no_row_and_is_an_error():
    game = Game.new(seed=5, players=4)
    game.state.game[G_PHASE] = len(PHASES)
    assert _legal(game) == 0
    assert game.state.game[G_ERROR] == ERR_UNKNOWN_PHASE
    assert check_invariants(game.state, game.tables) == ERROR_CODE


def test_legal_phases_raise_no_error_through_a_game():
    game = Game.new(seed=6, players=3)
    for i in range(400):
        n = _legal(game)
        if game.is_over:
            break
        assert n > 0 and game.state.game[G_ERROR] == ERR_NONE
        game.step(i % n)
        assert game.state.game[G_ERROR] == ERR_NONE
