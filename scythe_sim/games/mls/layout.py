"""My Little Scythe's compiled state: fields, index constants and NAMES.

A state is one numpy record (like Scythe's, but its own layout): compiled code gets it
as one pointer. Every integer is int64. Players are indexed by turn order (player 0
moves first, play goes clockwise); ``P_SEAT`` maps a player back to the seat that
configured it. Sized for 7 players (the box has 7 kingdoms; the rulebook plays 1-6).
"""
from typing import NamedTuple

import numpy as np

from scythe_sim.compiled.rng import RNG_WORDS

MAX_PLAYERS = 7
N_SEEKERS = 2
N_SPACES = 37
N_REGIONS = 6
N_CAMPS = 6
N_RES = 2                       # resource kinds on the map: apples, gems
RES_APPLE, RES_GEM = 0, 1
RESOURCES = ("apple", "gem")
TOKEN_QUEST = 2                 # a setup-tile or die item that is a quest token
N_SPELL_VALUES = 3
N_QUESTS = 12
N_QUEST_OPTIONS = 2             # option 1 and 2; 'No Thanks' is option index 2
NO_THANKS = 2
N_PERSONALITIES = 8
N_TILES = 16
N_PILES = 2                     # Power Up piles: move, make
PILE_MOVE, PILE_MAKE = 0, 1
PILES = ("move", "make")
TILES_PER_PILE = 8
N_DICE = 4                      # dice rolled by one Seek
CAMP = -1                       # seeker_loc of a Seeker on its base camp (not a space)
SPACE_KINDS = ("region", "portal", "castle")
KIND_REGION, KIND_PORTAL, KIND_CASTLE = range(len(SPACE_KINDS))

# --- The mat: 6 action spaces ------------------------------------------------------
ACTIONS = ("move", "seek_apples", "seek_gems", "bake_pies", "conjure_spell", "power_up")
(ACT_MOVE, ACT_SEEK_APPLES, ACT_SEEK_GEMS, ACT_BAKE, ACT_CONJURE, ACT_POWER) = range(len(ACTIONS))
N_ACTIONS = len(ACTIONS)
SECTIONS = ("move", "seek", "make")
ACTION_SECTION = (0, 1, 1, 2, 2, 2)

# --- Trophies ------------------------------------------------------------------------
TROPHIES = ("friendship", "power_ups", "spells", "quests", "apple_delivery", "gem_delivery",
            "pie_fight", "pies")
(TR_FRIENDSHIP, TR_POWER_UPS, TR_SPELLS, TR_QUESTS, TR_APPLE_DELIVERY, TR_GEM_DELIVERY,
 TR_PIE_FIGHT, TR_PIES) = range(len(TROPHIES))
N_TROPHIES = len(TROPHIES)

# --- Mat effects: base values (rules.toml) plus the changes of Power Up tiles ----------
EFFECTS = ("empty_steps", "carry_steps", "free_jumps", "fight_bonus", "catapult",
           "move_repeat", "move_pies", "move_friendship",
           "bake_apples", "bake_pies", "conjure_gems", "conjure_spells", "power_apples",
           "power_gems", "bake_friendship", "make_repeat")
(FX_EMPTY_STEPS, FX_CARRY_STEPS, FX_FREE_JUMPS, FX_FIGHT_BONUS, FX_CATAPULT, FX_MOVE_REPEAT,
 FX_MOVE_PIES, FX_MOVE_FRIENDSHIP, FX_BAKE_APPLES, FX_BAKE_PIES, FX_CONJURE_GEMS,
 FX_CONJURE_SPELLS, FX_POWER_APPLES, FX_POWER_GEMS, FX_BAKE_FRIENDSHIP,
 FX_MAKE_REPEAT) = range(len(EFFECTS))
N_EFFECTS = len(EFFECTS)

# --- Quest option fields: quest_opt[card, option, QF_...] ------------------------------
QUEST_FIELDS = ("pay_apples", "pay_gems", "pay_pies", "lose_friendship", "give_apples",
                "give_gems", "gain_friendship", "gain_pies", "gain_spells", "gain_apples",
                "gain_gems")
