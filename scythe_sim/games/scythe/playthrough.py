"""Readable playthroughs: one game played by strategies, narrated decision by decision.

The game is the very one `play_batch` plays for the same seed and setup: the same
setup call, the same strategy streams and the same chooser.
"""
import numpy as np

from .enums import FACTIONS, MATS, STAR_KINDS, hex_name
from .game import Game, check_seed
from .layout import (G_ACTIVE, G_ATK_CARDS, G_ATK_DIAL, G_COMBATS, G_COMBAT_HEX, G_DECIDER,
                     G_DEFENDER, G_DEF_CARDS, G_DEF_DIAL, G_ENC_CARD, G_N_PLAYERS, G_PHASE,
                     G_RETREATS, G_ROUND, G_TURN, MAX_PLAYERS, N_UNITS, PH_COMBAT_CARDS, PH_RETREAT, P_FACTION,
                     P_MAT, P_POWER, P_SEAT)
from .kernel.state import copy_state
from .strategies import strategy_id
from .strategies.dispatch import choose
from .strategies.weights import load_params
from .variants import hooks


def play_through(seed, players, factions=None, mats=None, strategies=None, rules=None,
                 check=True, params=None, snapshots=None, prices=None, learned=None):
    """Play a game to its end; returns (game, lines). With check, invariants are tested
    after every decision and a broken one raises AssertionError. params: the strategies'
    weight rows (default: scythe_sim/games/scythe/data/strategies, as run_games).
    snapshots: a list that receives (state copy, number of lines so far) as each turn
    (or war turn) begins and once at the end (the pictures of `play --pictures`).
    prices: a price table's rows, learned: the players' model stack (Game.new)."""
    game = Game.new(seed=seed, players=players, factions=factions, mats=mats, rules=rules, prices=prices,
                    learned=learned)
    names = list(strategies or ["random"] * players)
    if len(names) == 1:
        names = names * players
    ids = np.zeros(MAX_PLAYERS, np.int64)
    ids[:players] = [strategy_id(x) for x in names]
    params = load_params() if params is None else np.asarray(params, np.float64)
    s, t = game.state, game.tables
    lines = [_setup_line(game, names)]
    # a variant's narrator per game (the war's: its stages, its turns and how it ended)
    narrators = [part.Narrator() for part in hooks.parts("narration") if hasattr(part, "Narrator")]
    last_turn = -1
    while not game.is_over:
        narrated = [n.before_decision(game, lines, lambda: _snapshot(snapshots, s, lines)) for n in narrators]
        if not any(narrated) and s.game[G_TURN] != last_turn:     # a standard game's turn begins
            _snapshot(snapshots, s, lines)
            last_turn = int(s.game[G_TURN])
            p = int(s.game[G_ACTIVE])
            lines.append(f"turn {last_turn} (round {int(s.game[G_ROUND]) + 1}): "
                         f"{FACTIONS[s.player[p, P_FACTION]]} / {MATS[s.player[p, P_MAT]]}"
                         + "".join(hooks.each("narration", "turn_note", s, t)))
        rows = game.legal_rows()
        seat = int(s.player[s.game[G_DECIDER], P_SEAT])
        i = choose(ids[seat], s, t, seat, rows, len(rows), params, game.work)
        before = copy_state(s)
        action = game.step(tuple(rows[i]))
        lines.append(f"    {action.text}")
        lines.extend(f"      > {e}" for e in events(before, s))
        if check:
            code = game.check()
            if code:
                raise AssertionError(f"invariant {code} broken after {action.text!r}")
    ending = next((end for end in (n.end_lines(game) for n in narrators) if end is not None), None)
    lines.extend(ending if ending is not None else [f"game over: {game.end_reason} after {int(s.game[G_TURN])} turns"])
    _snapshot(snapshots, s, lines)
    return game, lines


def _snapshot(snapshots, s, lines):
    if snapshots is not None:
        snapshots.append((copy_state(s), len(lines)))


def _name(s, p):
    return FACTIONS[int(s.player[p, P_FACTION])]


def events(before, after):
    """What a decision set off besides itself: fights starting (after the abilities that
    act before them), their outcome and retreats, workers sent home by a move, encounter
    cards drawn and stars placed."""
    out = []
    a, b = before, after
    if b.game[G_RETREATS] > a.game[G_RETREATS]:
        out.append(f"{int(b.game[G_RETREATS] - a.game[G_RETREATS])} enemy worker(s) sent home")
    defender_done = a.game[G_PHASE] == PH_COMBAT_CARDS and a.game[G_DECIDER] == a.game[G_DEFENDER]
    if defender_done and (b.game[G_PHASE] != PH_COMBAT_CARDS or b.game[G_COMBATS] != a.game[G_COMBATS]):
        out.append(_combat_result(a, b))
    fight = next((e for e in hooks.each("narration", "fight_event", a, b) if e), None)    # an airship fight
    if fight:
        out.append(fight)
    elif b.game[G_COMBATS] > a.game[G_COMBATS]:
        out.append(_combat_start(a, b))
    for more in hooks.each("narration", "events", a, b):     # a variant's (an airship's tolls)
        out.extend(more)
    if b.game[G_ENC_CARD] >= 0 and b.game[G_ENC_CARD] != a.game[G_ENC_CARD]:
        out.append(f"{_name(b, b.game[G_ACTIVE])} draws encounter card {int(b.game[G_ENC_CARD]) + 1}")
    for p in range(int(b.game[G_N_PLAYERS])):
        for k, kind in enumerate(STAR_KINDS):
            if b.stars[p, k] > a.stars[p, k]:
                out.append(f"{_name(b, p)} places a star: {kind}")
    return out


