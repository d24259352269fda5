"""The compiled game state: its fields (`State`), index constants and NAMES.

The State's fields are declared once, in ``STATE_FIELDS`` (name, shape, dtype, blank
value, how position JSON carries it, meaning); index constants carry a comment each. A
variant declares its own fields, phases and action kinds in its folder
(variants/<variant>/layout.py, All Out War's), as blocks this module places at their
fixed indices.
Each field has the narrowest integer type its range allows (int8 locations and cards, int16
and int32 counts; int64 only for packed bit sets and the RNG's uint64 words), so a planner's
copy of the state is 4.8 KB instead of 12 KB; tests/scythe/test_state_bounds.py derives every
field's range from the game data and the rules' limits (tables.RULE_LIMITS) and fails when a
type cannot hold it. Arithmetic on a narrow value is done in int64 (Numba widens every
integer operation to at least 64 bits); only the store back narrows it. The tables stay
int64. A state is one numpy record with these fields (kernel/state.py).
Shapes are sized for 7 players, factions and mats so expansions change data, not shapes.

Players are indexed by turn order: player 0 moves first, player p+1 sits on p's left
(play goes clockwise), player p-1 on its right. ``P_SEAT`` maps a player back to the
seat (position in the config's player list) that dealt it.
"""
from typing import NamedTuple

import numpy as np

from scythe_sim.compiled.rng import RNG_WORDS

from .enums import (N_CARD_VALUES, N_FACTION_ABILITIES, N_LOC, N_MECH_ABILITIES, N_RES,
                    N_STAR_KINDS, N_STRUCTURES, RESOLUTION_TILES)
from .variants import hooks


def with_variant_blocks(base, blocks):
    """base's names with the variants' blocks, each (first index, names), at their fixed
    places: a variant's names keep their indices whatever is declared around them."""
    names = list(base)
    for first, block in sorted(blocks):
        assert first <= len(names), f"a variant's block at {first} leaves a gap after {len(names)} names"
        names[first:first] = block
    return tuple(names)


def _variant_blocks(kind):
    """Every variant's blocks of one table (GAME_BLOCKS, PHASE_BLOCKS, KIND_BLOCKS of its
    layout part, variants/<variant>/layout.py), found through variants/hooks.py."""
    return [block for part in hooks.parts("layout") for block in getattr(part, kind, ())]

MAX_PLAYERS = 7

# --- Units of one player: slot 0 the character, 1..4 the mechs, 5..12 the workers --
UNIT_CHARACTER = 0
UNIT_MECH0 = 1
N_MECHS = 4
UNIT_WORKER0 = UNIT_MECH0 + N_MECHS
N_WORKERS = 8
N_UNITS = UNIT_WORKER0 + N_WORKERS
OFF_BOARD = -1  # unit_loc / struct_loc of a piece still on its mat
# The Wind Gambit's airship is not a unit slot (it never occupies or controls, so it stays
# out of unit_loc and occupancy): s.airship_loc[p] and s.airship[p, AS_*]. In a Move it
# takes moved_mask bit AIRSHIP_BIT.
AIRSHIP_BIT = N_UNITS

# --- The Wind Gambit, per player: s.airship[p, AS_...] (kernel/wind_gambit/airship.py) --------------
AIRSHIP_FIELDS = (
    "oil", "metal", "wood", "food",   # resources aboard
    "workers",       # bit u set while worker slot u is aboard (only during the airship's move)
    "aggressive",    # aggressive tile number 1..8 (0 = none)
    "passive",       # passive tile number 9..16 (0 = none)
    "attacked",      # 1 once the aggressive tile's attack was used in this airship move
    "steps",         # territories entered in this airship move (its end-of-move effects need one)
    # All Out War with the Wind Gambit (kernel/war/airship.py; 0 in any other game)
    "divisions",     # divisions aboard (up to war_airship_carry); they neither control nor fight
    "destroyed",     # 1 once off the board for good: lost in a ship combat by the destroy margin,
                     # or removed at its faction's capitulation (airship_loc off the board)
)
(AS_RES0, _AS_RES1, _AS_RES2, _AS_RES3, AS_WORKERS, AS_AGGRESSIVE, AS_PASSIVE, AS_ATTACKED,
 AS_STEPS, AS_DIVISIONS, AS_DESTROYED) = range(len(AIRSHIP_FIELDS))
