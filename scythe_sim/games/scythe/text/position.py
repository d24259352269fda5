"""Position JSON: any situation of a game as a plain dict (docs/position-format.md).

`state_to_dict` writes everything the kernel holds; `dict_to_state` reads it back,
rejecting anything malformed with a one-line PositionError that names the field.
Omitted fields take the values of an empty game (see the format document).
"""
import numpy as np

from scythe_sim.errors import PositionError

from ..enums import (BOTTOM_ACTIONS, CARD_VALUES, FACTIONS, MATS,
                    N_ENCOUNTER_CARDS, N_FACTORY_CARDS, N_HEX, N_LOC, N_OBJECTIVES, N_SECTIONS,
                    ONE_TIME_BONUSES, RESOURCES, STAR_KINDS, STRUCTURES, STRUCTURE_BONUS_TILES,
                    TECH_CUBES, TOKEN_DISARMED0, TOKEN_FLAG, TOKEN_NONE, TOKEN_TRAP0,
                    TRAP_PENALTIES, hex_name)
from ..kernel.board import rebuild_occupancy
from ..kernel.setup import seed_state_rng, set_abilities
from ..kernel.state import new_state
from ..layout import (END_REASONS, GAME_FIELDS, G_ACTIVE, G_ENC_USED, G_END_REASON,
                     G_FACTORY_POOL, G_GAME_OVER, G_N_PLAYERS, G_PHASE, G_ROUND, G_SB_TILE,
                     G_SECTION, G_TURN, MAX_PLAYERS, N_MECHS, N_RNG_STREAMS, N_WORKERS,
                     OFF_BOARD, PHASES, P_COINS, P_CUBE0, P_FACTION, P_FACTORY_CARD,
                     P_LAST_SECTION, P_MAT, P_OBJECTIVES_DONE, P_OBJECTIVE_A,
                     P_OBJECTIVE_B, P_ONETIME0, P_POPULARITY, P_POWER, P_RECRUIT0, P_REDUCED0,
                     P_SEAT, P_STARS, P_TURNS, RNG_WORDS, UNIT_CHARACTER, UNIT_MECH0,
                     UNIT_WORKER0)
from ..tables import RULE_LIMITS
from .position_checks import SCRATCH_MAX as _SCRATCH_MAX
from .position_checks import as_list as _list
from .position_checks import most as _most
from .position_checks import location as _loc
from .position_checks import name_index as _name
from .position_checks import no_unknown as _no_unknown
from .position_checks import whole as _int
from .codec import mech_name
from ..variants import hooks

FORMAT = "scythe-sim/position-1"
# game fields written under "game" by name; the rest of GAME_FIELDS is the turn scratch
_GAME_KEYS = {"active": G_ACTIVE, "turn": G_TURN, "round": G_ROUND}
_SCRATCH = tuple(name for i, name in enumerate(GAME_FIELDS)
                 if i not in (G_N_PLAYERS, G_ACTIVE, G_PHASE, G_TURN, G_ROUND, G_SB_TILE,
                              G_GAME_OVER, G_END_REASON, G_SECTION, G_FACTORY_POOL,
                              G_ENC_USED) and not name.startswith("res_"))
_SECTIONS = N_SECTIONS + 1   # the four mat sections and a Factory card
_PLAYER_KEYS = {"faction", "mat", "seat", "power", "popularity", "coins", "last_section",
                "turns", "combat_cards", "cubes_moved", "covered", "recruits",
                "one_time_bonuses", "objectives", "stars", "star_turns", "character",
                "mechs", "workers", "structures", "factory_card", "objectives_done", "airship"}
_TOP_KEYS = {"format", "players", "board", "deck", "game", "rng", "war"}
# the largest game turn a position may give (game.turn, star turns): the turns of a game at
# the largest turn cap, so a game played on from it keeps its star turns within their int16
TURN_MAX = (RULE_LIMITS["turn_cap"] + 1) * MAX_PLAYERS
# phases in which two factions' characters or mechs may stand on one territory: a Move
# that made contact and the combats that follow it (and a game ended before them)
_SHARING_PHASES = ("move_unit", "move_step", "combat_hex", "artillery", "ronin", "combat_dial", "combat_cards",
                   "retreat", "game_over", "airship", "ship_dial", "ship_cards")


