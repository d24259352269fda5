"""Togawa's Ronin (Invaders from Afar): "when you have exactly 1 character or mech and no
workers in a combat, you may gain 2 power" before the fight. A choice in the standard
game's combat (PH_RONIN: a ronin row or the Skip, kernel/combat.go_on_before_combat asks
here); All Out War's fights take it whenever it can act, as they take Artillery."""
from scythe_sim.compiled.jit import njit

from ...enums import RONIN
from ...layout import P_POWER, UNIT_WORKER0
from ...tables import R_POWER_MAX
from ..board import count_workers, has_ability, note_mech_ability

RONIN_POWER = 2


@njit
def ronin_possible(s, t, a, loc):
    """a holds Ronin with exactly one character or mech and no worker on loc."""
    if not has_ability(s, t, a, RONIN) or count_workers(s, a, loc) != 0:
        return False
    fighters = 0
    for u in range(UNIT_WORKER0):
        fighters += s.unit_loc[a, u] == loc
    return fighters == 1


@njit
def take_ronin(s, t, a):
    s.player[a, P_POWER] = min(s.player[a, P_POWER] + RONIN_POWER, t.rules[R_POWER_MAX])
    note_mech_ability(s, a, RONIN)
