"""The Automa deck as an int64 table, read from scythe_sim/games/scythe/data/automa.toml.

One row per Automa card (card number - 1). Columns (the C_* constants):

- C_NUMBER, C_STAR (advances the Star Tracker), C_SKIP (ignored by Autometta),
  C_POWER0 + band (power dialled in combat for the Automa's power band 0-7 / 8-13 /
  14+), C_CARDS (combat cards added), C_RESOURCES (solo rule, unused here);
- two scheme blocks of SCHEME_WIDTH columns at C_SCHEME0 + scheme * SCHEME_WIDTH:
  MAX_MOVES move alternatives of MOVE_WIDTH (MV_* type, faction tag or -1, power
  needed), MAX_GAINS gain items of GAIN_WIDTH (GN_* kind, amount, faction tag or -1)
  and the recruit bonus (ONE_TIME_BONUSES id or -1);
- the Star Tracker of level L (1..4) sits in row L - 1 at C_LEVEL0 + L_* (track
  length, river point, Scheme II point, skips, the six star positions); the columns
  are 0 in the other rows.
"""
import functools
from importlib import resources
import tomllib

import numpy as np

from .view import FACTIONS, ONE_TIME_BONUSES

N_AUTOMA_CARDS = 19
N_LEVELS = 4
N_BANDS = 3
BAND_TOPS = (7, 13)             # power 0-7: band 0, 8-13: band 1, 14+: band 2

MOVE_TYPES = ("none", "worker", "encounter", "character", "mech", "attack", "attack_workers")
(MV_NONE, MV_WORKER, MV_ENCOUNTER, MV_CHARACTER, MV_MECH, MV_ATTACK,
 MV_ATTACK_WORKERS) = range(len(MOVE_TYPES))
GAIN_KINDS = ("none", "power", "coin", "combat_card", "worker", "mech")
GN_NONE, GN_POWER, GN_COIN, GN_CARD, GN_WORKER, GN_MECH = range(len(GAIN_KINDS))
RECRUIT_NAMES = {"power": 0, "coin": 1, "popularity": 2, "combat_card": 3}   # ONE_TIME_BONUSES ids
assert ONE_TIME_BONUSES == ("power", "coins", "popularity", "combat_cards")

MAX_MOVES = 4
MOVE_WIDTH = 3                  # type, faction tag, power needed
MAX_GAINS = 3
GAIN_WIDTH = 3                  # kind, amount, faction tag
SC_MOVE0 = 0
SC_GAIN0 = SC_MOVE0 + MAX_MOVES * MOVE_WIDTH
SC_RECRUIT = SC_GAIN0 + MAX_GAINS * GAIN_WIDTH
SCHEME_WIDTH = SC_RECRUIT + 1

C_NUMBER = 0
C_STAR = 1
C_SKIP = 2
C_POWER0 = 3                    # + band
C_CARDS = C_POWER0 + N_BANDS
C_RESOURCES = C_CARDS + 1
C_SCHEME0 = C_RESOURCES + 1     # + scheme * SCHEME_WIDTH
N_STAR_SPACES = 6
LEVEL_FIELDS = ("track_length", "river_from", "scheme2_at", "skip_cards") + tuple(
    f"star{i}" for i in range(N_STAR_SPACES))
L_LENGTH, L_RIVER, L_SCHEME2, L_SKIPS, L_STAR0 = range(5)
C_LEVEL0 = C_SCHEME0 + 2 * SCHEME_WIDTH
N_AUTOMA_FIELDS = C_LEVEL0 + len(LEVEL_FIELDS)


def _fail(where, message):
    raise ValueError(f"data error in automa.toml {where}: {message}")


def _tag(text, where):
    """('faction:rest' or 'rest') -> (faction id or -1, rest)."""
    if ":" not in text:
        return -1, text.strip()
    faction, rest = text.split(":", 1)
    if faction.strip() not in FACTIONS:
        _fail(where, f"unknown faction {faction!r}")
    return FACTIONS.index(faction.strip()), rest.strip()


