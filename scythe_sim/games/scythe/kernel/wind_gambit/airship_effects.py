"""The Wind Gambit: the airship's decision point (PH_AIRSHIP) and its tiles' effects on
the tracks: the aggressive attacks (bombard, Blitzkrieg) and the end-of-move effects
(harass, stop_gain). Movement and cargo: airship.py."""
from scythe_sim.compiled.jit import njit
from scythe_sim.compiled.rows import emit

from ...variants.wind_gambit.airships import (KIND_BLITZKRIEG, KIND_BOMBARD, KIND_HARASS, KIND_STOP_GAIN,
                                              TILE_GAIN_COINS, TILE_GAIN_POPULARITY, TILE_GAIN_POWER, TILE_KIND,
                                              TILE_LOSS1, TILE_OPP_COINS, TILE_OPP_POPULARITY, TILE_OPP_POWER,
                                              TILE_SELF_POPULARITY, TILE_WHERE, WHERE_ANY, WHERE_ENCOUNTER,
                                              WHERE_OPPONENT, WHERE_VILLAGE)
from ...enums import N_HEX, N_RES, VILLAGE
from ...layout import (A_AIRSHIP_ATTACK, A_AIRSHIP_BOARD, A_AIRSHIP_LAND, A_AIRSHIP_LOAD,
                      A_AIRSHIP_STEP, A_AIRSHIP_STOP, A_AIRSHIP_UNLOAD,
                      AS_ATTACKED, AS_RES0, AS_STEPS, AS_WORKERS, G_ACTIVE, G_N_PLAYERS,
                      G_PHASE, G_UNITS_LEFT, PH_MOVE_UNIT, P_COINS, P_POPULARITY, P_POWER,
                      AU_ATTACKS, AU_GAINS)
from ..board import note_airship_use
from ..combat import next_combat
from ..tracks import gain_popularity, gain_power
from .airship import (aggressive_param, airship_step, board_worker, cargo_total, land_worker,
                      legal_airship_cargo, legal_airship_steps, load, opponents_with_units,
                      passive_param, unload)
from .airship_combat import start_ship_fight


@njit
def legal_airship(s, t, p, out, buf):
    """PH_AIRSHIP: steps while range is left, loads and unloads, the attack, and stop
    once no worker is aboard (a worker must be dropped off during the move)."""
    n = legal_airship_steps(s, t, p, out, 0, buf)
    n = legal_airship_cargo(s, t, p, out, n)
    n = _legal_attacks(s, t, p, out, n)
    if s.airship[p, AS_WORKERS] == 0:
        n = emit(out, n, A_AIRSHIP_STOP, 0, 0, 0)
    return n


@njit
def _legal_attacks(s, t, p, out, n):
    """Bombard: pay 1..3 resources aboard against an opponent with a unit on the
    airship's territory. Blitzkrieg: fight an opponent's airship there (no worker aboard).
    Once per airship move."""
    if s.airship[p, AS_ATTACKED] != 0:
        return n
    loc = s.airship_loc[p]
    kind = aggressive_param(s, t, p, TILE_KIND)
    if kind == KIND_BOMBARD and loc < N_HEX:
        targets = opponents_with_units(s, p, loc)
        paid = min(3, cargo_total(s, p))
        for q in range(s.game[G_N_PLAYERS]):
            if (targets >> q) & 1:
                for k in range(1, paid + 1):
                    n = emit(out, n, A_AIRSHIP_ATTACK, q, k, 0)
    elif kind == KIND_BLITZKRIEG and s.airship[p, AS_WORKERS] == 0:
        for q in range(s.game[G_N_PLAYERS]):
            if q != p and s.airship_loc[q] == loc:
                n = emit(out, n, A_AIRSHIP_ATTACK, q, 0, 0)
    return n


@njit
def is_airship_kind(kind):
    """A row of the airship's decision point (PH_AIRSHIP), named kind by kind."""
    return (kind == A_AIRSHIP_STEP or kind == A_AIRSHIP_LOAD or kind == A_AIRSHIP_UNLOAD
            or kind == A_AIRSHIP_BOARD or kind == A_AIRSHIP_LAND or kind == A_AIRSHIP_ATTACK
            or kind == A_AIRSHIP_STOP)