def state_to_dict(state, tables) -> dict:
    n = int(state.game[G_N_PLAYERS])
    players = [_player_to_dict(state, tables, p) for p in range(n)]
    resources = {}
    for loc in range(N_LOC):
        held = {RESOURCES[r]: int(state.hex_res[loc, r]) for r in range(len(RESOURCES))
                if state.hex_res[loc, r] > 0}
        if held:
            resources[hex_name(loc)] = held
    game = {key: int(state.game[i]) for key, i in _GAME_KEYS.items()}
    game["phase"] = PHASES[int(state.game[G_PHASE])]
    game["section"] = None if state.game[G_SECTION] < 0 else int(state.game[G_SECTION]) + 1
    game["structure_bonus"] = STRUCTURE_BONUS_TILES[int(state.game[G_SB_TILE])]
    game["game_over"] = bool(state.game[G_GAME_OVER])
    game["end_reason"] = END_REASONS[int(state.game[G_END_REASON])]
    game["turn_state"] = {name: int(state.game[GAME_FIELDS.index(name)]) for name in _SCRATCH}
    game["marked"] = _marked_to_json(state.mark)
    game.update(_variant_parts("game_to_dict", state))
    return {
        "format": FORMAT,
        "players": players,
        "board": {"resources": resources,
                  "encounter_tokens": [hex_name(loc) for loc in range(N_HEX) if state.encounter_token[loc]],
                  "factory_cards": _numbers(state.game[G_FACTORY_POOL], N_FACTORY_CARDS),
                  "encounter_cards_drawn": _numbers(state.game[G_ENC_USED], N_ENCOUNTER_CARDS),
                  **_tokens_to_dict(state)},
        "deck": {"draw": _values(state.deck[0]), "discard": _values(state.deck[1])},
        "game": game,
        "rng": [[str(int(w)) for w in row] for row in state.rng],
        **_variant_parts("top_to_dict", state, n),
    }


def _tokens_to_dict(state):
    """board.tokens (Invaders from Afar Flags and Traps), written only when some lie out."""
    tokens = {}
    for loc in range(N_HEX):
        kind = int(state.token_kind[loc])
        if kind == TOKEN_NONE:
            continue
        entry = {"owner": int(state.token_owner[loc]), "token": "flag" if kind == TOKEN_FLAG else "trap"}
        if kind != TOKEN_FLAG:
            armed = kind < TOKEN_DISARMED0
            entry["penalty"] = TRAP_PENALTIES[kind - (TOKEN_TRAP0 if armed else TOKEN_DISARMED0)]
            entry["armed"] = armed
        tokens[hex_name(loc)] = entry
    return {"tokens": tokens} if tokens else {}


def _marked_to_json(mark):
    """The per-action marks: a list of locations (each marked 1), or, when a war Move
    counts arrivals in them, {location: count}."""
    if int(mark.max()) <= 1:
        return [hex_name(loc) for loc in range(N_LOC) if mark[loc]]
    return {hex_name(loc): int(mark[loc]) for loc in range(N_LOC) if mark[loc]}


def _numbers(mask, size):
    """Card numbers (id + 1) of the bits set in mask."""
    return [c + 1 for c in range(size) if (int(mask) >> c) & 1]


def _mask(numbers, size, where):
    if not isinstance(numbers, list):
        raise PositionError(f"{where}: give a list of card numbers 1..{size}")
    mask = 0
    for number in numbers:
        mask |= 1 << (_int(number, where, 1, size) - 1)
    return mask


def _values(counts):
    return {str(CARD_VALUES[v]): int(c) for v, c in enumerate(counts) if c}


