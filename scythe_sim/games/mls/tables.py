"""My Little Scythe's static facts as numpy arrays: the tables its kernel reads.

The facts live in ``scythe_sim/games/mls/data/*.toml`` (package data; nothing under
the shared research folder is read at run time). ``build_tables`` turns them into one numpy record
of int64 arrays (one pointer for compiled code, like Scythe's tables) and `validate`
checks them against the counts the rulebook gives, so a typo fails loudly.

Spaces are numbered in the order of ``board.toml``; `space_names()` gives their ids.
House rules (`RULE_NAMES`) are one integer array, ``tables.rules``.
"""
from __future__ import annotations

import functools
import numbers
import tomllib
from importlib import resources
from typing import NamedTuple

import numpy as np

from scythe_sim.compiled.records import as_record
from scythe_sim.errors import ConfigError

from .layout import (ACTIONS, EFFECTS, KIND_CASTLE, KIND_PORTAL, MAX_PLAYERS, N_ACTIONS, N_CAMPS,
                     N_EFFECTS, N_PERSONALITIES, N_QUEST_FIELDS, N_QUEST_OPTIONS, N_QUESTS,
                     N_REGIONS, N_SPACES, N_SPELL_VALUES, N_TILES, N_TROPHIES, PILES,
                     QUEST_FIELDS, SPACE_KINDS, TILES_PER_PILE, TOKEN_QUEST, TROPHIES)

DATA_FILES = ("board", "rules", "setup", "cards")
RULE_NAMES = ("turn_cap", "trophies_to_win")
R_TURN_CAP, R_TROPHIES_TO_WIN = range(len(RULE_NAMES))
_RULE_RANGE = {"turn_cap": (1, 10_000), "trophies_to_win": (1, N_TROPHIES)}

FACTS = ("friendship_start", "pies_start", "pies_max", "friendship_max", "trophy_friendship_min",
         "dial_max", "apples", "gems", "quest_tokens", "spells_at_setup", "power_look",
         "rejuv_spells", "rejuv_pies", "players_min", "players_max", "castle")
(F_FRIENDSHIP_START, F_PIES_START, F_PIES_MAX, F_FRIENDSHIP_MAX, F_TROPHY_FRIENDSHIP_MIN,
 F_DIAL_MAX, F_APPLES, F_GEMS, F_QUEST_TOKENS, F_SPELLS_AT_SETUP, F_POWER_LOOK,
 F_REJUV_SPELLS, F_REJUV_PIES, F_PLAYERS_MIN, F_PLAYERS_MAX, F_CASTLE) = range(len(FACTS))
_TOKENS = {"apple": 0, "gem": 1, "quest": TOKEN_QUEST}


class Tables(NamedTuple):
    """Every static fact of MLS; all int64 arrays."""
    kind: np.ndarray             # (N_SPACES,) SPACE_KINDS id
    region: np.ndarray           # (N_SPACES,) region id, -1 for portals and the castle
    neighbours: np.ndarray       # (N_SPACES, 6) physically adjacent spaces, ascending, -1 padded
    row: np.ndarray              # (N_SPACES,) drawing row (text board)
    col: np.ndarray              # (N_SPACES,) drawing column
    region_spaces: np.ndarray    # (N_REGIONS, 5) the spaces of each region
    portals: np.ndarray          # (6,) portal spaces (the castle excluded)
    camp_entry: np.ndarray       # (N_CAMPS, 3) spaces a Seeker on the camp may step onto
    camp_setup: np.ndarray       # (N_CAMPS, 3) the set of 3 spaces in front of the camp
    camps_by_players: np.ndarray  # (MAX_PLAYERS + 1, N_CAMPS) active camps for n players, -1 padded
    setup_edges: np.ndarray      # (6, 3) token kind (0 apple, 1 gem, 2 quest) per setup-tile edge
    seek_dice: np.ndarray        # (N_ACTIONS, 3) apple, gem, quest dice rolled by the action
    spell_values: np.ndarray     # (N_SPELL_VALUES,) value of each spell kind
    spell_counts: np.ndarray     # (N_SPELL_VALUES,) cards of each value
    quest_opt: np.ndarray        # (N_QUESTS, 2, N_QUEST_FIELDS) quest options
    pers_trophy: np.ndarray      # (N_PERSONALITIES,) trophy a personality card eases
    pers_need: np.ndarray        # (N_PERSONALITIES,) its requirement with the card
    tile_pile: np.ndarray        # (N_TILES,) PILES id of each Power Up tile
    tile_fx: np.ndarray          # (N_TILES, N_EFFECTS) changes a tile makes to the mat
    base_fx: np.ndarray          # (N_EFFECTS,) the plain mat's values
    trophy_need: np.ndarray      # (N_TROPHIES,) each trophy's requirement
    facts: np.ndarray            # (len(FACTS),) scalar facts, F_*
    rules: np.ndarray            # (len(RULE_NAMES),) house rules, R_*


