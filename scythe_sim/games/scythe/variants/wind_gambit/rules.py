"""The Wind Gambit's house rules (data/rules.toml [rules] says what each does): their
names and R_* indices into ``tables.rules``, one block at a fixed place of the rules
array (house_rules.py assembles the array from every variant's blocks and checks the
places), and the reading of a tile's name into a rule's value."""
from scythe_sim.errors import ConfigError
from scythe_sim.names import did_you_mean

from ...data_files import load_data
from ...enums import RESOLUTION_RANDOM, RESOLUTION_TILES
from .airships import N_AGGRESSIVE, N_AIRSHIP_TILES, tile_names, tile_number

# The Resolution Module (kernel/wind_gambit/resolution.py), then the airships
# (kernel/wind_gambit/airship.py), after All Out War's rules
FIRST = 38
RULES = ("resolution", "wind_gambit", "airship_per_player", "airship_aggressive", "airship_passive")
(R_RESOLUTION, R_WIND_GAMBIT, R_AIRSHIP_PER_PLAYER, R_AIRSHIP_AGGRESSIVE,
 R_AIRSHIP_PASSIVE) = range(FIRST, FIRST + len(RULES))

# (first index, names) of each block, for house_rules.py
RULE_BLOCKS = ((FIRST, RULES),)

# The ranges of the rules that name a tile (the rest are switches or counts, house_rules.py)
RULE_RANGES = {"resolution": (0, RESOLUTION_RANDOM), "airship_aggressive": (0, N_AGGRESSIVE),
               "airship_passive": (0, N_AIRSHIP_TILES)}
# The rules a config may give by a tile's name (rule_value reads them)
NAMED_VALUES = ("resolution", "airship_aggressive", "airship_passive")
_AIRSHIP_TILE_RULES = {"airship_aggressive": "aggressive", "airship_passive": "passive"}


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


def rule_value(key, value):
    """A tile rule's integer from a config or API value: a resolution tile or an airship
    tile may be named ("factory_explosion", "toll", "random")."""
    if key == "resolution":
        return resolution_value(value)
    names = tile_names(load_data()["airships"])
    try:
        return tile_number(value, names, _AIRSHIP_TILE_RULES[key], f"[rules] {key}")
    except ConfigError as exc:       # the choices, then the nearest tile names and where the list is
        hint = did_you_mean(value, names) if isinstance(value, str) and value not in names else ""
        raise ConfigError(f"{exc};{hint} (scythe-sim list tiles)" if hint else f"{exc} (scythe-sim list tiles)") \
            from None


def check_values(values: dict):
    """The passive airship tile's rule names a passive tile (or 0, random)."""
    if 0 < values["airship_passive"] <= N_AGGRESSIVE:
        raise ConfigError(f"rule 'airship_passive' is a passive tile's number {N_AGGRESSIVE + 1}.."
                          f"{N_AIRSHIP_TILES} or 0 (random), got {values['airship_passive']}")
