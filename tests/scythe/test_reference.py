"""The kernel against the slow pure-Python reference (tests/scythe/reference.py) on random positions.

Two comparisons, each on >= 1,000 seeded random positions:
- movement reach: every place a unit of the active player can end one Move (moving alone,
  at least one step), explored through the kernel's own legal "step" rows;
- final scoring: Game.score() against reference.final_score() field by field.
A mismatch prints the position (compact JSON) and both answers.
"""
import json
import random
from collections import Counter

import pytest

from scythe_sim.games.scythe.enums import hex_name
from scythe_sim.games.scythe.game import Game
from scythe_sim.games.scythe.layout import A_SELECT_UNIT, A_STEP, A_STOP, G_MOVER, G_PHASE, PH_MOVE_STEP
from scythe_sim.games.scythe.tables import load_data

from .reference import (INVADER_MOVE_RULES, INVADER_SCORE_RULES, MOVE_RULES, SCORE_RULES,
                        TIE_BREAKERS, board, final_score, move_reach)

BASE_FACTIONS = ("nordic", "rusviet", "crimea", "saxony", "polania")
ALL_FACTIONS = BASE_FACTIONS + ("albion", "togawa")
TRAP_PENALTIES = ("popularity", "power", "coins", "combat_cards")
N_INVADER_POSITIONS = 1000
SB_TILES = ("adjacent_tunnels", "adjacent_lakes", "adjacent_encounters",
            "on_tunnels", "in_a_row", "on_farms_tundras")
STRUCTURES = ("mine", "monument", "armory", "mill")
SCORE_KEYS = ("coins", "star_coins", "territory_coins", "resource_coins", "structure_bonus",
              "total", "stars", "territories", "resources", "rank")

N_REACH_POSITIONS = 1500
N_SCORE_POSITIONS = 2000

DATA = load_data()
MATS = {name: m for name, m in DATA["mats"]["mat"].items()}
BANNED = {tuple(x) for x in DATA["factions"]["banned_pairs"]}


def _compact(position):
    return json.dumps(position, separators=(",", ":"), sort_keys=True)


# --- random positions -------------------------------------------------------------------