def _data_folder():
    return resources.files("scythe_sim.games.mls").joinpath("data")


@functools.lru_cache(maxsize=1)
def load_data() -> dict:
    folder = _data_folder()
    return {name: tomllib.loads(folder.joinpath(f"{name}.toml").read_text(encoding="utf-8"))
            for name in DATA_FILES}


@functools.lru_cache(maxsize=1)
def space_names() -> tuple:
    return tuple(sp["id"] for sp in load_data()["board"]["space"])


def _index(names, name, where):
    try:
        return names.index(name)
    except ValueError:
        raise ValueError(f"data error in {where}: unknown name {name!r}") from None


def _board(board: dict) -> dict:
    names = [sp["id"] for sp in board["space"]]
    regions = board["regions"]
    out = {k: np.full(N_SPACES, -1, np.int64) for k in ("kind", "region", "row", "col")}
    out["neighbours"] = np.full((N_SPACES, 6), -1, np.int64)
    for i, sp in enumerate(board["space"]):
        out["kind"][i] = _index(SPACE_KINDS, sp["kind"], "board.toml kind")
        if sp["kind"] == "region":
            out["region"][i] = _index(regions, sp["region"], "board.toml region")
        out["row"][i], out["col"][i] = sp["row"], sp["col"]
        adj = sorted(_index(names, n, f"board.toml neighbours of {sp['id']}") for n in sp["neighbours"])
        out["neighbours"][i, :len(adj)] = adj
    out["region_spaces"] = np.array([[i for i in range(N_SPACES) if out["region"][i] == r]
                                     for r in range(N_REGIONS)], np.int64)
    out["portals"] = np.flatnonzero(out["kind"] == KIND_PORTAL).astype(np.int64)
    camps = sorted(board["base_camp"], key=lambda c: c["index"])
    out["camp_entry"] = np.array([[_index(names, n, "board.toml camp entry") for n in c["entry"]]
                                  for c in camps], np.int64)
    out["camp_setup"] = np.array([[_index(names, n, "board.toml camp setup_set") for n in c["setup_set"]]
                                  for c in camps], np.int64)
    out["castle"] = _index(names, board["castle"], "board.toml castle")
    return out


def _setup(setup: dict) -> dict:
    camps = np.full((MAX_PLAYERS + 1, N_CAMPS), -1, np.int64)
    for n, used in enumerate(setup["camps_by_players"]["camps"], start=1):
        camps[n, :len(used)] = used
    edges = np.array([[_TOKENS[x] for x in edge] for edge in setup["setup_tile"]["edges"]], np.int64)
    dice = np.zeros((N_ACTIONS, 3), np.int64)
    for a, name in enumerate(ACTIONS):
        if name in setup["dice"]:
            dice[a] = setup["dice"][name]
    return {"camps_by_players": camps, "setup_edges": edges, "seek_dice": dice}


def _fx_row(entry: dict, where: str) -> np.ndarray:
    row = np.zeros(N_EFFECTS, np.int64)
    for key, value in entry.items():
        if key in ("name", "pile", "confidence", "source"):
            continue
        name = key if key != "repeat" else f"{entry['pile']}_repeat"
        row[_index(EFFECTS, name, where)] = value
    return row


def _cards(cards: dict) -> dict:
    opt = np.zeros((N_QUESTS, N_QUEST_OPTIONS, N_QUEST_FIELDS), np.int64)
    for c, quest in enumerate(cards["quest"]):
        for o in range(N_QUEST_OPTIONS):
            for key, value in quest[f"option{o + 1}"].items():
                opt[c, o, _index(QUEST_FIELDS, key, f"cards.toml quest {quest['name']}")] = value
    tiles = cards["power_up"]
    return {
        "spell_values": np.array(cards["spells"]["values"], np.int64),
        "spell_counts": np.array(cards["spells"]["counts"], np.int64),
        "quest_opt": opt,
        "pers_trophy": np.array([_index(TROPHIES, p["trophy"], "cards.toml personality")
                                 for p in cards["personality"]], np.int64),
        "pers_need": np.array([p["need"] for p in cards["personality"]], np.int64),
        "tile_pile": np.array([_index(PILES, x["pile"], "cards.toml power_up pile") for x in tiles], np.int64),
        "tile_fx": np.array([_fx_row(x, f"cards.toml power_up {x['name']}") for x in tiles], np.int64),
    }


