"""check_invariants: what must hold after every step. Returns 0, or the first broken
invariant's code (INVARIANTS[code - 1] names it)."""
from scythe_sim.compiled.jit import njit, njit_entry

from ..enums import (DOMINATE, HOME, LAKE, N_CARD_VALUES, N_CUBES, N_FACTORY_CARDS, N_HEX,
                     N_LOC, N_OBJECTIVES, N_RES, N_SECTIONS, N_STAR_KINDS, N_STRUCTURES,
                     N_TOKEN_KINDS, N_TRAP_PENALTIES, SEAWORTHY, STAR_COMBAT, STAR_OBJECTIVE,
                     SUBMERGE, SUITON, TOKEN_NONE, TOKEN_TRAP0, WAYFARE)
from ..layout import (G_ACTIVE, G_CARGO_MASK, PH_MOVE_STEP, ERR_NONE, G_CARGO_RES0, G_ERROR, G_FACTORY_POOL, G_GAME_OVER,
                      G_N_PLAYERS, G_PHASE, MAX_PLAYERS, N_UNITS, OFF_BOARD, PH_GAME_OVER,
                      P_ABILITY, P_COINS, P_CUBE0, P_FACTION, P_FACTORY_CARD, P_MAT,
                      P_OBJECTIVES_DONE, P_OBJECTIVE_A, P_OBJECTIVE_B, P_ONETIME0,
                      P_POPULARITY, P_POWER, P_RECRUIT0, P_REDUCED0, P_STARS, UNIT_CHARACTER,
                      UNIT_WORKER0)
from ..tables import IFA_FLAGS, R_POPULARITY_MAX
from .board import has_ability, occupancy_count, structure_count_owner
from .invaders.tokens import flags_placed, trap_penalty
from .variants import (LATE_VARIANT_INVARIANTS, VARIANT_INVARIANTS, invariants, may_be_off_board, power_top,
                       shared_done, star_limit)

INVARIANTS = (
    "track out of range (power, popularity or coins)",
    "combat cards not conserved (hands + draw pile + discards != deck size)",
    "negative resource count on a hex or in cargo",
    "resources on a lake or a home base",
    "unit location out of range",
    "character or starting worker off the board",
    "worker on a lake or on another faction's home base",
    "character/mech on a lake without a lake ability",
    "character/mech on a home base it cannot be on",
    "structure on a lake, a home base, or two on one hex",
    "units of two factions share a hex where neither has a character or mech",
    "stars: count, kinds or total inconsistent",
    "technology cubes and covered cost boxes disagree",
    "recruits and one-time bonuses disagree",
    "phase inconsistent with game over",
    "encounter token on a hex without the encounter symbol",
    "Factory cards: one kept twice, kept and on the board, or more than players + 1",
    "objectives: star count, revealed cards and cards held disagree",
    "kernel error: an action kind or phase that no rule routes (game.turn_state.error)",
) + VARIANT_INVARIANTS + (   # codes 20.. (kernel/variants.py), the tokens', the variants' late ones, the occupancy's
    "faction tokens: a token without an owner (or the reverse), off the territories, more "
    "Flags than the supply or one Trap penalty twice",
) + LATE_VARIANT_INVARIANTS + (
    "occupancy or structure owners disagree with the pieces (a piece moved without "
    "board.put_unit / put_structure)",
)
TOKENS_CODE = 20 + len(VARIANT_INVARIANTS)
LATE_CODE = TOKENS_CODE + 1   # the first of LATE_VARIANT_INVARIANTS
OCCUPANCY_CODE = len(INVARIANTS)


