"""One game of My Little Scythe for `scythe-sim play --game my_little_scythe`: the
playthrough (playthrough.py) and the final standing, each seat's strategy named."""
from scythe_sim.errors import ConfigError
from scythe_sim.names import did_you_mean

from .strategies import STRATEGIES
from .strategies.mixes import DEFAULT_POOL, pool_seats
from .text.picture import picture_turns
from .playthrough import play_through


def play_game(seed, players, strategies=(), rules=None, pictures=None):
    """`scythe-sim play --game my_little_scythe`: (lines, score lines) of one game. Without
    strategies each seat draws one from the game's default pool, as a run's game 0 with
    root seed `seed` draws them; one name plays every seat. pictures: a folder for a
    picture per turn and the page stepping through them."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2 ** 64:
        raise ConfigError(f"seed {seed!r} is out of range: give a whole number from 0 to 2^64-1")
    names = list(strategies) or [STRATEGIES[k] for k in pool_seats(
        [STRATEGIES.index(s) for s in DEFAULT_POOL], 0, seed, max(int(players), 0))]
    for name in names:
        if name not in STRATEGIES:
            raise ConfigError(f"--strategies: unknown {name!r},{did_you_mean(name, STRATEGIES)} choose from "
                              f"{', '.join(STRATEGIES)}")
    if len(names) == 1:
        names = names * players
    if len(names) != players:
        raise ConfigError(f"--strategies has {len(names)} names: give 1 (every seat) or {players} (one per seat)")
    snapshots = [] if pictures is not None else None
    game, lines = play_through(seed, players, [STRATEGIES.index(n) for n in names], rules, snapshots=snapshots)
    if pictures is not None:
        picture_turns(pictures, game.tables, snapshots, lines, f"My Little Scythe, seed {seed}, {players} players")
    return lines, score_lines(game, names)


def score_lines(game, names):
    """The final standing as aligned lines, best rank first, each seat's strategy named."""
    rows = sorted(game.seat_rows(), key=lambda r: (r["rank"], r["seat"]))
    out = [f"{'rank':>4} {'seat':>4} {'strategy':11} {'trophies':>8} {'friendship':>10} {'pies':>4} "
           f"{'quests':>6} {'turns':>5}"]
    for r in rows:
        out.append(f"{r['rank']:>4} {r['seat']:>4} {names[r['seat']]:11} {r['trophies']:>8} "
                   f"{r['friendship']:>10} {r['pies']:>4} {r['quests_done']:>6} {r['turns']:>5}")
    return out