def _player_to_dict(state, tables, p):
    pl = state.player[p]
    faction = int(pl[P_FACTION])
    locs = state.unit_loc[p]
    cards = [CARD_VALUES[v] for v in range(len(CARD_VALUES)) for _ in range(int(state.hand[p, v]))]
    return {
        "faction": FACTIONS[faction],
        "mat": MATS[int(pl[P_MAT])],
        "seat": int(pl[P_SEAT]),
        "power": int(pl[P_POWER]),
        "popularity": int(pl[P_POPULARITY]),
        "coins": int(pl[P_COINS]),
        "last_section": None if pl[P_LAST_SECTION] < 0 else int(pl[P_LAST_SECTION]) + 1,
        "turns": int(pl[P_TURNS]),
        "combat_cards": cards,
        "cubes_moved": [TECH_CUBES[c] for c in range(len(TECH_CUBES)) if pl[P_CUBE0 + c]],
        "covered": {BOTTOM_ACTIONS[b]: int(pl[P_REDUCED0 + b]) for b in range(4) if pl[P_REDUCED0 + b]},
        "recruits": [BOTTOM_ACTIONS[b] for b in range(4) if pl[P_RECRUIT0 + b]],
        "one_time_bonuses": [ONE_TIME_BONUSES[b] for b in range(4) if pl[P_ONETIME0 + b]],
        "objectives": [int(pl[f]) + 1 for f in (P_OBJECTIVE_A, P_OBJECTIVE_B) if pl[f] >= 0],
        "objectives_done": _numbers(pl[P_OBJECTIVES_DONE], N_OBJECTIVES),
        "factory_card": None if pl[P_FACTORY_CARD] < 0 else int(pl[P_FACTORY_CARD]) + 1,
        "stars": {STAR_KINDS[k]: int(state.stars[p, k]) for k in range(len(STAR_KINDS)) if state.stars[p, k]},
        "star_turns": {STAR_KINDS[k]: int(state.star_turn[p, k]) for k in range(len(STAR_KINDS))
                       if state.star_turn[p, k] >= 0},
        "character": None if locs[UNIT_CHARACTER] == OFF_BOARD else hex_name(int(locs[UNIT_CHARACTER])),
        "mechs": {mech_name(state, tables, p, m): hex_name(int(locs[UNIT_MECH0 + m]))
                  for m in range(N_MECHS) if locs[UNIT_MECH0 + m] != OFF_BOARD},
        "workers": [hex_name(int(locs[w])) for w in range(UNIT_WORKER0, UNIT_WORKER0 + N_WORKERS)
                    if locs[w] != OFF_BOARD],
        "structures": {STRUCTURES[k]: hex_name(int(state.struct_loc[p, k]))
                       for k in range(len(STRUCTURES)) if state.struct_loc[p, k] != OFF_BOARD},
        **_variant_parts("player_to_dict", state, p),
    }


# ---------------------------------------------------------------------------------------
def _variant_parts(function, *args) -> dict:
    """The variants' entries of a part of the position (their "position" parts,
    variants/hooks.py), after the shared ones."""
    entries = {}
    for part in hooks.each("position", function, *args):
        entries.update(part)
    return entries


def dict_to_state(data, tables, reachable=True):
    """Build a State from a position dict; raises PositionError naming the bad field.
    With reachable, also positions no game reaches: two factions on one territory
    outside a Move and its combat (rule tests of what such a hex means pass False)."""
    if not isinstance(data, dict):
        raise PositionError("a position must be a JSON object")
    _no_unknown(data, _TOP_KEYS, "position")
    if data.get("format", FORMAT) != FORMAT:
        raise PositionError(f"position format {data.get('format')!r} is not supported: use {FORMAT!r}")
    players = data.get("players")
    if not isinstance(players, list) or not 1 <= len(players) <= MAX_PLAYERS:
        raise PositionError(f"players: give a list of 1 to {MAX_PLAYERS} players in turn order")
    s = new_state()
    s.game[G_N_PLAYERS] = len(players)
    factions = set()
    for p, entry in enumerate(players):
        _player_from_dict(s, tables, p, entry, f"players[{p}]")
        factions.add(int(s.player[p, P_FACTION]))
    if len(factions) != len(players):
        raise PositionError("players: each faction may appear only once")
    hooks.each("position", "check_players", s, tables, len(players))
    _board_from_dict(s, data.get("board", {}))
    _deck_from_dict(s, tables, data.get("deck"))
    _game_from_dict(s, data.get("game", {}), len(players))
    hooks.each("position", "after_game", s, tables)
    _rng_from_dict(s, data.get("rng"))
    hooks.each("position", "top_from_dict", s, data, len(players))
    rebuild_occupancy(s)
    if reachable:
        _check_sharing(s, len(players))
    return s


