"""Static game data as numpy arrays: the tables the Numba kernel reads.

The facts live in the TOML files of ``scythe_sim/games/scythe/data`` (board, factions, mats, scoring,
combat, rules), read as package data. ``build_tables`` turns them into the arrays of a
`Tables` named tuple, indexed by the ids of `enums`, and `validate` checks them against
the known counts of the game, so a typo in a data file fails loudly.

What ``build_tables`` returns is one numpy record holding every array as a field
(`as_record`): ``t.terrain`` reads the same as on the named tuple, in Python and in
compiled code. Compiled code receives a record as one pointer, where a tuple of 46
arrays is pushed on the stack field by field at every call (~300 words); the kernel
passes the tables to nearly every helper.

Locations: hexes T01..T47 are 0..46, the home base of faction f is N_HEX + f. Hex
adjacency is not stored in the data: it follows from the offset "odd-r" (row, col)
coordinates; home bases touch only the hexes listed for them.

House rules (`RULE_NAMES`) are one integer array, ``tables.rules``; callers override them
by name with ``build_tables({"stars_to_end": 4})``. `default_tables()` is the cached
build without overrides: treat its arrays as read-only.
"""

from __future__ import annotations

import functools
from typing import NamedTuple

import numpy as np

from scythe_sim.compiled.records import as_record

from .variants import hooks
from .data_files import DATA_FILES, SETS, load_data, read_data
from .enums import (BOTTOM_ACTIONS, CARD_FIELDS, CARD_VALUES, CF_FREE_ACTIONS, CF_LOOK_AT_HAND,
                    FACTIONS, FACTION_ABILITIES, HOME, LAKE, MATS, MECH_ABILITIES, N_BONUSES,
                    N_CARD_FIELDS, N_CARD_VALUES, N_CUBES, N_ENCOUNTER_CARDS,
                    N_ENCOUNTER_OPTIONS, N_FACTIONS, N_FACTORY_CARDS, N_HEX, N_LOC, N_MATS,
                    N_MECH_ABILITIES, N_OBJECTIVES, N_SB_TILES, N_SECTIONS, N_TERRAINS,
                    ONE_TIME_BONUSES, RESOLUTION_PARAMS, RESOLUTION_RANDOM, RESOLUTION_TILES,
                    RESOURCES, STRUCTURE_BONUS_TILES, TECH_CUBES, TERRAINS,
                    TOP_ACTIONS, TRAP_PENALTIES, hex_name)
# The house rules live in house_rules.py; their names are read from here too.
from .house_rules import (N_RULE_SLOTS, RULE_LIMITS, RULE_NAMES, R_STARS_TO_END, R_BAN_PAIRS, R_TURN_CAP,
                          R_COMBAT_STAR_CAP, R_RELENTLESS_FACTORY, R_EXPANSION_FACTIONS, R_POWER_MAX,
                          R_POPULARITY_MAX, R_DIAL_MAX, R_FACTION_ABILITIES_OFF, R_MECH_ABILITIES_OFF,
                          R_ENCOUNTERS_OFF, R_FACTORY_OFF, R_MECH_ABILITIES_OFF_FOR, rule_array, rule_value)


SB_MAX_COUNT = 9          # structure-bonus counts above this pay like this one
MAX_WORKERS = 8           # workers per faction (produce_cost has one row per count 0..8)
TERRAIN_COUNTS = {"mountain": 8, "farm": 7, "village": 9, "forest": 7, "tundra": 8, "lake": 7, "factory": 1}
N_TUNNELS, N_ENCOUNTERS = 6, 11
# t.ifa_const: Albion's Flags; the player count from which the 6-7 player replacements
# apply; coins per controlled encounter territory for Polania's 6-7 player Meander
IFA_CONSTS = ("flags", "many_players_from", "meander_encounter_coins")
IFA_FLAGS, IFA_MANY_PLAYERS, IFA_MEANDER_COINS = range(len(IFA_CONSTS))


