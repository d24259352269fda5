"""All Out War's airships at mobilization (seed 003, Mobilization Phase; with the Wind
Gambit only: each function tests the rule wind_gambit itself). When the standard game
ends every airship goes to its home base ("Move each faction's airship to the Home
Base"), its resources aboard removed with every other resource; in mobilization's final
step, after the mechs, each faction in place order moves it from the home base to a
territory it controls (PH_WAR_AIRSHIP_PLACE, mobilize.py); one that controls no land
keeps it at home, from where it may fly in the war."""
from scythe_sim.compiled.jit import njit

from ...enums import N_HEX, N_RES
from ...layout import AS_DESTROYED, AS_RES0
from ...variants.war.layout import A_WAR_PLACE_AIRSHIP
from ...variants.wind_gambit.rules import R_WIND_GAMBIT
from .board import home_of, place_spot, war_emit


@njit
def airships_home(s, t, n):
    """Seed 003: "Move each faction's airship to the Home Base"; the resources aboard are
    removed with every other resource."""
    if t.rules[R_WIND_GAMBIT] == 0:
        return
    for p in range(n):
        if s.airship[p, AS_DESTROYED] == 0:
            s.airship_loc[p] = home_of(s, t, p)
        for r in range(N_RES):
            s.airship[p, AS_RES0 + r] = 0


@njit
def airship_to_place(s, t, p):
    """p's airship waits at its home base for mobilization's final step, and p controls
    land to move it to."""
    if t.rules[R_WIND_GAMBIT] == 0 or s.airship[p, AS_DESTROYED] != 0:
        return False
    if s.airship_loc[p] != home_of(s, t, p):
        return False
    for loc in range(N_HEX):
        if place_spot(s, t, p, loc):
            return True
    return False


@njit
def legal_airship_place(s, t, p, out):
    n = 0
    for loc in range(N_HEX):
        if place_spot(s, t, p, loc):
            n = war_emit(out, n, A_WAR_PLACE_AIRSHIP, loc, 0, 0)
    return n


@njit
def put_war_airship(s, p, loc):
    s.airship_loc[p] = loc
