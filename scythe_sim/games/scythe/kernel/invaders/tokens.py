"""Invaders from Afar faction tokens: Albion's Flags (Exalt) and Togawa's Traps (Maifuku).

A territory holds at most one faction token (State.token_kind, owner in token_owner);
tokens are never moved, and removed only by All Out War's mobilization
(clear_tokens). After the character's movement and any combat and
encounter there, the owner may place one on the character's territory (PH_PLACE_TOKEN).
An opponent's unit entering an armed Trap's territory stops, the Trap is flipped and the
opponent suffers its penalty before anything else (movement.step calls spring_trap).
Shinobi re-arms a disarmed Trap its character or mech ends its movement on (after
winning, if there is a fight). For scoring an armed Trap alone controls its territory for
its owner, and each Flag on a territory Albion controls that is not next to Albion's home
base counts as one more territory.
"""
from scythe_sim.compiled.jit import njit
from scythe_sim.compiled.rows import emit

from ...enums import (EXALT, MAIFUKU, N_HEX, N_TRAP_PENALTIES, SHINOBI, TOKEN_DISARMED0,
                     TOKEN_FLAG, TOKEN_NONE, TOKEN_TRAP0, TRAP_CARDS, TRAP_COINS,
                     TRAP_POPULARITY, TRAP_POWER)
from ...layout import (A_PLACE_FLAG, A_PLACE_TRAP, A_SKIP, G_MOVED_MASK, G_PHASE,
                      G_TOKEN_OFFERED, PH_PLACE_TOKEN, P_ABILITY, P_COINS, P_FACTION,
                      P_POPULARITY, P_POWER, RNG_GAME, UNIT_CHARACTER)
from ...tables import IFA_FLAGS
from ..board import NOBODY, has_ability, note_faction_ability, note_mech_ability
from ..cards import discard_card, hand_size, random_card_from


@njit
def is_armed_trap(kind):
    return TOKEN_TRAP0 <= kind < TOKEN_DISARMED0


@njit
def is_disarmed_trap(kind):
    return TOKEN_DISARMED0 <= kind < TOKEN_DISARMED0 + N_TRAP_PENALTIES


@njit
def trap_penalty(kind):
    """The penalty of a Trap token kind (armed or disarmed)."""
    return kind - TOKEN_TRAP0 if is_armed_trap(kind) else kind - TOKEN_DISARMED0


@njit
def flags_placed(s, p):
    c = 0
    for loc in range(N_HEX):
        if s.token_kind[loc] == TOKEN_FLAG and s.token_owner[loc] == p:
            c += 1
    return c


@njit
def trap_placed(s, p, penalty):
    """True when p's Trap of this penalty is on the board (armed or not)."""
    for loc in range(N_HEX):
        kind = s.token_kind[loc]
        if s.token_owner[loc] == p and kind != TOKEN_NONE and kind != TOKEN_FLAG \
                and trap_penalty(kind) == penalty:
            return True
    return False


@njit
def _can_place_flag(s, t, p):
    return s.player[p, P_ABILITY] == EXALT and flags_placed(s, p) < t.ifa_const[IFA_FLAGS]


@njit
def _can_place_trap(s, p):
    if s.player[p, P_ABILITY] != MAIFUKU:
        return False
    for k in range(N_TRAP_PENALTIES):
        if not trap_placed(s, p, k):
            return True
    return False


@njit
def token_due(s, t, p):
    """True when p's character moved this Move, stands on a territory without a faction
    token and p has a Flag or Trap left to place, and the offer was not made yet."""
    if s.game[G_TOKEN_OFFERED] or not (s.game[G_MOVED_MASK] & 1):
        return False
    ability = s.player[p, P_ABILITY]
    if ability != EXALT and ability != MAIFUKU:
        return False
    loc = s.unit_loc[p, UNIT_CHARACTER]
    if loc < 0 or loc >= N_HEX or s.token_kind[loc] != TOKEN_NONE:
        return False
    return _can_place_flag(s, t, p) or _can_place_trap(s, p)


