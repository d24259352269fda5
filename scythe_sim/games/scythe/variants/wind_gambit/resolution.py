"""The Wind Gambit's resolution tiles: the RP_* columns of ``tables.res_param`` (one row
per tile, row 0 no tile; enums.RESOLUTION_PARAMS names the columns, data/resolution.toml
says what each does)."""
from ...enums import RESOLUTION_PARAMS

(RP_TRIGGER_STARS, RP_TRIGGER_ROUNDS, RP_TRIGGER_TERRITORIES, RP_TRIGGER_FACTORY_STARS,
 RP_TRIGGER_COINS, RP_EXTRA_TURNS, RP_EXTRA_TURNS_BEHIND, RP_FACTORY_EXPLOSION,
 RP_SHARED_OBJECTIVES, RP_COMBAT_STAR_CAP, RP_MAX_STARS) = range(len(RESOLUTION_PARAMS))