def _combat_start(a, b):
    p, q, loc = int(b.game[G_ACTIVE]), int(b.game[G_DEFENDER]), int(b.game[G_COMBAT_HEX])
    text = (f"combat on {hex_name(loc)}: {_name(b, p)} attacks {_name(b, q)} "
            f"(power {int(b.player[p, P_POWER])} vs {int(b.player[q, P_POWER])}, "
            f"cards {int(b.hand[p].sum())} vs {int(b.hand[q].sum())})")
    changes = []
    for x in (p, q):
        if b.player[x, P_POWER] != a.player[x, P_POWER]:
            changes.append(f"{_name(b, x)} power {int(a.player[x, P_POWER])}->{int(b.player[x, P_POWER])}")
        if b.hand[x].sum() != a.hand[x].sum():
            changes.append(f"{_name(b, x)} cards {int(a.hand[x].sum())}->{int(b.hand[x].sum())}")
    if changes:
        text += "; before the fight: " + ", ".join(changes)
    return text


def _combat_result(a, b):
    p, q, loc = int(a.game[G_ACTIVE]), int(a.game[G_DEFENDER]), int(a.game[G_COMBAT_HEX])
    attack = int(a.game[G_ATK_DIAL] + a.game[G_ATK_CARDS])
    defence = int(a.game[G_DEF_DIAL] + a.game[G_DEF_CARDS])
    winner, loser = (p, q) if attack >= defence else (q, p)
    sent = sum(1 for u in range(N_UNITS) if a.unit_loc[loser, u] == loc and b.unit_loc[loser, u] != loc)
    text = (f"{_name(b, p)} {attack} vs {_name(b, q)} {defence}: {_name(b, winner)} wins, "
            f"{_name(b, loser)} retreats {sent} unit(s) home")
    if b.game[G_PHASE] == PH_RETREAT:   # Seaworthy: the loser's choice follows
        text += ", then chooses where its character and mechs go: home or onto a lake"
    return text


def _setup_line(game, names):
    s = game.state
    seats = []
    for p in range(int(s.game[0])):
        seat = int(s.player[p, P_SEAT])
        seats.append(f"{p + 1}. {FACTIONS[s.player[p, P_FACTION]]}/{MATS[s.player[p, P_MAT]]}"
                     f" (seat {seat}, {names[seat]})")
    notes = [note for note in hooks.each("narration", "setup_note", s, game.tables) if note]
    return "turn order: " + "; ".join([", ".join(seats)] + notes)


def mix_seats(mix, seed, players):
    """The strategy names of each seat of `play --seed SEED`: drawn from the mix's pool
    as a run's game 0 with root seed SEED draws them."""
    from .strategies.mixes import mix_pool, pool_seats

    check_seed(seed)
    return list(pool_seats(mix_pool(mix), 0, seed, max(int(players), 0)))   # a bad count: Game.new says so


def score_table_lines(game, strategies=None):
    """The final score breakdown as aligned text lines, best rank first; with the seats'
    strategy names (one per seat, or one for every seat) a strategy column."""
    rows = sorted(game.score(), key=lambda r: (r["rank"], r["player"]))
    names = None
    if strategies:
        names = list(strategies) * len(rows) if len(strategies) == 1 else list(strategies)
    head = (f"{'rank':>4} {'faction':8} {'mat':13}{' strategy ' if names else ' '}"
            f"{'coins':>5} {'stars':>9} {'territory':>9} {'resources':>9} {'bonus':>5} {'total':>5}")
    lines = [head]
    for r in rows:
        strategy = f" {names[r['seat']]:9}" if names else ""
        lines.append(f"{r['rank']:>4} {r['faction']:8} {r['mat']:13}{strategy} {r['coins']:>5} "
                     f"{r['star_coins']:>4} ({r['stars']}) {r['territory_coins']:>4} ({r['territories']:>2})"
                     f" {r['resource_coins']:>4} ({r['resources']:>2}) {r['structure_bonus']:>5} {r['total']:>5}")
    return lines


def play_game(seed, players, strategies=(), rules=None, factions=(), mats=(), expansion=False,
              resolution=None, mix="default", pictures=None):
    """`scythe-sim play`: (lines, score lines) of one game, the text board after the last
    decision. Without strategies the seats draw from `mix` (mix_seats); `expansion`
    (implied past 5 players) deals all seven factions; `resolution` names a Wind Gambit
    resolution tile; `rules` (a variant's and --rule's) go on top. pictures: a folder
    that receives a picture per turn and the page stepping through them (picture_turns)."""
    deal = {"expansion_factions": 1} if expansion or players > 5 else {}
    if resolution:
        deal["resolution"] = resolution
    names = list(strategies) or mix_seats(mix, seed, players)
    snapshots = [] if pictures is not None else None
    game, lines = play_through(seed, players, list(factions) or None, list(mats) or None, names,
                               rules={**deal, **(rules or {})}, snapshots=snapshots)
    if pictures is not None:
        picture_turns(pictures, game.tables, snapshots, lines, f"Scythe, seed {seed}, {players} players")
    return lines + [str(game)], score_table_lines(game, names)


def picture_turns(folder, tables, snapshots, lines, heading):
    """One picture per turn into `folder` and its stepping page (scythe_sim/picture_page.py),
    from play_through's snapshots; each picture is titled by its turn's first line."""
    from scythe_sim.picture_page import turn_frames, write_pages

    from .text.picture import position_svg

    frames = turn_frames(snapshots, lines, lambda state, title: position_svg(state, tables, f"{heading}: {title}"),
                         lambda k, shown: shown[0].strip() if shown and k else "setup")
    return write_pages(folder, frames, heading)