def _check_sharing(s, n):
    """Outside a Move and its combats no two factions stand on one territory (the
    kernel's invariant allows it whenever a character or mech is there, as mid-Move)."""
    if PHASES[int(s.game[G_PHASE])] in _SHARING_PHASES or any(hooks.each("position", "units_may_share", s)):
        return
    owner = {}
    for p in range(n):
        for loc in s.unit_loc[p]:
            if loc == OFF_BOARD or loc >= N_HEX:
                continue
            other = owner.setdefault(int(loc), p)
            if other != p:
                raise PositionError(f"board: {FACTIONS[s.player[other, P_FACTION]]} and "
                                    f"{FACTIONS[s.player[p, P_FACTION]]} units share {hex_name(int(loc))} "
                                    f"in phase {PHASES[int(s.game[G_PHASE])]!r}: two factions meet only "
                                    "during a Move and its combat (phase move_unit, move_step, airship, combat_*, "
                                    "artillery, ronin or retreat)")




def _player_from_dict(s, tables, p, entry, where):
    _no_unknown(entry, _PLAYER_KEYS, where)
    for key in ("faction", "mat"):
        if key not in entry:
            raise PositionError(f"{where}: missing {key!r}")
    faction = _name(entry["faction"], FACTIONS, f"{where}.faction")
    pl = s.player[p]
    pl[P_FACTION] = faction
    set_abilities(s, tables, p, faction)   # derived from the faction, as at setup
    pl[P_MAT] = _name(entry["mat"], MATS, f"{where}.mat")
    pl[P_SEAT] = _int(entry.get("seat", p), f"{where}.seat", 0, MAX_PLAYERS - 1)
    pl[P_POWER] = _int(entry.get("power", int(tables.fac_power[faction])), f"{where}.power", 0, 16)
    pl[P_POPULARITY] = _int(entry.get("popularity", int(tables.mat_popularity[pl[P_MAT]])),
                            f"{where}.popularity", 0, 18)
    pl[P_COINS] = _int(entry.get("coins", int(tables.mat_start_coins[pl[P_MAT]])), f"{where}.coins", 0)
    last = entry.get("last_section")
    pl[P_LAST_SECTION] = -1 if last is None else _int(last, f"{where}.last_section", 1, _SECTIONS) - 1
    pl[P_TURNS] = _int(entry.get("turns", 0), f"{where}.turns", 0)
    for value in _list(entry.get("combat_cards", []), f"{where}.combat_cards"):
        if value not in CARD_VALUES:
            raise PositionError(f"{where}.combat_cards: {value!r} is not a card value {CARD_VALUES}")
        v = CARD_VALUES.index(value)
        if s.hand[p, v] >= tables.card_counts[v]:
            raise PositionError(f"{where}.combat_cards: more {value}-cards than the deck holds "
                                f"({int(tables.card_counts[v])})")
        s.hand[p, v] += 1
    for name in _list(entry.get("cubes_moved", []), f"{where}.cubes_moved"):
        pl[P_CUBE0 + _name(name, TECH_CUBES, f"{where}.cubes_moved")] = 1
    covered = entry.get("covered", {})
    _no_unknown(covered, BOTTOM_ACTIONS, f"{where}.covered")
    for name, count in covered.items():
        pl[P_REDUCED0 + BOTTOM_ACTIONS.index(name)] = _int(count, f"{where}.covered.{name}", 0, 3)
    for name in _list(entry.get("recruits", []), f"{where}.recruits"):
        pl[P_RECRUIT0 + _name(name, BOTTOM_ACTIONS, f"{where}.recruits")] = 1
    for name in _list(entry.get("one_time_bonuses", []), f"{where}.one_time_bonuses"):
        pl[P_ONETIME0 + _name(name, ONE_TIME_BONUSES, f"{where}.one_time_bonuses")] = 1
    objectives = entry.get("objectives", [])
    if not isinstance(objectives, list) or len(objectives) > 2:
        raise PositionError(f"{where}.objectives: give at most two objective card numbers")
    pl[P_OBJECTIVE_A] = pl[P_OBJECTIVE_B] = -1
    for i, number in enumerate(objectives):
        pl[P_OBJECTIVE_A + i] = _int(number, f"{where}.objectives", 1, N_OBJECTIVES) - 1
    pl[P_OBJECTIVES_DONE] = _mask(entry.get("objectives_done", []), N_OBJECTIVES, f"{where}.objectives_done")
    card = entry.get("factory_card")
    pl[P_FACTORY_CARD] = -1 if card is None else _int(card, f"{where}.factory_card", 1, N_FACTORY_CARDS) - 1
    _stars_from_dict(s, p, entry, where)
    _pieces_from_dict(s, tables, p, faction, entry, where)
    hooks.each("position", "player_from_dict", s, p, entry, where)