N_AIRSHIP_FIELDS = len(AIRSHIP_FIELDS)

# --- Per-player fields: s.player[p, P_...] ------------------------------------------
PLAYER_FIELDS = (
    "faction", "mat", "seat",
    "power", "popularity", "coins",
    "last_section",        # section (0..3) used last turn, -1 before the first turn
    "turns",               # turns this player has started
    # technology: 1 when the cube has left that top-row green box
    "cube_move_units", "cube_gain_coins", "cube_bolster_power", "cube_bolster_cards",
    "cube_trade_popularity", "cube_produce_hexes",
    # bottom-row cost boxes covered by cubes, per bottom action
    "reduced_upgrade", "reduced_deploy", "reduced_build", "reduced_enlist",
    # 1 when the recruit of that section has been enlisted (its ongoing bonus is open)
    "recruit_upgrade", "recruit_deploy", "recruit_build", "recruit_enlist",
    # 1 when that one-time bonus space of the faction mat is taken
    "onetime_power", "onetime_coins", "onetime_popularity", "onetime_cards",
    "objective_a", "objective_b",   # objective card ids dealt (-1 = none)
    "stars",                        # stars placed in total
    "factory_card",                 # Factory card id kept (-1 = none yet)
    "objectives_done",              # bit c set when objective card c was revealed for a star
    # abilities this player plays with, set at setup from the faction (rules read these,
    # never the faction's table row, so a setup may swap abilities between players)
    "ability",                      # FACTION_ABILITIES id
    # MECH_ABILITIES id of the mech in slot 0..3
    "mech_ability0", "mech_ability1", "mech_ability2", "mech_ability3",
)
(P_FACTION, P_MAT, P_SEAT, P_POWER, P_POPULARITY, P_COINS, P_LAST_SECTION, P_TURNS,
 P_CUBE0, _P_CUBE1, _P_CUBE2, _P_CUBE3, _P_CUBE4, _P_CUBE5,
 P_REDUCED0, _P_REDUCED1, _P_REDUCED2, _P_REDUCED3,
 P_RECRUIT0, _P_RECRUIT1, _P_RECRUIT2, _P_RECRUIT3,
 P_ONETIME0, _P_ONETIME1, _P_ONETIME2, _P_ONETIME3,
 P_OBJECTIVE_A, P_OBJECTIVE_B, P_STARS, P_FACTORY_CARD, P_OBJECTIVES_DONE,
 P_ABILITY, P_MECH_ABILITY0, _P_MECH_ABILITY1, _P_MECH_ABILITY2,
 P_MECH_ABILITY3) = range(len(PLAYER_FIELDS))
N_PLAYER_FIELDS = len(PLAYER_FIELDS)
# Indexed groups: P_CUBE0 + cube, P_REDUCED0 + bottom action, P_RECRUIT0 + bottom action,
# P_ONETIME0 + one-time bonus, P_MECH_ABILITY0 + mech slot.

# --- Ability uses: s.ability_uses[p, USE_FACTION0 + ability] / [p, USE_MECH0 + ability]
# How often player p used each faction ability and mech ability this game (a statistic
# for results; no rule reads it). What counts as a use: docs/STRATEGIES.md "Ability ablation".
USE_FACTION0 = 0
USE_MECH0 = N_FACTION_ABILITIES
# The Wind Gambit's airship, counted the same way: s.ability_uses[p, USE_AIRSHIP0 + AU_...]
AIRSHIP_USES = (
    "flights",       # airship moves (Select airship)
    "resources",     # resources loaded onto the airship
    "workers",       # workers carried (boarded)
    "tolls",         # fees an opponent paid to this player's toll airship (Toll, Siege Engine)
    "attacks",       # aggressive acts on opponents: a Bombard paid, a harass effect applied
    "blitz_won",     # Blitzkrieg fights this player won (as attacker or defender)
    "blitz_lost",    # ... lost
    "gains",         # passive end-of-move gains taken (stop_gain tiles)
)
(AU_FLIGHTS, AU_RESOURCES, AU_WORKERS, AU_TOLLS, AU_ATTACKS, AU_BLITZ_WON, AU_BLITZ_LOST,
 AU_GAINS) = range(len(AIRSHIP_USES))
