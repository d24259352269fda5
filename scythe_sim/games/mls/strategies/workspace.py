"""The Workspace: what MLS strategies need besides the state, allocated once per batch.

Each seat's own random stream (seeded from the game seed at every game's start: a
strategy that draws more never changes the game's chance), scratch states (a planner copies into them instead of allocating in the decision loop),
a second action buffer for the decisions a plan plays inside its copy, and each space's
distance to Castle Everfree (for the value of a delivery in the making)."""
from typing import NamedTuple

import numpy as np

from ..kernel.state import new_state
from scythe_sim.compiled.rng import RNG_WORDS

from ..layout import ACTION_WIDTH, KIND_PORTAL, MAX_ACTIONS, MAX_PLAYERS, N_SPACES, State
from ..tables import F_CASTLE


class Workspace(NamedTuple):
    rng: np.ndarray      # (MAX_PLAYERS, RNG_WORDS) uint64: seat k's strategy stream (row k)
    base: State          # the deciding seat's view: the state with what it may not see redrawn
    cand: State          # a candidate row played on a copy of base, then the rest of the turn
    probe: State         # a one-ply look inside the plan
    rows: np.ndarray     # (MAX_ACTIONS, ACTION_WIDTH) int64: legal rows inside a plan
    buf: np.ndarray      # (64,) int64: legal_actions scratch
    dist: np.ndarray     # (N_SPACES,) int64: steps to the castle (a portal is one step away)


def castle_distance(t) -> np.ndarray:
    """Steps from each space to the castle: breadth first over the neighbours, portals 1."""
    castle = int(t.facts[F_CASTLE])
    dist = np.full(N_SPACES, 99, np.int64)
    dist[castle] = 0
    frontier = [castle]
    while frontier:
        nxt = []
        for x in frontier:
            for y in t.neighbours[x]:
                if y >= 0 and dist[y] > dist[x] + 1:
                    dist[y] = dist[x] + 1
                    nxt.append(int(y))
        frontier = nxt
    dist[np.asarray(t.kind) == KIND_PORTAL] = 1
    return dist


def new_workspace(t) -> Workspace:
    return Workspace(np.zeros((MAX_PLAYERS, RNG_WORDS), np.uint64), new_state(), new_state(), new_state(),
                     np.zeros((MAX_ACTIONS, ACTION_WIDTH), np.int64), np.zeros(64, np.int64),
                     castle_distance(t))