@njit_entry
def check_invariants(s, t):
    if s.game[G_ERROR] != ERR_NONE:
        return 19
    for loc in range(N_LOC):
        if (s.occupancy[loc] != occupancy_count(s, loc)
                or s.structure_owner[loc] != structure_count_owner(s, loc)):
            return OCCUPANCY_CODE
    n = s.game[G_N_PLAYERS]
    for p in range(n):
        if not (0 <= s.player[p, P_POWER] <= power_top(s, t, p)):
            return 1
        if not (0 <= s.player[p, P_POPULARITY] <= t.rules[R_POPULARITY_MAX]):
            return 1
        if s.player[p, P_COINS] < 0:
            return 1
    cards = 0
    for v in range(N_CARD_VALUES):
        cards += s.deck[0, v] + s.deck[1, v]
        if s.deck[0, v] < 0 or s.deck[1, v] < 0:
            return 2
        for p in range(MAX_PLAYERS):
            if s.hand[p, v] < 0:
                return 2
            cards += s.hand[p, v]
    deck_size = 0
    for v in range(N_CARD_VALUES):
        deck_size += t.card_counts[v]
    if cards != deck_size:
        return 2
    code = _check_resources(s, t)
    if code:
        return code
    for p in range(n):
        code = _check_units(s, t, p)
        if code:
            return code
        code = _check_player_mat(s, t, p)
        if code:
            return code
    code = _check_sharing(s, n)
    if code:
        return code
    if (s.game[G_GAME_OVER] != 0) != (s.game[G_PHASE] == PH_GAME_OVER):
        return 15
    for loc in range(N_LOC):
        if s.encounter_token[loc] != 0 and (loc >= N_HEX or not t.has_encounter[loc]):
            return 16
    if not _factory_cards_ok(s, n):
        return 17
    for p in range(n):
        if not _objectives_ok(s, t, p):
            return 18
    if not _tokens_ok(s, t, n):
        return TOKENS_CODE
    return invariants(s, t, n, 20, LATE_CODE)


@njit
def _tokens_ok(s, t, n):
    """Flags and Traps are conserved: each token on a territory has an owner in the game,
    no owner has more Flags than its supply or a Trap of one penalty twice."""
    for loc in range(N_LOC):
        kind = s.token_kind[loc]
        owner = s.token_owner[loc]
        if (kind == TOKEN_NONE) != (owner == -1):
            return False
        if kind == TOKEN_NONE:
            continue
        if loc >= N_HEX or not (0 <= owner < n) or not (0 < kind < N_TOKEN_KINDS):
            return False
    for p in range(n):
        if flags_placed(s, p) > t.ifa_const[IFA_FLAGS]:
            return False
        for k in range(N_TRAP_PENALTIES):
            c = 0
            for loc in range(N_HEX):
                kind = s.token_kind[loc]
                if s.token_owner[loc] == p and kind >= TOKEN_TRAP0 and trap_penalty(kind) == k:
                    c += 1
            if c > 1:
                return False
    return True


@njit
def _factory_cards_ok(s, n):
    seen = s.game[G_FACTORY_POOL]
    if seen < 0 or seen >= (1 << N_FACTORY_CARDS):
        return False
    count = 0
    for c in range(N_FACTORY_CARDS):
        count += (seen >> c) & 1
    for p in range(n):
        c = s.player[p, P_FACTORY_CARD]
        if c == -1:
            continue
        if c < 0 or c >= N_FACTORY_CARDS or (seen >> c) & 1:
            return False
        seen |= 1 << c
        count += 1
    return count <= n + 1


@njit
def _objectives_ok(s, t, p):
    """One objective star per revealed card; a non-Saxony player who scored holds none."""
    done = s.player[p, P_OBJECTIVES_DONE]
    revealed = 0
    for c in range(N_OBJECTIVES):
        revealed += (done >> c) & 1
    if revealed != s.stars[p, STAR_OBJECTIVE]:
        return False
    saxony = s.player[p, P_ABILITY] == DOMINATE
    shared = shared_done(s, p)     # Mission Possible's shared cards, beside one's own
    revealed -= shared
    if revealed > (2 if saxony else 1):
        return False
    held = 0
    for field in (P_OBJECTIVE_A, P_OBJECTIVE_B):
        c = s.player[p, field]
        if c >= 0:
            held += 1
            if (done >> c) & 1:
                return False
    return saxony or revealed == 0 or held == 0