USE_AIRSHIP0 = N_FACTION_ABILITIES + N_MECH_ABILITIES
N_AIRSHIP_USES = len(AIRSHIP_USES)
N_ABILITY_USES = USE_AIRSHIP0 + N_AIRSHIP_USES

# --- Game-wide fields: s.game[G_...] ------------------------------------------------
BASE_GAME_FIELDS = (
    "n_players",
    "active",          # player whose turn it is
    "phase",           # PH_* decision point
    "turn",            # turns started in the game (all players)
    "round",           # rounds started (turn cap counts these)
    "sb_tile",         # structure-bonus tile in play
    "game_over",       # 1 when the game has ended
    "end_reason",      # END_* code
    "section",         # section chosen this turn (-1 before the choice)
    # --- scratch of the turn in progress --------------------------------------
    "units_left",      # Move: units that may still start moving
    "moved_mask",      # Move: bit u set when unit slot u has moved this action
    "mover",           # Move: unit slot now moving, -1 none
    "steps_left",      # Move: hexes the mover may still enter
    "steps_taken",     # Move: hexes the mover has entered
    "cargo_mask",      # Move: worker slots carried by the mover (bit u)
    "cargo_oil", "cargo_metal", "cargo_wood", "cargo_food",   # Move: resources carried
    "here_mask",       # Move: what was picked up (bits 0-3 res, 4 worker) or dropped (8-11, 12) at the mover's hex
    "produce_left",    # Produce: territories still allowed
    "mill_left",       # Produce: 1 while the Mill's territory may still be the extra one
    "pay_res",         # payment: resource id being paid
    "pay_left",        # payment: tokens still owed
    "coercion_used",   # Crimea: 1 after Coercion was used this turn
    "trade_a", "trade_b",   # Trade: resources chosen (-1 none), placed in PH_TRADE_HEX
    "contacts",        # character/mech entries into hexes with enemy characters/mechs this game
    "retreats",        # enemy workers sent home by moves this game
    "decider",         # player making the current decision (the active player, or a defender)
    "combat_hex",      # Combat: territory being fought over, -1 none
    "defender",        # Combat: the defending player
    "atk_dial", "def_dial",      # Combat: power dialled by attacker / defender
    "atk_cards", "def_cards",    # Combat: total value of the combat cards each side added
    "atk_ncards", "def_ncards",  # Combat: number of combat cards each side added
    "cards_left",      # Combat: cards the deciding side may still add
    "combats",         # combats fought this game
    "factory_pool",    # bit c set while Factory card c lies on the board (dealt, not taken)
    "enc_used",        # bit c set once encounter card c has been drawn this game
    "encounters",      # encounters resolved this game
    "enc_card",        # Encounter: card being resolved, -1 none
    "enc_done",        # Encounter: bit o set for each option already taken (Meander takes two)
    "gain_from",       # card gains in progress come from GAIN_FROM_* (where to go on after)
    "gain_loc",        # card gains: location they are placed on, -1 = the player chooses
    "gain_any",        # card gains: resources of the player's choice still to take
    "free_mask",       # card gains: bottom actions (bit per action) of which one may be taken free
    "warning",         # 1 once the active player forced an enemy worker home this turn with 7+ power
    "error",           # ERR_* code: a kernel bug met (unknown action kind or phase), 0 none
    # (All Out War's fields follow "error": variants/war/layout.py)
    # --- Invaders from Afar (kernel/invaders/tokens.py; 0 and unread without Albion and Togawa)
    "toka_used",       # Toka: 1 once a character or mech crossed a river with it this turn
    "token_offered",   # Exalt/Maifuku: 1 once this Move's Flag or Trap placement was offered
    "before_step",     # Combat: abilities before the fight done so far (BEFORE_* stage)
    # --- The Wind Gambit's Resolution Module (kernel/wind_gambit/resolution.py; 0 without a tile) --
    "res_tile",        # resolution tile in play: its number 1..8, 0 none (drawn at setup for "random")
    "res_trigger",     # player who triggered the tile's end + 1, 0 not triggered yet
    "res_last_turn",   # game turn (G_TURN) at whose end the game ends, 0 not triggered yet
    "res_shared0", "res_shared1",  # Mission Possible: shared objective card id + 1, 0 none
    "res_free_done",   # bottom actions (bit b) a card gave free this turn: not taken again this turn
    # Move: where unit slot u came from in this Move, as location + 1 (0 = not recorded):
    # the mover's hex when selected, a carried worker's hex when picked up. A 6th star
    # that ends the game mid-Move sends units in unfought contacts back there (ending.py).
    *(f"move_from{u}" for u in range(N_UNITS)),
)
GAME_FIELDS = with_variant_blocks(BASE_GAME_FIELDS, _variant_blocks("GAME_BLOCKS"))
(G_N_PLAYERS, G_ACTIVE, G_PHASE, G_TURN, G_ROUND, G_SB_TILE, G_GAME_OVER, G_END_REASON,
 G_SECTION, G_UNITS_LEFT, G_MOVED_MASK, G_MOVER, G_STEPS_LEFT, G_STEPS_TAKEN, G_CARGO_MASK,
 G_CARGO_RES0, _G_CARGO_RES1, _G_CARGO_RES2, _G_CARGO_RES3, G_HERE_MASK,
 G_PRODUCE_LEFT, G_MILL_LEFT, G_PAY_RES, G_PAY_LEFT, G_COERCION_USED,
 G_TRADE_A, G_TRADE_B, G_CONTACTS, G_RETREATS, G_DECIDER, G_COMBAT_HEX, G_DEFENDER,
 G_ATK_DIAL, G_DEF_DIAL, G_ATK_CARDS, G_DEF_CARDS, G_ATK_NCARDS, G_DEF_NCARDS, G_CARDS_LEFT,
 G_COMBATS, G_FACTORY_POOL, G_ENC_USED, G_ENCOUNTERS, G_ENC_CARD, G_ENC_DONE, G_GAIN_FROM,
 G_GAIN_LOC, G_GAIN_ANY, G_FREE_MASK, G_WARNING, G_ERROR) = range(BASE_GAME_FIELDS.index("error") + 1)
