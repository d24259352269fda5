"""The Python façade of My Little Scythe: step a game one decision at a time through the
same compiled kernel the batch player uses (like scythe_sim.Game).

    game = Game.new(seed=3, players=4)
    while not game.is_over:
        row = game.legal_rows()[0]
        game.step(row)

Positions: ``Game.from_dict(position)`` / ``to_dict()`` (position.py, docs/mls-position-format.md).
"""
from __future__ import annotations

import numpy as np

from scythe_sim.errors import PositionError

from .kernel.apply import apply_action
from .kernel.invariants import INVARIANTS, check_invariants
from .kernel.legal import legal_actions
from .kernel.setup import SETUP_OK, setup_game
from .kernel.state import copy_state, new_state
from .layout import (ACTION_KINDS, ACTION_WIDTH, ACTIONS, A_ACTION, A_CARRY, A_FLING, A_PILE,
                     A_QUEST_OPTION, A_REJUVENATE, A_SPELL, A_TILE, A_TROPHY, G_ACTIVE, G_DECIDER,
                     G_GAME_OVER, G_N_PLAYERS, G_PHASE, MAX_ACTIONS, PHASES, PILES, RESOURCES,
                     TROPHIES)
from .tables import default_tables, load_data, space_names

_SPACE_ARGS = {"step", "jump", "fight", "quest", "pay", "give_target", "gain", "place"}


def describe(row) -> str:
    """A readable text of one legal row."""
    kind, a0, a1, a2 = (int(x) for x in row)
    name = ACTION_KINDS[kind]
    names = space_names()
    if kind == A_ACTION:
        return f"action {ACTIONS[a0]}"
    if name in _SPACE_ARGS:
        return f"{name} {names[a0]}"
    if kind == A_CARRY:
        return f"carry {a0} apples {a1} gems"
    if kind == A_FLING:
        return f"fling {RESOURCES[a1]}s {names[a0]} -> {names[a2]}"
    if kind == A_SPELL:
        return f"spell value index {a0}"
    if kind == A_REJUVENATE:
        return "rejuvenate: 1 spell" if a0 == 0 else "rejuvenate: 2 pies"
    if kind == A_QUEST_OPTION:
        return ("quest option 1", "quest option 2", "quest: no thanks")[a0]
    if kind == A_PILE:
        return f"power up from the {PILES[a0]} pile"
    if kind == A_TILE:
        return f"keep power up {load_data()['cards']['power_up'][a0]['name']}"
    if kind == A_TROPHY:
        return f"trophy {TROPHIES[a0]}"
    if name == "dial":
        return f"dial {a0} pies"
    if name == "seeker":
        return f"move seeker {a0}"
    return name


class Game:
    """One game of MLS: a state, its tables and the decision to take next."""

    def __init__(self, state, tables=None):
        self.state = state
        self.tables = default_tables() if tables is None else tables
        self._rows = np.zeros((MAX_ACTIONS, ACTION_WIDTH), np.int64)
        self._buf = np.zeros(64, np.int64)

    @classmethod
    def new(cls, seed: int = 0, players: int = 4, tables=None) -> "Game":
        game = cls(new_state(), tables)
        if setup_game(game.state, game.tables, np.uint64(seed), players) != SETUP_OK:
            raise PositionError(f"players is {players}: My Little Scythe plays 1 to 6")
        return game

    @classmethod
    def from_dict(cls, position: dict, tables=None) -> "Game":
        from .text.position import state_from_dict
        game = cls(new_state(), tables)
        state_from_dict(position, game.state, game.tables)
        return game

    def to_dict(self) -> dict:
        from .text.position import state_to_dict
        return state_to_dict(self.state, self.tables)

    def copy(self) -> "Game":
        return Game(copy_state(self.state), self.tables)

    @property
    def is_over(self) -> bool:
        return bool(self.state.game[G_GAME_OVER])

    @property
    def decider(self) -> int:
        return int(self.state.game[G_DECIDER])

    @property
    def active(self) -> int:
        return int(self.state.game[G_ACTIVE])

    @property
    def phase(self) -> str:
        return PHASES[int(self.state.game[G_PHASE])]

    def legal_rows(self) -> np.ndarray:
        n = legal_actions(self.state, self.tables, self._rows, self._buf)
        return self._rows[:n].copy()

    def legal_actions(self) -> list:
        return [describe(r) for r in self.legal_rows()]

    def step(self, row) -> None:
        """Play a legal row (kind, a0, a1, a2); a row that is not legal is refused."""
        row = tuple(int(x) for x in row)
        legal = {tuple(int(x) for x in r) for r in self.legal_rows()}
        if row not in legal:
            raise PositionError(f"{row} is not a legal row here (phase {self.phase})")
        apply_action(self.state, self.tables, *row)

    def play(self, text: str) -> None:
        """Play the legal row whose text (``describe``) is `text`."""
        rows = self.legal_rows()
        for row in rows:
            if describe(row) == text:
                apply_action(self.state, self.tables, *(int(x) for x in row))
                return
        raise PositionError(f"{text!r} is not legal here (phase {self.phase}); legal: "
                            f"{', '.join(describe(r) for r in rows)}")

    def invariant(self) -> str:
        """'ok' or the name of the first broken invariant."""
        return INVARIANTS[int(check_invariants(self.state, self.tables))]

    def seat_rows(self) -> list:
        """Each seat's results as the batch player records them (play.SEAT_RESULTS), as dicts."""
        from .play import SEAT_RESULTS, results_of
        _, rows = results_of(self)
        n = int(self.state.game[G_N_PLAYERS])
        return [dict(zip(SEAT_RESULTS, (int(x) for x in rows[seat])), seat=seat) for seat in range(n)]

    def svg(self, caption: str = "") -> str:
        """The position as an SVG picture: the board, Seekers, tokens, a panel per player."""
        from .text.picture import scene
        return scene(self.state, self.tables, caption).to_svg()

    def _repr_svg_(self) -> str:
        """A notebook shows the game as its picture."""
        return self.svg()

    def picture(self, path, caption: str = ""):
        """Write the position's picture to `path`, SVG or PNG by its suffix; returns the path."""
        from scythe_sim.picture import check_picture_path

        from .text.picture import scene
        check_picture_path(path)
        return scene(self.state, self.tables, caption).write(path)

    def trophies(self) -> list:
        n = int(self.state.game[G_N_PLAYERS])
        return [[TROPHIES[k] for k in range(len(TROPHIES)) if self.state.trophy[p, k]] for p in range(n)]
