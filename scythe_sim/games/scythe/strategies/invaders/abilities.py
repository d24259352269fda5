"""The greedy family's use of the Invaders from Afar abilities (Albion, Togawa).

Where the character ends its Move decides where a Flag or a Trap goes (Exalt and
Maifuku place one there), so the character's spot value carries what a token would be
worth there (token_spot_value); token_row then plants it or keeps it for a better spot.
Movement also prices opponents' armed Traps in the way and Shinobi's re-arming, and
combat estimates add the power Sword, Shield and Ronin move before the dials.

Everything here reads public information and p's own pieces: an opponent's armed Trap is
only known to be armed (its penalty is hidden until it fires), an opponent's strength
only by its power, hand size and units. Every function returns 0 (or the base rule's
answer) for the base factions, so base games play exactly as before.
"""
from scythe_sim.compiled.jit import njit

from ..view import (A_PLACE_FLAG, A_PLACE_TRAP, EXALT, G_N_PLAYERS, IFA_FLAGS, LAKE,
                   MAIFUKU, N_HEX, N_TRAP_PENALTIES, N_UNITS, P_COINS, P_FACTION,
                   P_POPULARITY, P_POWER, RALLY, RONIN, R_DIAL_MAX, SHIELD, SHINOBI, SWORD,
                   TOKEN_FLAG, TOKEN_NONE, TRAP_COINS, TRAP_POPULARITY, TRAP_POWER,
                   UNIT_CHARACTER, UNIT_WORKER0, combat_units, count_workers, faction_ability,
                   flags_placed, hand_size, has_ability, is_armed_trap, is_disarmed_trap,
                   mechs_deployed, skip_row, trap_placed, OCC_BITS)
from ..workspace import NEAR_BITS, NEAR_LOC_MASK

FLAG_SPOT = 1.0       # the character ending where a Flag would score (an extra territory)
TRAP_NEAR = 0.4       # ... where a Trap can go: per opponent unit within TRAP_REACH steps
TRAP_NEAR_MAX = 3     # (at most this many counted)
TRAP_REACH = 3
TRAP_SPRING = 2.0     # an opponent's armed Trap in the way: a stop and a penalty (unknown)
REARM = 1.5           # Shinobi ending on its own disarmed Trap arms it again
TIER_DROP = 5.0       # a Trap's popularity loss that drops the victim a scoring tier
ARMED_VICTIM = 1.0    # power lost by a victim with mechs (it fights); half without
NO_VICTIM = -1


# --- where tokens go -----------------------------------------------------------------------

@njit
def flag_scores_on(s, t, p, loc):
    """A Flag of p on loc would count as an extra territory while p holds loc: not a
    lake, not next to p's home base, no opponent structure there (which would hold it
    once p's units leave)."""
    if loc < 0 or loc >= N_HEX or t.terrain[loc] == LAKE:
        return False
    if t.edge[t.home_loc[s.player[p, P_FACTION]], loc] != 0:
        return False
    for q in range(s.game[G_N_PLAYERS]):
        if q != p:
            for k in range(s.struct_loc.shape[1]):
                if s.struct_loc[q, k] == loc:
                    return False
    return True


@njit
def _units_of(s, q, x):
    """q's units (any kind) on territory x, read from the kept occupancy."""
    packed = (s.occupancy[x] >> (OCC_BITS * q)) & 0xFF
    return (packed & 0xF) + (packed >> 4)


@njit
def opponents_near(s, p, loc, near, reach):
    """Opponents' units (any kind) within `reach` steps of loc (near: the workspace's
    territories nearest first)."""
    c = 0
    for k in range(N_HEX):
        if (near[loc, k] >> NEAR_BITS) > reach:
            break
        x = near[loc, k] & NEAR_LOC_MASK
        for q in range(s.game[G_N_PLAYERS]):
            if q != p:
                c += _units_of(s, q, x)
    return c


@njit
def traps_left(s, p):
    for k in range(N_TRAP_PENALTIES):
        if not trap_placed(s, p, k):
            return True
    return False


@njit
def token_spot_value(s, t, p, loc, near):
    """What ending the character's Move on loc is worth for the token p would place
    there: a Flag where it scores, a Trap by the opponents' units around (their routes),
    more on the Factory or on resources (what opponents come for).
    0 for factions without Exalt or Maifuku, or no token left, or a token there already."""
    ability = faction_ability(s, p)
    if (ability != EXALT and ability != MAIFUKU) or loc < 0 or loc >= N_HEX:
        return 0.0
    if s.token_kind[loc] != TOKEN_NONE:
        return 0.0
    if ability == EXALT:
        if flags_placed(s, p) < t.ifa_const[IFA_FLAGS] and flag_scores_on(s, t, p, loc):
            return FLAG_SPOT
        return 0.0
    if not traps_left(s, p):
        return 0.0
    near = min(TRAP_NEAR_MAX, opponents_near(s, p, loc, near, TRAP_REACH))
    if loc == t.factory_loc[0] or s.hex_res[loc].sum() > 0:
        near += 1                  # where opponents come anyway: the Factory, resources
    return TRAP_NEAR * near