# the base fields after the variants' blocks, found by name
(G_TOKA_USED, G_TOKEN_OFFERED, G_BEFORE_STEP, G_RES_TILE, G_RES_TRIGGER, G_RES_LAST_TURN,
 G_RES_SHARED0, G_RES_FREE_DONE, G_MOVE_FROM0) = (
    GAME_FIELDS.index(name) for name in ("toka_used", "token_offered", "before_step", "res_tile",
                                         "res_trigger", "res_last_turn", "res_shared0",
                                         "res_free_done", "move_from0"))
# G_BEFORE_STEP stages: the attacker's Artillery choice, its other abilities, its Ronin
# choice, then the defender's
(BEFORE_ATK_ARTILLERY, BEFORE_ATK_REST, BEFORE_ATK_RONIN, BEFORE_DEF_ARTILLERY, BEFORE_DEF_REST,
 BEFORE_DEF_RONIN, BEFORE_DONE) = range(7)
N_GAME_FIELDS = len(GAME_FIELDS)

# G_ERROR codes: apply_action met a kind, or legal_actions a phase, that no branch routes.
# The state is then broken: legal_actions offers no row and check_invariants reports it.
ERRORS = ("none", "unknown_action_kind", "unknown_phase")
ERR_NONE, ERR_UNKNOWN_KIND, ERR_UNKNOWN_PHASE = range(len(ERRORS))

# where card gains go on once taken (G_GAIN_FROM)
GAIN_FROM_ENCOUNTER = 0   # back to the encounter (Meander's second option), then after the Move
GAIN_FROM_FACTORY = 1     # a Factory card's top action: on to the bottom-row action

# here_mask bits
HERE_PICKED_RES = 0     # + resource
HERE_PICKED_WORKER = 4
HERE_DROPPED_RES = 8    # + resource
HERE_DROPPED_WORKER = 12

