"""MLS's hooks for the game contract (tests/contract): decision points sampled from real
games, a strategy's choice at one of them, and a copy where everything the deciding seat
may not see (opponents' spells and personality cards, the spell pile, the order of the
quest deck and tile piles, the attacker's committed dial and spells when the defender
decides, the game's future chance) is redrawn consistently."""
import functools

import numpy as np

from scythe_sim.compiled.rng import RNG_WORDS
from scythe_sim.games.mls.game import Game, describe
from scythe_sim.games.mls.kernel.state import copy_state
from scythe_sim.games.mls.layout import (G_ACTIVE, G_ATK_DIAL, G_ATK_SPELLS, G_DECIDER, G_DEFENDER,
                                   G_N_PLAYERS, G_PHASE, G_QUEST_DECK_N, MAX_PLAYERS,
                                   N_PERSONALITIES, N_SPELL_VALUES, P_PERSONALITY, P_PIES, P_SEAT,
                                   PH_DIAL, PH_SPELL)
from scythe_sim.games.mls.strategies import STRATEGIES
from scythe_sim.games.mls.strategies.dispatch import choose as kernel_choose
from scythe_sim.games.mls.strategies.weights import load_weights
from scythe_sim.games.mls.strategies.workspace import new_workspace

RUN = {"games": 30, "players": [1, 2, 3, 4, 5, 6], "seed": 7, "shard_size": 30}
_SEEDS, _PLAYERS, _EVERY = (10, 23, 24), 4, 17


def _stream(seed):
    return np.random.default_rng(seed).integers(1, 2 ** 63, (MAX_PLAYERS, RNG_WORDS), dtype=np.uint64)


@functools.lru_cache(maxsize=4)
def decision_points(variant="base") -> tuple:
    """(game copy, legal rows) at every 17th decision of random games, plus every fight decision."""
    points = []
    params = load_weights()
    for seed in _SEEDS:
        game = Game.new(seed=seed, players=_PLAYERS)
        ws = new_workspace(game.tables)._replace(rng=_stream(seed))
        k = 0
        while not game.is_over:
            rows = game.legal_rows()
            phase = int(game.state.game[G_PHASE])
            if k % _EVERY == 0 or phase in (PH_DIAL, PH_SPELL):
                points.append((game.copy(), rows.copy()))
            seat = int(game.state.player[game.decider, P_SEAT])
            i = kernel_choose(0, game.state, game.tables, seat, rows, len(rows), params, ws)
            game.step(tuple(rows[i]))
            k += 1
    return tuple(points)


def is_hidden_information_point(point) -> bool:
    return int(point[0].state.game[G_PHASE]) in (PH_DIAL, PH_SPELL)


def choose(strategy, point, stream_seed=5) -> int:
    game, rows = point
    s, t = game.state, game.tables
    seat = int(s.player[s.game[G_DECIDER], P_SEAT])
    return kernel_choose(STRATEGIES.index(strategy), s, t, seat, rows, len(rows),
                         load_weights(), new_workspace(t)._replace(rng=_stream(stream_seed)))


def scramble_hidden(point, rng):
    """The point with everything the decider cannot see redrawn consistently."""
    game, rows = point
    s = copy_state(game.state)
    d = int(s.game[G_DECIDER])
    n = int(s.game[G_N_PLAYERS])
    mine = int(s.player[d, P_PERSONALITY])
    others = [c for c in range(N_PERSONALITIES) if c != mine]
    rng.shuffle(others)
    for q in range(n):
        if q == d:
            continue
        pool = s.hand[q] + s.spell_deck[0]
        size = int(s.hand[q].sum())
        cards = np.repeat(np.arange(N_SPELL_VALUES), pool)
        chosen = rng.choice(cards, size, replace=False) if size else np.array([], np.int64)
        s.hand[q] = np.bincount(chosen, minlength=N_SPELL_VALUES)
        s.spell_deck[0] = pool - s.hand[q]
        s.player[q, P_PERSONALITY] = others.pop()
    k = int(s.game[G_QUEST_DECK_N])
    s.quest_deck[:k] = rng.permutation(s.quest_deck[:k])
    for pile in range(s.tile_pile.shape[0]):
        m = int((s.tile_pile[pile] >= 0).sum())
        s.tile_pile[pile, :m] = rng.permutation(s.tile_pile[pile, :m])
    if d == s.game[G_DEFENDER] and d != s.game[G_ACTIVE] and s.game[G_PHASE] in (PH_DIAL, PH_SPELL):
        attacker = int(s.game[G_ACTIVE])
        s.game[G_ATK_DIAL] = rng.integers(0, min(7, int(s.player[attacker, P_PIES])) + 1)
        s.game[G_ATK_SPELLS] = 0
    s.rng[:] = rng.integers(1, 2 ** 63, s.rng.shape, dtype=np.uint64)
    other = game.copy()
    other.state = s
    return other, rows


def peeking_choice(point) -> int:
    """A dishonest chooser: it reads the opponents' spells and the game's chance."""
    s, rows = point[0].state, point[1]
    return int(s.hand.sum(axis=1) @ np.arange(MAX_PLAYERS) + s.hand[:, 2].sum() + s.rng[0, 0] % 7) % len(rows)


# --- the Game API fuzz (tests/contract/fuzz.py) -----------------------------------------------
FUZZ_CASES = {"my_little_scythe": lambda rng: (int(rng.integers(1, 7)), {})}
FUZZ_REACHES = {"my_little_scythe": {"action", "move_step"}}


FUZZ_GUIDES = STRATEGIES


def fuzz_guide(game, rows, name) -> int:
    """The strategy's choice, with seat streams kept on the game (a fixed seed)."""
    if not hasattr(game, "fuzz_workspace"):
        game.fuzz_workspace = new_workspace(game.tables)._replace(rng=_stream(1))
    seat = int(game.state.player[game.decider, P_SEAT])
    return int(kernel_choose(STRATEGIES.index(name), game.state, game.tables, seat, rows, len(rows),
                             _weights(), game.fuzz_workspace))


@functools.lru_cache(maxsize=1)
def _weights():
    return load_weights()


def fuzz_new(seed, players, rules):
    return Game.new(seed=seed, players=players)


def fuzz_read(position, rules):
    return Game.from_dict(position)


def fuzz_broken(game) -> str:
    broken = game.invariant()
    return "" if broken == "ok" else broken


def fuzz_text(game, row) -> str:
    return describe(row)


def fuzz_savable(game) -> bool:
    """A My Little Scythe position is a state at the start of a turn (its turn scratch is
    not kept: docs/mls-position-format.md)."""
    return game.phase == "action"