class Tables(NamedTuple):
    """Every static fact the kernel needs; all fields are int64 numpy arrays (one integer
    width keeps each compiled helper to one signature; flags are 0/1, as a record cannot
    hold boolean arrays for the kernel)."""
    terrain: np.ndarray          # (N_LOC,) int64: TERRAINS id; home bases are HOME
    produces: np.ndarray         # (N_TERRAINS,) int64: RESOURCES id made there; -2 village (workers); -1 nothing
    neighbours: np.ndarray       # (N_LOC, 6) int64: physically adjacent locations, ascending, -1 padded
    edge: np.ndarray             # (N_LOC, N_LOC) int64: 0 not adjacent, 1 adjacent, 2 adjacent across a river
    is_tunnel: np.ndarray        # (N_LOC,) 0/1: tunnel territory
    has_encounter: np.ndarray    # (N_LOC,) 0/1: encounter token printed there at setup
    factory_loc: np.ndarray      # (1,) int64: location of the Factory
    home_loc: np.ndarray         # (N_FACTIONS,) int64: home-base location (= N_HEX + faction)
    start_hexes: np.ndarray      # (N_FACTIONS, 2) int64: hexes of the two starting workers
    row: np.ndarray              # (N_LOC,) int64: offset row (home bases too)
    col: np.ndarray              # (N_LOC,) int64: offset column
    axial_q: np.ndarray          # (N_LOC,) int64: axial q = col - (row - (row & 1)) // 2
    axial_r: np.ndarray          # (N_LOC,) int64: axial r = row
    fac_power: np.ndarray        # (N_FACTIONS,) int64: starting power
    fac_cards: np.ndarray        # (N_FACTIONS,) int64: starting combat cards
    fac_ability: np.ndarray      # (N_FACTIONS,) int64: FACTION_ABILITIES id
    fac_clockwise: np.ndarray    # (N_FACTIONS,) int64: seat position around the board, 0..6
    fac_set: np.ndarray          # (N_FACTIONS,) int64: 0 base game, 1 Invaders from Afar
    fac_dealable: np.ndarray     # (N_FACTIONS,) 0/1: the random deal may give it (lineup.py decides)
    fac_mechs: np.ndarray        # (N_FACTIONS, 4) int64: MECH_ABILITIES id of mech slot 0..3
    fac_mech_slot: np.ndarray    # (N_FACTIONS, N_MECH_ABILITIES) int64: slot of the mech with that ability, -1 none
    fac_riverwalk: np.ndarray    # (N_FACTIONS, N_TERRAINS) 0/1: Riverwalk may cross onto this terrain
    trap_loss: np.ndarray        # (N_TRAP_PENALTIES,) int64: what a sprung Trap of each penalty takes
    ifa_const: np.ndarray        # (N_IFA_CONSTS,) int64: Invaders from Afar numbers, indexed by IFA_*
    mat_top: np.ndarray          # (N_MATS, 4) int64: TOP_ACTIONS id of sections 1..4
    mat_cost: np.ndarray         # (N_MATS, 4) int64: base cost of upgrade/deploy/build/enlist
    mat_min: np.ndarray          # (N_MATS, 4) int64: cost with every bracketed box covered
    mat_coins: np.ndarray        # (N_MATS, 4) int64: coins gained per bottom action
    mat_popularity: np.ndarray   # (N_MATS,) int64: starting popularity
    mat_start_coins: np.ndarray  # (N_MATS,) int64: starting coins
    mat_set: np.ndarray          # (N_MATS,) int64: 0 base game, 1 Invaders from Afar
    mat_dealable: np.ndarray     # (N_MATS,) 0/1: the random deal may give it (lineup.py decides)
    banned: np.ndarray           # (N_FACTIONS, N_MATS) 0/1: pair forbidden when rules[R_BAN_PAIRS]
    top_amount: np.ndarray       # (N_CUBES, 2) int64: [TECH_CUBES id, 0 without / 1 with the cube] -> amount
    top_const: np.ndarray        # (3,) int64: (trade resources, bolster cost, trade cost)
    produce_cost: np.ndarray     # (9, 3) int64: [workers on the board] -> (power, popularity, coins) to Produce
    onetime_amount: np.ndarray   # (N_BONUSES,) int64: amount of each recruit one-time bonus
    ongoing_kind: np.ndarray     # (4,) int64: ONE_TIME_BONUSES id of each bottom action's ongoing bonus
    ongoing_amount: np.ndarray   # (4,) int64: amount of that ongoing bonus
    pop_tier: np.ndarray         # (19,) int64: popularity -> scoring tier 0/1/2
    tier_pay: np.ndarray         # (3, 3) int64: [tier, (star, territory, resource pair)] -> coins
    factory_territories: np.ndarray  # (1,) int64: territories the Factory counts as
    sb_pay: np.ndarray           # (N_SB_TILES, 10) int64: [tile, count 0..9 (capped)] -> coins
    card_values: np.ndarray      # (N_CARD_VALUES,) int64: combat card values
    card_counts: np.ndarray      # (N_CARD_VALUES,) int64: cards of each value in the deck
    enc_option: np.ndarray       # (N_ENCOUNTER_CARDS, 3, N_CARD_FIELDS) int64: [card, option a/b/c, CF_*]
    factory_top: np.ndarray      # (N_FACTORY_CARDS, N_CARD_FIELDS) int64: [card, CF_*] of its top action
    factory_steps: np.ndarray    # (1,) int64: hexes the Factory cards' bottom-row Move allows
    objective_end: np.ndarray    # (N_OBJECTIVES,) int64: 1 if the card is checked at the end of the turn only
    res_param: np.ndarray        # (N_RESOLUTION_TILES + 1, N_RESOLUTION_PARAMS) int64: [tile number, RP_*]; row 0 no tile
    airship_tile: np.ndarray     # (16 tiles, its fields) int64: [tile number - 1, TILE_*] (variants/wind_gambit/airships.py)
    rules: np.ndarray            # (N_RULE_SLOTS,) int32: house-rule values, indexed by R_* (and the
                                 #   test-only R_PLANTED_FAULT past them, house_rules.py)