def random_position(rng, tie_prone=False, invaders=False):
    """A random legal position: 2-5 base factions, units/structures/resources anywhere legal
    (invaders: 2-7 of all seven factions, with Albion's Flags and Togawa's Traps).

    The active player is about to move one unit ("move_unit" with units_left 1).
    tie_prone: every player has the same numbers of workers, mechs and structures, power
    and popularity within 1 of each other, and coins topped up (by the reference) so all
    totals tie: the six tie-breakers then decide the ranks."""
    b = board()
    land = [x for x in b.hexes if x not in b.lakes]
    lakes = sorted(b.lakes)
    n = rng.randint(2, 7) if invaders else rng.randint(2, 5)
    factions = rng.sample(ALL_FACTIONS if invaders else BASE_FACTIONS, n)
    inactive_homes = [b.home[f] for f in b.factions if f not in factions]
    mats = []
    for f in factions:
        choices = [m for m in MATS if m not in mats and (f, m) not in BANNED]
        mats.append(rng.choice(choices or [m for m in MATS if m not in mats]))
    sparse = tie_prone or rng.random() < 0.25
    n_mechs, n_workers, n_structs = rng.randint(0, 3), rng.randint(2, 4), rng.randint(0, 3)
    base_power, base_pop = rng.randint(0, 14), rng.choice([x for x in range(17) if x not in (6, 12)])
    occupants = {}  # loc -> {player: "fighter" | "worker"} (fighter wins)
    players = []
    for p, f in enumerate(factions):
        if tie_prone:
            mechs = rng.sample(b.mechs[f], n_mechs)
        else:
            mechs = [m for m in b.mechs[f] if rng.random() < (0.3 if sparse else 0.6)]
        lake_ok = bool({"seaworthy", "submerge", "suiton"} & set(mechs))
        players.append({"faction": f, "mat": mats[p], "mechs": {m: None for m in mechs},
                        "_lake": lake_ok})

    def near_home(f):
        # sorted: b.adj holds sets, whose order changes with PYTHONHASHSEED
        return b.start_hexes[f] + sorted(x for x in b.adj[b.home[f]] if x in land)

    def fighter_spot(p):
        f = players[p]["faction"]
        roll = rng.random()
        if roll < 0.12:
            return b.home[f]
        if roll < 0.17 and "wayfare" in players[p]["mechs"] and inactive_homes:
            return rng.choice(inactive_homes)
        if roll < 0.35 and players[p]["_lake"]:
            return rng.choice(lakes)
        if roll < 0.55:  # near home, where the rivers bite
            return rng.choice(near_home(f))
        return rng.choice(land)

    # characters and mechs first: any two players may share a hex with fighters
    for p, pl in enumerate(players):
        pl["character"] = fighter_spot(p)
        occupants.setdefault(pl["character"], {})[p] = "fighter"
        for m in pl["mechs"]:
            pl["mechs"][m] = fighter_spot(p)
            occupants.setdefault(pl["mechs"][m], {})[p] = "fighter"
    # workers (at least the 2 starting ones): never on lakes or another faction's home
    # base; they share a hex with another player only where both have a character/mech
    for p, pl in enumerate(players):
        f = pl["faction"]
        if tie_prone:
            count = n_workers
        else:
            count = rng.randint(2, 3) if sparse else rng.randint(2, 8)
        workers = []
        while len(workers) < count:
            roll = rng.random()
            if roll < 0.08:
                loc = b.home[f]
            elif roll < 0.4:
                loc = rng.choice(near_home(f))
            elif roll < 0.55 and workers:
                loc = rng.choice(workers)
            else:
                loc = rng.choice(land)
            here = occupants.get(loc, {})
            others = [q for q in here if q != p]
            if others and (here.get(p) != "fighter" or any(here[q] != "fighter" for q in others)):
                continue
            workers.append(loc)
            occupants.setdefault(loc, {}).setdefault(p, "worker")
        pl["workers"] = workers
    # structures: one per hex, not on lakes or home bases
    free = list(land)
    rng.shuffle(free)
    for pl in players:
        if tie_prone:
            kinds = rng.sample(STRUCTURES, n_structs)
        else:
            kinds = [k for k in STRUCTURES if rng.random() < (0.3 if sparse else 0.55)]
        pl["structures"] = {k: free.pop() for k in kinds}
    out_players = []
    for p, pl in enumerate(players):
        if tie_prone:
            power, popularity = base_power + rng.randint(0, 1), base_pop + rng.randint(0, 1)
        else:
            power, popularity = rng.randint(0, 16), rng.randint(0, 18)
        # triumphs already reached carry their star (the kernel would place it at once,
        # and a 6th star would end the game before the Move); at most 5 stars in all
        stars = {k: 1 for k, reached in (("workers", len(pl["workers"]) == 8),
                                         ("mechs", len(pl["mechs"]) == 4),
                                         ("structures", len(pl["structures"]) == 4),
                                         ("popularity", popularity == 18),
                                         ("power", power == 16)) if reached}
        if len(stars) > 5:  # all five at once: give up the power star
            power, stars = 15, {k: 1 for k in stars if k != "power"}
        others = ("upgrades", "recruits", "objective", "combat")
        for k in rng.sample(others, rng.randint(0, 1 if tie_prone else 4)):
            stars[k] = rng.randint(1, 2) if k == "combat" else 1
        while sum(stars.values()) > 5:
            stars.pop([k for k in stars if k in others][0])
        out_players.append({
            "faction": pl["faction"], "mat": pl["mat"],
            "power": power, "popularity": popularity, "coins": rng.randint(0, 40),
            "stars": stars, "objectives_done": [1] if "objective" in stars else [],
            "character": pl["character"], "mechs": pl["mechs"],
            "workers": pl["workers"], "structures": pl["structures"],
        })
    resources = {}
    for x in rng.sample(land, rng.randint(0, 4 if sparse else 14)):
        held = {r: rng.randint(1, 4) for r in ("oil", "metal", "wood", "food") if rng.random() < 0.4}
        if held:
            resources[x] = held
    tokens = sorted(x for x in b.encounter_hexes if rng.random() < 0.6)
    board_tokens = _faction_tokens(rng, factions, land, lakes) if invaders else {}
    active = rng.randrange(n)
    section = 1 + MATS[mats[active]]["top"].index("move")
    position = {
        "players": out_players,
        "board": {"resources": resources, "encounter_tokens": tokens,
                  **({"tokens": board_tokens} if board_tokens else {})},
        "game": {"active": active, "phase": "move_unit", "section": section,
                 "structure_bonus": rng.choice(SB_TILES), "turn_state": {"units_left": 1}},
    }
    if tie_prone:  # top up coins so every total is the same
        totals = [row["total"] for row in final_score(position)]
        for pl, total in zip(out_players, totals):
            pl["coins"] += max(totals) - total
    return position


