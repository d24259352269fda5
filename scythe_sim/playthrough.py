"""Readable playthroughs: one game played by strategies, narrated decision by decision.

The game is the very one `play_batch` plays for the same seed and setup: the same
setup call, the same strategy streams and the same chooser.
"""
import numpy as np

from .enums import FACTIONS, MATS
from .game import Game
from .layout import G_ACTIVE, G_DECIDER, G_ROUND, G_TURN, MAX_PLAYERS, P_FACTION, P_MAT, P_SEAT
from .strategies import N_STRATEGY_PARAMS, strategy_id
from .strategies.dispatch import choose


def play_through(seed, players, factions=None, mats=None, strategies=None, rules=None,
                 check=True):
    """Play a game to its end; returns (game, lines). With check, invariants are tested
    after every decision and a broken one raises AssertionError."""
    game = Game.new(seed=seed, players=players, factions=factions, mats=mats, rules=rules)
    names = list(strategies or ["random"] * players)
    if len(names) == 1:
        names = names * players
    ids = np.zeros(MAX_PLAYERS, np.int64)
    ids[:players] = [strategy_id(x) for x in names]
    params = np.zeros((1, N_STRATEGY_PARAMS), np.float64)
    s, t = game.state, game.tables
    lines = [_setup_line(game, names)]
    last_turn = -1
    while not game.is_over:
        if s.game[G_TURN] != last_turn:
            last_turn = int(s.game[G_TURN])
            p = int(s.game[G_ACTIVE])
            lines.append(f"turn {last_turn} (round {int(s.game[G_ROUND]) + 1}): "
                         f"{FACTIONS[s.player[p, P_FACTION]]} / {MATS[s.player[p, P_MAT]]}")
        rows = game.legal_rows()
        seat = int(s.player[s.game[G_DECIDER], P_SEAT])
        i = choose(ids[seat], s, t, seat, rows, len(rows), params, game.strategy_rng)
        action = game.step(tuple(rows[i]))
        lines.append(f"    {action.text}")
        if check:
            code = game.check()
            if code:
                raise AssertionError(f"invariant {code} broken after {action.text!r}")
    lines.append(f"game over: {game.end_reason} after {int(s.game[G_TURN])} turns")
    return game, lines


def _setup_line(game, names):
    s = game.state
    seats = []
    for p in range(int(s.game[0])):
        seat = int(s.player[p, P_SEAT])
        seats.append(f"{p + 1}. {FACTIONS[s.player[p, P_FACTION]]}/{MATS[s.player[p, P_MAT]]}"
                     f" (seat {seat}, {names[seat]})")
    return "turn order: " + ", ".join(seats)


def score_table_lines(game):
    """The final score breakdown as aligned text lines, best rank first."""
    rows = sorted(game.score(), key=lambda r: (r["rank"], r["player"]))
    head = (f"{'rank':>4} {'faction':8} {'mat':13} {'coins':>5} {'stars':>9} {'territory':>9} "
            f"{'resources':>9} {'bonus':>5} {'total':>5}")
    lines = [head]
    for r in rows:
        lines.append(f"{r['rank']:>4} {r['faction']:8} {r['mat']:13} {r['coins']:>5} "
                     f"{r['star_coins']:>4} ({r['stars']}) {r['territory_coins']:>4} ({r['territories']:>2})"
                     f" {r['resource_coins']:>4} ({r['resources']:>2}) {r['structure_bonus']:>5} {r['total']:>5}")
    return lines
