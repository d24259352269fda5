"""The soak over the product's whole surface: every variant, player count, tile, airship
rule, ablation switch, house rule at its extremes and strategy, with every invariant
checked after every decision, through the runner's own batch path.

    python -m tests.soak --scale 1               # about 25,000 games (CI's slow lane runs it)
    python -m tests.soak --scale 40 --workers 2  # about 1,000,000 games (docs/SOAK.md)
    python -m tests.soak --cell wind/tile_3 --game 356   # one game of a cell again, checked

Prints a matrix of games played and bad games per cell and, for each bad game, where it
fails and the command that shows it again (its reproducer, with both positions, is
written under --out). Exits 1 when any game was bad. Game i of a cell is a pure function
of the cell and i: a cell's config is a run config, its games that run's games.
"""
import argparse
import dataclasses
import json
import os
import pathlib
import sys
import time

from scythe_sim.runner.config import parse_config

# --- the matrix -------------------------------------------------------------------------------
DEFAULT_MIX = ["greedy", "economist", "rusher", "warmonger", "objective", "automa"]
MLS_POOL = ["planner", "deliverer", "pie_fighter", "quester"]
# games of a cell at --scale 1 (about 25,000 in all), by its cost: the planner family and the
# Automa play about 130 games a CPU-second, random play about 20 times more (docs/journal/performance.md)
PLANNED, RANDOM = 40, 250


@dataclasses.dataclass(frozen=True)
class Cell:
    name: str                   # group/cell
    config: dict                # the run config's table (runner/config.parse_config)
    games: int                  # at --scale 1

    def run_config(self, games, seed):
        name = self.name.replace("/", "-").replace("=", "-")
        return parse_config({**self.config, "name": name, "games": games, "seed": seed,
                             "shard_size": max(1, games)})


def _scythe(name, players=4, pool=None, rules=None, variant="base", games=PLANNED, prices=None):
    strategies = {"pool": pool or DEFAULT_MIX}
    config = {"game": "scythe", "variant": variant, "players": players, "strategies": strategies,
              "rules": dict(rules or {})}
    return Cell(name, {**config, "prices": str(prices)} if prices else config, games)


def _random_twin(cell):
    """The same cell played by random seats: many more games, every row reached."""
    return Cell(cell.name + "/random", {**cell.config, "strategies": {"pool": ["random"]}}, RANDOM)