def _rules(data: dict, overrides: dict | None) -> np.ndarray:
    values = dict(data["rules"])
    for name, value in (overrides or {}).items():
        if name not in RULE_NAMES:
            raise ConfigError(f"unknown house rule {name!r}: use one of {', '.join(RULE_NAMES)}")
        if isinstance(value, bool) or not isinstance(value, numbers.Integral):
            raise ConfigError(f"house rule {name!r} must be a whole number, got {value!r}")
        lo, hi = _RULE_RANGE[name]
        if not lo <= value <= hi:
            raise ConfigError(f"house rule {name!r} must be between {lo} and {hi}, got {value}")
        values[name] = int(value)
    return np.array([values[name] for name in RULE_NAMES], np.int64)


def build_tables(overrides: dict | None = None) -> np.record:
    """Build and validate the tables, as one record; `overrides` maps RULE_NAMES to ints."""
    data = load_data()
    rules_toml = data["rules"]
    board = _board(data["board"])
    tr, mk, mv = rules_toml["tracks"], rules_toml["make"], rules_toml["move"]
    base_fx = np.zeros(N_EFFECTS, np.int64)
    for section in (mk, mv):
        for key, value in section.items():
            if key in EFFECTS:
                base_fx[EFFECTS.index(key)] = value
    facts = {"friendship_start": tr["friendship_start"], "pies_start": tr["pies_start"],
             "pies_max": tr["pies_max"], "friendship_max": tr["friendship_max"],
             "trophy_friendship_min": tr["trophy_friendship_min"], "dial_max": tr["dial_max"],
             "apples": rules_toml["supply"]["apples"], "gems": rules_toml["supply"]["gems"],
             "quest_tokens": rules_toml["supply"]["quest_tokens"],
             "spells_at_setup": rules_toml["supply"]["spells_at_setup"], "power_look": mk["power_look"],
             "rejuv_spells": rules_toml["rejuvenate"]["spells"], "rejuv_pies": rules_toml["rejuvenate"]["pies"],
             "players_min": rules_toml["players_min"], "players_max": rules_toml["players_max"],
             "castle": board.pop("castle")}
    trophies = rules_toml["trophy"]
    if [x["name"] for x in trophies] != list(TROPHIES):
        raise ValueError(f"data error in rules.toml: trophies must be {list(TROPHIES)}")
    if [x["name"] for x in rules_toml["action"]] != list(ACTIONS):
        raise ValueError(f"data error in rules.toml: actions must be {list(ACTIONS)}")
    fields = {**board, **_setup(data["setup"]), **_cards(data["cards"]), "base_fx": base_fx,
              "trophy_need": np.array([x["need"] for x in trophies], np.int64),
              "facts": np.array([facts[name] for name in FACTS], np.int64),
              "rules": _rules(rules_toml, overrides)}
    tables = Tables(**{name: np.asarray(fields[name], np.int64) for name in Tables._fields})
    validate(tables)
    return as_record(tables)


@functools.lru_cache(maxsize=1)
def default_tables() -> np.record:
    return build_tables()


def validate(t) -> None:
    """The counts the rulebook gives, and a symmetric board; ValueError names the problem."""
    names = space_names()
    if len(names) != N_SPACES:
        raise ValueError(f"board.toml has {len(names)} spaces, expected {N_SPACES}")
    kinds = [int((t.kind == k).sum()) for k in range(len(SPACE_KINDS))]
    if kinds != [30, 6, 1] or t.kind[t.facts[F_CASTLE]] != KIND_CASTLE:
        raise ValueError(f"board.toml: expected 30 region spaces, 6 portals, 1 castle, got {kinds}")
    for i in range(N_SPACES):
        for j in t.neighbours[i]:
            if j >= 0 and i not in t.neighbours[j]:
                raise ValueError(f"board.toml: {names[i]} lists {names[j]} but not the reverse")
    checks = {"spell cards": (int(t.spell_counts.sum()), 30), "quest cards": (t.quest_opt.shape[0], N_QUESTS),
              "personality cards": (t.pers_need.shape[0], N_PERSONALITIES),
              "power up tiles": (t.tile_pile.shape[0], N_TILES),
              "move tiles": (int((t.tile_pile == 0).sum()), TILES_PER_PILE),
              "spell kinds": (t.spell_values.shape[0], N_SPELL_VALUES)}
    for what, (got, want) in checks.items():
        if got != want:
            raise ValueError(f"data error: {got} {what}, expected {want}")
    for n in range(1, MAX_PLAYERS):
        if int((t.camps_by_players[n] >= 0).sum()) != n:
            raise ValueError(f"setup.toml: camps_by_players for {n} players must list {n} camps")
    for a in range(N_ACTIONS):
        if t.seek_dice[a].sum() not in (0, 4):
            raise ValueError(f"setup.toml: a Seek rolls 4 dice ({ACTIONS[a]} rolls {t.seek_dice[a].sum()})")
