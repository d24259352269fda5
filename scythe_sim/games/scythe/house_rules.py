"""The house rules: their names and `R_*` indices into ``tables.rules``, each rule's
accepted range, the largest values the state's counters are sized for, and the reading of
a given value (a number, or a resolution or airship tile by name) into the rules array."""

from __future__ import annotations

import numbers
import os

import numpy as np

from scythe_sim.errors import ConfigError
from scythe_sim.names import did_you_mean, unknown_name

from .variants.wind_gambit.airships import N_AGGRESSIVE, N_AIRSHIP_TILES, tile_names, tile_number
from .data_files import load_data
from .enums import FACTION_ABILITIES, FACTIONS, MECH_ABILITIES, RESOLUTION_RANDOM, RESOLUTION_TILES

RULE_NAMES = ("stars_to_end", "ban_pairs", "turn_cap", "combat_star_cap", "relentless_on_factory",
              "expansion_factions", "power_max", "popularity_max", "dial_max",
              "faction_abilities_off", "mech_abilities_off", "encounters_off", "factory_off",
              "mech_abilities_off_for",
              # All Out War (kernel/war/, data/rules.toml [rules] says what each does)
              "all_out_war", "war_divisions", "war_bonus_first", "war_bonus_second",
              "war_bonus_third", "war_bonus_popularity", "war_bonus_resources",
              "war_bonus_factory", "war_bonus_per_recruit", "war_deploy_batch",
              "war_points_to_win", "war_round_cap", "war_quiet_rounds", "war_cowinner",
              "war_gain_coins", "war_produce_cost", "war_produce_divisions", "war_mech_carry",
              "war_card_divisions", "war_power_factor", "war_capitulation_power_cap",
              "war_points_factory", "war_points_village", "war_points_other",
              # The Wind Gambit's Resolution Module (kernel/wind_gambit/resolution.py)
              "resolution",
              # The Wind Gambit (kernel/wind_gambit/airship.py)
              "wind_gambit", "airship_per_player", "airship_aggressive", "airship_passive",
              # All Out War with the Wind Gambit (kernel/war/airship.py)
              "war_airship_carry", "war_airship_bombard_power", "war_airship_bombard_max",
              "war_airship_destroy_margin")
(R_STARS_TO_END, R_BAN_PAIRS, R_TURN_CAP, R_COMBAT_STAR_CAP, R_RELENTLESS_FACTORY,
 R_EXPANSION_FACTIONS, R_POWER_MAX, R_POPULARITY_MAX, R_DIAL_MAX, R_FACTION_ABILITIES_OFF,
 R_MECH_ABILITIES_OFF, R_ENCOUNTERS_OFF, R_FACTORY_OFF, R_MECH_ABILITIES_OFF_FOR,
 R_ALL_OUT_WAR, R_WAR_DIVISIONS, R_WAR_BONUS_FIRST, R_WAR_BONUS_SECOND, R_WAR_BONUS_THIRD,
 R_WAR_BONUS_POPULARITY, R_WAR_BONUS_RESOURCES, R_WAR_BONUS_FACTORY, R_WAR_BONUS_PER_RECRUIT,
 R_WAR_DEPLOY_BATCH, R_WAR_POINTS_TO_WIN, R_WAR_ROUND_CAP, R_WAR_QUIET_ROUNDS, R_WAR_COWINNER,
 R_WAR_GAIN_COINS, R_WAR_PRODUCE_COST, R_WAR_PRODUCE_DIVISIONS, R_WAR_MECH_CARRY,
 R_WAR_CARD_DIVISIONS, R_WAR_POWER_FACTOR, R_WAR_CAPITULATION_POWER_CAP,
 R_WAR_POINTS_FACTORY, R_WAR_POINTS_VILLAGE, R_WAR_POINTS_OTHER, R_RESOLUTION,
 R_WIND_GAMBIT, R_AIRSHIP_PER_PLAYER, R_AIRSHIP_AGGRESSIVE, R_AIRSHIP_PASSIVE,
 R_WAR_AIRSHIP_CARRY, R_WAR_AIRSHIP_BOMBARD_POWER, R_WAR_AIRSHIP_BOMBARD_MAX,
 R_WAR_AIRSHIP_DESTROY_MARGIN) = range(len(RULE_NAMES))