@njit
def offer_token(s):
    s.game[G_TOKEN_OFFERED] = 1
    s.game[G_PHASE] = PH_PLACE_TOKEN


@njit
def legal_place_token(s, t, p, out):
    """A Flag, or one row per Trap penalty not yet placed; the Skip last."""
    n = 0
    if _can_place_flag(s, t, p):
        n = emit(out, n, A_PLACE_FLAG, 0, 0, 0)
    if s.player[p, P_ABILITY] == MAIFUKU:
        for k in range(N_TRAP_PENALTIES):
            if not trap_placed(s, p, k):
                n = emit(out, n, A_PLACE_TRAP, k, 0, 0)
    return emit(out, n, A_SKIP, 0, 0, 0)


@njit
def place_token(s, p, kind):
    """A Flag (TOKEN_FLAG) or an armed Trap (TOKEN_TRAP0 + penalty) on p's character's territory."""
    loc = s.unit_loc[p, UNIT_CHARACTER]
    s.token_kind[loc] = kind
    s.token_owner[loc] = p
    note_faction_ability(s, p, s.player[p, P_ABILITY])


@njit
def clear_tokens(s):
    """All Out War's mobilization removes every Flag and Trap from the map (seed 003:
    "Remove all Albion Flag tokens and Togawa Trap tokens from the map")."""
    for loc in range(s.token_kind.shape[0]):
        s.token_kind[loc] = TOKEN_NONE
        s.token_owner[loc] = -1


@njit
def spring_trap(s, t, p, loc):
    """p's unit enters loc: an opponent's armed Trap there is flipped and p suffers its
    penalty (as far as p can pay it). Returns True when a Trap sprang (the unit stops)."""
    kind = s.token_kind[loc]
    owner = s.token_owner[loc]
    if not is_armed_trap(kind) or owner == p:
        return False
    penalty = trap_penalty(kind)
    s.token_kind[loc] = TOKEN_DISARMED0 + penalty
    loss = t.trap_loss[penalty]
    if penalty == TRAP_POPULARITY:
        s.player[p, P_POPULARITY] = max(0, s.player[p, P_POPULARITY] - loss)
    elif penalty == TRAP_POWER:
        s.player[p, P_POWER] = max(0, s.player[p, P_POWER] - loss)
    elif penalty == TRAP_COINS:
        s.player[p, P_COINS] = max(0, s.player[p, P_COINS] - loss)
    elif penalty == TRAP_CARDS:
        for _ in range(loss):
            size = hand_size(s, p)
            if size > 0:
                discard_card(s, p, random_card_from(s, s.hand[p], size, RNG_GAME))
    note_faction_ability(s, owner, MAIFUKU)
    return True


@njit
def rearm_trap(s, t, p, loc):
    """Shinobi: p's disarmed Trap on loc is armed again (p's character or mech ended its
    movement there, and won the fight if there was one)."""
    if loc < N_HEX and has_ability(s, t, p, SHINOBI) and s.token_owner[loc] == p \
            and is_disarmed_trap(s.token_kind[loc]):
        s.token_kind[loc] = TOKEN_TRAP0 + trap_penalty(s.token_kind[loc])
        note_mech_ability(s, p, SHINOBI)


@njit
def scoring_controller(s, loc, owner):
    """Who controls loc for the final scoring, given `owner`, the controller by units and
    structures (board.controller): an armed Trap alone gives its owner control."""
    if owner == NOBODY and is_armed_trap(s.token_kind[loc]):
        return s.token_owner[loc]
    return owner


@njit
def flag_counts(s, t, loc, owner):
    """1 when loc holds a Flag of `owner` (the territory's controller) that scores as an
    extra territory: not next to the home base of the Flag owner's faction."""
    if s.token_kind[loc] != TOKEN_FLAG or s.token_owner[loc] != owner or owner < 0:
        return 0
    home = t.home_loc[s.player[owner, P_FACTION]]
    return 0 if t.edge[home, loc] != 0 else 1

