"""Scythe's hooks for the game contract (tests/contract): decision points sampled from
real games, a strategy's choice at one of them, and a copy where everything the deciding
seat may not see (opponents' combat cards and objectives, the penalties of opponents'
armed Traps, the draw pile, the attacker's committed dial and cards when the defender
decides, the game's future chance) is redrawn consistently."""
import functools

import numpy as np

from scythe_sim.games.scythe.enums import N_CARD_VALUES, N_HEX, N_OBJECTIVES, TOKEN_DISARMED0, TOKEN_TRAP0
from scythe_sim.games.scythe.game import Game
from scythe_sim.games.scythe.kernel.invariants import INVARIANTS
from scythe_sim.games.scythe.kernel.state import copy_state
from scythe_sim.games.scythe.layout import (G_ACTIVE, G_ATK_CARDS, G_ATK_DIAL, G_ATK_NCARDS, G_DECIDER,
                                            G_DEFENDER, G_N_PLAYERS, G_PHASE, MAX_PLAYERS, P_OBJECTIVE_A,
                                            P_OBJECTIVE_B, P_POWER, P_SEAT, PH_COMBAT_CARDS, PH_COMBAT_DIAL)
from scythe_sim.games.scythe.variants.war.layout import PH_WAR_CARDS, PH_WAR_DIAL, G_WAR_STAGE
from scythe_sim.games.scythe.strategies import STRATEGIES
from scythe_sim.games.scythe.strategies.dispatch import choose as kernel_choose
from scythe_sim.games.scythe.strategies.weights import load_params
from scythe_sim.games.scythe.strategies.workspace import new_workspace
from scythe_sim.games.scythe.text.codec import describe

# a small run of every variant: every player count, the default strategy mix
RUN = {"games": 30, "players": [1, 2, 3, 4, 5], "seed": 7, "shard_size": 30}
# seeds whose random games hold combats, where hidden information matters most
_SEEDS, _PLAYERS, _EVERY = (10, 23, 24), 4, 23
# and an Invaders from Afar game of 6 (Albion and Togawa among them, so Traps lie face down)
_INVADERS_SEED, _INVADERS_PLAYERS = 5, 6
_INVADERS = {"expansion_factions": 1}
# All Out War (variant "all_out_war"): every 5th war decision and every war combat
# decision, at most _WAR_POINTS a game, besides the standard half's points
_WAR_EVERY, _WAR_POINTS = 5, 120
COMBAT_PHASES = (PH_COMBAT_DIAL, PH_COMBAT_CARDS, PH_WAR_DIAL, PH_WAR_CARDS)


@functools.lru_cache(maxsize=4)
def decision_points(variant="base") -> tuple:
    """(game copy, legal rows) at every 23rd decision of random games, plus every
    combat decision; in war games also the war's decisions (above)."""
    points = []
    params = load_params()
    rules = {"all_out_war": {"all_out_war": 1}, "wind_gambit": {"wind_gambit": 1}}.get(variant)
    games = [(seed, _PLAYERS, rules) for seed in _SEEDS]
    if variant in ("base", "wind_gambit"):   # Traps lie face down (with airships too)
        games.append((_INVADERS_SEED, _INVADERS_PLAYERS, {**_INVADERS, **(rules or {})}))
    for seed, players, game_rules in games:
        game = Game.new(seed=seed, players=players, rules=game_rules)
        k = 0
        war_points = 0
        while not game.is_over:
            rows = game.legal_rows()
            phase = int(game.state.game[G_PHASE])
            if game.state.game[G_WAR_STAGE] != 0:
                if war_points < _WAR_POINTS and (k % _WAR_EVERY == 0 or phase in COMBAT_PHASES):
                    points.append((game.copy(), rows.copy()))
                    war_points += 1
            elif k % _EVERY == 0 or phase in COMBAT_PHASES or (k % 5 == 0 and _hidden_traps(game.state, game.decider)):
                points.append((game.copy(), rows.copy()))
            seat = int(game.state.player[game.decider, P_SEAT])
            i = kernel_choose(0, game.state, game.tables, seat, rows, len(rows), params, game.work)
            game.step(tuple(rows[i]))
            k += 1
    return tuple(points)


def is_hidden_information_point(point) -> bool:
    """A combat decision (the opponent's dial and cards are secret) or one where an
    opponent's armed Trap lies face down."""
    s = point[0].state
    return int(s.game[G_PHASE]) in COMBAT_PHASES or _hidden_traps(s, int(s.game[G_DECIDER]))


def _hidden_traps(s, d) -> list:
    """Territories of the armed Traps of players other than d (penalties d cannot see)."""
    return [loc for loc in range(N_HEX) if s.token_owner[loc] not in (-1, d)
            and TOKEN_TRAP0 <= s.token_kind[loc] < TOKEN_DISARMED0]


def choose(strategy, point, stream_seed=5) -> int:
    """Strategy `strategy`'s choice at the point, with a seat stream from stream_seed."""
    game, rows = point
    s, t = game.state, game.tables
    seat = int(s.player[s.game[G_DECIDER], P_SEAT])
    work = new_workspace(t)
    work.rng[:] = np.random.default_rng(stream_seed).integers(1, 2 ** 63, work.rng.shape, dtype=np.uint64)
    work.memory[:] = game.work.memory
    return kernel_choose(STRATEGIES.index(strategy), s, t, seat, rows, len(rows), load_params(), work)


