"""The Python façade: one game, one decision at a time, over the same compiled kernel.

    game = Game.new(seed=7, players=4)
    while not game.is_over:
        actions = game.legal_actions()
        game.step(actions[0])
    game.score()
"""
from typing import NamedTuple

import numpy as np

from scythe_sim.errors import ConfigError, PositionError
from scythe_sim.picture import check_picture_path

from .enums import FACTIONS, MATS, MECH_ABILITIES, N_HEX, RESOURCES, STRUCTURES, TERRAINS, hex_name
from .enums import (N_LOC, STRUCTURE_BONUS_TILES, TOKEN_DISARMED0, TOKEN_FLAG, TOKEN_NONE, TOKEN_TRAP0,
                    TRAP_PENALTIES)
from .kernel.apply import apply_action
from .kernel.invariants import INVARIANTS, check_invariants
from .kernel.legal import legal_actions
from .kernel.scoring import score_game
from .kernel.setup import SETUP_OK, setup_game
from .kernel.state import copy_state, new_state
from .kernel.variants import after_step
from .layout import (ACTION_KINDS, ACTION_WIDTH, END_REASONS, G_ACTIVE, G_DECIDER, G_END_REASON,
                     G_GAME_OVER, G_N_PLAYERS, G_PHASE, G_ROUND, G_SB_TILE, G_TURN,
                     MAX_ACTIONS, MAX_PLAYERS, N_SCORE_FIELDS, N_UNITS, P_COINS,
                     P_FACTION, P_MAT, P_POPULARITY, P_POWER, P_SEAT, P_STARS, PHASES,
                     SCORE_FIELDS, UNIT_CHARACTER, UNIT_WORKER0)
from .handicap import check_prices, handicap_draws, price_array
from .house_rules import R_COIN_HANDICAP
from .lineup import check_players, check_setup, lineup
from .strategies.workspace import new_workspace, start_game
from .tables import build_tables, default_tables
from .text.codec import describe
from .text.picture import scene as picture_scene
from .text.position import dict_to_state, state_to_dict
from .variants import hooks


def check_seed(seed):
    """A game seed is a whole number 0..2^64-1 (a uint64); anything else is a ConfigError."""
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or not 0 <= int(seed) < 2**64:
        raise ConfigError(f"seed {seed!r} is out of range: give a whole number from 0 to 2^64-1")


class Action(NamedTuple):
    """A legal decision: the kernel row plus its readable text."""
    kind: int
    a0: int
    a1: int
    a2: int
    text: str

    def __str__(self):
        return self.text

    @property
    def kind_name(self):
        return ACTION_KINDS[self.kind]


def resolve_setup(players, factions=None, mats=None, tables=None):
    """Validate a game's setup (lineup.check_setup decides what is in play); returns
    per-seat faction/mat id arrays (-1 = deal)."""
    tables = tables or default_tables()
    check_players(players, lineup(tables=tables))
    chosen_f = _names_to_ids(factions, FACTIONS, players, "faction")
    chosen_m = _names_to_ids(mats, MATS, players, "mat")
    check_setup(players, chosen_f, chosen_m, tables=tables)
    f_arr = np.full(MAX_PLAYERS, -1, np.int64)
    m_arr = np.full(MAX_PLAYERS, -1, np.int64)
    f_arr[:players] = chosen_f
    m_arr[:players] = chosen_m
    return f_arr, m_arr


def _names_to_ids(names, vocabulary, players, what):
    if names is None or len(names) == 0:
        return [-1] * players
    if len(names) != players:
        raise ConfigError(f"give one {what} per player: {len(names)} {what}s for {players} players")
    ids = []
    for name in names:
        key = str(name).strip().lower()
        if key in ("", "random", "-"):
            ids.append(-1)
            continue
        if key not in vocabulary:
            raise ConfigError(f"unknown {what} {name!r}: choose one of {', '.join(vocabulary)}")
        if vocabulary.index(key) in ids:
            raise ConfigError(f"{what} {key!r} is given twice: each player needs a different {what}")
        ids.append(vocabulary.index(key))
    return ids


