"""All Out War's part of the compiled State (layout.py assembles it): its game-wide
fields, decision points and action kinds, each a block at a fixed place of layout's
GAME_FIELDS, PHASES and ACTION_KINDS (layout.py checks the places, so every index stays
where it was), its per-player and per-Move tables, and the fields that close the State
record. Its rules are in kernel/war/, its players in strategies/war/."""
import numpy as np

from ...enums import N_LOC

# --- Game-wide fields: s.game[G_WAR_...] (0 and unread while the variant is off) ----------
GAME_FIRST = 51
WAR_GAME_FIELDS = (
    "war_stage",       # WAR_STAGE_*: none, mobilization, war (copy_into copies the war fields only past none)
    "war_round",       # war rounds started
    "war_winner",      # player who won the war, -1 none or stalemate (set when the war ends)
    "war_end_reason",  # WAR_END_* code
    "war_quiet_rounds",  # war rounds in a row without any change of territory control
    "war_control_hash",  # checksum of every territory's controller at the last round's end
    "war_place_left",  # divisions still to place in this deployment turn or Produce
    "war_moves_left",  # Move: moves left in this war Move action
    "war_cargo",       # Move: divisions the moving mech carries
    "war_combats",     # war combats fought
    "war_atk_mech",    # Combat: 1 when the attacker has a mech in the fight (ties go to the attacker)
    "war_bombarded",   # enemy divisions the active faction's airship bombarded this war turn
    "war_ship_acts",   # the war Move's airship acts done at its end: WAR_SHIP_DROPPED / WAR_SHIP_FOUGHT bits
    "war_corps_from",  # Move: the corps chosen (PH_WAR_CORPS_SIZE) leaves this territory, -1 none
    "war_corps_to",    # ... for this adjacent territory
    "war_cargo_walked",  # Move: divisions the moving mech carries that walked this Move (dropped: done)
    "war_ship_walked",   # Move: divisions aboard the airship that walked this Move (dropped: done)
)
(G_WAR_STAGE, G_WAR_ROUND, G_WAR_WINNER, G_WAR_END_REASON, G_WAR_QUIET_ROUNDS,
 G_WAR_CONTROL_HASH, G_WAR_PLACE_LEFT, G_WAR_MOVES_LEFT, G_WAR_CARGO, G_WAR_COMBATS,
 G_WAR_ATK_MECH, G_WAR_BOMBARDED, G_WAR_SHIP_ACTS, G_WAR_CORPS_FROM, G_WAR_CORPS_TO,
 G_WAR_CARGO_WALKED, G_WAR_SHIP_WALKED) = range(GAME_FIRST, GAME_FIRST + len(WAR_GAME_FIELDS))
# G_WAR_SHIP_ACTS bits: the airship dropped its divisions (no bombarding after it); it fought
WAR_SHIP_DROPPED = 1
WAR_SHIP_FOUGHT = 2

# --- Decision points: three blocks of layout.PHASES ----------------------------------------
PHASE_FIRST = 18
WAR_PHASES = ("war_swap", "war_deploy", "war_mech", "war_action", "war_place", "war_move",
              "war_mech_step", "war_dial", "war_cards", "war_retreat")
(PH_WAR_SWAP, PH_WAR_DEPLOY, PH_WAR_MECH, PH_WAR_ACTION, PH_WAR_PLACE, PH_WAR_MOVE,
 PH_WAR_MECH_STEP, PH_WAR_DIAL, PH_WAR_CARDS, PH_WAR_RETREAT) = range(PHASE_FIRST, PHASE_FIRST + len(WAR_PHASES))
# with airships (kernel/war/airship.py)
AIRSHIP_PHASE_FIRST = 34
WAR_AIRSHIP_PHASES = ("war_airship", "war_airship_end", "war_airship_place")
PH_WAR_AIRSHIP, PH_WAR_AIRSHIP_END, PH_WAR_AIRSHIP_PLACE = range(AIRSHIP_PHASE_FIRST,
                                                                AIRSHIP_PHASE_FIRST + len(WAR_AIRSHIP_PHASES))