def _stars_from_dict(s, p, entry, where):
    stars = entry.get("stars", {})
    _no_unknown(stars, STAR_KINDS, f"{where}.stars")
    for name, count in stars.items():
        s.stars[p, STAR_KINDS.index(name)] = _int(count, f"{where}.stars.{name}", 0, 6)
    turns = entry.get("star_turns", {})
    _no_unknown(turns, STAR_KINDS, f"{where}.star_turns")
    for name, turn in turns.items():
        s.star_turn[p, STAR_KINDS.index(name)] = _int(turn, f"{where}.star_turns.{name}", 0, TURN_MAX)
    s.player[p, P_STARS] = int(s.stars[p].sum())


def _pieces_from_dict(s, tables, p, faction, entry, where):
    character = entry.get("character", hex_name(N_HEX + faction))
    s.unit_loc[p, UNIT_CHARACTER] = OFF_BOARD if character is None else _loc(character,
                                         f"{where}.character")
    mechs = entry.get("mechs", {})
    names = [mech_name(s, tables, p, m) for m in range(N_MECHS)]
    _no_unknown(mechs, names, f"{where}.mechs")
    for name, loc in mechs.items():
        s.unit_loc[p, UNIT_MECH0 + names.index(name)] = _loc(loc, f"{where}.mechs.{name}")
    workers = entry.get("workers", [hex_name(int(x)) for x in tables.start_hexes[faction]])
    if not isinstance(workers, list) or len(workers) > N_WORKERS:
        raise PositionError(f"{where}.workers: give a list of at most {N_WORKERS} locations")
    for i, loc in enumerate(workers):
        s.unit_loc[p, UNIT_WORKER0 + i] = _loc(loc, f"{where}.workers")
    structures = entry.get("structures", {})
    _no_unknown(structures, STRUCTURES, f"{where}.structures")
    for name, loc in structures.items():
        s.struct_loc[p, STRUCTURES.index(name)] = _loc(loc, f"{where}.structures.{name}")


def _tokens_from_dict(s, tokens, n):
    if not isinstance(tokens, dict):
        raise PositionError("board.tokens: give {territory: {owner, token, penalty, armed}}")
    for name, entry in tokens.items():
        where = f"board.tokens.{name}"
        loc = _loc(name, "board.tokens")
        if loc >= N_HEX or not isinstance(entry, dict):
            raise PositionError(f"{where}: give a territory T01..T47 and an object")
        _no_unknown(entry, {"owner", "token", "penalty", "armed"}, where)
        s.token_owner[loc] = _int(entry.get("owner"), f"{where}.owner", 0, n - 1)
        if _name(entry.get("token"), ("flag", "trap"), f"{where}.token") == 0:
            s.token_kind[loc] = TOKEN_FLAG
            continue
        penalty = _name(entry.get("penalty"), TRAP_PENALTIES, f"{where}.penalty")
        armed = entry.get("armed", True)
        if not isinstance(armed, bool):
            raise PositionError(f"{where}.armed: give true or false")
        s.token_kind[loc] = (TOKEN_TRAP0 if armed else TOKEN_DISARMED0) + penalty


def _board_from_dict(s, board):
    _no_unknown(board, {"resources", "encounter_tokens", "factory_cards", "encounter_cards_drawn", "tokens"},
                "board")
    _tokens_from_dict(s, board.get("tokens", {}), int(s.game[G_N_PLAYERS]))
    s.game[G_FACTORY_POOL] = _mask(board.get("factory_cards", []), N_FACTORY_CARDS, "board.factory_cards")
    s.game[G_ENC_USED] = _mask(board.get("encounter_cards_drawn", []), N_ENCOUNTER_CARDS,
                               "board.encounter_cards_drawn")
    resources = board.get("resources", {})
    _no_unknown(resources, [hex_name(i) for i in range(N_LOC)], "board.resources")
    for name, held in resources.items():
        loc = _loc(name, "board.resources")
        _no_unknown(held, RESOURCES, f"board.resources.{name}")
        for res, count in held.items():
            s.hex_res[loc, RESOURCES.index(res)] = _int(count, f"board.resources.{name}.{res}", 0)
    for name in _list(board.get("encounter_tokens", []), "board.encounter_tokens"):
        s.encounter_token[_loc(name, "board.encounter_tokens")] = 1