# --- reading the data files ------------------------------------------------------------

def _id(vocabulary, name, where):
    """Index of `name` in an enums vocabulary; ValueError naming the data entry otherwise."""
    if name not in vocabulary:
        raise ValueError(f"data error in {where}: unknown name {name!r} (expected one of {', '.join(vocabulary)})")
    return vocabulary.index(name)


def _keyed(table: dict, vocabulary, where) -> list:
    """Entries of a {name: ...} table in vocabulary order; all names must be present exactly."""
    if sorted(table) != sorted(vocabulary):
        raise ValueError(f"data error in {where}: expected entries {', '.join(vocabulary)}, got {', '.join(table)}")
    return [table[name] for name in vocabulary]


def odd_r_neighbours(row: int, col: int) -> list:
    """The six (row, col) cells around a cell in the odd-r offset layout (E, W, NE, NW, SE, SW)."""
    d = 1 if row & 1 else 0
    return [(row, col + 1), (row, col - 1), (row - 1, col + d), (row - 1, col - 1 + d),
            (row + 1, col + d), (row + 1, col - 1 + d)]


# --- building --------------------------------------------------------------------------

# Factions whose abilities are not in the kernel (none since Invaders from Afar landed):
# the random deal skips them and lineup.check_setup refuses them by name.
NOT_PLAYED = frozenset()


def dealable_masks(fac_set, mat_set, expansion: bool):
    """(faction mask, mat mask) as int64 0/1 arrays from the sets of the data files
    (0 = base game): the base set, or with expansion every mat and every faction played."""
    fac = np.array([(expansion or s == 0) and f not in NOT_PLAYED for f, s in enumerate(fac_set)],
                   np.int64)
    mat = np.array([expansion or s == 0 for s in mat_set], np.int64)
    return fac, mat


