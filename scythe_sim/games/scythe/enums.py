"""The game's vocabulary: integer ids shared by the data files, tables, kernel and outputs.

Each group is a NAMES tuple plus constants made from it, so the ids, the debug
dumps and the Parquet enum columns can never drift apart. Names are the lower-case
spellings used in the TOML data, configs and position JSON.
"""

# --- Factions (ids 0-4 are the base game, 5-6 Invaders from Afar) ---------------
FACTIONS = ("nordic", "rusviet", "crimea", "saxony", "polania", "albion", "togawa")
NORDIC, RUSVIET, CRIMEA, SAXONY, POLANIA, ALBION, TOGAWA = range(len(FACTIONS))
N_FACTIONS = len(FACTIONS)
BASE_FACTIONS = (NORDIC, RUSVIET, CRIMEA, SAXONY, POLANIA)

# --- Player mats, indexed in turn-order rank (1, 2, 2a, 3, 3a, 4, 5) -------------
MATS = ("industrial", "engineering", "militant", "patriotic", "innovative", "mechanical", "agricultural")
INDUSTRIAL, ENGINEERING, MILITANT, PATRIOTIC, INNOVATIVE, MECHANICAL, AGRICULTURAL = range(len(MATS))
N_MATS = len(MATS)
BASE_MATS = (INDUSTRIAL, ENGINEERING, PATRIOTIC, MECHANICAL, AGRICULTURAL)
MAT_NUMBERS = ("1", "2", "2a", "3", "3a", "4", "5")

# --- Terrain ----------------------------------------------------------------------
TERRAINS = ("mountain", "farm", "tundra", "forest", "village", "lake", "factory", "home")
MOUNTAIN, FARM, TUNDRA, FOREST, VILLAGE, LAKE, FACTORY, HOME = range(len(TERRAINS))
N_TERRAINS = len(TERRAINS)

# --- Resources: ordered like the bottom actions that spend them -------------------
RESOURCES = ("oil", "metal", "wood", "food")
OIL, METAL, WOOD, FOOD = range(len(RESOURCES))
N_RES = len(RESOURCES)

# --- Top-row actions and the structure that sits under each ------------------------
TOP_ACTIONS = ("move", "bolster", "trade", "produce")
MOVE, BOLSTER, TRADE, PRODUCE = range(len(TOP_ACTIONS))
STRUCTURES = ("mine", "monument", "armory", "mill")  # index = the top action it is under
MINE, MONUMENT, ARMORY, MILL = range(len(STRUCTURES))
N_STRUCTURES = len(STRUCTURES)

# --- Bottom-row actions (same order on every mat; each is paid with RESOURCES[i]) --
BOTTOM_ACTIONS = ("upgrade", "deploy", "build", "enlist")
UPGRADE, DEPLOY, BUILD, ENLIST = range(len(BOTTOM_ACTIONS))
N_SECTIONS = 4
FACTORY_SECTION = 4   # a Factory card is a fifth section: section index 4

# --- The six technology cubes on the top row (green boxes) ------------------------
TECH_CUBES = ("move_units", "gain_coins", "bolster_power", "bolster_cards", "trade_popularity", "produce_hexes")
CUBE_MOVE, CUBE_GAIN, CUBE_POWER, CUBE_CARDS, CUBE_POPULARITY, CUBE_PRODUCE = range(len(TECH_CUBES))
N_CUBES = len(TECH_CUBES)

# --- Recruits: one-time bonuses on the faction mat, ongoing bonuses per bottom action
ONE_TIME_BONUSES = ("power", "coins", "popularity", "combat_cards")
BONUS_POWER, BONUS_COINS, BONUS_POPULARITY, BONUS_CARDS = range(len(ONE_TIME_BONUSES))
N_BONUSES = len(ONE_TIME_BONUSES)

# --- Abilities --------------------------------------------------------------------
FACTION_ABILITIES = ("swim", "relentless", "coercion", "dominate", "meander", "exalt", "maifuku")
SWIM, RELENTLESS, COERCION, DOMINATE, MEANDER, EXALT, MAIFUKU = range(len(FACTION_ABILITIES))
N_FACTION_ABILITIES = len(FACTION_ABILITIES)
# A player's ability field (faction or mech) switched off by a house rule: matches no rule.
NO_ABILITY = -1

MECH_ABILITIES = (
    "riverwalk", "speed", "seaworthy", "artillery", "township", "peoples_army",
    "wayfare", "scout", "underpass", "disarm", "submerge", "camaraderie",
    "burrow", "sword", "shield", "rally", "toka", "suiton", "ronin", "shinobi",
)
(RIVERWALK, SPEED, SEAWORTHY, ARTILLERY, TOWNSHIP, PEOPLES_ARMY, WAYFARE, SCOUT,
 UNDERPASS, DISARM, SUBMERGE, CAMARADERIE, BURROW, SWORD, SHIELD, RALLY,
 TOKA, SUITON, RONIN, SHINOBI) = range(len(MECH_ABILITIES))
N_MECH_ABILITIES = len(MECH_ABILITIES)

# --- Faction tokens (Invaders from Afar): Albion's Flags, Togawa's Traps ------------
# State.token_kind[loc] holds one of these (one faction token per territory); the owner is
# in State.token_owner[loc]. A Trap is one of four tokens, each with its own penalty;
# TOKEN_TRAP0 + penalty is that Trap armed, TOKEN_DISARMED0 + penalty the same Trap flipped.
TRAP_PENALTIES = ("popularity", "power", "coins", "combat_cards")
TRAP_POPULARITY, TRAP_POWER, TRAP_COINS, TRAP_CARDS = range(len(TRAP_PENALTIES))
N_TRAP_PENALTIES = len(TRAP_PENALTIES)
TOKEN_NONE = 0
TOKEN_FLAG = 1
TOKEN_TRAP0 = 2
TOKEN_DISARMED0 = TOKEN_TRAP0 + N_TRAP_PENALTIES
N_TOKEN_KINDS = TOKEN_DISARMED0 + N_TRAP_PENALTIES

