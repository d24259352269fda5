"""The Wind Gambit's part of the players' read-only view (strategies/view.py holds the
base game's): the airship's fields, rows and tile parameters, the resolution tiles' and
the rule queries the variant's players read. The modules of strategies/wind_gambit/ reach
the variant's kernel through this module alone, as every strategy module reaches the
base kernel through view.py."""
from ...kernel.wind_gambit.airship import (aggressive_param, can_drop_off, cargo_total,  # noqa: F401
                                           haven_owner, opponents_with_units, passive_param,
                                           workers_aboard)
from ...kernel.wind_gambit.airship_combat import SHIP_CARDS  # noqa: F401
from ...kernel.wind_gambit.landing import reach_mask  # noqa: F401
from ...kernel.wind_gambit.resolution import rounds_to_end, shared_objective  # noqa: F401
from ...layout import (A_AIRSHIP_ATTACK, A_AIRSHIP_BOARD, A_AIRSHIP_LAND, A_AIRSHIP_LOAD,  # noqa: F401
                       A_AIRSHIP_STEP, A_AIRSHIP_UNLOAD, A_PAY_AIRSHIP, A_SELECT_AIRSHIP,
                       A_SHIP_CARD, A_SHIP_DIAL, AS_DESTROYED, AS_DIVISIONS, AS_PASSIVE, AS_RES0,
                       AS_STEPS, AS_WORKERS, G_RES_LAST_TURN, G_RES_TILE, G_RES_TRIGGER,
                       PH_AIRSHIP, PH_SHIP_CARDS, PH_SHIP_DIAL)
from ...variants.wind_gambit.airships import (CARRY_WORKERS, KIND_BLITZKRIEG, KIND_BOMBARD,  # noqa: F401
                                              KIND_HARASS, KIND_HAVEN, KIND_STOP_GAIN, KIND_TOLL,
                                              TILE_CAPACITY, TILE_CARRY, TILE_GAIN_COINS,
                                              TILE_GAIN_POPULARITY, TILE_GAIN_POWER, TILE_KIND,
                                              TILE_LOSS1, TILE_OPP_COINS, TILE_OPP_POPULARITY,
                                              TILE_OPP_POWER, TILE_RANGE, TILE_SELF_POPULARITY,
                                              TILE_WHERE, WHERE_ANY, WHERE_ENCOUNTER, WHERE_OPPONENT,
                                              WHERE_VILLAGE)
from ...variants.wind_gambit.resolution import (RP_EXTRA_TURNS, RP_FACTORY_EXPLOSION,  # noqa: F401
                                                RP_TRIGGER_FACTORY_STARS, RP_TRIGGER_STARS,
                                                RP_TRIGGER_TERRITORIES)