# the corps' size (kernel/war/move.py) and the next of a Move's fights (kernel/war/combat.py)
MOVE_PHASE_FIRST = 38
WAR_MOVE_PHASES = ("war_corps_size", "war_fight_pick")
PH_WAR_CORPS_SIZE, PH_WAR_FIGHT_PICK = range(MOVE_PHASE_FIRST, MOVE_PHASE_FIRST + len(WAR_MOVE_PHASES))
# PH_WAR_SWAP: a giver picks which of the receiver's territories it takes for one handed over;
# PH_WAR_DEPLOY: a deployment turn places divisions from the deployment pool (war_place_left);
# PH_WAR_MECH: a mech goes from the home base onto a controlled territory; PH_WAR_ACTION: the
# war turn's action; PH_WAR_PLACE: Produce places its divisions; PH_WAR_MOVE: the next move
# of a war Move; PH_WAR_MECH_STEP: the moving mech loads divisions, steps or stops;
# PH_WAR_DIAL / PH_WAR_CARDS: a combat round's dial and cards; PH_WAR_RETREAT: the attacker
# fights another round or retreats.
# PH_WAR_AIRSHIP: the airship moving in a war Move (steps, loads, unloads, stop);
# PH_WAR_AIRSHIP_END: the end of a war Move in which it was activated: bombard, blitz
# drop, ship combat, or done. PH_WAR_AIRSHIP_PLACE: mobilization's final step, a faction
# moves its airship from its home base onto a territory it controls.
# PH_WAR_CORPS_SIZE: a war Move's corps (from, to) is chosen; how many of the divisions that
# may leave go (any number: a war_corps row per size).
# PH_WAR_FIGHT_PICK: a war Move left fights on several territories; the attacker picks the
# next (a war_fight row each), as after a standard Move.

# G_WAR_STAGE values
# "due": the standard game is over (G_GAME_OVER set, exactly as in a base game, so the
# planners judge its end as in a base run) and the driver (play.play_game, Game.step)
# starts the war after the step (kernel/variants.after_step: war/mobilize.start_war_if_due).
WAR_STAGES = ("none", "due", "mobilization", "war")
WAR_STAGE_NONE, WAR_STAGE_DUE, WAR_STAGE_MOBILIZATION, WAR_STAGE_WAR = range(len(WAR_STAGES))
# G_WAR_END_REASON values
WAR_END_REASONS = ("none", "points", "last_standing", "stalemate_cap", "stalemate_quiet")
(WAR_END_NONE, WAR_END_POINTS, WAR_END_LAST_STANDING, WAR_END_STALEMATE_CAP,
 WAR_END_STALEMATE_QUIET) = range(len(WAR_END_REASONS))
# W_LAST_ACTION values: the war action a player took last turn (-1 none)
WAR_ACTIONS = ("bolster", "move", "produce")
WAR_BOLSTER, WAR_MOVE, WAR_PRODUCE = range(len(WAR_ACTIONS))

# --- A war Move's bookkeeping (kernel/war/groups.py) ---------------------------------------
# s.war_moved[loc, WM_*]: divisions that walked this Move (may still be carried) or were
# carried (may still walk); those that did both, or stopped in an enemy's territory, are
# s.mark[loc]; the rest may do either.
WAR_MOVED = ("walked", "carried")
WM_WALKED, WM_CARRIED = range(len(WAR_MOVED))
N_WAR_MOVED = len(WAR_MOVED)
# s.war_groups[g, WG_*]: the attacking groups of this Move, each retreating to its own origin
WAR_GROUP_FIELDS = ("territory", "origin", "divisions", "mechs")
WG_TERRITORY, WG_ORIGIN, WG_DIVISIONS, WG_MECHS = range(len(WAR_GROUP_FIELDS))
N_WAR_GROUP_FIELDS = len(WAR_GROUP_FIELDS)
MAX_WAR_GROUPS = 8          # a Move's moves (at most 3) and a blitz drop each add at most one
FROM_AIRSHIP = -2           # WG_ORIGIN of divisions a blitz drop brought: back aboard on a retreat