# A test-only switch, not a house rule: no name, no config key, never in a ruleset. The
# rules array carries it in one slot past the named rules; from that game turn on the
# kernel offers no row (kernel/legal.py): a planted simulator bug for the tests of the
# bad-game path (a run's reproducer, --keep-going). It is read from the environment of
# the process that builds the tables, and is 0 (off) whenever the variable is unset.
PLANTED_FAULT_ENV = "SCYTHE_SIM_PLANTED_FAULT"
R_PLANTED_FAULT = len(RULE_NAMES)
N_RULE_SLOTS = len(RULE_NAMES) + 1


def planted_fault() -> int:
    """The turn the planted fault starts at (0: none), from PLANTED_FAULT_ENV."""
    value = os.environ.get(PLANTED_FAULT_ENV, "").strip()
    return int(value) if value.isdigit() else 0


# Each rule's range (lowest, highest), checked wherever rules are given (a run config's
# [rules], --rule, Game.new). Switches are 0..1 and bitmasks span their vocabulary; a
# count or an amount is at most _MOST, far above any printed rule and small enough that
# the state's int16 counters cannot overflow; a rule whose 0 would leave the game no
# way to end (stars, the turn cap, the war's caps and deployment) starts at 1.
_MOST = 1000
_RULE_RANGE = {name: (0, _MOST) for name in RULE_NAMES}
_RULE_RANGE.update({name: (0, 1) for name in (
    "ban_pairs", "relentless_on_factory", "expansion_factions", "encounters_off", "factory_off",
    "all_out_war", "war_cowinner", "war_gain_coins", "war_capitulation_power_cap", "wind_gambit",
    "airship_per_player")})
_RULE_RANGE.update({name: (1, _MOST) for name in (
    "stars_to_end", "turn_cap", "war_divisions", "war_deploy_batch", "war_points_to_win",
    "war_round_cap", "war_quiet_rounds")})
_RULE_RANGE.update({"faction_abilities_off": (0, 2 ** len(FACTION_ABILITIES) - 1),
                    "mech_abilities_off": (0, 2 ** len(MECH_ABILITIES) - 1),
                    "mech_abilities_off_for": (0, 2 ** len(FACTIONS) - 1),
                    "resolution": (0, RESOLUTION_RANDOM), "airship_aggressive": (0, N_AGGRESSIVE),
                    "airship_passive": (0, N_AIRSHIP_TILES)})
# The largest values of the rules the state's counters grow with (within _RULE_RANGE):
# layout.STATE_FIELDS gives each field the narrowest type that holds it at these
# (tests/scythe/test_state_bounds.py derives every field's range from them and the data).
# Far past any game: 80 rounds is the default cap and games end after about 20; 100
# divisions a faction, 60 war rounds.
RULE_LIMITS = {
    "turn_cap": _MOST,         # rounds: game turns stay below 7 x 1,001 (star turns are int16)
    "war_round_cap": _MOST,    # war rounds: coins and counts gained per turn stay int32
    "stars_to_end": 100,       # stars of one kind stay int8
    "war_divisions": _MOST,    # all seven factions' divisions on one territory stay int16
    "war_points_factory": _MOST,   # a faction's territorial points stay int32
    "war_points_village": _MOST,
    "war_points_other": _MOST,
}
for _key, _top in RULE_LIMITS.items():   # the narrower of the two wins
    _RULE_RANGE[_key] = (_RULE_RANGE[_key][0], min(_RULE_RANGE[_key][1], _top))


