"""Supply Catapult (a Move Power Up; its effect is a placeholder, cards.toml): after the
whole Move, fights and quests included, fling all apples or all gems of one of your
Seekers' spaces onto an adjacent space (not the castle), or skip."""
from scythe_sim.compiled.jit import njit
from scythe_sim.compiled.rows import emit

from ..layout import A_FLING, A_SKIP, G_ACTIVE, G_CATAPULT_DONE, N_RES
from .board import is_castle, own_spaces


@njit
def _emit_from(s, t, out, n, x):
    for res in range(N_RES):
        if s.space_res[x, res] > 0:
            for j in range(t.neighbours.shape[1]):
                y = t.neighbours[x, j]
                if y >= 0 and not is_castle(t, y):
                    n = emit(out, n, A_FLING, x, res, y)
    return n


@njit
def legal_catapult(s, t, out):
    n = 0
    for x in own_spaces(s, t, s.game[G_ACTIVE]):
        if x >= 0:
            n = _emit_from(s, t, out, n, x)
    return emit(out, n, A_SKIP, 0, 0, 0)


@njit
def apply_fling(s, x, res, y):
    s.space_res[y, res] += s.space_res[x, res]
    s.space_res[x, res] = 0
    s.game[G_CATAPULT_DONE] = 1


@njit
def skip_catapult(s):
    s.game[G_CATAPULT_DONE] = 1