# --- Stars (kinds of the triumph track) -------------------------------------------
STAR_KINDS = ("upgrades", "mechs", "structures", "recruits", "workers",
              "objective", "combat", "popularity", "power")
(STAR_UPGRADES, STAR_MECHS, STAR_STRUCTURES, STAR_RECRUITS, STAR_WORKERS,
 STAR_OBJECTIVE, STAR_COMBAT, STAR_POPULARITY, STAR_POWER) = range(len(STAR_KINDS))
N_STAR_KINDS = len(STAR_KINDS)

# --- Structure-bonus tiles ----------------------------------------------------------
STRUCTURE_BONUS_TILES = ("adjacent_tunnels", "adjacent_lakes", "adjacent_encounters",
                         "on_tunnels", "in_a_row", "on_farms_tundras")
SB_ADJ_TUNNELS, SB_ADJ_LAKES, SB_ADJ_ENCOUNTERS, SB_ON_TUNNELS, SB_IN_A_ROW, SB_ON_FARM_TUNDRA = range(
    len(STRUCTURE_BONUS_TILES))
N_SB_TILES = len(STRUCTURE_BONUS_TILES)

# --- Combat deck ------------------------------------------------------------------
CARD_VALUES = (2, 3, 4, 5)
N_CARD_VALUES = len(CARD_VALUES)

# --- Board ------------------------------------------------------------------------
N_HEX = 47                     # board territories T01..T47 are locations 0..46
N_LOC = N_HEX + N_FACTIONS     # then one home base per faction: location N_HEX + faction
N_OBJECTIVES = 23              # base-game objective cards, ids 0..22 (card number - 1)
N_ENCOUNTER_CARDS = 36         # base-game encounter cards, ids 0..35 (card number - 1)
N_ENCOUNTER_OPTIONS = 3        # options a, b, c on every card
N_FACTORY_CARDS = 12           # base-game Factory cards, ids 0..11 (card number - 1)

# --- The Wind Gambit's resolution tiles (data/resolution.toml, kernel/wind_gambit/resolution.py) --
# Tile number n (1..8) is RESOLUTION_TILES[n - 1]; rule `resolution` 0 = none, 9 = random.
RESOLUTION_TILES = ("land_rush", "factory_explosion", "spoils_of_war", "king_of_the_hill",
                    "deja_vu", "mission_possible", "doomsday_clock", "backup_plan")
N_RESOLUTION_TILES = len(RESOLUTION_TILES)
RESOLUTION_RANDOM = N_RESOLUTION_TILES + 1     # rule value: draw the tile (variant stream)
# One row of tables.res_param per tile (row 0: no tile); data/resolution.toml says what each does;
# its columns' indices (RP_*) are The Wind Gambit's (variants/wind_gambit/resolution.py)
RESOLUTION_PARAMS = ("trigger_stars", "trigger_rounds", "trigger_territories",
                     "trigger_factory_stars", "trigger_coins", "extra_turns",
                     "extra_turns_behind", "factory_explosion", "shared_objectives",
                     "combat_star_cap", "max_stars")
N_RESOLUTION_PARAMS = len(RESOLUTION_PARAMS)
MAX_SHARED_OBJECTIVES = 2      # state room for shared objective cards (G_RES_SHARED0 + k)

# --- What a card option costs and gives (encounter options and Factory top actions) --
# One row per option in tables.enc_option / tables.factory_top; free_actions is a bitmask
# over BOTTOM_ACTIONS (encounters: that action; Factory cards: one action of the mask).
CARD_FIELDS = ("pay_coins", "pay_popularity", "pay_power", "pay_combat_cards",
               "popularity", "coins", "power", "combat_cards",
               "oil", "metal", "wood", "food", "any_resources", "workers",
               "free_actions", "produce", "look_at_hand")
(CF_PAY_COINS, CF_PAY_POPULARITY, CF_PAY_POWER, CF_PAY_CARDS,
 CF_POPULARITY, CF_COINS, CF_POWER, CF_CARDS,
 CF_RES0, _CF_METAL, _CF_WOOD, _CF_FOOD, CF_ANY_RESOURCES, CF_WORKERS,
 CF_FREE_ACTIONS, CF_PRODUCE, CF_LOOK_AT_HAND) = range(len(CARD_FIELDS))
N_CARD_FIELDS = len(CARD_FIELDS)


def hex_name(loc: int) -> str:
    """Readable name of a location: 'T01'..'T47', or 'home:<faction>'."""
    if loc < N_HEX:
        return f"T{loc + 1:02d}"
    return f"home:{FACTIONS[loc - N_HEX]}"


def parse_loc(name: str) -> int:
    """Inverse of hex_name; raises ValueError with the accepted forms."""
    text = str(name).strip()
    if text.lower().startswith("home:"):
        faction = text[5:].lower()
        if faction in FACTIONS:
            return N_HEX + FACTIONS.index(faction)
    elif len(text) == 3 and text[0] in "Tt" and text[1:].isdigit():
        number = int(text[1:])
        if 1 <= number <= N_HEX:
            return number - 1
    raise ValueError(f"unknown location {name!r}: use T01..T47 or home:<faction>")
