"""The one read-only view of the game strategies get (docs/ARCHITECTURE.md, "Strategies").

Every strategy module reaches the kernel, the layout, the tables and the enums through
this module alone (a test scans the imports), so a kernel change that strategies must
follow shows up here, in one place. It holds:

- the entry points a planner calls on its own scratch copy of the state
  (``legal_actions``, ``apply_action``, ``copy_into``, ``new_state``): they write only
  that copy (``Workspace.plan``), never the game's state;
- the rule queries strategies read (costs, counts, reach, objectives);
- the layout, tables and enum constants they read;
- the row conventions of ``legal_actions`` that strategies rely on (``skip_row``,
  ``highest_dial_row``, ``BOTTOM_ACTION_ROW``), each naming the kernel function that
  guarantees it (tests/test_strategy_view.py checks them in played games);
- the players' own abilities (``faction_ability``, ``mech_slot``), as setup set them.
"""
from scythe_sim.compiled.jit import njit

from ..enums import (HOME, BOLSTER, BUILD, CF_ANY_RESOURCES, CF_CARDS, CF_COINS, CF_FREE_ACTIONS,
                     CF_PAY_CARDS, CF_PAY_COINS, CF_PAY_POPULARITY, CF_PAY_POWER, CF_POPULARITY,
                     CF_POWER, CF_PRODUCE, CF_RES0, CF_WORKERS, CUBE_CARDS, CUBE_POWER, DEPLOY,
                     DOMINATE, ENLIST, FACTIONS, FACTORY_SECTION, LAKE, MATS, MOVE, N_CARD_VALUES,
                     N_HEX, N_LOC, N_OBJECTIVES, N_RES, N_SECTIONS, ONE_TIME_BONUSES, PRODUCE, STAR_COMBAT,
                     STAR_OBJECTIVE, TRADE, UPGRADE)
from ..enums import (EXALT, MAIFUKU, N_TRAP_PENALTIES, RALLY, RELENTLESS, RONIN, SHIELD, SHINOBI,  # noqa: F401
                     SWORD, TOKEN_DISARMED0, TOKEN_FLAG, TOKEN_NONE, TOKEN_TRAP0, TRAP_CARDS,
                     TRAP_COINS, TRAP_POPULARITY, TRAP_POWER)
from ..kernel.apply import apply_action
from ..kernel.board import (controller, count_mechs, count_workers, enemy_presence, mech_slot, mechs_deployed,
                            pieces_on, recruits_enlisted, structures_built, upgrades_done, workers_on_board)
from ..kernel.board import OCC_BITS, has_ability  # noqa: F401
from ..kernel.bottom import benefit_possible, bottom_cost, can_pay
from ..kernel.cards import hand_size
from ..kernel.combat import card_allowance, opponent_in_combat
from ..kernel.combat import combat_units  # noqa: F401
from ..kernel.gains import RES_BITS
from ..kernel.invaders.tokens import (flag_counts, flags_placed, is_armed_trap, is_disarmed_trap,  # noqa: F401
                             scoring_controller, trap_placed)
from ..kernel.legal import legal_actions
from ..kernel.movement import step_targets
from ..kernel.objectives import objective_holds, objective_progress
from ..kernel.scoring import structure_feature_count
from ..layout import (A_ARTILLERY, A_PLACE_FLAG, A_PLACE_TRAP, A_RETREAT_LAKE, A_RONIN,  # noqa: F401
                      PH_ARTILLERY, PH_PLACE_TOKEN, PH_RETREAT, PH_RONIN)
from ..tables import IFA_FLAGS  # noqa: F401
# The Wind Gambit (kernel/wind_gambit/airship.py): the airship's fields, rows and tile parameters
from ..variants.wind_gambit.airships import (KIND_BLITZKRIEG, KIND_HARASS, KIND_STOP_GAIN, KIND_TOLL,  # noqa: F401
                                             TILE_KIND, TILE_RANGE, TILE_WHERE, WHERE_ANY, WHERE_ENCOUNTER,
                                             WHERE_OPPONENT, WHERE_VILLAGE)
from ..kernel.wind_gambit.airship import aggressive_param, opponents_with_units, passive_param  # noqa: F401
from ..layout import (A_AIRSHIP_ATTACK, A_AIRSHIP_LAND, A_AIRSHIP_LOAD, A_AIRSHIP_STEP,  # noqa: F401
                      A_SELECT_AIRSHIP, AS_RES0, AS_STEPS, G_STEPS_LEFT, PH_AIRSHIP)
from ..enums import VILLAGE  # noqa: F401
# ... what the purposeful airship and the resolution tiles' values read (airship.py, value.py)
from ..variants.wind_gambit.airships import (CARRY_WORKERS, KIND_BOMBARD, KIND_HAVEN, TILE_CAPACITY,  # noqa: F401
                                             TILE_CARRY, TILE_GAIN_COINS, TILE_GAIN_POPULARITY, TILE_GAIN_POWER,
                                             TILE_LOSS1, TILE_OPP_COINS, TILE_OPP_POPULARITY, TILE_OPP_POWER,
                                             TILE_SELF_POPULARITY)