(QF_PAY_APPLES, QF_PAY_GEMS, QF_PAY_PIES, QF_LOSE_FRIENDSHIP, QF_GIVE_APPLES, QF_GIVE_GEMS,
 QF_GAIN_FRIENDSHIP, QF_GAIN_PIES, QF_GAIN_SPELLS, QF_GAIN_APPLES,
 QF_GAIN_GEMS) = range(len(QUEST_FIELDS))
N_QUEST_FIELDS = len(QUEST_FIELDS)

# --- Per-player fields: s.player[p, P_...] ---------------------------------------------
PLAYER_FIELDS = (
    "seat",            # the configured seat that plays this player
    "camp",            # base camp site 0..5
    "friendship",      # Friendship track 0..friendship_max
    "pies",            # Pie track 0..pies_max
    "last_action",     # action space holding the action token, -1 none (start, rejuvenated)
    "trophies",        # trophies placed
    "move_tile",       # Power Up tile on the Move section, -1 none
    "make_tile",       # Power Up tile on the Make section, -1 none
    "personality",     # personality card id (secret)
    "quests_done",     # quests resolved (option 1 or 2)
    "turns",           # turns this player has started
    "fights_won",      # statistic: pie fights won
    "deliveries",      # statistic: deliveries completed
)
(P_SEAT, P_CAMP, P_FRIENDSHIP, P_PIES, P_LAST_ACTION, P_TROPHIES, P_MOVE_TILE, P_MAKE_TILE,
 P_PERSONALITY, P_QUESTS_DONE, P_TURNS, P_FIGHTS_WON, P_DELIVERIES) = range(len(PLAYER_FIELDS))
N_PLAYER_FIELDS = len(PLAYER_FIELDS)

# --- Game-wide fields: s.game[G_...] ---------------------------------------------------
GAME_FIELDS = (
    "n_players", "active", "decider", "phase", "stage",
    "turn",            # turns started in the game
    "round",           # rounds started
    "game_over", "end_reason",
    "finale",          # 1 once the grand finale has begun
    "finale_left",     # bit p: player p still takes a final turn
    "trophy_taken",    # trophies the active player placed this turn
    "rejuv_mask",      # bit p: player p was rejuvenated this turn
    "rejuv_pending",   # player owed a rejuvenation choice now, -1 none
    # Move scratch
    "moved_mask",      # bit k: Seeker k of the active player has moved (or may not move)
    "move_ended",      # 1 once the player ended the Move (remaining Seekers stay)
    "mover",           # Seeker now moving, -1 none
    "steps_left",      # spaces the mover may still enter
    "steps_taken",     # spaces the mover has entered
    "carrying",        # 1 when the mover carries (its cargo moves with it)
    "cargo_apples", "cargo_gems",
    "jumps_left",      # free portal jumps left to the mover (Portal Express)
    "deliver_kind",    # resource of a delivery in progress this turn, -1 none
    "delivered",       # tokens of that resource already on the castle
    # fights
    "fights_mask",     # bit i: a pie fight is still due on space i
    "fight_space", "defender",
    "fight_step",      # 0 attacker dials, 1 attacker's spells, 2 defender dials, 3 defender's spells
    "atk_dial", "def_dial", "atk_spells", "def_spells",   # committed, secret until resolved
    "spells_left",     # spells the deciding side may still attach
    "def_trophy",      # defender who may claim the pie-fight trophy now, -1 none
    # token queue: payments, gifts and gains of Make and quests
    "pay_apples", "pay_gems", "give_apples", "give_gems", "give_target",
    "gain_apples", "gain_gems",
    # quests
    "quest_card",      # card being resolved, -1 none
    "quest_deck_n",    # cards in the quest deck (s.quest_deck[:n], top first)
    # seek
    "dice_n", "dice_next",
    # power up
    "look_pile", "look_n", "look0", "look1", "look2",
    "catapult_done",
    # statistics
    "fights", "quests", "deliveries", "seeks",
    "error",           # ERR_* code: a kernel bug met, 0 none
)
(G_N_PLAYERS, G_ACTIVE, G_DECIDER, G_PHASE, G_STAGE, G_TURN, G_ROUND, G_GAME_OVER,
 G_END_REASON, G_FINALE, G_FINALE_LEFT, G_TROPHY_TAKEN, G_REJUV_MASK, G_REJUV_PENDING,
 G_MOVED_MASK, G_MOVE_ENDED, G_MOVER, G_STEPS_LEFT, G_STEPS_TAKEN, G_CARRYING,
 G_CARGO_APPLES, G_CARGO_GEMS, G_JUMPS_LEFT, G_DELIVER_KIND, G_DELIVERED,
 G_FIGHTS_MASK, G_FIGHT_SPACE, G_DEFENDER, G_FIGHT_STEP, G_ATK_DIAL, G_DEF_DIAL,
 G_ATK_SPELLS, G_DEF_SPELLS, G_SPELLS_LEFT, G_DEF_TROPHY,
 G_PAY_APPLES, G_PAY_GEMS, G_GIVE_APPLES, G_GIVE_GEMS, G_GIVE_TARGET, G_GAIN_APPLES,
 G_GAIN_GEMS, G_QUEST_CARD, G_QUEST_DECK_N, G_DICE_N, G_DICE_NEXT,
 G_LOOK_PILE, G_LOOK_N, G_LOOK0, _G_LOOK1, _G_LOOK2, G_CATAPULT_DONE,
 G_FIGHTS, G_QUESTS, G_DELIVERIES, G_SEEKS, G_ERROR) = range(len(GAME_FIELDS))