def scramble_hidden(point, rng):
    """The point with everything the decider cannot see redrawn consistently."""
    game, rows = point
    s = copy_state(game.state)
    d = int(s.game[G_DECIDER])
    for q in range(int(s.game[G_N_PLAYERS])):
        if q != d:
            _redraw_hand_and_objectives(s, d, q, rng)
    if d == s.game[G_DEFENDER] and s.game[G_PHASE] in COMBAT_PHASES:
        attacker = int(s.game[G_ACTIVE])
        s.game[G_ATK_DIAL] = rng.integers(0, min(7, int(s.player[attacker, P_POWER])) + 1)
        s.game[G_ATK_NCARDS] = 0
        s.game[G_ATK_CARDS] = 0
    _redeal_traps(s, d, rng)
    s.rng[:] = rng.integers(1, 2 ** 63, s.rng.shape, dtype=np.uint64)
    other = game.copy()
    other.state = s
    return other, rows


def _redeal_traps(s, d, rng):
    """Opponents' armed Traps get their penalties anew from those not revealed yet."""
    hidden = _hidden_traps(s, d)
    if not hidden:
        return
    owner = int(s.token_owner[hidden[0]])
    shown = {int(k) - TOKEN_DISARMED0 for k, o in zip(s.token_kind[:N_HEX], s.token_owner[:N_HEX])
             if o == owner and k >= TOKEN_DISARMED0}
    pool = [k for k in range(TOKEN_DISARMED0 - TOKEN_TRAP0) if k not in shown]
    for loc, k in zip(hidden, rng.permutation(pool)):
        s.token_kind[loc] = TOKEN_TRAP0 + int(k)


def _redraw_hand_and_objectives(s, d, q, rng):
    pool = s.hand[q] + s.deck[0]             # swap q's cards with the draw pile
    size = int(s.hand[q].sum())
    cards = np.repeat(np.arange(N_CARD_VALUES), pool)
    chosen = rng.choice(cards, size, replace=False) if size else np.array([], np.int64)
    s.hand[q] = np.bincount(chosen, minlength=N_CARD_VALUES)
    s.deck[0] = pool - s.hand[q]
    mine = {int(s.player[d, f]) for f in (P_OBJECTIVE_A, P_OBJECTIVE_B)}
    others = [c for c in range(N_OBJECTIVES) if c not in mine]
    for f in (P_OBJECTIVE_A, P_OBJECTIVE_B):
        if s.player[q, f] >= 0:
            s.player[q, f] = rng.choice(others)


def peeking_choice(point) -> int:
    """A dishonest chooser: it reads the opponents' cards and the game's chance."""
    s, rows = point[0].state, point[1]
    return int(s.hand.sum(axis=1) @ np.arange(MAX_PLAYERS) + s.hand[:, 3].sum() + s.rng[0, 0] % 7) % len(rows)


# --- the Game API fuzz (tests/contract/fuzz.py) -----------------------------------------------
def _rules_with_expansion(rules):
    """Case maker: 2-5 players, these rules, Albion and Togawa in the deal half the time."""
    return lambda rng: (int(rng.integers(2, 6)), {**rules, "expansion_factions": int(rng.integers(2))})


FUZZ_CASES = {
    "base": lambda rng: (int(rng.integers(1, 6)), {}),
    "invaders_from_afar": lambda rng: (int(rng.integers(6, 8)), {"expansion_factions": 1}),
    # a resolution tile (1-8, or 9: drawn at random) half the time; one pair of airship tiles or one a player
    "wind_gambit": lambda rng: (int(rng.integers(2, 6)), {
        "wind_gambit": 1, "resolution": int(rng.integers(1, 10)) if rng.integers(2) else 0,
        "airship_per_player": int(rng.integers(2)), "expansion_factions": int(rng.integers(2))}),
    "all_out_war": _rules_with_expansion({"all_out_war": 1}),
}
# phases the fast lane's one game of a case must reach
FUZZ_REACHES = {"wind_gambit": {"airship"}, "all_out_war": {"war_deploy", "war_action"}}


FUZZ_GUIDES = STRATEGIES


def fuzz_guide(game, rows, name) -> int:
    seat = int(game.state.player[game.decider, P_SEAT])
    return int(kernel_choose(STRATEGIES.index(name), game.state, game.tables, seat, rows, len(rows),
                             _params(), game.work))


@functools.lru_cache(maxsize=1)
def _params():
    return load_params()


def fuzz_new(seed, players, rules):
    return Game.new(seed=seed, players=players, rules=rules or None)


def fuzz_read(position, rules):
    return Game.from_dict(position, rules=rules or None)


def fuzz_broken(game) -> str:
    code = game.check()
    return INVARIANTS[code - 1] if code else ""


def fuzz_text(game, row) -> str:
    return describe(game.state, game.tables, row)


def fuzz_savable(game) -> bool:
    """A Scythe position keeps every decision point (docs/position-format.md)."""
    return True