# --- Per player: s.war[p, W_...] -----------------------------------------------------------
WAR_FIELDS = (
    "standard_rank",     # 1-based place in the standard game (ties share a rank)
    "recruit_pool",      # divisions not yet recruited
    "deploy_pool",       # divisions waiting in the deployment pool
    "casualties",        # own divisions destroyed
    "mob_place", "mob_popularity", "mob_resources", "mob_factory", "mob_recruits",
    "mob_territories",   # divisions mobilised from each bonus source
    "produced",          # divisions bought by Produce
    "captured_in",       # deployed divisions gained at an enemy's capitulation
    "captured_out",      # deployed divisions lost at this player's capitulation
    "mechs_lost",        # own mechs destroyed in war combat
    "trophies",          # enemy mechs and airships this player destroyed
    "structures_lost",   # own structures destroyed by enemy units
    "points",            # territorial points at this player's last count
    "capitulated_by",    # conqueror player, -1 none
    "capitulated_round", # war round of the capitulation, -1 none
    "last_action",       # WAR_* action taken last turn, -1 none
    "war_turns",         # war turns taken
    "place",             # 0-based place order in the war (standard rank, ties by turn order)
    "airships_lost",     # own airship destroyed in a ship combat (0 or 1)
)
(W_STANDARD_RANK, W_RECRUIT_POOL, W_DEPLOY_POOL, W_CASUALTIES, W_MOB_PLACE,
 W_MOB_POPULARITY, W_MOB_RESOURCES, W_MOB_FACTORY, W_MOB_RECRUITS, W_MOB_TERRITORIES,
 W_PRODUCED, W_CAPTURED_IN, W_CAPTURED_OUT, W_MECHS_LOST, W_TROPHIES, W_STRUCTURES_LOST,
 W_POINTS, W_CAPITULATED_BY, W_CAPITULATED_ROUND, W_LAST_ACTION, W_WAR_TURNS,
 W_PLACE, W_AIRSHIPS_LOST) = range(len(WAR_FIELDS))
N_WAR_FIELDS = len(WAR_FIELDS)

# --- Actions: three blocks of layout.ACTION_KINDS ------------------------------------------
KIND_FIRST = 38
WAR_KINDS = (
    "war_swap",           # a0 = receiver's territory the giver takes in exchange
    "war_place",          # a0 = location, a1 = divisions placed there
    "war_deploy_mech",    # a0 = location the lowest mech slot waiting at home goes to
    "war_bolster",        # a0 = 0 power (doubled), 1 combat cards
    "war_gain_coins",     # the Move section's coins instead of moving (rule war_gain_coins)
    "war_move",           # start a war Move
    "war_produce",        # pay for divisions and place them
    "war_pass",           # no war action is open this turn
    "war_corps",          # a0 = from, a1 = to: a corps goes; how many is chosen next (a2 = divisions
                          # in the size choice, PH_WAR_CORPS_SIZE; 0 in the Move's list)
    "war_select_mech",    # a0 = mech unit slot that moves next
    "war_load",           # a0 = divisions the moving mech picks up here
    "war_step",           # a0 = location the moving mech enters
    "war_stop",           # the moving mech ends its movement (drops what it carries)
    "war_end_move",       # no more moves this action
    "war_dial",           # a0 = power set on the dial this round
    "war_card",           # a0 = value index of a combat card added this round
    "war_end_cards",      # add no more combat cards this round
    "war_fight_on",       # attacker: fight another round
    "war_retreat",        # attacker: retreat where it came from
)
(A_WAR_SWAP, A_WAR_PLACE, A_WAR_DEPLOY_MECH, A_WAR_BOLSTER, A_WAR_GAIN_COINS, A_WAR_MOVE,
 A_WAR_PRODUCE, A_WAR_PASS, A_WAR_CORPS, A_WAR_SELECT_MECH, A_WAR_LOAD, A_WAR_STEP,
 A_WAR_STOP, A_WAR_END_MOVE, A_WAR_DIAL, A_WAR_CARD, A_WAR_END_CARDS, A_WAR_FIGHT_ON,
 A_WAR_RETREAT) = range(KIND_FIRST, KIND_FIRST + len(WAR_KINDS))
