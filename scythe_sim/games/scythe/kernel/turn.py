"""The turn frame: section choice, stars and the end of a turn (the end of the game: ending.py)."""
from scythe_sim.compiled.jit import njit

from ..enums import (FACTORY_SECTION, N_CUBES, N_RES, N_SECTIONS, RELENTLESS, STAR_MECHS,
                     STAR_POPULARITY, STAR_POWER, STAR_RECRUITS, STAR_STRUCTURES, STAR_UPGRADES,
                     STAR_WORKERS)
from ..layout import (G_ACTIVE, G_CARGO_MASK, G_CARGO_RES0, G_COERCION_USED, G_COMBAT_HEX,
                      G_DECIDER, G_DEFENDER, G_ENC_CARD, G_ENC_DONE, G_FREE_MASK, G_GAIN_ANY,
                      G_GAIN_LOC, G_GAME_OVER, G_HERE_MASK, G_MILL_LEFT, G_MOVED_MASK, G_MOVER,
                      G_N_PLAYERS, G_PAY_LEFT, G_PAY_RES, G_PHASE, G_PRODUCE_LEFT, G_ROUND,
                      G_SECTION, G_STEPS_LEFT, G_STEPS_TAKEN, G_TRADE_A, G_TRADE_B, G_TURN,
                      G_TOKA_USED, G_TOKEN_OFFERED, G_UNITS_LEFT, G_WARNING, N_WORKERS, PH_SECTION, PH_TOP, P_ABILITY,
                      P_FACTORY_CARD, P_LAST_SECTION, P_POPULARITY, P_POWER, P_STARS, P_TURNS)
from ..tables import R_POPULARITY_MAX, R_POWER_MAX, R_RELENTLESS_FACTORY
from .board import (mechs_deployed, note_faction_ability, recruits_enlisted, structures_built,
                    upgrades_done, workers_on_board)
from .ending import after_round, after_star, after_turn
from .variants import clear_turn, star_cap_reached, stars_closed


@njit
def place_star(s, t, p, kind):
    """Place a star of this kind; True when it was the game-ending one. A player at the
    Resolution Module's cap places none."""
    if star_cap_reached(s, t, p):
        return False
    if s.stars[p, kind] == 0:
        s.star_turn[p, kind] = s.game[G_TURN]
    s.stars[p, kind] += 1
    s.player[p, P_STARS] += 1
    return after_star(s, t, p)


@njit
def _achieved(s, t, p, kind):
    if kind == STAR_UPGRADES:
        return upgrades_done(s, p) >= N_CUBES
    if kind == STAR_MECHS:
        return mechs_deployed(s, p) >= 4
    if kind == STAR_STRUCTURES:
        return structures_built(s, p) >= 4
    if kind == STAR_RECRUITS:
        return recruits_enlisted(s, p) >= N_SECTIONS
    if kind == STAR_WORKERS:
        return workers_on_board(s, p) >= N_WORKERS
    if kind == STAR_POPULARITY:
        return s.player[p, P_POPULARITY] >= t.rules[R_POPULARITY_MAX]
    if kind == STAR_POWER:
        return s.player[p, P_POWER] >= t.rules[R_POWER_MAX]
    return False


# Star kinds a player earns by reaching a mark on the triumph track (objective and
# combat stars are placed by their own rules).
_TRACK_KINDS = (STAR_UPGRADES, STAR_MECHS, STAR_STRUCTURES, STAR_RECRUITS, STAR_WORKERS,
                STAR_POPULARITY, STAR_POWER)


@njit
def check_stars(s, t, p):
    """Place every star p has newly earned; True when the game has ended (or, with All
    Out War, the war has started: stars are no longer placed)."""
    if s.game[G_GAME_OVER] or stars_closed(s):
        return True
    for kind in _TRACK_KINDS:
        if s.stars[p, kind] == 0 and _achieved(s, t, p, kind):
            if place_star(s, t, p, kind):
                return True
    return False


@njit
def clear_turn_scratch(s):
    s.game[G_SECTION] = -1
    s.game[G_UNITS_LEFT] = 0
    s.game[G_MOVED_MASK] = 0
    s.game[G_MOVER] = -1
    s.game[G_STEPS_LEFT] = 0
    s.game[G_STEPS_TAKEN] = 0
    s.game[G_CARGO_MASK] = 0
    for r in range(N_RES):
        s.game[G_CARGO_RES0 + r] = 0
    s.game[G_HERE_MASK] = 0
    s.game[G_PRODUCE_LEFT] = 0
    s.game[G_MILL_LEFT] = 0
    s.game[G_PAY_RES] = -1
    s.game[G_PAY_LEFT] = 0
    s.game[G_COERCION_USED] = 0
    s.game[G_TRADE_A] = -1
    s.game[G_TRADE_B] = -1
    s.game[G_COMBAT_HEX] = -1
    s.game[G_DEFENDER] = -1
    s.game[G_ENC_CARD] = -1
    s.game[G_ENC_DONE] = 0
    s.game[G_GAIN_LOC] = -1
    s.game[G_GAIN_ANY] = 0
    s.game[G_FREE_MASK] = 0
    s.game[G_WARNING] = 0
    s.game[G_TOKA_USED] = 0
    s.game[G_TOKEN_OFFERED] = 0
    clear_turn(s)


@njit
def start_turn(s):
    p = s.game[G_ACTIVE]
    clear_turn_scratch(s)
    s.game[G_DECIDER] = p
    s.player[p, P_TURNS] += 1
    s.game[G_TURN] += 1
    s.game[G_PHASE] = PH_SECTION


@njit
def give_turn_to(s, p):
    """For a planner's scratch copy only: the turn now starting is p's (the players
    between are skipped), so a plan can play p's next turn right after this one."""
    s.game[G_ACTIVE] = p
    start_turn(s)


@njit
def end_turn(s, t):
    """Pass play to the left; stop the game at the turn cap (or the resolution tile's end)."""
    p = s.game[G_ACTIVE]
    s.player[p, P_LAST_SECTION] = s.game[G_SECTION]
    nxt = p + 1
    if nxt >= s.game[G_N_PLAYERS]:
        nxt = 0
        s.game[G_ROUND] += 1
        if after_round(s, t):
            clear_turn_scratch(s)
            return
    if after_turn(s, t, p):
        clear_turn_scratch(s)
        return
    s.game[G_ACTIVE] = nxt
    start_turn(s)


@njit
def section_allowed(s, t, p, section):
    """Not the section used last turn (Relentless may repeat a mat section; the Factory
    card only under the pre-2022 house rule); the fifth section needs a Factory card."""
    if section == FACTORY_SECTION and s.player[p, P_FACTORY_CARD] < 0:
        return False
    if section != s.player[p, P_LAST_SECTION]:
        return True
    if s.player[p, P_ABILITY] != RELENTLESS:
        return False
    return section != FACTORY_SECTION or t.rules[R_RELENTLESS_FACTORY] != 0


@njit
def choose_section(s, section):
    p = s.game[G_ACTIVE]
    if section == s.player[p, P_LAST_SECTION]:   # only Relentless may repeat a section
        note_faction_ability(s, p, RELENTLESS)
    s.game[G_SECTION] = section
    s.game[G_PHASE] = PH_TOP