class Game:
    """One game of Scythe, stepped decision by decision."""

    def __init__(self, state, tables, seed=0, learned=None):
        self.state = state
        self.tables = tables
        self._actions = np.zeros((MAX_ACTIONS, ACTION_WIDTH), np.int64)
        self._buf = np.zeros(N_LOC, np.int64)
        # the strategies' streams, memory and scratch; learned: the model stack the players
        # value positions with (learned_models.stack; None: the shipped model)
        self.work = new_workspace(tables, learned)
        start_game(self.work, np.uint64(seed))

    # --- construction ---------------------------------------------------------------
    @classmethod
    def new(cls, seed=0, players=4, factions=None, mats=None, rules=None, prices=None, learned=None):
        """A game set up from its seed. prices: a price table's rows ({"faction"?, "mat"?,
        "coins"}, handicap.py), each seat's coins besides its mat's; with the house rule
        coin_handicap = K each seat's coins also move by its draw in -K..K, as in a run.
        learned: the players' model stack (None: the shipped model)."""
        check_seed(seed)
        tables = build_tables(rules) if rules else default_tables()
        f_arr, m_arr = resolve_setup(players, factions, mats, tables)
        check_prices(prices or (), "prices")
        coins = handicap_draws(seed, players, int(tables.rules[R_COIN_HANDICAP]))
        state = new_state()
        if setup_game(state, tables, np.uint64(seed), players, f_arr, m_arr, coins,
                      price_array(prices or ())) != SETUP_OK:
            raise ConfigError("no deal avoids the banned faction/mat pairs: give other factions or mats")
        return cls(state, tables, seed, learned)

    @classmethod
    def from_dict(cls, position, rules=None, reachable=True):
        """The game at a position (docs/position-format.md). reachable=False also accepts
        two factions sharing a territory outside a Move and its combat, which no game
        reaches (rule tests of who controls such a hex)."""
        tables = build_tables(rules) if rules else default_tables()
        state = dict_to_state(position, tables, reachable)
        code = check_invariants(state, tables)
        if code:
            raise PositionError(f"position breaks a rule of the game: {INVARIANTS[code - 1]}")
        return cls(state, tables)

    def to_dict(self):
        return state_to_dict(self.state, self.tables)

    def copy(self):
        twin = Game(copy_state(self.state), self.tables)
        twin.work.rng[:] = self.work.rng
        twin.work.memory[:] = self.work.memory
        return twin

    # --- play -----------------------------------------------------------------------
    @property
    def is_over(self):
        return bool(self.state.game[G_GAME_OVER])

    @property
    def active_player(self):
        return int(self.state.game[G_ACTIVE])

    @property
    def decider(self):
        """The player making the current decision (a defender in combat)."""
        return int(self.state.game[G_DECIDER])

    @property
    def phase(self):
        return PHASES[int(self.state.game[G_PHASE])]

    @property
    def end_reason(self):
        return END_REASONS[int(self.state.game[G_END_REASON])]

    def legal_rows(self):
        n = legal_actions(self.state, self.tables, self._actions, self._buf)
        return self._actions[:n].copy()

    def legal_actions(self):
        return [Action(*(int(x) for x in row), describe(self.state, self.tables, row))
                for row in self.legal_rows()]

    def step(self, action):
        """Apply an Action, an index into legal_actions(), or an action's exact text."""
        legal = self.legal_actions()
        if isinstance(action, (int, np.integer)) and not isinstance(action, bool):
            if not 0 <= action < len(legal):
                raise ValueError(f"action index {action} is out of range 0..{len(legal) - 1}")
            chosen = legal[action]
        elif isinstance(action, str):
            matches = [a for a in legal if a.text == action]
            if not matches:
                raise ValueError(f"{action!r} is not legal now; legal: {[a.text for a in legal]}")
            chosen = matches[0]
        else:
            key = tuple(int(x) for x in tuple(action)[:4])
            matches = [a for a in legal if (a.kind, a.a0, a.a1, a.a2) == key]
            if not matches:
                raise ValueError(f"{action} is not legal now")
            chosen = matches[0]
        apply_action(self.state, self.tables, chosen.kind, chosen.a0, chosen.a1, chosen.a2)
        after_step(self.state, self.tables)
        return chosen

    def check(self):
        """0 when every invariant holds, else the broken one's code."""
        return int(check_invariants(self.state, self.tables))

    def suggest(self, strategy="greedy", params=None):
        """The Action the named strategy would choose now, for the player deciding; the
        game is left as it is (the strategy thinks on a copy, with its own streams)."""
        from .strategies import strategy_id
        from .strategies.dispatch import choose
        from .strategies.weights import load_params

        sid = strategy_id(strategy)
        if self.is_over:
            raise ValueError("the game is over: there is no move to suggest")
        twin = self.copy()
        rows = twin.legal_rows()
        seat = int(twin.state.player[twin.state.game[G_DECIDER], P_SEAT])
        params = load_params() if params is None else np.asarray(params, np.float64)
        i = choose(sid, twin.state, twin.tables, seat, rows, len(rows), params, twin.work)
        return self.legal_actions()[int(i)]

    # --- results ----------------------------------------------------------------------
    def score(self):
        """Per player in turn order: faction, mat, seat and the full score breakdown (of
        the standard game, also once an All Out War has changed the board after it)."""
        out = np.zeros((MAX_PLAYERS, N_SCORE_FIELDS), np.int64)
        kept = [score for score in hooks.each("position", "kept_score", self.state) if score is not None]
        if kept:
            out[:] = kept[0]
        else:
            score_game(self.state, self.tables, out)
        rows = []
        for p in range(int(self.state.game[G_N_PLAYERS])):
            row = {"player": p, "seat": int(self.state.player[p, P_SEAT]),
                   "faction": FACTIONS[self.state.player[p, P_FACTION]],
                   "mat": MATS[self.state.player[p, P_MAT]]}
            row.update({name: int(out[p, i]) for i, name in enumerate(SCORE_FIELDS)})
            rows.append(row)
        return rows

    def __str__(self):
        return render_board(self.state, self.tables)

    # --- pictures ---------------------------------------------------------------------
    def svg(self, caption=""):
        """The position as an SVG picture: board, units, a panel per player (text/picture.py)."""
        return picture_scene(self.state, self.tables, caption).to_svg()

    def _repr_svg_(self):
        """A notebook shows the game as its picture."""
        return self.svg()

    def picture(self, path, caption=""):
        """Write the position's picture to `path`, SVG or PNG by its suffix; returns the path."""
        check_picture_path(path)
        return picture_scene(self.state, self.tables, caption).write(path)

    def __repr__(self):
        s = self.state
        factions = ",".join(FACTIONS[s.player[p, P_FACTION]] for p in range(int(s.game[G_N_PLAYERS])))
        where = f"over ({self.end_reason})" if self.is_over else f"phase={self.phase}"
        return (f"<Game {int(s.game[G_N_PLAYERS])} players [{factions}] turn={int(s.game[G_TURN])} "
                f"round={int(s.game[G_ROUND]) + 1} active={FACTIONS[s.player[self.active_player, P_FACTION]]} "
                f"{where}>")