def _faction_tokens(rng, factions, land, lakes):
    """Up to 4 Flags of Albion and up to 4 Traps of Togawa (one per penalty, armed or not;
    Traps on lakes too), one token per territory."""
    spots = list(land) + list(lakes)
    rng.shuffle(spots)
    out = {}
    if "albion" in factions:
        for _ in range(rng.randint(0, 4)):
            x = spots.pop()
            while x in lakes:
                x = spots.pop()
            out[x] = {"owner": factions.index("albion"), "token": "flag"}
    if "togawa" in factions:
        for penalty in rng.sample(TRAP_PENALTIES, rng.randint(0, 4)):
            out[spots.pop()] = {"owner": factions.index("togawa"), "token": "trap", "penalty": penalty,
                                "armed": rng.random() < 0.7}
    return out


def _positions(seed, count, **kw):
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        pos = random_position(rng, **kw)
        game = Game.from_dict(pos)  # PositionError here is a generator bug: let it raise
        out.append((pos, game))
    return out


# --- the kernel's reach -----------------------------------------------------------------

def _rows(game, kind):
    return [tuple(int(v) for v in row) for row in game.legal_rows() if row[0] == kind]


def kernel_reach(game, slots):
    """Where the unit can end its move after >= 1 step, by the kernel's rows.

    slots: the unit slots that are the same unit for movement (workers on one hex are
    interchangeable and the kernel offers only one of them)."""
    start = game.copy()
    sel = [r for r in _rows(start, A_SELECT_UNIT) if r[1] in slots]
    if not sel:
        return set()
    start.step(sel[0])
    slot = sel[0][1]
    ends = set()

    def explore(g):
        for row in _rows(g, A_STEP):
            h = g.copy()
            h.step(row)
            still_moving = (h.state.game[G_PHASE] == PH_MOVE_STEP and h.state.game[G_MOVER] == slot)
            if not still_moving or _rows(h, A_STOP):
                ends.add(hex_name(row[1]))
            if still_moving:
                explore(h)

    explore(start)
    return ends


def _units(position, p):
    """(kernel unit slots, reference unit spec) for every unit of player p on the board;
    workers are grouped by hex (one entry per hex holding workers)."""
    pl = position["players"][p]
    order = board().mechs[pl["faction"]]
    units = [((0,), "character")]
    units += [((1 + order.index(m),), m) for m in pl["mechs"]]
    by_hex = {}
    for i, loc in enumerate(pl["workers"]):
        by_hex.setdefault(loc, []).append(5 + i)
    units += [(tuple(slots), loc) for loc, slots in by_hex.items()]
    return units


@pytest.fixture(scope="module")
def reach_positions():
    return _positions(20240611, N_REACH_POSITIONS)


def _report(what, mismatches, compared):
    shown = "\n\n".join(mismatches[:3])
    return f"{len(mismatches)} of {compared} {what} differ; the first ones:\n\n{shown}"


def _reach_mismatches(positions):
    """(units compared, mismatch reports): every unit of the active player (workers: one
    per hex) on every position, the kernel's reach against the reference's."""
    compared, mismatches = 0, []
    for pos, game in positions:
        p = pos["game"]["active"]
        for slots, spec in _units(pos, p):
            want = move_reach(pos, p, spec)
            got = kernel_reach(game, slots)
            compared += 1
            if got != want:
                mismatches.append(
                    f"move reach of player {p} unit {spec!r} (slots {slots})\n"
                    f"position: {_compact(pos)}\nkernel: {sorted(got)}\nreference: {sorted(want)}\n"
                    f"kernel only: {sorted(got - want)}  reference only: {sorted(want - got)}")
    return compared, mismatches


@pytest.mark.slow
def test_move_reach_matches_reference(reach_positions):
    compared, mismatches = _reach_mismatches(reach_positions)
    assert not mismatches, _report("move reaches", mismatches, compared)
    assert len(reach_positions) >= 1000 and compared >= 5000


def _reach_decided(positions, rules, decided):
    """Add to `decided` how many units' reach each rule changes (switched off alone)."""
    for pos, _game in positions:
        p = pos["game"]["active"]
        for _slots, spec in _units(pos, p):
            want = move_reach(pos, p, spec)
            for rule in rules:
                decided[rule] += move_reach(pos, p, spec, rules_off={rule}) != want
    return decided


@pytest.mark.slow
def test_reach_positions_exercise_every_rule(reach_positions):
    """The comparison only tests a rule where it changes an answer: switch each rule off
    in the reference and count the units whose reach changes."""
    decided = _reach_decided(reach_positions, MOVE_RULES, Counter())
    thin = {rule: decided[rule] for rule in MOVE_RULES if decided[rule] < 15}
    assert not thin, f"rules that decide too few compared reaches: {thin} (all: {dict(decided)})"


@pytest.fixture(scope="module")
def invader_positions():
    return _positions(20261123, N_INVADER_POSITIONS, invaders=True)