# with airships (kernel/war/airship.py)
AIRSHIP_KIND_FIRST = 73
WAR_AIRSHIP_KINDS = (
    "war_select_airship", # the airship moves next (one of the war Move's moves)
    "war_airship_step",   # a0 = location the airship enters
    "war_airship_load",   # a0 = divisions that go aboard here
    "war_airship_unload", # a0 = divisions dropped off here (they move no more this Move)
    "war_airship_stop",   # the airship ends its move (its divisions stay aboard)
    "war_bombard",        # a0 = enemy player, a1 = its divisions destroyed (5 power each)
    "war_blitz",          # a0 = divisions dropped onto the airship's territory (a fight there follows)
    "war_ship_fight",     # a0 = enemy player whose airship is fought
    "war_airship_done",   # the airship does nothing more at the end of this Move
    "war_place_airship",  # a0 = territory the airship goes to from the home base (mobilization)
)
(A_WAR_SELECT_AIRSHIP, A_WAR_AIRSHIP_STEP, A_WAR_AIRSHIP_LOAD, A_WAR_AIRSHIP_UNLOAD,
 A_WAR_AIRSHIP_STOP, A_WAR_BOMBARD, A_WAR_BLITZ, A_WAR_SHIP_FIGHT, A_WAR_AIRSHIP_DONE,
 A_WAR_PLACE_AIRSHIP) = range(AIRSHIP_KIND_FIRST, AIRSHIP_KIND_FIRST + len(WAR_AIRSHIP_KINDS))
FIGHT_KIND_FIRST = 85
WAR_FIGHT_KINDS = ("war_fight",)   # a0 = territory whose war fight is fought next (the attacker's choice)
A_WAR_FIGHT = FIGHT_KIND_FIRST

# (first index, names) of each block, for layout.py
GAME_BLOCKS = ((GAME_FIRST, WAR_GAME_FIELDS),)
PHASE_BLOCKS = ((PHASE_FIRST, WAR_PHASES), (AIRSHIP_PHASE_FIRST, WAR_AIRSHIP_PHASES),
                (MOVE_PHASE_FIRST, WAR_MOVE_PHASES))
KIND_BLOCKS = ((KIND_FIRST, WAR_KINDS), (AIRSHIP_KIND_FIRST, WAR_AIRSHIP_KINDS),
               (FIGHT_KIND_FIRST, WAR_FIGHT_KINDS))


def state_fields(field, max_players, n_score_fields):
    """The fields closing the State record (blank, and never copied by copy_into, until a
    war starts: kernel/war/fields.py), built with layout's StateField and sizes."""
    return (
        field("war", (max_players, N_WAR_FIELDS), np.int32, 0,
              "war.players", "W_* per-player war values"),
        field("divisions", (max_players, N_LOC), np.int16, 0,
              "war.divisions", "All Out War divisions each player has on each location"),
        field("war_moved", (N_LOC, N_WAR_MOVED), np.int16, 0,
              "war.moved", "war Move: divisions on each location that walked (WM_WALKED: they may "
              "still be carried) or were carried (WM_CARRIED: they may still walk) this Move"),
        field("war_groups", (MAX_WAR_GROUPS, N_WAR_GROUP_FIELDS), np.int16, -1,
              "war.groups", "war Move: each attacking group (WG_*: territory entered, where from, "
              "divisions, mechs as unit-slot bits), -1 rows unused"),
        field("standard_score", (max_players, n_score_fields), np.int32, 0,
              "war.standard_score", "S_* score of the standard game, kept when the war starts"),
    )