from ..kernel.wind_gambit.airship import can_drop_off, cargo_total, haven_owner, workers_aboard  # noqa: F401
from ..kernel.wind_gambit.landing import reach_mask  # noqa: F401
from ..layout import A_AIRSHIP_UNLOAD, A_RETREAT_HAVEN  # noqa: F401
from ..kernel.scoring import score_total  # noqa: F401
from ..kernel.wind_gambit.resolution import shared_objective  # noqa: F401
from ..enums import MAX_SHARED_OBJECTIVES  # noqa: F401
from ..layout import (A_AIRSHIP_BOARD, A_PAY_AIRSHIP, AS_WORKERS, G_RES_LAST_TURN,  # noqa: F401
                      G_RES_TRIGGER, G_UNITS_LEFT)
from ..variants.wind_gambit.resolution import (RP_EXTRA_TURNS, RP_FACTORY_EXPLOSION,  # noqa: F401
                                               RP_TRIGGER_FACTORY_STARS, RP_TRIGGER_STARS,
                                               RP_TRIGGER_TERRITORIES)
from ..kernel.state import copy_into, new_state
from ..kernel.wind_gambit.resolution import combat_star_cap, rounds_to_end, star_cap_reached  # noqa: F401
from ..layout import G_RES_TILE  # noqa: F401
from ..kernel.top import produce_cost
from ..kernel.turn import give_turn_to
from ..kernel.war.board import enemy_at, home_of, in_war, territory_points, units_at, war_controller, war_points
from ..kernel.war.combat import card_allowance as war_card_allowance
from ..kernel.war.mobilize import war_begun
from ..kernel.war.move import division_targets, mech_targets, movable
from ..layout import (A_WAR_BOLSTER, A_WAR_CARD, A_WAR_CORPS, A_WAR_DEPLOY_MECH, A_WAR_DIAL,
                      A_WAR_END_CARDS, A_WAR_END_MOVE, A_WAR_FIGHT, A_WAR_FIGHT_ON, A_WAR_GAIN_COINS,
                      A_WAR_LOAD, A_WAR_MOVE, A_WAR_PASS, A_WAR_PLACE, A_WAR_PRODUCE,
                      A_WAR_RETREAT, A_WAR_SELECT_MECH, A_WAR_STEP, A_WAR_STOP, A_WAR_SWAP,
                      G_WAR_CARGO, G_WAR_MOVES_LEFT, G_WAR_PLACE_LEFT, G_WAR_QUIET_ROUNDS, G_WAR_STAGE, PH_WAR_ACTION, PH_WAR_CARDS,
                      PH_WAR_DEPLOY, PH_WAR_DIAL, PH_WAR_MECH, PH_WAR_MECH_STEP, PH_WAR_MOVE,
                      PH_WAR_CORPS_SIZE, PH_WAR_FIGHT_PICK, PH_WAR_PLACE, PH_WAR_RETREAT, PH_WAR_SWAP, W_RECRUIT_POOL)
from ..layout import G_WAR_WINNER, W_WAR_TURNS  # noqa: F401
from ..layout import (ACTION_WIDTH, A_BOLSTER_CARDS, A_BOLSTER_POWER, A_BOTTOM, A_BUILD,
                      A_COMBAT_CARD, A_DEPLOY, A_DIAL, A_ENCOUNTER_OPTION, A_END_CARDS,
                      A_END_MOVE, A_ENLIST, A_GAIN_COINS, A_GAIN_RESOURCES, A_MOVE,
                      A_PAY_RESOURCE, A_PICK_RESOURCE, A_PICK_WORKER, A_DROP_WORKER, A_PRODUCE,
                      A_PRODUCE_HEX, A_REVEAL_OBJECTIVE, A_SECTION,
                      A_SELECT_UNIT, A_SKIP, A_STEP, A_STOP, A_TAKE_FACTORY, A_TRADE_POPULARITY,
                      A_TRADE_RESOURCES, A_UPGRADE, G_ACTIVE, G_ATK_CARDS, G_ATK_DIAL, G_ATK_NCARDS,
                      G_CARGO_MASK, G_COMBATS, G_COMBAT_HEX, G_DECIDER, G_DEFENDER, G_DEF_CARDS, G_DEF_DIAL, G_DEF_NCARDS,
                      G_ENC_CARD, G_FACTORY_POOL, G_GAME_OVER, G_MOVED_MASK, G_MOVER,
                      G_N_PLAYERS, G_PHASE, G_ROUND, G_SB_TILE, G_SECTION, G_STEPS_TAKEN, G_TURN,
                      MAX_ACTIONS, MAX_PLAYERS, N_STRUCTURES, N_UNITS, OFF_BOARD, PH_BOTTOM,
                      PH_BOTTOM_BENEFIT, PH_COMBAT_CARDS, PH_COMBAT_DIAL, PH_ENCOUNTER,
                      PH_END_TURN, PH_FACTORY_PICK, PH_FREE_ACTION, PH_GAIN_RESOURCES,
                      PH_MOVE_STEP, PH_MOVE_UNIT, PH_PAY, PH_PRODUCE, PH_SECTION, PH_TOP,
                      PH_TRADE_HEX, P_ABILITY, P_COINS, P_CUBE0, P_FACTION, P_FACTORY_CARD, P_MAT,
                      P_LAST_SECTION, P_OBJECTIVES_DONE, P_OBJECTIVE_A, P_OBJECTIVE_B, P_POPULARITY,
                      P_POWER, P_SEAT, P_STARS, P_TURNS, STATE_DTYPE, STRATEGY_STREAM_ID, State, UNIT_CHARACTER, UNIT_MECH0,
                      UNIT_WORKER0)