N_GAME_FIELDS = len(GAME_FIELDS)

ERRORS = ("none", "unknown_action_kind", "unknown_phase", "unknown_stage")
ERR_NONE, ERR_UNKNOWN_KIND, ERR_UNKNOWN_PHASE, ERR_UNKNOWN_STAGE = range(len(ERRORS))

END_REASONS = ("none", "grand_finale", "turn_cap")
END_NONE, END_FINALE, END_TURN_CAP = range(len(END_REASONS))

# --- Decision points (G_PHASE) ----------------------------------------------------------
PHASES = ("action", "move_pick", "move_step", "fight_pick", "dial", "spell", "def_trophy",
          "rejuvenate", "quest_pick", "quest_option", "pay", "give_target", "gain",
          "seek_place", "power_pile", "power_pick", "catapult", "trophy", "game_over")
(PH_ACTION, PH_MOVE_PICK, PH_MOVE_STEP, PH_FIGHT_PICK, PH_DIAL, PH_SPELL, PH_DEF_TROPHY,
 PH_REJUVENATE, PH_QUEST_PICK, PH_QUEST_OPTION, PH_PAY, PH_GIVE_TARGET, PH_GAIN,
 PH_SEEK_PLACE, PH_POWER_PILE, PH_POWER_PICK, PH_CATAPULT, PH_TROPHY,
 PH_GAME_OVER) = range(len(PHASES))

# --- Stages of the turn in progress (G_STAGE): what comes after the current decision ---
STAGES = ("action", "move", "fights", "quests", "catapult", "seek", "bake", "conjure", "power",
          "trophies")
(ST_ACTION, ST_MOVE, ST_FIGHTS, ST_QUESTS, ST_CATAPULT, ST_SEEK, ST_BAKE, ST_CONJURE, ST_POWER,
 ST_TROPHIES) = range(len(STAGES))