@pytest.mark.slow
def test_invaders_move_reach_matches_reference(invader_positions):
    """Albion's and Togawa's movement (Burrow, Rally, Toka, Suiton, Shinobi), Traps that
    stop a unit and the 6-7 player Wayfare, among 2-7 players of all seven factions."""
    compared, mismatches = _reach_mismatches(invader_positions)
    assert not mismatches, _report("move reaches", mismatches, compared)
    assert compared >= 3000


@pytest.mark.slow
def test_invader_positions_exercise_every_new_rule(invader_positions):
    decided = _reach_decided(invader_positions, INVADER_MOVE_RULES, Counter())
    for pos, _game in invader_positions:
        want = final_score(pos)
        for rule in INVADER_SCORE_RULES:
            decided[rule] += final_score(pos, rules_off={rule}) != want
    thin = {rule: decided[rule] for rule in INVADER_MOVE_RULES + INVADER_SCORE_RULES if decided[rule] < 15}
    assert not thin, f"rules that decide too few compared answers: {thin} (all: {dict(decided)})"


def test_invaders_final_score_matches_reference(invader_positions):
    mismatches = []
    for pos, game in invader_positions:
        want = final_score(pos)
        got = [{k: row[k] for k in SCORE_KEYS} for row in game.score()]
        if got != want:
            mismatches.append(f"final score\nposition: {_compact(pos)}\nkernel: {got}\nreference: {want}")
    assert not mismatches, _report("final scores", mismatches, len(invader_positions))


# --- scoring ------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def score_positions():
    return (_positions(99, N_SCORE_POSITIONS * 2 // 3)
            + _positions(100, N_SCORE_POSITIONS - N_SCORE_POSITIONS * 2 // 3, tie_prone=True))


@pytest.mark.slow
def test_final_score_matches_reference(score_positions):
    mismatches = []
    for pos, game in score_positions:
        want = final_score(pos)
        got = [{k: row[k] for k in SCORE_KEYS} for row in game.score()]
        if got != want:
            fields = sorted({k for g, w in zip(got, want) for k in SCORE_KEYS if g[k] != w[k]})
            mismatches.append(f"final score (fields {fields})\nposition: {_compact(pos)}\n"
                              f"kernel: {got}\nreference: {want}")
    assert not mismatches, _report("final scores", mismatches, len(score_positions))
    assert len(score_positions) >= 1000


@pytest.mark.slow
def test_score_positions_exercise_every_rule(score_positions):
    """Each scoring rule, tile and tie-breaker decides the answer on enough positions."""
    decided = Counter()
    for pos, _game in score_positions:
        want = final_score(pos)
        for rule in SCORE_RULES:
            decided[rule] += final_score(pos, rules_off={rule}) != want
        for k, name in enumerate(TIE_BREAKERS):  # tie-breaker k+1 changes some rank
            decided["tie:" + name] += (final_score(pos, tiebreakers=k)
                                       != final_score(pos, tiebreakers=k + 1))
        ranks = [row["rank"] for row in want]
        decided["shared rank"] += len(set(ranks)) < len(ranks)
        if any(row["structure_bonus"] for row in want):
            decided["tile:" + pos["game"]["structure_bonus"]] += 1
    needed = (list(SCORE_RULES) + ["tie:" + name for name in TIE_BREAKERS] + ["shared rank"]
              + ["tile:" + tile for tile in SB_TILES])
    thin = {key: decided[key] for key in needed if decided[key] < 15}
    assert not thin, f"scoring rules that decide too few positions: {thin} (all: {dict(decided)})"


# --- the reference's own board --------------------------------------------------------------

def test_reference_board_has_the_known_shape():
    """Derived adjacency against the counts of the rules facts (section 1.4)."""
    b = board()
    assert len(b.hexes) == 47 and len(b.tunnels) == 6 and len(b.encounter_hexes) == 11
    assert len(b.rivers) == 32  # 31 between hexes + the Rusviet home base
    shore = {x: sum(1 for z in b.adj[x] if z in b.hexes and z not in b.lakes) for x in b.lakes}
    assert shore == {"T07": 3, "T09": 6, "T17": 6, "T22": 6, "T31": 6, "T33": 5, "T42": 4}
    assert {z for z in b.adj[b.factory] if z in b.lakes} == {"T17", "T22", "T31"}
    # without tunnels the walkable land splits into five 3-hex home peninsulas + 25 hexes
    land = [x for x in b.hexes if x not in b.lakes]
    parts, seen = [], set()
    for x in land:
        if x in seen:
            continue
        part, todo = set(), [x]
        while todo:
            y = todo.pop()
            if y in part:
                continue
            part.add(y)
            todo += [z for z in b.adj[y] if z in land and frozenset((y, z)) not in b.rivers]
        seen |= part
        parts.append(len(part))
    assert sorted(parts) == [3, 3, 3, 3, 3, 25]
