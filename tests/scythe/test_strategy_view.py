"""Strategies see the game through one module (scythe_sim/games/scythe/strategies/view.py), and the
row conventions it names hold at every decision of played games."""
import ast
import pathlib

import numba
import numpy as np
import pytest

from scythe_sim.games.scythe.enums import FACTION_ABILITIES, N_MECH_ABILITIES
from scythe_sim.games.scythe.game import Game
from scythe_sim.games.scythe.kernel.apply import apply_action
from scythe_sim.games.scythe.kernel.legal import legal_actions
from scythe_sim.games.scythe.layout import (
    A_BOTTOM,
    A_DIAL,
    A_END_CARDS,
    A_END_MOVE,
    A_REVEAL_OBJECTIVE,
    A_SKIP,
    A_STEP,
    A_STOP,
    G_DECIDER,
    G_N_PLAYERS,
    G_PHASE,
    P_ABILITY,
    P_FACTION,
    P_SEAT,
    PH_BOTTOM,
    PH_COMBAT_CARDS,
    PH_COMBAT_DIAL,
    PH_END_TURN,
    PH_MOVE_STEP,
    PH_MOVE_UNIT,
    PH_TOP,
)
from scythe_sim.games.scythe.strategies import STRATEGIES
from scythe_sim.games.scythe.strategies.dispatch import choose
from scythe_sim.games.scythe.strategies.view import (
    BOTTOM_ACTION_ROW,
    faction_ability,
    highest_dial_row,
    mech_slot,
    skip_row,
)
from scythe_sim.games.scythe.strategies.weights import load_params

STRATEGY_DIR = pathlib.Path(__file__).resolve().parents[2] / "scythe_sim" / "games" / "scythe" / "strategies"
GAME = "scythe_sim.games.scythe"
VIEWED = tuple(f"{GAME}.{m}" for m in ("kernel", "layout", "tables", "enums"))


def _absolute(path, node):
    """The module an ImportFrom names, as an absolute dotted name."""
    if node.level == 0:
        return node.module or ""
    package = path.parent.relative_to(STRATEGY_DIR.parents[3]).parts
    base = list(package[:len(package) - (node.level - 1)])
    return ".".join(base + ([node.module] if node.module else []))


# The variants' players read their variant's rules through their folder's own view
VARIANT_VIEWS = (STRATEGY_DIR / "war" / "view.py", STRATEGY_DIR / "wind_gambit" / "view.py")


def test_only_the_views_import_the_kernel_layout_tables_and_enums():
    offenders = []
    for path in sorted(STRATEGY_DIR.rglob("*.py")):
        if path == STRATEGY_DIR / "view.py" or path in VARIANT_VIEWS:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom):
                module = _absolute(path, node)
                if module == GAME:
                    names = [f"{GAME}.{a.name}" for a in node.names]
                else:
                    names = [module]
                if any(n == v or n.startswith(v + ".") for n in names for v in VIEWED):
                    offenders.append(f"{path.relative_to(STRATEGY_DIR)}:{node.lineno} imports {module}")
            elif isinstance(node, ast.Import):
                offenders += [f"{path.name}:{node.lineno} imports {a.name}" for a in node.names
                              if any(a.name == v or a.name.startswith(v + ".") for v in VIEWED)]
    assert not offenders, offenders


def test_a_variants_view_reaches_no_other_variants_kernel():
    for view in VARIANT_VIEWS:
        for node in ast.walk(ast.parse(view.read_text())):
            if isinstance(node, ast.ImportFrom):
                parts = _absolute(view, node).split(".")
                if parts[3:4] == ["kernel"]:
                    assert parts[4:5] == [view.parent.name], f"{view.parent.name}/view.py:{node.lineno}"


def test_the_view_check_sees_a_relative_import_from_a_variant_folder():
    node = ast.parse("from ...kernel.board import controller").body[0]
    assert _absolute(STRATEGY_DIR / "war" / "policy.py", node) == f"{GAME}.kernel.board"


# The closing row of each decision: skip_row(n) holds it once reveal rows are set aside.
CLOSING = {PH_TOP: A_SKIP, PH_BOTTOM: A_SKIP, PH_END_TURN: A_SKIP, PH_MOVE_UNIT: A_END_MOVE,
           PH_MOVE_STEP: A_STOP, PH_COMBAT_CARDS: A_END_CARDS}


