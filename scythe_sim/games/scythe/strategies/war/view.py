"""All Out War's part of the players' read-only view (strategies/view.py holds the
base game's): the war's layout, rules and rule queries its players read. The modules of
strategies/war/ reach the war's kernel through this module alone, as every strategy
module reaches the base kernel through view.py, so a change of the war's rules that its
players must follow shows up here."""
from ...kernel.war.airship import airship_in_war, bombard_most, drop_spot, war_loadable  # noqa: F401
from ...kernel.war.board import (enemy_at, home_of, in_war, territory_points, units_at,  # noqa: F401
                                 war_controller, war_points)
from ...kernel.war.combat import card_allowance as war_card_allowance  # noqa: F401
from ...kernel.war.mobilize import war_begun  # noqa: F401
from ...kernel.war.move import division_targets, mech_targets, movable  # noqa: F401
from ...variants.war.layout import (A_WAR_AIRSHIP_DONE, A_WAR_AIRSHIP_LOAD, A_WAR_AIRSHIP_STEP,  # noqa: F401
                                    A_WAR_AIRSHIP_STOP, A_WAR_AIRSHIP_UNLOAD, A_WAR_BLITZ, A_WAR_BOLSTER,
                                    A_WAR_BOMBARD, A_WAR_CARD, A_WAR_CORPS, A_WAR_DEPLOY_MECH, A_WAR_DIAL,
                                    A_WAR_END_CARDS, A_WAR_END_MOVE, A_WAR_FIGHT, A_WAR_FIGHT_ON,
                                    A_WAR_GAIN_COINS, A_WAR_LOAD, A_WAR_MOVE, A_WAR_PASS, A_WAR_PLACE,
                                    A_WAR_PLACE_AIRSHIP, A_WAR_PRODUCE, A_WAR_RETREAT, A_WAR_SELECT_AIRSHIP,
                                    A_WAR_SELECT_MECH, A_WAR_SHIP_FIGHT, A_WAR_STEP, A_WAR_STOP, A_WAR_SWAP,
                                    G_WAR_CARGO, G_WAR_MOVES_LEFT, G_WAR_PLACE_LEFT, G_WAR_QUIET_ROUNDS,
                                    G_WAR_STAGE, G_WAR_WINNER, PH_WAR_ACTION, PH_WAR_AIRSHIP,
                                    PH_WAR_AIRSHIP_END, PH_WAR_CARDS, PH_WAR_CORPS_SIZE, PH_WAR_DEPLOY,
                                    PH_WAR_DIAL, PH_WAR_FIGHT_PICK, PH_WAR_MECH, PH_WAR_MECH_STEP,
                                    PH_WAR_MOVE, PH_WAR_PLACE, PH_WAR_RETREAT, PH_WAR_SWAP, W_RECRUIT_POOL,
                                    W_WAR_TURNS)
from ...variants.war.rules import (R_WAR_AIRSHIP_BOMBARD_POWER, R_WAR_AIRSHIP_CARRY,  # noqa: F401
                                   R_WAR_AIRSHIP_DESTROY_MARGIN, R_WAR_CARD_DIVISIONS,
                                   R_WAR_MECH_CARRY, R_WAR_POINTS_TO_WIN, R_WAR_PRODUCE_COST,
                                   R_WAR_QUIET_ROUNDS)