# --- Actions: rows (kind, a0, a1, a2) ---------------------------------------------------
ACTION_KINDS = (
    "action",          # a0 = action space 0..5
    "seeker",          # a0 = Seeker 0/1 starts moving
    "end_move",        # the Seekers not yet moved stay
    "step",            # a0 = space the mover enters (one step, or a portal jump)
    "jump",            # a0 = portal the mover jumps to for free (Portal Express)
    "carry",           # a0 = apples, a1 = gems the mover takes from its space
    "stop",            # the mover ends its movement
    "fight",           # a0 = space whose pie fight is resolved next
    "dial",            # a0 = pies thrown
    "spell",           # a0 = spell value index attached
    "end_spells",      # attach no more spells
    "claim",           # the defender places the pie-fight trophy
    "decline",         # the defender does not
    "rejuvenate",      # a0 = 0: 1 spell, 1: 2 pies
    "quest",           # a0 = space whose quest token is taken next
    "quest_option",    # a0 = 0 option 1, 1 option 2, 2 No Thanks
    "pay",             # a0 = space a token is taken from (paid or given)
    "give_target",     # a0 = space of an opponent's Seeker receiving the gift
    "gain",            # a0 = space of an own Seeker receiving a gained token
    "place",           # a0 = space the rolled token is placed on
    "pile",            # a0 = Power Up pile looked at
    "tile",            # a0 = tile id kept
    "fling",           # a0 = from space, a1 = resource, a2 = to space (Supply Catapult)
    "skip",            # decline the catapult
    "trophy",          # a0 = trophy placed
)
(A_ACTION, A_SEEKER, A_END_MOVE, A_STEP, A_JUMP, A_CARRY, A_STOP, A_FIGHT, A_DIAL, A_SPELL,
 A_END_SPELLS, A_CLAIM, A_DECLINE, A_REJUVENATE, A_QUEST, A_QUEST_OPTION, A_PAY,
 A_GIVE_TARGET, A_GAIN, A_PLACE, A_PILE, A_TILE, A_FLING, A_SKIP, A_TROPHY) = range(len(ACTION_KINDS))
ACTION_WIDTH = 4
MAX_ACTIONS = 1024   # carry rows are (apples+1) x (gems+1) of one space: at most 25 x 25

# --- Random streams ---------------------------------------------------------------------
RNG_GAME = 0            # State.rng row: the game's chance (deals, shuffles, dice, draws)
N_RNG_STREAMS = 1
GAME_STREAM_ID = 0      # the id the game row is seeded with; seat k's strategy uses 1 + k
STRATEGY_STREAM_ID = 1


class StateField(NamedTuple):
    name: str
    shape: tuple
    dtype: type
    blank: int
    meaning: str


STATE_FIELDS = (
    StateField("game", (N_GAME_FIELDS,), np.int64, 0, "G_* game-wide values and turn scratch"),
    StateField("player", (MAX_PLAYERS, N_PLAYER_FIELDS), np.int64, 0, "P_* per-player values"),
    StateField("seeker_loc", (MAX_PLAYERS, N_SEEKERS), np.int64, CAMP,
               "space of each Seeker, CAMP on its base camp"),
    StateField("space_res", (N_SPACES, N_RES), np.int64, 0, "apples, gems on each space"),
    StateField("quest_token", (N_SPACES,), np.int64, 0, "1 where a quest token lies"),
    StateField("hand", (MAX_PLAYERS, N_SPELL_VALUES), np.int64, 0, "spell cards held, by value"),
    StateField("spell_deck", (2, N_SPELL_VALUES), np.int64, 0, "[0] draw pile, [1] discards, by value"),
    StateField("quest_deck", (N_QUESTS,), np.int64, -1, "quest cards in the deck, top first"),
    StateField("quest_owner", (N_QUESTS,), np.int64, -1, "player who resolved each quest card, -1"),
    StateField("tile_pile", (N_PILES, TILES_PER_PILE), np.int64, -1, "each Power Up pile, top first"),
    StateField("trophy", (MAX_PLAYERS, N_TROPHIES), np.int64, 0, "1 when that trophy is placed"),
    StateField("trophy_turn", (MAX_PLAYERS, N_TROPHIES), np.int64, -1, "game turn it was placed, -1"),
    StateField("dice", (N_DICE, 2), np.int64, -1, "Seek: (token kind, region) of each die rolled"),
    StateField("rng", (N_RNG_STREAMS, RNG_WORDS), np.uint64, 0, "xoshiro256** stream: RNG_GAME"),
)
State = NamedTuple("State", [(f.name, np.ndarray) for f in STATE_FIELDS])
STATE_DTYPE = np.dtype([(f.name, f.dtype, f.shape) for f in STATE_FIELDS])