# --- Decision points ----------------------------------------------------------------
BASE_PHASES = ("section", "top", "move_unit", "move_step", "produce", "trade_hex",
          "bottom", "pay", "bottom_benefit", "game_over",
          "combat_hex", "combat_dial", "combat_cards",
          "encounter", "gain_resources", "free_action", "factory_pick", "end_turn",
          # Invaders from Afar (kernel/invaders/tokens.py)
          "place_token",
          "artillery",
          "retreat",
          # The Wind Gambit (kernel/wind_gambit/airship.py)
          "airship",
          # airship against airship (kernel/wind_gambit/airship_combat.py): Blitzkrieg, the war's ship combat
          "ship_dial", "ship_cards",
          # Invaders from Afar: Ronin's choice before a fight (kernel/invaders/ronin.py)
          "ronin")
# All Out War's phases stand in three blocks among these: variants/war/layout.py
PHASES = with_variant_blocks(BASE_PHASES, _variant_blocks("PHASE_BLOCKS"))
(PH_SECTION, PH_TOP, PH_MOVE_UNIT, PH_MOVE_STEP, PH_PRODUCE, PH_TRADE_HEX,
 PH_BOTTOM, PH_PAY, PH_BOTTOM_BENEFIT, PH_GAME_OVER,
 PH_COMBAT_HEX, PH_COMBAT_DIAL, PH_COMBAT_CARDS,
 PH_ENCOUNTER, PH_GAIN_RESOURCES, PH_FREE_ACTION, PH_FACTORY_PICK,
 PH_END_TURN) = range(BASE_PHASES.index("end_turn") + 1)
(PH_PLACE_TOKEN, PH_ARTILLERY, PH_RETREAT, PH_AIRSHIP, PH_SHIP_DIAL, PH_SHIP_CARDS, PH_RONIN) = (
    PHASES.index(name) for name in ("place_token", "artillery", "retreat", "airship", "ship_dial",
                                    "ship_cards", "ronin"))
# PH_RONIN: before a fight, Togawa with Ronin may gain 2 power (a ronin row) or decline
# (the Skip).
# PH_SHIP_DIAL / PH_SHIP_CARDS: an airship fight's dial and card (attacker, then defender).
# PH_AIRSHIP: the airship moving in a Move: steps (G_STEPS_LEFT), loads and unloads
# (G_HERE_MASK as for a unit), its aggressive tile's attack, and stop.
# PH_RETREAT: a losing player with Seaworthy retreats its character and mechs onto an
# adjacent lake (a retreat_lake row; its workers go home), one with a Safe Haven airship
# all its units onto the airship's territory (a retreat_haven row), or home (the Skip).
# PH_ARTILLERY: before a fight, a side with Artillery may pay 1 power (the opponent loses 2).
# PH_PLACE_TOKEN: after the character's movement and its combat and encounter, Albion may
# place a Flag (Exalt) or Togawa a Trap (Maifuku) on the character's territory.

# then one per resolution tile: END_RESOLUTION0 + tile number - 1 (the tile's condition ended it)
END_REASONS = ("none", "six_stars", "turn_cap") + RESOLUTION_TILES
END_NONE, END_STARS, END_TURN_CAP, END_RESOLUTION0 = range(4)
# what a variant's end hook (kernel/variants.py) answers besides an END_* reason: the game
# goes on; no variant rules this end (the base game's rule applies)
END_GOES_ON, END_BASE_RULE = -1, -2