def cells():
    """Every cell of the soak, in a fixed order."""
    from scythe_sim.games.mls.strategies import STRATEGIES as MLS_STRATEGIES
    from scythe_sim.games.scythe.variants.wind_gambit.airships import N_AGGRESSIVE, N_AIRSHIP_TILES
    from scythe_sim.games.scythe.enums import RESOLUTION_RANDOM
    from scythe_sim.games.scythe.house_rules import _RULE_RANGE
    from scythe_sim.games.scythe.strategies import STRATEGIES

    planned = []
    planned += [_scythe(f"base/{n}p", n) for n in (2, 3, 4, 5)]
    planned += [_scythe(f"invaders/{n}p", n, rules={"expansion_factions": 1}) for n in range(2, 8)]
    wind = {"resolution": 0}
    planned += [_scythe(f"wind/tile_{k}", 4, rules={"resolution": k}, variant="wind_gambit")
                for k in range(1, RESOLUTION_RANDOM + 1)]                       # 9: random
    planned += [_scythe(f"wind/aggressive_{k}", 4, rules={**wind, "airship_aggressive": k}, variant="wind_gambit")
                for k in range(1, N_AGGRESSIVE + 1)]
    planned += [_scythe(f"wind/passive_{k}", 4, rules={**wind, "airship_passive": k}, variant="wind_gambit")
                for k in range(N_AGGRESSIVE + 1, N_AIRSHIP_TILES + 1)]
    planned += [_scythe("wind/one_airship_each", 4, rules={**wind, "airship_per_player": 1}, variant="wind_gambit"),
                _scythe("wind/7p", 7, rules={**wind, "expansion_factions": 1}, variant="wind_gambit")]
    planned += [_scythe(f"war/{n}p", n, rules={"expansion_factions": 1}, variant="all_out_war") for n in (2, 3, 4, 5)]
    planned += [_scythe("war/airships", 4, rules={"expansion_factions": 1, "wind_gambit": 1, "resolution": 0},
                        variant="all_out_war")]
    for switch in ("faction_abilities_off", "mech_abilities_off", "mech_abilities_off_for"):
        planned.append(_scythe(f"ablation/{switch}", 4, rules={switch: _RULE_RANGE[switch][1],
                                                               "expansion_factions": 1}))
    planned += [_scythe(f"ablation/{switch}", 4, rules={switch: 1}) for switch in ("encounters_off", "factory_off")]
    for rule, (low, high) in _house_rule_extremes(_RULE_RANGE).items():
        planned += [_scythe(f"rules/{rule}={low}", 3, rules={rule: low}),
                    _scythe(f"rules/{rule}={high}", 3, rules={rule: high})]
    planned += [_scythe(f"rules/prices{extra}", 5, rules={"expansion_factions": 1, **rules},
                        prices=PRICES_AT_EXTREMES)
                for extra, rules in (("", {}), ("/coin_handicap=100", {"coin_handicap": 100}))]
    war = {"expansion_factions": 1}
    for rule in (r for r in _RULE_RANGE if r.startswith("war_")):
        low, high = _RULE_RANGE[rule]
        planned += [_scythe(f"war_rules/{rule}={v}", 3, rules={**war, **_war_airships(rule), rule: v},
                            variant="all_out_war", games=PLANNED // 4) for v in (low, high)]
    planned += [_scythe(f"mirror/{s}", 4, pool=[s], games=PLANNED if s != "random" else RANDOM)
                for s in STRATEGIES]
    out = planned + [_random_twin(c) for c in planned if not c.name.startswith("mirror/")]
    for n in range(1, 7):
        out.append(Cell(f"mls/{n}p", {"game": "my_little_scythe", "players": n, "strategies": {"pool": MLS_POOL}},
                        RANDOM))
        out += [Cell(f"mls/{n}p/{s}", {"game": "my_little_scythe", "players": n, "strategies": {"pool": [s]}},
                     RANDOM // 2) for s in MLS_STRATEGIES]
    return out


# the standard game's house rules whose extremes the soak plays (the war's and the tiles'
# have their own cells); a cap is played at a low value any game reaches and at its top
_EXTREMES = {"stars_to_end": (1, 12), "turn_cap": (1, 1000), "combat_star_cap": (0, 1000),
             "power_max": (0, 1000), "popularity_max": (0, 18), "dial_max": (0, 1000),
             "ban_pairs": (0, 1), "relentless_on_factory": (0, 1), "coin_handicap": (0, 100)}
# a price table at the extremes: every faction and mat priced 100 coins either way, and two
# cells, so a seat starts with up to 300 coins more or with its coins clamped at 0
PRICES_AT_EXTREMES = pathlib.Path(__file__).resolve().parent / "soak_prices.csv"


def _house_rule_extremes(ranges):
    """{rule: (low, high)}: each rule's extremes within its range (the highest stars to end
    and popularity that change play: 12 stars is past what a game can earn before the
    turn cap; popularity stops at the scoring tiers' top; a track's top no lower than where
    a faction or mat starts it)."""
    from scythe_sim.games.scythe.data_files import load_data
    from scythe_sim.games.scythe.house_rules import lowest_track_tops

    lowest = lowest_track_tops(load_data())
    return {rule: (max(low, ranges[rule][0], lowest.get(rule, low)), min(high, ranges[rule][1]))
            for rule, (low, high) in _EXTREMES.items()}


def _war_airships(rule):
    """The Wind Gambit's airships with a war rule that is about them."""
    return {"wind_gambit": 1, "resolution": 0} if rule.startswith("war_airship_") else {}


# --- playing ------------------------------------------------------------------------------
def play_block(cell, seed, start, stop):
    """(games played, [(game, status, seed), ...] bad) of games start..stop-1 of the cell,
    every invariant checked after every decision."""
    from scythe_sim.runner.shard import play_isolating

    batch = play_isolating(cell.run_config(stop, seed), start, stop, check=True)
    return stop - start, [(start + k, status, s) for k, status, s in batch.bad]


def blocks(matrix, scale, block):
    for index, cell in enumerate(matrix):
        total = max(1, int(cell.games * scale))
        for start in range(0, total, block):
            yield index, start, min(total, start + block)


def soak(matrix, scale, seed, workers=1, block=100, progress=None):
    """{cell name: [played, [bad games]]} over the whole matrix, on `workers` processes."""
    from scythe_sim.runner.batch import forked_pool

    results = {cell.name: [0, []] for cell in matrix}
    todo = list(blocks(matrix, scale, block))

    def warm():
        for game in ("scythe", "my_little_scythe"):
            from scythe_sim.runner.spec import spec_for
            spec_for(game).warm()

    with forked_pool(workers, warm) as pool:
        futures = {pool.submit(play_block, matrix[i], seed, start, stop): i for i, start, stop in todo}
        done = 0
        import concurrent.futures
        for future in concurrent.futures.as_completed(futures):
            played, bad = future.result()
            name = matrix[futures[future]].name
            results[name][0] += played
            results[name][1].extend(bad)
            done += played
            for game, status, game_seed in bad:
                print(f"  bad game: {name} game {game} (seed {game_seed}), status {status}", flush=True)
            if progress:
                progress(done, sum(len(b) for _, b in results.values()))
    return results


def reproduce(cell, seed, game_id, out):
    """Where game `game_id` of the cell fails (the spec's `failure`), written to out as
    JSON with the cell's config; returns (the failure or None, the file)."""
    config = cell.run_config(game_id + 1, seed)
    found = config.spec.failure(config, game_id)
    os.makedirs(out, exist_ok=True)
    path = os.path.join(out, f"{cell.name.replace('/', '-')}-game-{game_id}.json")
    with open(path, "w") as f:
        json.dump({"cell": cell.name, "seed": seed, "game": game_id, "config": config.snapshot(),
                   "failure": found}, f, indent=1, sort_keys=True, default=str)
    return found, path


def matrix_lines(results):
    width = max(len(name) for name in results)
    lines = [f"{'cell':<{width}}  {'games':>9}  {'bad':>4}"]
    lines += [f"{name:<{width}}  {played:>9,}  {len(bad):>4}" for name, (played, bad) in results.items()]
    played = sum(p for p, _ in results.values())
    bad = sum(len(b) for _, b in results.values())
    lines.append(f"{'total (' + str(len(results)) + ' cells)':<{width}}  {played:>9,}  {bad:>4}")
    return lines


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0, help="games per cell, as a multiple of its share")
    parser.add_argument("--seed", type=int, default=20261127, help="root seed of every cell's run")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--cells", default="", help="only the cells whose name starts with this")
    parser.add_argument("--cell", help="with --game: that game of that cell again, checked")
    parser.add_argument("--game", type=int, help="with --cell: the game's index in the cell")
    parser.add_argument("--out", default="soak-bad-games", help="folder for the bad games' reproducers")
    parser.add_argument("--list", action="store_true", help="list the cells and their games, play nothing")
    args = parser.parse_args(argv)
    matrix = [c for c in cells() if c.name.startswith(args.cells)]
    if args.cell is not None:
        chosen = [c for c in cells() if c.name == args.cell]
        if not chosen or args.game is None:
            parser.error("--cell takes a cell's exact name (see --list) and goes with --game")
        found, path = reproduce(chosen[0], args.seed, args.game, args.out)
        print(f"{args.cell} game {args.game}: " + ("plays to its end, every invariant held" if found is None else
                                                    f"fails at decision {found['step']}: {found['problem']} "
                                                    f"after {found['decision']!r}; positions in {path}"))
        return 0 if found is None else 1
    if not matrix:
        parser.error(f"no cell starts with {args.cells!r} (see --list)")
    if args.list:
        for c in matrix:
            print(f"{c.name}: {max(1, int(c.games * args.scale)):,} games")
        return 0
    total = sum(max(1, int(c.games * args.scale)) for c in matrix)
    for c in matrix:                 # every cell's config is a valid run config, before anything plays
        c.run_config(1, args.seed)
    start = time.perf_counter()
    print(f"soak: {len(matrix)} cells, {total:,} games, seed {args.seed}, {args.workers} worker(s)", flush=True)

    def progress(done, bad):
        if done * 100 // total != (done - 1) * 100 // total or done == total:
            print(f"  {done:,} of {total:,} games, {bad} bad ({time.perf_counter() - start:,.0f} s)", flush=True)
    results = soak(matrix, args.scale, args.seed, args.workers, progress=progress)
    print("\n".join(matrix_lines(results)))
    print(f"{total:,} games in {time.perf_counter() - start:,.0f} s")
    by_name = {c.name: c for c in matrix}
    bad = [(name, game) for name, (_, games) in results.items() for game, _, _ in games]
    for name, game in bad:
        found, path = reproduce(by_name[name], args.seed, game, args.out)
        where = "no failure on the façade" if found is None else f"{found['problem']} at decision {found['step']}"
        print(f"bad game: {name} game {game}: {where}; reproducer {path}; again with: "
              f"python -m tests.soak --cell {name} --game {game} --seed {args.seed}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
