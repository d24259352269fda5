"""Make (rulebook MAKE): pay the full cost from spaces of your Seekers and gain the full
benefit. Bake Pies (2 apples -> 2 pies; the Pie track stops at 10), Conjure Spell
(2 gems -> 1 spell, no hand limit), Power Up (1 apple + 1 gem -> look at the top 3 tiles
of the Move or the Make pile, keep 1 for that section, the rest to the bottom; one tile
per section; Seek cannot be powered up). Power Up tiles change these costs (tables)."""
from scythe_sim.compiled.jit import njit
from scythe_sim.compiled.rows import emit

from ..layout import (A_PILE, A_TILE, ACT_BAKE, ACT_CONJURE, ACT_POWER, FX_BAKE_APPLES,
                      FX_BAKE_FRIENDSHIP, FX_BAKE_PIES, FX_CONJURE_GEMS, FX_CONJURE_SPELLS,
                      FX_POWER_APPLES, FX_POWER_GEMS, G_ACTIVE, G_LOOK0, G_LOOK_N, G_LOOK_PILE,
                      G_PAY_APPLES, G_PAY_GEMS, N_PILES, P_MAKE_TILE, P_MOVE_TILE, P_PIES,
                      PILE_MOVE, RES_APPLE, RES_GEM, TILES_PER_PILE)
from ..tables import F_PIES_MAX, F_POWER_LOOK
from .board import add_friendship, add_pies, controlled, draw_spell, fx, spells_available


@njit
def pile_size(s, pile):
    c = 0
    for i in range(TILES_PER_PILE):
        if s.tile_pile[pile, i] >= 0:
            c += 1
    return c


@njit
def pile_open(s, p, pile):
    """p has no tile on that section yet and the pile has a tile."""
    field = P_MOVE_TILE if pile == PILE_MOVE else P_MAKE_TILE
    return s.player[p, field] < 0 and pile_size(s, pile) > 0


@njit
def make_possible(s, t, p, action):
    """p can pay the action's full cost and take its full benefit."""
    apples = controlled(s, t, p, RES_APPLE)
    gems = controlled(s, t, p, RES_GEM)
    if action == ACT_BAKE:
        return (apples >= fx(s, t, p, FX_BAKE_APPLES)
                and s.player[p, P_PIES] + fx(s, t, p, FX_BAKE_PIES) <= t.facts[F_PIES_MAX])
    if action == ACT_CONJURE:
        return gems >= fx(s, t, p, FX_CONJURE_GEMS) and spells_available(s) >= fx(s, t, p, FX_CONJURE_SPELLS)
    if action == ACT_POWER:
        if apples < fx(s, t, p, FX_POWER_APPLES) or gems < fx(s, t, p, FX_POWER_GEMS):
            return False
        for pile in range(N_PILES):
            if pile_open(s, p, pile):
                return True
    return False


@njit
def start_make(s, t, p, action):
    """Queue the action's payment (the stage gains the benefit once it is paid)."""
    if action == ACT_BAKE:
        s.game[G_PAY_APPLES] = fx(s, t, p, FX_BAKE_APPLES)
    elif action == ACT_CONJURE:
        s.game[G_PAY_GEMS] = fx(s, t, p, FX_CONJURE_GEMS)
    else:
        s.game[G_PAY_APPLES] = fx(s, t, p, FX_POWER_APPLES)
        s.game[G_PAY_GEMS] = fx(s, t, p, FX_POWER_GEMS)


@njit
def gain_bake(s, t, p):
    add_pies(s, t, p, fx(s, t, p, FX_BAKE_PIES))
    add_friendship(s, t, p, fx(s, t, p, FX_BAKE_FRIENDSHIP))


@njit
def gain_conjure(s, t, p):
    for _ in range(fx(s, t, p, FX_CONJURE_SPELLS)):
        draw_spell(s, p)


@njit
def legal_pile(s, out):
    p = s.game[G_ACTIVE]
    n = 0
    for pile in range(N_PILES):
        if pile_open(s, p, pile):
            n = emit(out, n, A_PILE, pile, 0, 0)
    return n


@njit
def apply_pile(s, t, pile):
    """Take the top tiles (up to 3) of the pile into view."""
    look = min(t.facts[F_POWER_LOOK], pile_size(s, pile), 3)
    n = pile_size(s, pile)
    for i in range(look):
        s.game[G_LOOK0 + i] = s.tile_pile[pile, i]
    for i in range(n - look):
        s.tile_pile[pile, i] = s.tile_pile[pile, i + look]
    for i in range(n - look, n):
        s.tile_pile[pile, i] = -1
    s.game[G_LOOK_PILE] = pile
    s.game[G_LOOK_N] = look


@njit
def legal_tile(s, out):
    n = 0
    for i in range(s.game[G_LOOK_N]):
        n = emit(out, n, A_TILE, s.game[G_LOOK0 + i], 0, 0)
    return n


@njit
def apply_tile(s, tile):
    """Keep `tile` on its section; the others go to the bottom of the pile face down."""
    p = s.game[G_ACTIVE]
    pile = s.game[G_LOOK_PILE]
    s.player[p, P_MOVE_TILE if pile == PILE_MOVE else P_MAKE_TILE] = tile
    n = pile_size(s, pile)
    for i in range(s.game[G_LOOK_N]):
        other = s.game[G_LOOK0 + i]
        if other != tile:
            s.tile_pile[pile, n] = other
            n += 1
        s.game[G_LOOK0 + i] = -1
    s.game[G_LOOK_N] = 0
    s.game[G_LOOK_PILE] = -1