# --- Actions: rows (kind, a0, a1, a2) ---------------------------------------------------
BASE_ACTION_KINDS = (
    "section",        # a0 = section 0..3
    "skip",           # decline the optional top or bottom action
    "gain_coins",     # Move/Gain: take the coins
    "move",           # Move/Gain: start moving units
    "bolster_power", "bolster_cards",
    "trade_resources",  # a0, a1 = resources (a1 = -1 for one)
    "trade_popularity",
    "produce",        # pay the produce cost and start choosing territories
    "select_unit",    # a0 = unit slot to move next
    "step",           # a0 = location the mover enters
    "pick_resource",  # a0 = resource, a1 = how many
    "drop_resource",  # a0 = resource, a1 = how many
    "pick_worker",    # a0 = worker slot
    "drop_worker",    # a0 = worker slot
    "stop",           # the mover ends its movement
    "end_move",       # no more units move
    "produce_hex",    # a0 = location, a1 = workers to make (villages) or 0
    "end_produce",
    "trade_hex",      # a0 = location receiving the traded resources
    "bottom",         # pay for the section's bottom action
    "pay_resource",   # a0 = location the token is taken from
    "pay_coercion",   # a0 = combat-card value index spent as the resource
    "upgrade",        # a0 = tech cube, a1 = bottom action whose cost box it covers
    "deploy",         # a0 = mech slot 0..3, a1 = location
    "build",          # a0 = structure, a1 = location
    "enlist",         # a0 = section of the recruit, a1 = one-time bonus
    "no_benefit",     # take the paid bottom action's coins and bonuses only
    "fight",          # a0 = territory whose combat is fought next (the attacker's choice)
    "dial",           # a0 = power set on the dial
    "combat_card",    # a0 = value index of a combat card added to the fight
    "end_cards",      # add no more combat cards
    "encounter_option",   # a0 = option 0..2 (a, b, c) of the encounter card
    "end_encounter",      # Meander: take no second option
    "gain_resources",     # a0 = amounts packed 4 bits each (oil lowest), a1 = location
    "take_factory_card",  # a0 = Factory card id kept
    "factory_top",        # the Factory card's top action; a0 = combat-card value index paid, -1 none
    "reveal_objective",   # a0 = objective card id revealed for a star
    # Invaders from Afar (kernel/invaders/tokens.py)
    "place_flag",         # Exalt: a Flag on the character's territory
    "place_trap",         # Maifuku: a0 = penalty (TRAP_PENALTIES) of the armed Trap placed there
    "artillery",          # before a fight: pay 1 power, the opponent loses 2 (the Skip declines)
    "retreat_lake",       # Seaworthy: a0 = adjacent lake the loser's character/mechs retreat onto (the Skip: home)
    # The Wind Gambit (kernel/wind_gambit/airship.py)
    "select_airship",     # the airship moves next (one of the Move's units)
    "airship_step",       # a0 = location the airship enters
    "airship_load",       # a0 = resource, a1 = how many go aboard
    "airship_unload",     # a0 = resource, a1 = how many are dropped off
    "airship_board",      # a0 = worker slot that goes aboard
    "airship_land",       # a0 = worker slot dropped off
    "airship_attack",     # a0 = opponent player, a1 = resources paid (bombard) or 0 (blitzkrieg)
    "airship_stop",       # the airship ends its move
    "pay_airship",        # payment: one token of the resource owed from the airship's cargo
    # airship against airship (kernel/wind_gambit/airship_combat.py)
    "ship_dial",          # a0 = power set on the dial
    "ship_card",          # a0 = value index of the combat card added
    "ship_end_cards",     # add no (more) combat card
    "ronin",              # Ronin: gain 2 power before the fight (the Skip declines)
    "retreat_haven",      # a0 = the Safe Haven airship's territory the loser's units retreat to (the Skip: home)
)
# All Out War's kinds stand in three blocks among these: variants/war/layout.py
ACTION_KINDS = with_variant_blocks(BASE_ACTION_KINDS, _variant_blocks("KIND_BLOCKS"))
(A_SECTION, A_SKIP, A_GAIN_COINS, A_MOVE, A_BOLSTER_POWER, A_BOLSTER_CARDS,
 A_TRADE_RESOURCES, A_TRADE_POPULARITY, A_PRODUCE, A_SELECT_UNIT, A_STEP,
 A_PICK_RESOURCE, A_DROP_RESOURCE, A_PICK_WORKER, A_DROP_WORKER, A_STOP, A_END_MOVE,
 A_PRODUCE_HEX, A_END_PRODUCE, A_TRADE_HEX, A_BOTTOM, A_PAY_RESOURCE, A_PAY_COERCION,
 A_UPGRADE, A_DEPLOY, A_BUILD, A_ENLIST, A_NO_BENEFIT, A_FIGHT, A_DIAL, A_COMBAT_CARD,
 A_END_CARDS, A_ENCOUNTER_OPTION, A_END_ENCOUNTER, A_GAIN_RESOURCES, A_TAKE_FACTORY,
 A_FACTORY_TOP, A_REVEAL_OBJECTIVE) = range(BASE_ACTION_KINDS.index("reveal_objective") + 1)
