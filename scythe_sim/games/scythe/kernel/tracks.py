"""The power and popularity tracks: a gain stops at the track's top (house rules
power_max and popularity_max). Every rule that gains power or popularity, the standard
game's and the war's, comes here."""
from scythe_sim.compiled.jit import njit_inline

from ..layout import P_POPULARITY, P_POWER
from ..tables import R_POPULARITY_MAX, R_POWER_MAX


@njit_inline
def gain_power(s, t, p, amount):
    """A gain never lowers power: past the top only after a capitulation with the war's
    power cap off (war_capitulation_power_cap = 0), where a gain keeps what is held."""
    v = s.player[p, P_POWER] + amount
    cap = max(t.rules[R_POWER_MAX], s.player[p, P_POWER])
    s.player[p, P_POWER] = v if v < cap else cap


@njit_inline
def gain_popularity(s, t, p, amount):
    v = s.player[p, P_POPULARITY] + amount
    cap = t.rules[R_POPULARITY_MAX]
    s.player[p, P_POPULARITY] = v if v < cap else cap