def _move(text, where):
    tag, rest = _tag(text, where)
    need = 0
    if rest.startswith("attack>="):
        need = int(rest[len("attack>="):])
        rest = "attack"
    if rest not in MOVE_TYPES[1:]:
        _fail(where, f"unknown move alternative {text!r}")
    return [MOVE_TYPES.index(rest), tag, need]


def _gain(text, where):
    tag, rest = _tag(text, where)
    parts = rest.split()
    if len(parts) != 2 or not parts[0].isdigit() or parts[1] not in GAIN_KINDS[1:]:
        _fail(where, f"gain {text!r} is not '<amount> <{'|'.join(GAIN_KINDS[1:])}>'")
    return [GAIN_KINDS.index(parts[1]), int(parts[0]), tag]


def _scheme(block, where):
    row = [0] * SCHEME_WIDTH
    moves, gains = block.get("move", []), block.get("gain", [])
    if not 1 <= len(moves) <= MAX_MOVES or len(gains) > MAX_GAINS:
        _fail(where, f"1..{MAX_MOVES} move alternatives and at most {MAX_GAINS} gains")
    for k in range(MAX_MOVES):
        row[SC_MOVE0 + k * MOVE_WIDTH:SC_MOVE0 + (k + 1) * MOVE_WIDTH] = (
            _move(moves[k], where) if k < len(moves) else [MV_NONE, -1, 0])
    for k in range(MAX_GAINS):
        row[SC_GAIN0 + k * GAIN_WIDTH:SC_GAIN0 + (k + 1) * GAIN_WIDTH] = (
            _gain(gains[k], where) if k < len(gains) else [GN_NONE, 0, -1])
    recruit = block.get("recruit", "none")
    if recruit != "none" and recruit not in RECRUIT_NAMES:
        _fail(where, f"unknown recruit bonus {recruit!r}")
    row[SC_RECRUIT] = RECRUIT_NAMES.get(recruit, -1)
    return row


@functools.lru_cache(maxsize=1)
def _deck() -> np.ndarray:
    text = resources.files("scythe_sim.games.scythe").joinpath("data", "automa.toml").read_text(encoding="utf-8")
    data = tomllib.loads(text)
    cards, levels = data.get("card", []), data.get("level", [])
    if [c.get("number") for c in cards] != list(range(1, N_AUTOMA_CARDS + 1)):
        _fail("[[card]]", f"cards must be numbered 1..{N_AUTOMA_CARDS} in order")
    if [lv.get("level") for lv in levels] != list(range(1, N_LEVELS + 1)):
        _fail("[[level]]", f"levels must be 1..{N_LEVELS} in order")
    deck = np.zeros((N_AUTOMA_CARDS, N_AUTOMA_FIELDS), np.int64)
    for i, card in enumerate(cards):
        where = f"card {i + 1}"
        power = card["combat_power"]
        if len(power) != N_BANDS:
            _fail(where, f"combat_power needs {N_BANDS} values")
        deck[i, :C_SCHEME0] = [card["number"], card["star"], card["skip"], *power,
                               card["combat_cards"], card["resources"]]
        for scheme in range(2):
            c0 = C_SCHEME0 + scheme * SCHEME_WIDTH
            deck[i, c0:c0 + SCHEME_WIDTH] = _scheme(card[f"scheme{scheme + 1}"], f"{where} scheme{scheme + 1}")
    for i, lv in enumerate(levels):
        where = f"level {i + 1}"
        if len(lv["stars"]) != N_STAR_SPACES:
            _fail(where, f"stars needs {N_STAR_SPACES} positions")
        if not 0 <= lv["river_from"] < lv["track_length"] or not 0 < lv["scheme2_at"] < lv["track_length"]:
            _fail(where, "river_from and scheme2_at must lie on the track")
        deck[i, C_LEVEL0:] = [lv["track_length"], lv["river_from"], lv["scheme2_at"],
                              lv["skip_cards"], *lv["stars"]]
    deck.setflags(write=False)
    return deck


def automa_deck() -> np.ndarray:
    """(N_AUTOMA_CARDS, N_AUTOMA_FIELDS) int64: the Automa cards and Star Tracker levels."""
    return _deck().copy()