@njit
def _check_resources(s, t):
    for r in range(N_RES):
        if s.game[G_CARGO_RES0 + r] < 0:
            return 3
        for loc in range(N_LOC):
            if s.hex_res[loc, r] < 0:
                return 3
            if s.hex_res[loc, r] > 0 and (t.terrain[loc] == LAKE or t.terrain[loc] == HOME):
                return 4
    return 0


@njit
def _check_units(s, t, p):
    faction = s.player[p, P_FACTION]
    own_home = t.home_loc[faction]
    lake_unit_ok = (has_ability(s, t, p, SEAWORTHY) or has_ability(s, t, p, SUBMERGE)
                    or has_ability(s, t, p, SUITON))
    for u in range(N_UNITS):
        loc = s.unit_loc[p, u]
        if loc == OFF_BOARD:
            # a variant may take them off (a war's mobilization, a capitulation, an airship)
            if not may_be_off_board(s, p, u) and (u == UNIT_CHARACTER or u == UNIT_WORKER0 or u == UNIT_WORKER0 + 1):
                return 6
            continue
        if loc < 0 or loc >= N_LOC:
            return 5
        ter = t.terrain[loc]
        if u >= UNIT_WORKER0:
            carried = (s.game[G_ACTIVE] == p and s.game[G_PHASE] == PH_MOVE_STEP
                       and (s.game[G_CARGO_MASK] >> u) & 1)   # passing a lake or home base
            if (ter == LAKE or (ter == HOME and loc != own_home)) and not carried:
                return 7
        else:
            if ter == LAKE and not lake_unit_ok:
                return 8
            if ter == HOME and loc != own_home and not has_ability(s, t, p, WAYFARE):
                return 9
    for k in range(N_STRUCTURES):
        loc = s.struct_loc[p, k]
        if loc == OFF_BOARD:
            continue
        if loc >= N_HEX or t.terrain[loc] == LAKE:
            return 10
        for q in range(s.game[G_N_PLAYERS]):
            for k2 in range(N_STRUCTURES):
                if (q != p or k2 != k) and s.struct_loc[q, k2] == loc:
                    return 10
    return 0


@njit
def _check_player_mat(s, t, p):
    total = 0
    for kind in range(N_STAR_KINDS):
        c = s.stars[p, kind]
        if c < 0 or (kind != STAR_COMBAT and kind != STAR_OBJECTIVE and c > 1):
            return 12
        total += c
    if total != s.player[p, P_STARS] or total > star_limit(s, t):
        return 12
    cubes = 0
    for c in range(N_CUBES):
        cubes += s.player[p, P_CUBE0 + c]
    covered = 0
    mat = s.player[p, P_MAT]
    for b in range(N_SECTIONS):
        red = s.player[p, P_REDUCED0 + b]
        if red < 0 or red > t.mat_cost[mat, b] - t.mat_min[mat, b]:
            return 13
        covered += red
    if covered != cubes:
        return 13
    recruits = 0
    bonuses = 0
    for b in range(N_SECTIONS):
        recruits += s.player[p, P_RECRUIT0 + b]
        bonuses += s.player[p, P_ONETIME0 + b]
    if recruits != bonuses:
        return 14
    return 0


@njit
def _check_sharing(s, n):
    """Two factions share a hex only where a character or mech stands (between a Move
    that made contact and its combat, or when a 6th star ended the game before that
    combat): workers alone never share. Nobody controls such a hex."""
    for p in range(n):
        for u in range(N_UNITS):
            loc = s.unit_loc[p, u]
            if loc == OFF_BOARD or loc >= N_HEX:
                continue
            for q in range(n):
                if q == p:
                    continue
                for v in range(N_UNITS):
                    if s.unit_loc[q, v] == loc:
                        if not (_has_combat_unit(s, p, loc) or _has_combat_unit(s, q, loc)):
                            return 11
    return 0


@njit
def _has_combat_unit(s, p, loc):
    for u in range(UNIT_WORKER0):
        if s.unit_loc[p, u] == loc:
            return True
    return False