@numba.njit
def _conventions(n):
    return skip_row(n), highest_dial_row(n)


def check_rows(phase, rows, seen):
    """Assert the view's conventions on one legal list; count what was checked."""
    n = len(rows)
    skip, highest = _conventions(n)
    if phase == PH_COMBAT_DIAL:
        assert list(rows[:, 0]) == [A_DIAL] * n and list(rows[:, 1]) == list(range(n))
        assert rows[highest, 1] == rows[:, 1].max()
        seen[phase] = seen.get(phase, 0) + 1
    if phase not in CLOSING:
        return
    reveals = int((rows[:, 0] == A_REVEAL_OBJECTIVE).sum())
    if phase == PH_END_TURN:
        assert rows[skip, 0] == A_SKIP           # reveal rows come first here
    elif reveals:
        assert (rows[n - reveals:, 0] == A_REVEAL_OBJECTIVE).all()   # appended after the skip
        rows = rows[:n - reveals]
        skip = _conventions(len(rows))[0]
    if phase == PH_MOVE_STEP and A_STOP not in rows[:, 0]:   # cargo on a lake or home base
        assert A_STEP in rows[:, 0] and rows[skip, 0] != A_STOP, rows      # it can only go on
    else:
        assert rows[skip, 0] == CLOSING[phase], (phase, rows)
    if phase == PH_BOTTOM:
        assert rows[BOTTOM_ACTION_ROW, 0] in (A_BOTTOM, A_SKIP)
    seen[phase] = seen.get(phase, 0) + 1


def play_checked(seed, players, strategy_ids, seen):
    """Play one game to its end, checking every decision point."""
    game = Game.new(seed=seed, players=players)
    s, t, work = game.state, game.tables, game.work
    params = load_params()
    out = np.zeros_like(game._actions)
    buf = np.zeros_like(game._buf)
    while True:
        n = legal_actions(s, t, out, buf)
        if n == 0:
            return
        check_rows(int(s.game[G_PHASE]), out[:n], seen)
        seat = int(s.player[s.game[G_DECIDER], P_SEAT])
        i = choose(strategy_ids[seat], s, t, seat, out, n, params, work)
        apply_action(s, t, out[i, 0], out[i, 1], out[i, 2], out[i, 3])


@pytest.mark.slow
def test_row_conventions_hold_in_random_and_greedy_games():
    seen = {}
    random, greedy, warmonger = (STRATEGIES.index(name) for name in ("random", "greedy", "warmonger"))
    for seed in range(24):
        play_checked(seed, 2 + seed % 4, [random] * 5, seen)
    for seed in (10, 23, 24):                   # random 4-player games with combats
        play_checked(seed, 4, [random] * 4, seen)
    for seed in range(6):
        play_checked(100 + seed, 3 + seed % 2, [greedy, warmonger, greedy, warmonger], seen)
    assert set(seen) == set(CLOSING) | {PH_COMBAT_DIAL}, seen


@numba.njit
def _abilities(s, p, out):
    for a in range(out.shape[0]):
        out[a] = mech_slot(s, p, a)
    return faction_ability(s, p)


def test_abilities_are_the_players_own_as_setup_dealt_them():
    factions = set()
    for seed in range(6):
        game = Game.new(seed=seed, players=5)
        s, t = game.state, game.tables
        for p in range(int(s.game[G_N_PLAYERS])):
            f = int(s.player[p, P_FACTION])
            factions.add(f)
            slots = np.zeros(N_MECH_ABILITIES, np.int64)
            assert _abilities(s, p, slots) == t.fac_ability[f]
            for a, slot in enumerate(slots):
                if slot >= 0:
                    assert t.fac_mechs[f, slot] == a
                else:
                    assert a not in t.fac_mechs[f]
    assert len(factions) >= 5
    swapped = Game.new(seed=0, players=2).state    # a swap of abilities is the player's own field
    swapped.player[0, P_ABILITY] = (int(swapped.player[0, P_ABILITY]) + 1) % len(FACTION_ABILITIES)
    assert _abilities(swapped, 0, np.zeros(N_MECH_ABILITIES, np.int64)) == swapped.player[0, P_ABILITY]