def resolution_value(value, where="rule 'resolution'"):
    """The rule value of a resolution choice: a tile name, its number 1..8, "random" or
    "none"/0; ConfigError (one line, naming the choices) otherwise."""
    if isinstance(value, str):
        name = value.strip().lower().replace(" ", "_").replace("-", "_")
        if name == "random":
            return RESOLUTION_RANDOM
        if name == "none":
            return 0
        if name in RESOLUTION_TILES:
            return RESOLUTION_TILES.index(name) + 1
        if name.isdigit():
            value = int(name)
        else:
            raise ConfigError(f"{where}: unknown resolution tile {value!r}:{did_you_mean(name, RESOLUTION_TILES)} "
                              f"choose one of {', '.join(RESOLUTION_TILES)}, random, none or a number "
                              f"0..{RESOLUTION_RANDOM} (scythe-sim list tiles)")
    return value


_AIRSHIP_TILE_RULES = {"airship_aggressive": "aggressive", "airship_passive": "passive"}


def rule_range(key):
    """(lowest, highest) value a rule accepts."""
    return _RULE_RANGE[key]


def rule_value(key, value):
    """A rule's integer from a config or API value: a resolution tile or an airship tile
    may be named ("factory_explosion", "toll", "random")."""
    if key == "resolution":
        return resolution_value(value)
    if key in _AIRSHIP_TILE_RULES:
        names = tile_names(load_data()["airships"])
        try:
            return tile_number(value, names, _AIRSHIP_TILE_RULES[key], f"[rules] {key}")
        except ConfigError as exc:       # the choices, then the nearest tile names and where the list is
            hint = did_you_mean(value, names) if isinstance(value, str) and value not in names else ""
            raise ConfigError(f"{exc};{hint} (scythe-sim list tiles)" if hint else f"{exc} (scythe-sim list tiles)") \
                from None
    return value


def lowest_track_tops(data: dict) -> dict:
    """{rule: lowest value}: a track's top may not stand below where a faction's power or a
    mat's popularity starts (a track that starts past its top breaks the game's bounds)."""
    return {"power_max": max(f["power"] for f in data["factions"]["faction"].values()),
            "popularity_max": max(m["popularity"] for m in data["mats"]["mat"].values())}


def rule_array(data: dict, overrides: dict | None) -> np.ndarray:
    """Rule values: rules.toml and combat.toml defaults, then the caller's overrides."""
    values = dict(data["rules"]["rules"])
    values.update({k: data["combat"][k] for k in ("power_max", "popularity_max", "dial_max")})
    if sorted(values) != sorted(RULE_NAMES):
        raise ValueError(f"data error in rules.toml: expected the rules {', '.join(RULE_NAMES[:6])}")
    for key, value in (overrides or {}).items():
        value = rule_value(key, value)
        if key not in RULE_NAMES:
            raise ConfigError(unknown_name("rule", key, RULE_NAMES, "scythe-sim list rules"))
        if isinstance(value, bool) or not isinstance(value, numbers.Integral):
            raise ConfigError(f"rule {key!r} needs a whole number, got {value!r}")
        lo, hi = _RULE_RANGE[key]
        if int(value) < lo:
            raise ConfigError(f"rule {key!r} must be {lo} or more, got {value!r}")
        if int(value) > hi:
            what = "a switch, 0 or 1" if (lo, hi) == (0, 1) else f"its range is {lo}..{hi}"
            raise ConfigError(f"rule {key!r} must be at most {hi} ({what}), got {value!r}")
        values[key] = int(value)
    if 0 < values["airship_passive"] <= N_AGGRESSIVE:
        raise ConfigError(f"rule 'airship_passive' is a passive tile's number {N_AGGRESSIVE + 1}.."
                          f"{N_AIRSHIP_TILES} or 0 (random), got {values['airship_passive']}")
    for rule, lowest in lowest_track_tops(data).items():
        if values[rule] < lowest:
            raise ConfigError(f"rule {rule!r} must be at least {lowest}, the highest starting "
                              f"{rule.split('_')[0]} a faction or mat gives, got {values[rule]}")
    if values["popularity_max"] > data["combat"]["popularity_max"]:
        raise ConfigError(f"rule 'popularity_max' must be at most {data['combat']['popularity_max']} "
                          f"(the top of the scoring tiers), got {values['popularity_max']}")
    return np.array([values[name] for name in RULE_NAMES] + [planted_fault()], np.int32)