(A_PLACE_FLAG, A_PLACE_TRAP, A_ARTILLERY, A_RETREAT_LAKE,
 A_SELECT_AIRSHIP, A_AIRSHIP_STEP, A_AIRSHIP_LOAD, A_AIRSHIP_UNLOAD, A_AIRSHIP_BOARD,
 A_AIRSHIP_LAND, A_AIRSHIP_ATTACK, A_AIRSHIP_STOP, A_PAY_AIRSHIP,
 A_SHIP_DIAL, A_SHIP_CARD, A_SHIP_END_CARDS, A_RONIN, A_RETREAT_HAVEN) = (
    ACTION_KINDS.index(name) for name in (
        "place_flag", "place_trap", "artillery", "retreat_lake", "select_airship", "airship_step",
        "airship_load", "airship_unload", "airship_board", "airship_land", "airship_attack",
        "airship_stop", "pay_airship", "ship_dial", "ship_card", "ship_end_cards", "ronin",
        "retreat_haven"))
ACTION_WIDTH = 4
MAX_ACTIONS = 512   # rows in an action buffer; legal lists stay far below this

# --- Random streams: the state holds the game's chance; strategies keep their own ------
# xoshiro256** streams of RNG_WORDS words each (compiled/rng.py). State.rng row RNG_GAME is the base game's chance (deals, shuffles, draws). Row
# RNG_VARIANT is every variant's extra chance: airship tiles, the resolution tile, war
# draws and whatever a later variant draws must come from it, never from RNG_GAME, so a
# base run and a variant run with the same seed play the same deals (paired comparison).
# Both rows derive from the game seed (kernel/setup.seed_state_rng): the game row with
# stream id GAME_STREAM_ID, the variant row with VARIANT_STREAM_ID, an
# id no other stream uses (seat k's strategy stream is id 1 + k).
RNG_GAME = 0
RNG_VARIANT = 1
N_RNG_STREAMS = 2
GAME_STREAM_ID = 0          # the id State.rng's game row is derived with (seed_streams)
STRATEGY_STREAM_ID = 1      # seat k's strategy stream is derived with id 1 + k
VARIANT_STREAM_ID = 1000    # the variant row's id: no other stream uses it
HANDICAP_STREAM_ID = 2000   # the coin handicap's draws (handicap.py, outside the state): no other stream uses it

# --- Score breakdown rows: score[p, S_...] -------------------------------------------
SCORE_FIELDS = ("coins", "star_coins", "territory_coins", "resource_coins",
                "structure_bonus", "total", "stars", "territories", "resources",
                "tier", "rank",
                "tb_units", "tb_power", "tb_popularity")
(S_COINS, S_STAR_COINS, S_TERRITORY_COINS, S_RESOURCE_COINS, S_STRUCTURE_BONUS, S_TOTAL,
 S_STARS, S_TERRITORIES, S_RESOURCES, S_TIER, S_RANK,
 S_TB_UNITS, S_TB_POWER, S_TB_POPULARITY) = range(len(SCORE_FIELDS))
N_SCORE_FIELDS = len(SCORE_FIELDS)


class StateField(NamedTuple):
    """One field of the State: the single declaration everything else derives from."""
    name: str
    shape: tuple
    dtype: type
    blank: int        # every element's value in a new (or cleared) state
    position: str     # where position JSON carries it (its keys), or "derived: why" / "scratch: why"
    meaning: str