@njit
def trap_step_value(s, t, p, u, loc):
    """A step of p's unit u onto loc over a faction token: an opponent's armed Trap stops
    it and costs a penalty (only known to be armed); Shinobi re-arms p's own disarmed
    Trap (character or mech). 0 without tokens."""
    if loc < 0 or loc >= N_HEX or s.token_kind[loc] == TOKEN_NONE:
        return 0.0
    kind = s.token_kind[loc]
    owner = s.token_owner[loc]
    if owner != p and is_armed_trap(kind):
        return -TRAP_SPRING
    if owner == p and u < UNIT_WORKER0 and is_disarmed_trap(kind) and has_ability(s, t, p, SHINOBI):
        return REARM
    return 0.0


@njit
def teleports(s, t, p):
    """p's character and mechs may jump to its anchors (Rally, Shinobi)."""
    return has_ability(s, t, p, RALLY) or has_ability(s, t, p, SHINOBI)


@njit
def is_anchor(s, t, p, loc):
    """loc is a Rally or Shinobi destination of p: an own worker or Flag (Rally), an own
    Trap, armed or not (Shinobi)."""
    if loc < 0 or loc >= N_HEX:
        return False
    rally = has_ability(s, t, p, RALLY)
    if rally:
        for w in range(UNIT_WORKER0, N_UNITS):
            if s.unit_loc[p, w] == loc:
                return True
    if s.token_owner[loc] != p or s.token_kind[loc] == TOKEN_NONE:
        return False
    if s.token_kind[loc] == TOKEN_FLAG:
        return rally
    return has_ability(s, t, p, SHINOBI)


# --- which token ---------------------------------------------------------------------------

@njit
def likely_victim(s, p, loc, near):
    """The opponent whose nearest unit stands closest to loc (the lowest seat on ties), or
    NO_VICTIM when no opponent unit is on the board."""
    best, best_d = NO_VICTIM, -1
    for k in range(N_HEX):
        d = near[loc, k] >> NEAR_BITS
        if best != NO_VICTIM and d > best_d:
            break
        x = near[loc, k] & NEAR_LOC_MASK
        for q in range(s.game[G_N_PLAYERS]):
            if q != p and _units_of(s, q, x) > 0 and (best == NO_VICTIM or q < best):
                best, best_d = q, d
    return best


@njit
def penalty_harm(s, t, q, penalty):
    """What a Trap of this penalty would take from opponent q now, in coins' worth:
    popularity when it drops a scoring tier, power most from a fighter (mechs out),
    coins at face value, combat cards by its hand."""
    loss = t.trap_loss[penalty]
    if penalty == TRAP_POPULARITY:
        pop = s.player[q, P_POPULARITY]
        lost = min(loss, pop)
        drop = t.pop_tier[pop - lost] < t.pop_tier[pop]
        return 0.5 * lost + (TIER_DROP if drop else 0.0)
    if penalty == TRAP_POWER:
        lost = min(loss, s.player[q, P_POWER])
        return lost * (ARMED_VICTIM if mechs_deployed(s, q) > 0 else 0.5 * ARMED_VICTIM)
    if penalty == TRAP_COINS:
        return float(min(loss, s.player[q, P_COINS]))
    return 1.5 * min(loss, hand_size(s, q))


@njit
def token_row(s, t, p, rows, n, near):
    """Exalt: plant the Flag where it scores (flag_scores_on), else keep it. Maifuku:
    always a Trap (it also holds the territory), the penalty that hurts the opponent
    nearest to it most (penalty_harm), the first one left when nobody is near."""
    loc = s.unit_loc[p, UNIT_CHARACTER]
    if rows[0, 0] == A_PLACE_FLAG:
        return 0 if flag_scores_on(s, t, p, loc) else skip_row(n)
    q = likely_victim(s, p, loc, near)
    best, best_harm = 0, -1.0
    for i in range(n):
        if rows[i, 0] == A_PLACE_TRAP and q != NO_VICTIM:
            harm = penalty_harm(s, t, q, rows[i, 1])
            if harm > best_harm:
                best, best_harm = i, harm
    return best


# --- combat --------------------------------------------------------------------------------

@njit
def _dial_with(s, t, p, shift):
    return min(t.rules[R_DIAL_MAX], max(0, s.player[p, P_POWER] + shift))


@njit
def power_edge(s, t, p, q, loc):
    """How much the abilities that act before a fight (Sword, Shield, Ronin) move p's
    reachable dial relative to defender q's when p attacks loc with one more character
    or mech; 0 when neither side has them."""
    mine = 0
    theirs = 0
    if has_ability(s, t, p, RONIN) and combat_units(s, p, loc) == 0 and count_workers(s, p, loc) == 0:
        mine += 2
    if has_ability(s, t, q, RONIN) and combat_units(s, q, loc) == 1 and count_workers(s, q, loc) == 0:
        theirs += 2
    if has_ability(s, t, p, SWORD):
        theirs -= 2
    if has_ability(s, t, q, SHIELD):
        theirs += 2
    if mine == 0 and theirs == 0:
        return 0
    return ((_dial_with(s, t, p, mine) - _dial_with(s, t, p, 0))
            - (_dial_with(s, t, q, theirs) - _dial_with(s, t, q, 0)))