@njit
def apply_airship(s, t, p, kind, a0, a1):
    """One PH_AIRSHIP row."""
    if kind == A_AIRSHIP_STEP:
        airship_step(s, p, a0)
    elif kind == A_AIRSHIP_LOAD:
        load(s, p, a0, a1)
    elif kind == A_AIRSHIP_UNLOAD:
        unload(s, p, a0, a1)
    elif kind == A_AIRSHIP_BOARD:
        board_worker(s, p, a0)
    elif kind == A_AIRSHIP_LAND:
        land_worker(s, p, a0, a1)
    elif kind == A_AIRSHIP_ATTACK:
        s.airship[p, AS_ATTACKED] = 1
        if a1 > 0:
            _bombard(s, t, p, a0, a1)
        else:   # Blitzkrieg: a fight with dial and cards (airship_combat.py)
            start_ship_fight(s, t, p, a0)
    elif kind == A_AIRSHIP_STOP:
        _stop(s, t, p)


@njit
def _lose(s, p, field, amount):
    v = s.player[p, field] - amount
    s.player[p, field] = v if v > 0 else 0


@njit
def _bombard(s, t, p, q, k):
    """Pay k resources aboard (the lowest resource first): q loses loss[k] power."""
    left = k
    for r in range(N_RES):
        while left > 0 and s.airship[p, AS_RES0 + r] > 0:
            s.airship[p, AS_RES0 + r] -= 1
            left -= 1
    _lose(s, q, P_POWER, aggressive_param(s, t, p, TILE_LOSS1 + k - 1))
    note_airship_use(s, p, AU_ATTACKS, 1)


@njit
def _stop(s, t, p):
    """The airship ends its move: its end-of-move tile effects (when it flew: an airship
    parked on a territory does not act there every Move), then the Move goes on."""
    loc = s.airship_loc[p]
    if loc < N_HEX and s.airship[p, AS_STEPS] > 0:
        _end_of_move_effects(s, t, p, loc)
    s.game[G_PHASE] = PH_MOVE_UNIT
    if s.game[G_UNITS_LEFT] <= 0:
        next_combat(s, t, s.game[G_ACTIVE])


@njit
def _end_of_move_effects(s, t, p, loc):
    others = opponents_with_units(s, p, loc)
    if aggressive_param(s, t, p, TILE_KIND) == KIND_HARASS and others != 0:
        for q in range(s.game[G_N_PLAYERS]):
            if (others >> q) & 1:
                _lose(s, q, P_POWER, aggressive_param(s, t, p, TILE_OPP_POWER))
                _lose(s, q, P_POPULARITY, aggressive_param(s, t, p, TILE_OPP_POPULARITY))
                coins = min(s.player[q, P_COINS], aggressive_param(s, t, p, TILE_OPP_COINS))
                s.player[q, P_COINS] -= coins
                s.player[p, P_COINS] += coins
        gain_popularity(s, t, p, aggressive_param(s, t, p, TILE_SELF_POPULARITY))
        note_airship_use(s, p, AU_ATTACKS, 1)
    if passive_param(s, t, p, TILE_KIND) == KIND_STOP_GAIN and _where_matches(s, t, p, loc, others):
        gain_power(s, t, p, passive_param(s, t, p, TILE_GAIN_POWER))
        s.player[p, P_COINS] += passive_param(s, t, p, TILE_GAIN_COINS)
        gain_popularity(s, t, p, passive_param(s, t, p, TILE_GAIN_POPULARITY))
        note_airship_use(s, p, AU_GAINS, 1)


@njit
def _where_matches(s, t, p, loc, others):
    where = passive_param(s, t, p, TILE_WHERE)
    if where == WHERE_ANY:
        return True
    if where == WHERE_VILLAGE:
        return t.terrain[loc] == VILLAGE
    if where == WHERE_ENCOUNTER:
        return s.encounter_token[loc] != 0
    return where == WHERE_OPPONENT and others != 0
