"""What a played game records of The Wind Gambit, written by play.py through the
registration (kernel/variant_play.py): the resolution tile and the airship tiles in the
game's result row, each seat's airship uses and own tiles in its row (docs/schema.md;
0 without them). Each writer is given the first column of the variant's block."""
from scythe_sim.compiled.jit import njit

from ...layout import AIRSHIP_USES, AS_AGGRESSIVE, AS_PASSIVE, G_RES_TILE, G_RES_TRIGGER, N_AIRSHIP_USES, USE_AIRSHIP0
from ...variants.wind_gambit.rules import R_AIRSHIP_PER_PLAYER

# The game's row: the Resolution Module's tile played (0 none) and who triggered its end
# (-1 none); the airship tile numbers all players share (0 = no airships, or a tile pair
# per player)
WIND_GAME_RESULTS = ("resolution_tile", "resolution_trigger", "airship_aggressive", "airship_passive")
RR_TILE, RR_TRIGGER, RR_AGGRESSIVE, RR_PASSIVE = range(len(WIND_GAME_RESULTS))
# A seat's row: its airship uses (layout.AIRSHIP_USES as airship_<use>), its own tiles
WIND_SEAT_USES = tuple(f"airship_{name}" for name in AIRSHIP_USES)
WIND_SEAT_TILES = ("airship_aggressive", "airship_passive")
WIND_SEAT_RESULTS = WIND_SEAT_USES + WIND_SEAT_TILES
_OWN_AGGRESSIVE = N_AIRSHIP_USES
_OWN_PASSIVE = _OWN_AGGRESSIVE + 1


@njit
def record_wind_game(s, t, game_row, c0):
    game_row[c0 + RR_TILE] = s.game[G_RES_TILE]
    game_row[c0 + RR_TRIGGER] = s.game[G_RES_TRIGGER] - 1
    shared = t.rules[R_AIRSHIP_PER_PLAYER] == 0   # with a pair per player (even one that happens to match) 0
    game_row[c0 + RR_AGGRESSIVE] = s.airship[0, AS_AGGRESSIVE] if shared else 0
    game_row[c0 + RR_PASSIVE] = s.airship[0, AS_PASSIVE] if shared else 0


@njit
def record_wind_seat(s, p, row, c0):
    for k in range(N_AIRSHIP_USES):
        row[c0 + k] = s.ability_uses[p, USE_AIRSHIP0 + k]
    row[c0 + _OWN_AGGRESSIVE] = s.airship[p, AS_AGGRESSIVE]
    row[c0 + _OWN_PASSIVE] = s.airship[p, AS_PASSIVE]
