"""The house rules: their names and `R_*` indices into ``tables.rules``, each rule's
accepted range, the largest values the state's counters are sized for, and the reading of
a given value (a number, or a resolution or airship tile by name) into the rules array."""

from __future__ import annotations

import numbers
import os

import numpy as np

from scythe_sim.errors import ConfigError
from scythe_sim.names import unknown_name

from .enums import FACTION_ABILITIES, FACTIONS, MECH_ABILITIES
from .variants import hooks

# The base game's rules; each variant declares its own in its folder, in blocks at fixed
# places of the rules array (its rules.py: RULE_BLOCKS), found through variants/hooks.py.
# The R_* indices are compiled constants: a variant's compiled code reads its own from
# its rules.py, so the compile cache is keyed by that file.
BASE_RULES = ("stars_to_end", "ban_pairs", "turn_cap", "combat_star_cap", "relentless_on_factory",
              "expansion_factions", "power_max", "popularity_max", "dial_max",
              "faction_abilities_off", "mech_abilities_off", "encounters_off", "factory_off",
              "mech_abilities_off_for")
(R_STARS_TO_END, R_BAN_PAIRS, R_TURN_CAP, R_COMBAT_STAR_CAP, R_RELENTLESS_FACTORY,
 R_EXPANSION_FACTIONS, R_POWER_MAX, R_POPULARITY_MAX, R_DIAL_MAX, R_FACTION_ABILITIES_OFF,
 R_MECH_ABILITIES_OFF, R_ENCOUNTERS_OFF, R_FACTORY_OFF, R_MECH_ABILITIES_OFF_FOR) = range(len(BASE_RULES))
# The base game's later rules, in a block after the variants' (their places stay as stored):
# the coin handicap (each seat's starting coins moved by a draw in -K..K, handicap.py)
LATER_FIRST = 47
LATER_RULES = ("coin_handicap",)
(R_COIN_HANDICAP,) = range(LATER_FIRST, LATER_FIRST + len(LATER_RULES))


def _rule_names() -> tuple:
    """Every rule's name at its index: the base game's, then the variants' blocks by their
    first index, which must follow each other without a gap or an overlap."""
    blocks = sorted([(0, BASE_RULES), (LATER_FIRST, LATER_RULES)]
                    + [block for part in hooks.parts("rules") for block in part.RULE_BLOCKS])
    names = ()
    for first, block in blocks:
        if first != len(names):
            raise ValueError(f"house rules: the block {block[0]}... starts at {first}, not {len(names)}")
        names += block
    return names


RULE_NAMES = _rule_names()
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
MAX_HANDICAP = 100      # coins a handicap or a price may move a seat's starting coins by, either way
_RULE_RANGE = {name: (0, _MOST) for name in RULE_NAMES}
_RULE_RANGE.update({name: (0, 1) for name in (
    "ban_pairs", "relentless_on_factory", "expansion_factions", "encounters_off", "factory_off",
    "all_out_war", "war_cowinner", "war_gain_coins", "war_capitulation_power_cap", "wind_gambit",
    "airship_per_player")})
_RULE_RANGE.update({name: (1, _MOST) for name in (
    "stars_to_end", "turn_cap", "war_divisions", "war_deploy_batch", "war_points_to_win",
    "war_round_cap", "war_quiet_rounds")})
_RULE_RANGE["coin_handicap"] = (0, MAX_HANDICAP)
_RULE_RANGE.update({"faction_abilities_off": (0, 2 ** len(FACTION_ABILITIES) - 1),
                    "mech_abilities_off": (0, 2 ** len(MECH_ABILITIES) - 1),
                    "mech_abilities_off_for": (0, 2 ** len(FACTIONS) - 1)})
for _part in hooks.parts("rules"):          # a variant's ranges that its rules.py gives
    _RULE_RANGE.update(getattr(_part, "RULE_RANGES", {}))
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


def rule_range(key):
    """(lowest, highest) value a rule accepts."""
    return _RULE_RANGE[key]


def rule_value(key, value):
    """A rule's integer from a config or API value: a variant's rule may take a name (a
    resolution or airship tile: "factory_explosion", "toll", "random"; its rules.py's
    rule_value reads it)."""
    for part in hooks.parts("rules"):
        if key in getattr(part, "NAMED_VALUES", ()):
            return part.rule_value(key, value)
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
    for part in hooks.parts("rules"):       # what a variant checks across its values
        if hasattr(part, "check_values"):
            part.check_values(values)
    for rule, lowest in lowest_track_tops(data).items():
        if values[rule] < lowest:
            raise ConfigError(f"rule {rule!r} must be at least {lowest}, the highest starting "
                              f"{rule.split('_')[0]} a faction or mat gives, got {values[rule]}")
    if values["popularity_max"] > data["combat"]["popularity_max"]:
        raise ConfigError(f"rule 'popularity_max' must be at most {data['combat']['popularity_max']} "
                          f"(the top of the scoring tiers), got {values['popularity_max']}")
    return np.array([values[name] for name in RULE_NAMES] + [planted_fault()], np.int32)