def _faction_token_text(s, loc):
    """' flag:<faction>', ' trap:<faction>:<penalty>' (armed) or ' trap:...:<penalty>:disarmed'."""
    kind = int(s.token_kind[loc])
    if kind == TOKEN_NONE:
        return ""
    owner = FACTIONS[s.player[s.token_owner[loc], P_FACTION]]
    if kind == TOKEN_FLAG:
        return f" flag:{owner}"
    armed = kind < TOKEN_DISARMED0
    penalty = TRAP_PENALTIES[kind - (TOKEN_TRAP0 if armed else TOKEN_DISARMED0)]
    return f" trap:{owner}:{penalty}" + ("" if armed else ":disarmed")


def _variant_lines(function, *args) -> list:
    """The variants' parts of the board in words (their "board_text" parts, variants/hooks.py)."""
    return [line for lines in hooks.each("board_text", function, *args) for line in lines]


def render_board(s, t):
    """A text view: the game line, a row per player, and every occupied territory (C the
    character, M: a mech, W workers, D All Out War's divisions, A the Wind Gambit's airship)."""
    n = int(s.game[G_N_PLAYERS])
    lines = [f"turn {int(s.game[G_TURN])}, round {int(s.game[G_ROUND]) + 1}, "
             f"active {FACTIONS[s.player[s.game[G_ACTIVE], P_FACTION]]}, phase {PHASES[s.game[G_PHASE]]}, "
             f"structure bonus {STRUCTURE_BONUS_TILES[s.game[G_SB_TILE]]}"]
    lines += _variant_lines("header_lines", s, t)
    lines.append(f"{'#':>2} {'faction':8} {'mat':13} {'power':>5} {'pop':>4} {'coins':>5} {'cards':>5} {'stars':>5}")
    for p in range(n):
        pl = s.player[p]
        lines.append(f"{p:>2} {FACTIONS[pl[P_FACTION]]:8} {MATS[pl[P_MAT]]:13} {int(pl[P_POWER]):>5} "
                     f"{int(pl[P_POPULARITY]):>4} {int(pl[P_COINS]):>5} {int(s.hand[p].sum()):>5} "
                     f"{int(pl[P_STARS]):>5}")
    lines += _variant_lines("player_lines", s, t, n)
    for loc in range(N_LOC):
        parts = []
        for p in range(n):
            f = int(s.player[p, P_FACTION])
            units = []
            for u in range(N_UNITS):
                if s.unit_loc[p, u] == loc:
                    if u == UNIT_CHARACTER:
                        units.append("C")
                    elif u < UNIT_WORKER0:
                        units.append("M:" + MECH_ABILITIES[t.fac_mechs[f, u - 1]])
                    else:
                        units.append("W")
            for k in range(len(STRUCTURES)):
                if s.struct_loc[p, k] == loc:
                    units.append(STRUCTURES[k])
            units += _variant_lines("units", s, p, loc)     # a variant's: divisions, an airship
            if units:
                workers = units.count("W")
                shown = [x for x in units if x != "W"] + ([f"{workers}W"] if workers else [])
                parts.append(f"{FACTIONS[f]}[{' '.join(shown)}]")
        res = " ".join(f"{int(s.hex_res[loc, r])} {RESOURCES[r]}" for r in range(len(RESOURCES))
                       if s.hex_res[loc, r])
        token = " encounter" if loc < N_HEX and s.encounter_token[loc] else ""
        faction_token = _faction_token_text(s, loc)
        token += faction_token
        if parts or res or faction_token:
            terrain = TERRAINS[t.terrain[loc]]
            lines.append(f"  {hex_name(loc):13} {terrain:8} {' '.join(parts)}"
                         f"{'  | ' + res if res else ''}{token}")
    return "\n".join(lines)