# Airship against airship (kernel/wind_gambit/airship_combat.py) and All Out War's airship rules
# (kernel/war/airship.py)
from ..layout import (A_SHIP_CARD, A_SHIP_DIAL, A_WAR_AIRSHIP_DONE, A_WAR_AIRSHIP_LOAD,  # noqa: F401
                      A_WAR_AIRSHIP_STEP, A_WAR_AIRSHIP_STOP, A_WAR_AIRSHIP_UNLOAD, A_WAR_BLITZ,
                      A_WAR_BOMBARD, A_WAR_PLACE_AIRSHIP, A_WAR_SELECT_AIRSHIP, A_WAR_SHIP_FIGHT, AS_DESTROYED,
                      AS_DIVISIONS, AS_PASSIVE, G_HERE_MASK,
                      PH_SHIP_CARDS, PH_SHIP_DIAL, PH_WAR_AIRSHIP, PH_WAR_AIRSHIP_END)
from ..variants.war.rules import (R_WAR_AIRSHIP_BOMBARD_POWER, R_WAR_AIRSHIP_CARRY,  # noqa: F401
                                  R_WAR_AIRSHIP_DESTROY_MARGIN)
from ..kernel.war.airship import airship_in_war, bombard_most, drop_spot, war_loadable  # noqa: F401
from ..kernel.wind_gambit.airship_combat import SHIP_CARDS  # noqa: F401
from ..tables import R_COMBAT_STAR_CAP, R_DIAL_MAX, R_POWER_MAX
from ..variants.war.rules import (R_WAR_CARD_DIVISIONS, R_WAR_MECH_CARRY, R_WAR_POINTS_TO_WIN,
                                  R_WAR_PRODUCE_COST, R_WAR_QUIET_ROUNDS)

# --- Row conventions of legal_actions ----------------------------------------------------
# In the bottom-action decision (kernel/bottom.py: legal_bottom, kernel/factory.py:
# legal_factory_bottom) row 0 is the bottom action when it can be taken, else the Skip.
BOTTOM_ACTION_ROW = 0


@njit
def skip_row(n):
    """The row that declines or closes a decision, among n rows: Skip (top action:
    kernel/top.py legal_top, kernel/factory.py legal_factory_top; bottom action:
    legal_bottom, legal_factory_bottom; end of turn: kernel/legal.py legal_actions),
    End moves (legal.py _legal_move_unit), Stop (legal.py _legal_move_step; none is
    offered to a mover on a lake or a home base with cargo, whose last row then steps
    on or picks up more, so skip_row goes on moving) and End
    cards (kernel/combat.py legal_combat). Each emits it last, except that reveal rows
    follow it in the section and bottom decisions (legal.py legal_actions appends
    objectives.py legal_reveals): a strategy takes a reveal row before it asks."""
    return n - 1


@njit
def highest_dial_row(n):
    """In the combat dial decision, the row setting the highest dial the decider can:
    kernel/combat.py legal_combat lists the dials 0, 1, ... in order, row v setting v."""
    return n - 1


# --- Abilities -------------------------------------------------------------------------
# Each player's abilities are its own fields, set at setup (kernel/setup.set_abilities):
# strategies read them, never the faction tables, so ability swaps stay a setup matter.
@njit
def seat_faction(s, seat):
    """The faction (enums.FACTIONS id) of the player sitting in `seat`."""
    for p in range(s.game[G_N_PLAYERS]):
        if s.player[p, P_SEAT] == seat:
            return s.player[p, P_FACTION]
    return -1


@njit
def faction_ability(s, p):
    """p's faction ability (enums.FACTION_ABILITIES id)."""
    return s.player[p, P_ABILITY]
