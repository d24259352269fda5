"""The one read-only view of the game strategies get (docs/ARCHITECTURE.md, "Strategies").

Every strategy module reaches the kernel, the layout, the tables and the enums through
this module alone (a test scans the imports), so a kernel change that strategies must
follow shows up here, in one place; a variant's players (strategies/war/,
strategies/wind_gambit/) reach their variant's rules through their folder's own view.py.
It holds:

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
from ..enums import MAX_SHARED_OBJECTIVES, VILLAGE  # noqa: F401
from ..kernel.scoring import score_total  # noqa: F401
from ..kernel.state import copy_into, new_state
# Mission Possible's combat stars (The Wind Gambit's resolution tile), through the rules' registration
from ..kernel.variants import combat_star_cap, star_cap_reached  # noqa: F401
from ..kernel.top import produce_cost
from ..kernel.turn import give_turn_to
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
from ..layout import A_RETREAT_HAVEN, G_HERE_MASK, G_STEPS_LEFT, G_UNITS_LEFT  # noqa: F401
from ..tables import R_COMBAT_STAR_CAP, R_DIAL_MAX, R_POWER_MAX

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