def _deck_from_dict(s, tables, deck):
    if deck is None:  # every card not in a hand is in the draw pile
        for v in range(len(CARD_VALUES)):
            left = int(tables.card_counts[v]) - int(s.hand[:, v].sum())
            if left < 0:
                raise PositionError(f"players: more {CARD_VALUES[v]}-cards in hands than the deck holds")
            s.deck[0, v] = left
        return
    _no_unknown(deck, {"draw", "discard"}, "deck")
    for row, key in enumerate(("draw", "discard")):
        counts = deck.get(key, {})
        _no_unknown(counts, [str(v) for v in CARD_VALUES], f"deck.{key}")
        for value, count in counts.items():
            v = CARD_VALUES.index(int(value))
            s.deck[row, v] = _int(count, f"deck.{key}.{value}", 0, int(tables.card_counts[v]))


def _game_from_dict(s, game, n):
    allowed = set(_GAME_KEYS) | {"phase", "section", "structure_bonus", "game_over",
                                 "end_reason", "turn_state", "marked", "resolution"}
    _no_unknown(game, allowed, "game")
    s.game[G_ACTIVE] = _int(game.get("active", 0), "game.active", 0, n - 1)
    s.game[G_TURN] = _int(game.get("turn", 1), "game.turn", 0, TURN_MAX)
    s.game[G_ROUND] = _int(game.get("round", 0), "game.round", 0)
    s.game[G_PHASE] = _name(game.get("phase", "section"), PHASES, "game.phase")
    section = game.get("section")
    s.game[G_SECTION] = -1 if section is None else _int(section, "game.section", 1, _SECTIONS) - 1
    s.game[G_SB_TILE] = _name(game.get("structure_bonus", STRUCTURE_BONUS_TILES[0]),
                              STRUCTURE_BONUS_TILES, "game.structure_bonus")
    s.game[G_GAME_OVER] = 1 if game.get("game_over", False) else 0
    s.game[G_END_REASON] = _name(game.get("end_reason", "none"), END_REASONS, "game.end_reason")
    scratch = {"mover": -1, "pay_res": -1, "trade_a": -1, "trade_b": -1, "combat_hex": -1,
               "defender": -1, "decider": int(s.game[G_ACTIVE]), "enc_card": -1, "gain_loc": -1}
    scratch.update(game.get("turn_state", {}))
    _no_unknown(scratch, _SCRATCH, "game.turn_state")
    ranges = {"combat_hex": (-1, N_HEX - 1), "defender": (-1, n - 1), "decider": (0, n - 1),
              "war_winner": (-1, n - 1)}
    for name, value in scratch.items():
        lo, hi = ranges.get(name, (-1, _SCRATCH_MAX))
        s.game[GAME_FIELDS.index(name)] = _int(value, f"game.turn_state.{name}", lo, hi)
    hooks.each("position", "game_from_dict", s, game, n)
    marked = game.get("marked", [])
    if isinstance(marked, dict):
        for name, count in marked.items():
            s.mark[_loc(name, "game.marked")] = _int(count, f"game.marked.{name}", 0, _most("mark"))
    else:
        for name in _list(marked, "game.marked"):
            s.mark[_loc(name, "game.marked")] = 1


def _rng_from_dict(s, rng):
    """The streams given; rows not given (all of them, or the variant row of a position
    written before it existed) are those seeded from 0, so chance is still reproducible."""
    seed_state_rng(s.rng, np.uint64(0))
    if rng is None:
        return
    try:
        words = np.array([[int(w) for w in row] for row in rng], dtype=np.uint64)
    except (TypeError, ValueError, OverflowError):
        raise PositionError("rng: give rows of 64-bit integers (as strings)") from None
    if words.ndim != 2 or words.shape[0] not in (1, N_RNG_STREAMS) or words.shape[1] != RNG_WORDS:
        raise PositionError(f"rng: expected {N_RNG_STREAMS} rows (or 1, the game stream alone) "
                            f"of {RNG_WORDS} words")
    s.rng[:words.shape[0]] = words