# The State's fields, in record order. State, state_shapes, STATE_DTYPE and (in
# kernel/state.py) new_state / copy_state are built from this; the compiled
# copy_into and clear_state name each field and tests/scythe/test_state_fields.py fails when
# either misses one, as does the position round trip when position.py drops one.
STATE_FIELDS = (
    StateField("game", (N_GAME_FIELDS,), np.int64, 0,
               "game, board.factory_cards, board.encounter_cards_drawn",
               "G_* game-wide values and turn scratch (int64: it holds the 36 encounter cards' "
               "bit set and the war's control checksum)"),
    StateField("player", (MAX_PLAYERS, N_PLAYER_FIELDS), np.int32, 0,
               "players[] (stars and the ability fields are derived from stars and faction)",
               "P_* per-player values"),
    StateField("unit_loc", (MAX_PLAYERS, N_UNITS), np.int8, OFF_BOARD,
               "players[].character, players[].mechs, players[].workers",
               "location of each unit, OFF_BOARD on its mat"),
    StateField("struct_loc", (MAX_PLAYERS, N_STRUCTURES), np.int8, OFF_BOARD,
               "players[].structures", "location of each structure, OFF_BOARD unbuilt"),
    StateField("hex_res", (N_LOC, N_RES), np.int32, 0,
               "board.resources", "resource tokens lying on each location"),
    StateField("encounter_token", (N_LOC,), np.int8, 0,
               "board.encounter_tokens", "1 where an encounter token lies"),
    StateField("hand", (MAX_PLAYERS, N_CARD_VALUES), np.int8, 0,
               "players[].combat_cards", "combat cards held, by value"),
    StateField("deck", (2, N_CARD_VALUES), np.int8, 0,
               "deck", "[0] draw pile, [1] discards, by value"),
    StateField("stars", (MAX_PLAYERS, N_STAR_KINDS), np.int8, 0,
               "players[].stars", "stars placed of each kind"),
    StateField("star_turn", (MAX_PLAYERS, N_STAR_KINDS), np.int16, -1,
               "players[].star_turns", "game turn the first star of a kind was placed, -1"),
    StateField("mark", (N_LOC,), np.int16, 0,
               "game.marked", "per-action scratch: the war's divisions that moved in this Move, "
               "the territories handed over at its mobilization"),
    StateField("rng", (N_RNG_STREAMS, RNG_WORDS), np.uint64, 0,
               "rng", "xoshiro256** streams: RNG_GAME, RNG_VARIANT"),
    StateField("ability_uses", (MAX_PLAYERS, N_ABILITY_USES), np.int32, 0,
               "scratch: a statistic of the game played so far, read by the results only; "
               "a position starts it at 0 and no rule depends on it",
               "USE_* uses of each faction and mech ability per player"),
    StateField("token_kind", (N_LOC,), np.int8, 0,
               "board.tokens", "TOKEN_* faction token on each location (Flag, armed or disarmed Trap)"),
    StateField("token_owner", (N_LOC,), np.int8, -1,
               "board.tokens", "player owning the faction token on each location, -1 none"),
    # Who is where, kept up to date by board.put_unit / put_structure (the only writers of
    # unit_loc and struct_loc) so control is a few reads instead of a scan of every piece
    StateField("occupancy", (N_LOC,), np.int64, 0,
               "derived: rebuilt from the pieces' locations (board.rebuild_occupancy)",
               "each player's units on each location, packed: bits 8p..8p+3 characters and "
               "mechs of player p, bits 8p+4..8p+7 its workers (board.OCC_*)"),
    StateField("structure_owner", (N_LOC,), np.int8, -1,
               "derived: rebuilt from the structures' locations (board.rebuild_occupancy)",
               "owner of the structure on each location, -1 none"),
    # The Wind Gambit: OFF_BOARD and 0 in a game without it
    StateField("airship_loc", (MAX_PLAYERS,), np.int8, OFF_BOARD,
               "players[].airship.location", "location of each player's airship, OFF_BOARD none"),
    StateField("airship", (MAX_PLAYERS, N_AIRSHIP_FIELDS), np.int16, 0,
               "players[].airship", "AS_* cargo and tiles of each player's airship"),
    # the variants' fields that close the record (All Out War's: variants/war/layout.py)
    *(field for part in hooks.parts("layout")
      for field in part.state_fields(StateField, MAX_PLAYERS, N_SCORE_FIELDS)),
)

# The fields as a named tuple type (s.player reads the same on a State as on the record).
State = NamedTuple("State", [(f.name, np.ndarray) for f in STATE_FIELDS])

# One numpy record holds a state: compiled code receives it as a single pointer. Aligned:
# each field starts at a multiple of its element size (a few bytes of padding between a
# narrow field and a wider one), and a record's size is a multiple of 8, so the records of
# an array of states (the planners' kept positions) are aligned too.
STATE_DTYPE = np.dtype([(f.name, f.dtype, f.shape) for f in STATE_FIELDS], align=True)


def carried_by_position(field: StateField) -> bool:
    """True when position JSON writes the field or rebuilds it (derived), not scratch."""
    return not field.position.startswith("scratch:")


def state_shapes():
    """Shape and dtype of every State field (used by the tests)."""
    return {f.name: (f.shape, f.dtype) for f in STATE_FIELDS}