def _board(board: dict) -> dict:
    """Location arrays (terrain, coordinates, edges, ...) from board.toml."""
    hexes = board["hex"]
    ids = [h["id"] for h in hexes]
    if len(set(ids)) != len(ids):
        raise ValueError(f"data error in board.toml: duplicate hex ids {sorted({i for i in ids if ids.count(i) > 1})}")
    if ids != [hex_name(i) for i in range(N_HEX)]:
        raise ValueError(f"data error in board.toml: hexes must be T01..T{N_HEX} in order")
    out = {
        "terrain": np.full(N_LOC, HOME, np.int8), "row": np.zeros(N_LOC, np.int8),
        "col": np.zeros(N_LOC, np.int8), "is_tunnel": np.zeros(N_LOC, np.bool_),
        "has_encounter": np.zeros(N_LOC, np.bool_), "edge": np.zeros((N_LOC, N_LOC), np.int8),
        "home_loc": np.arange(N_HEX, N_LOC, dtype=np.int16),
        "start_hexes": np.zeros((N_FACTIONS, 2), np.int16),
    }
    for i, h in enumerate(hexes):
        out["terrain"][i] = _id(TERRAINS, h["terrain"], f"board.toml hex {h['id']}")
        out["row"][i], out["col"][i] = h["row"], h["col"]
        out["is_tunnel"][i], out["has_encounter"][i] = h["tunnel"], h["encounter"]
    cell = {(int(out["row"][i]), int(out["col"][i])): i for i in range(N_HEX)}
    if len(cell) != N_HEX:
        raise ValueError("data error in board.toml: two hexes share the same (row, col)")
    edge = out["edge"]
    for i in range(N_HEX):
        for rc in odd_r_neighbours(int(out["row"][i]), int(out["col"][i])):
            if rc in cell:
                edge[i, cell[rc]] = 1
    for a, b in board["river_edges"]:
        i, j = _id(ids, a, "board.toml river_edges"), _id(ids, b, "board.toml river_edges")
        if edge[i, j] == 0:
            raise ValueError(f"data error in board.toml: river edge {a}-{b} joins hexes that are not adjacent")
        edge[i, j] = edge[j, i] = 2

    bases = {}
    for hb in board["home_base"]:
        f = _id(FACTIONS, hb["faction"], "board.toml home_base")
        if f in bases:
            raise ValueError(f"data error in board.toml: two home bases for {hb['faction']}")
        bases[f] = hb
    if len(bases) != N_FACTIONS:
        raise ValueError(f"data error in board.toml: need one home_base per faction ({', '.join(FACTIONS)})")
    for f, hb in bases.items():
        home, where = N_HEX + f, f"board.toml home_base {hb['faction']}"
        out["row"][home], out["col"][home] = hb["row"], hb["col"]
        for name in hb["adjacent"]:
            j = _id(ids, name, where)
            edge[home, j] = edge[j, home] = 1
        for name in hb["river"]:
            j = _id(ids, name, where)
            if edge[home, j] == 0:
                raise ValueError(f"data error in {where}: river hex {name} is not in its adjacent list")
            edge[home, j] = edge[j, home] = 2
        if len(hb["start_hexes"]) != 2:
            raise ValueError(f"data error in {where}: give exactly 2 start_hexes")
        out["start_hexes"][f] = [_id(ids, name, where) for name in hb["start_hexes"]]

    neighbours = np.full((N_LOC, 6), -1, np.int16)
    for i in range(N_LOC):
        adjacent = np.flatnonzero(edge[i])
        if len(adjacent) > 6:
            raise ValueError(f"data error in board.toml: {hex_name(i)} has more than 6 neighbours")
        neighbours[i, :len(adjacent)] = adjacent
    out["neighbours"] = neighbours
    factory = np.flatnonzero(out["terrain"] == TERRAINS.index("factory"))
    out["factory_loc"] = factory[:1].astype(np.int16)
    row = out["row"].astype(np.int64)
    out["axial_q"] = (out["col"] - (row - (row & 1)) // 2).astype(np.int8)
    out["axial_r"] = out["row"].copy()
    made = {"worker": -2, **{r: i for i, r in enumerate(RESOURCES)}}  # what a worker makes -> produces id
    out["produces"] = np.full(N_TERRAINS, -1, np.int8)
    for terrain, resource in board["produces"].items():
        _id(tuple(made), resource, "board.toml produces")  # rejects an unknown name
        out["produces"][_id(TERRAINS, terrain, "board.toml produces")] = made[resource]
    return out


def _factions(data: dict) -> dict:
    """Faction and banned-pair arrays from factions.toml."""
    entries = _keyed(data["faction"], FACTIONS, "factions.toml [faction]")
    out = {"fac_mechs": np.zeros((N_FACTIONS, 4), np.int8),
           "fac_mech_slot": np.full((N_FACTIONS, N_MECH_ABILITIES), -1, np.int8),
           "fac_riverwalk": np.zeros((N_FACTIONS, N_TERRAINS), np.bool_),
           "banned": np.zeros((N_FACTIONS, N_MATS), np.bool_)}
    for key, field in (("power", "fac_power"), ("combat_cards", "fac_cards"), ("clockwise", "fac_clockwise")):
        out[field] = np.array([e[key] for e in entries], np.int8)
    out["fac_ability"] = np.array([_id(FACTION_ABILITIES, e["ability"], "factions.toml") for e in entries], np.int8)
    out["fac_set"] = np.array([_id(SETS, e["set"], "factions.toml") for e in entries], np.int8)
    for f, e in enumerate(entries):
        where = f"factions.toml faction.{FACTIONS[f]}"
        if len(e["mechs"]) != 4:
            raise ValueError(f"data error in {where}: give exactly 4 mechs")
        for slot, name in enumerate(e["mechs"]):
            out["fac_mechs"][f, slot] = ability = _id(MECH_ABILITIES, name, where)
            out["fac_mech_slot"][f, ability] = slot
        for terrain in e["riverwalk"]:
            out["fac_riverwalk"][f, _id(TERRAINS, terrain, where)] = True
    tokens, many = data["tokens"], data["many_players"]
    out["trap_loss"] = np.array(_keyed(tokens["trap_loss"], TRAP_PENALTIES, "factions.toml tokens.trap_loss"),
                                np.int8)
    out["ifa_const"] = np.array([tokens["flags"], many["from_players"], many["meander_encounter_coins"]],
                                np.int8)
    for faction, mat in data["banned_pairs"]:
        out["banned"][_id(FACTIONS, faction, "banned_pairs"), _id(MATS, mat, "banned_pairs")] = True
    return out


def _mats(data: dict) -> dict:
    """Player-mat, top-row, produce-cost and recruit arrays from mats.toml."""
    entries = _keyed(data["mat"], MATS, "mats.toml [mat]")
    out = {"mat_top": np.array([[_id(TOP_ACTIONS, a, "mats.toml top") for a in e["top"]] for e in entries], np.int8)}
    for key, field in (("cost", "mat_cost"), ("min_cost", "mat_min"), ("coin_reward", "mat_coins")):
        out[field] = np.array([e[key] for e in entries], np.int8).reshape(N_MATS, N_SECTIONS)
    for key, field in (("popularity", "mat_popularity"), ("coins", "mat_start_coins")):
        out[field] = np.array([e[key] for e in entries], np.int8)
    out["mat_set"] = np.array([_id(SETS, e["set"], "mats.toml") for e in entries], np.int8)
    top = data["top_row"]
    out["top_amount"] = np.array([top[cube] for cube in TECH_CUBES], np.int8).reshape(N_CUBES, 2)
    out["top_const"] = np.array([top["trade_resources"], top["bolster_cost"], top["trade_cost"]], np.int8)
    pc = data["produce_cost"]
    workers = np.arange(MAX_WORKERS + 1)[:, None]
    thresholds = np.array([pc["power_at"], pc["popularity_at"], pc["coins_at"]])
    out["produce_cost"] = (workers >= thresholds).astype(np.int8)
    recruits = data["recruits"]
    out["onetime_amount"] = np.array(_keyed(recruits["one_time"], ONE_TIME_BONUSES, "mats.toml recruits.one_time"),
                                     np.int8)
    ongoing = _keyed(recruits["ongoing"], BOTTOM_ACTIONS, "mats.toml recruits.ongoing")
    out["ongoing_kind"] = np.array([_id(ONE_TIME_BONUSES, k, "mats.toml recruits.ongoing") for k, _ in ongoing],
                                   np.int8)
    out["ongoing_amount"] = np.array([amount for _, amount in ongoing], np.int8)
    return out


def _scoring(data: dict, popularity_max: int) -> dict:
    """Popularity tiers, Factory weight and structure-bonus payouts from scoring.toml."""
    tiers = data["popularity_tier"]
    pop_tier = np.full(popularity_max + 1, -1, np.int8)
    for t, tier in enumerate(tiers):
        pop_tier[tier["min"]:tier["max"] + 1] = t
    if (pop_tier < 0).any() or tiers[-1]["max"] != popularity_max:
        raise ValueError(f"data error in scoring.toml: popularity tiers must cover 0..{popularity_max} exactly")
    out = {"pop_tier": pop_tier,
           "tier_pay": np.array([[t["star"], t["territory"], t["resource_pair"]] for t in tiers], np.int8),
           "factory_territories": np.array([data["factory_territories"]], np.int8),
           "sb_pay": np.zeros((N_SB_TILES, SB_MAX_COUNT + 1), np.int8)}
    for tile, entry in enumerate(_keyed(data["structure_bonus"], STRUCTURE_BONUS_TILES, "scoring.toml")):
        for min_count, coins in sorted(entry["payout"]):
            out["sb_pay"][tile, min_count:] = coins
    return out


def _card_option(option: dict, where: str) -> list:
    """One CARD_FIELDS row from an option table of encounters.toml / factory.toml."""
    row = [0] * N_CARD_FIELDS
    for key, value in option.items():
        field = _id(CARD_FIELDS, key if key != "free" else "free_actions", where)
        if field == CF_FREE_ACTIONS:
            row[field] = sum(1 << _id(BOTTOM_ACTIONS, name, where) for name in value)
        elif field == CF_LOOK_AT_HAND:
            row[field] = int(bool(value))
        elif isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(f"data error in {where}: {key} must be a whole number >= 0")
        else:
            row[field] = value
    return row


def _numbered(cards: list, count: int, where: str) -> list:
    if [c["number"] for c in cards] != list(range(1, count + 1)):
        raise ValueError(f"data error in {where}: cards must be numbered 1..{count} in order")
    return cards


def _cards(data: dict) -> dict:
    """Encounter options, Factory top actions and objective timing."""
    encounters = _numbered(data["encounters"]["card"], N_ENCOUNTER_CARDS, "encounters.toml")
    enc = [[_card_option(c[o], f"encounters.toml card {c['number']} {o}") for o in "abc"]
           for c in encounters]
    factory = _numbered(data["factory"]["card"], N_FACTORY_CARDS, "factory.toml")
    top = [_card_option(c["top"], f"factory.toml card {c['number']}") for c in factory]
    objectives = _numbered(data["objectives"]["card"], N_OBJECTIVES, "objectives.toml")
    return {"enc_option": np.array(enc, np.int64).reshape(N_ENCOUNTER_CARDS, N_ENCOUNTER_OPTIONS,
                                                          N_CARD_FIELDS),
            "factory_top": np.array(top, np.int64),
            "factory_steps": np.array([data["factory"]["move_steps"]], np.int64),
            "objective_end": np.array([int(c["end_of_turn"]) for c in objectives], np.int64)}


def _resolution(data: dict) -> dict:
    """The resolution tiles' parameters (resolution.toml): one row per tile number, row 0
    (no tile) all zeros; a parameter a tile does not give is 0."""
    tiles = _numbered(data["tile"], len(RESOLUTION_TILES), "resolution.toml")
    rows = np.zeros((len(RESOLUTION_TILES) + 1, len(RESOLUTION_PARAMS)), np.int64)
    known = set(RESOLUTION_PARAMS) | {"number", "name", "title", "confidence", "source"}
    for tile in tiles:
        where = f"resolution.toml tile {tile['number']}"
        if tile["name"] != RESOLUTION_TILES[tile["number"] - 1]:
            raise ValueError(f"data error in {where}: name must be {RESOLUTION_TILES[tile['number'] - 1]!r}")
        unknown = sorted(set(tile) - known)
        if unknown:
            raise ValueError(f"data error in {where}: unknown keys {', '.join(unknown)}")
        for key in ("confidence", "source"):
            if not tile.get(key):
                raise ValueError(f"data error in {where}: give its {key}")
        for p, key in enumerate(RESOLUTION_PARAMS[:-1]):
            value = tile.get(key, 0)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError(f"data error in {where}: {key} must be a whole number >= 0")
            rows[tile["number"], p] = value
        if not any(rows[tile["number"], :4]):
            raise ValueError(f"data error in {where}: give at least one trigger_* (the game must end)")
    rows[1:, RESOLUTION_PARAMS.index("max_stars")] = data["module"]["max_stars"]
    return {"res_param": rows}


def build_tables(overrides: dict | None = None) -> np.record:
    """Build and validate the tables, as one record (`as_record`); `overrides` maps rule
    names (RULE_NAMES) to ints."""
    data = read_data()
    rules = rule_array(data, overrides)
    combat = data["combat"]
    if tuple(combat["values"]) != CARD_VALUES:
        raise ValueError(f"data error in combat.toml: values must be {list(CARD_VALUES)}")
    fields = {**_board(data["board"]), **_factions(data["factions"]), **_mats(data["mats"]),
              **_scoring(data["scoring"], combat["popularity_max"]), **_cards(data),
              **_resolution(data["resolution"]),
              "card_values": np.array(combat["values"], np.int8),
              "card_counts": np.array(combat["counts"], np.int8), "rules": rules,
              **_variant_tables(data)}
    fields["fac_dealable"], fields["mat_dealable"] = dealable_masks(
        fields["fac_set"], fields["mat_set"], bool(rules[R_EXPANSION_FACTIONS]))
    tables = Tables(**{name: value.astype(np.int64) for name, value in fields.items()})
    validate(tables)
    return as_record(tables)


def _variant_tables(data: dict) -> dict:
    """The variants' own tables (each variant's tables part, variants/hooks.py: TABLE_SHAPES
    and tables(data)), fields of Tables."""
    fields = {}
    for part in hooks.each("tables", "tables", data):
        fields.update(part)
    return fields


@functools.lru_cache(maxsize=1)
def default_tables() -> np.record:
    """The tables with the default rules, built once per process."""
    return build_tables()


# --- validation ------------------------------------------------------------------------

def validate(tables) -> None:
    """Check the built tables against the known facts; raises ValueError naming the problem."""
    t = tables
    shapes = {"edge": (N_LOC, N_LOC), "neighbours": (N_LOC, 6), "terrain": (N_LOC,), "mat_cost": (N_MATS, 4),
              "fac_mechs": (N_FACTIONS, 4), "banned": (N_FACTIONS, N_MATS), "top_amount": (N_CUBES, 2),
              "onetime_amount": (N_BONUSES,), "card_counts": (N_CARD_VALUES,), "rules": (N_RULE_SLOTS,)}
    for part in hooks.parts("tables"):
        shapes.update(part.TABLE_SHAPES)
    for name, shape in shapes.items():
        if getattr(t, name).shape != shape:
            raise ValueError(f"table {name} has shape {getattr(t, name).shape}, expected {shape}")
    edge = t.edge
    if not (edge == edge.T).all():
        i, j = np.argwhere(edge != edge.T)[0]
        raise ValueError(f"edge is asymmetric between {hex_name(i)} and {hex_name(j)}")
    if edge.diagonal().any() or not np.isin(edge, (0, 1, 2)).all():
        raise ValueError("edge must hold 0/1/2 and have no self-loops")
    cells = {(int(t.row[i]), int(t.col[i])): i for i in range(N_HEX)}
    for i in range(N_HEX):
        touching = {cells[rc] for rc in odd_r_neighbours(int(t.row[i]), int(t.col[i])) if rc in cells}
        for j in np.flatnonzero(edge[i, :N_HEX]):
            if j not in touching:
                kind = "river edge" if edge[i, j] == 2 else "edge"
                raise ValueError(f"{kind} {hex_name(i)}-{hex_name(j)} joins hexes that are not physically adjacent")
        if any(edge[i, j] == 0 for j in touching):
            raise ValueError(f"{hex_name(i)} is missing an edge to a physically adjacent hex")
    for i in range(N_LOC):
        listed = [int(x) for x in t.neighbours[i] if x >= 0]
        if listed != [int(x) for x in np.flatnonzero(edge[i])]:
            raise ValueError(f"neighbours of {hex_name(i)} disagree with edge")
    locations = list(zip(t.row.tolist(), t.col.tolist()))
    if len(set(locations)) != N_LOC:
        raise ValueError("two locations share the same (row, col)")

    counts = {name: int((t.terrain[:N_HEX] == TERRAINS.index(name)).sum()) for name in TERRAIN_COUNTS}
    if counts != TERRAIN_COUNTS or (t.terrain[N_HEX:] != HOME).any():
        raise ValueError(f"terrain counts {counts} differ from the board's {TERRAIN_COUNTS}")
    if int(t.is_tunnel.sum()) != N_TUNNELS or int(t.has_encounter.sum()) != N_ENCOUNTERS:
        raise ValueError(f"board needs {N_TUNNELS} tunnels and {N_ENCOUNTERS} encounters, "
                         f"has {int(t.is_tunnel.sum())} and {int(t.has_encounter.sum())}")
    if (t.terrain[t.is_tunnel != 0] == LAKE).any() or (t.terrain[t.has_encounter != 0] == LAKE).any():
        raise ValueError("a lake cannot hold a tunnel or an encounter")

    for m, mat in enumerate(MATS):
        boxes = t.mat_cost[m] - t.mat_min[m]
        if (boxes < 0).any() or int(boxes.sum()) != N_CUBES:
            raise ValueError(f"mat {mat}: cost - min_cost must be >= 0 and sum to {N_CUBES}, got {boxes.tolist()}")
        if int(t.mat_coins[m].sum()) != 6:
            raise ValueError(f"mat {mat}: coin rewards must sum to 6, got {t.mat_coins[m].tolist()}")
        if sorted(t.mat_top[m].tolist()) != list(range(len(TOP_ACTIONS))):
            raise ValueError(f"mat {mat}: each top action must appear once")

    for f, faction in enumerate(FACTIONS):
        home = int(t.home_loc[f])
        if home != N_HEX + f:
            raise ValueError(f"home base of {faction} must be location {N_HEX + f}")
        a, b = (int(x) for x in t.start_hexes[f])
        if a == b or edge[home, a] != 1 or edge[home, b] != 1:
            raise ValueError(f"start hexes of {faction} must be two different hexes adjacent to its home base")
        if len(set(t.fac_mechs[f].tolist())) != 4:
            raise ValueError(f"faction {faction} has a duplicate mech ability")
    if len(set(t.fac_clockwise.tolist())) != N_FACTIONS:
        raise ValueError("factions share a clockwise seat position")
    _validate_dealable(t)


def _validate_dealable(t) -> None:
    """The deal masks: 0/1, never a faction whose rules are not played, something to deal."""
    for name, size in (("fac_dealable", N_FACTIONS), ("mat_dealable", N_MATS)):
        mask = getattr(t, name)
        if mask.shape != (size,) or not np.isin(mask, (0, 1)).all() or not mask.any():
            raise ValueError(f"table {name} must be {size} flags 0/1 with at least one set")
    played = [FACTIONS[f] for f in sorted(NOT_PLAYED) if t.fac_dealable[f]]
    if played:
        raise ValueError(f"fac_dealable deals {', '.join(played)}, whose rules are not played yet")
