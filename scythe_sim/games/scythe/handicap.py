"""Starting coins moved seat by seat (docs/price.md): the coin handicap's draws and a
price table's coins, as the plan hands them to setup (kernel/setup.setup_game adds them
to a mat's starting coins, never below 0).

The handicap (house rule `coin_handicap = K`) gives each seat a whole number uniform in
-K..K, drawn from a stream of its own (HANDICAP_STREAM_ID) seeded by the game's seed:
the game's chance, the strategies' streams and the plan's deal draw nothing from it, so
a run with the handicap plays the deals, seats and strategies of the run without it,
game for game. A price table gives each seat the coins of its faction x mat: a row may
name a faction and a mat (a cell), a faction alone or a mat alone; the rows that match
a seat add up. Python, but for one small compiled entry into the shared random streams.
"""
import numpy as np

from scythe_sim.compiled.jit import njit_entry
from scythe_sim.compiled.rng import RNG_WORDS, rand_below, seed_streams
from scythe_sim.errors import ConfigError
from scythe_sim.names import did_you_mean

from .enums import FACTIONS, MATS, N_FACTIONS, N_MATS
from .house_rules import MAX_HANDICAP
from .layout import HANDICAP_STREAM_ID, MAX_PLAYERS

RULE = "coin_handicap"
KEYS = ("faction", "mat")        # the columns a price table is keyed by


def handicap_draws(seed, players, k) -> np.ndarray:
    """(MAX_PLAYERS,) int64: seat s < players draws a whole number uniform in -k..k from
    the game seed's handicap stream; 0 for the other seats, and for every seat when k is 0."""
    out = np.zeros(MAX_PLAYERS, np.int64)
    if k > 0:
        rng = np.zeros((1, RNG_WORDS), np.uint64)
        seed_streams(rng, np.uint64(seed), HANDICAP_STREAM_ID)
        _draw(rng, players, k, out)
    return out


@njit_entry
def _draw(rng, players, k, out):
    """out[seat] = a draw uniform in -k..k for each seat < players, from rng's row 0 (the
    streams' helpers are compiled-only: this is their entry from Python)."""
    for seat in range(players):
        out[seat] = rand_below(rng, 0, 2 * k + 1) - k


def price_array(rows) -> np.ndarray:
    """(N_FACTIONS, N_MATS) int64 coins of each faction x mat under a price table: rows
    of {"faction"?, "mat"?, "coins"} (a missing key: every faction, or every mat), the
    rows matching a cell added up. Names are checked (check_prices)."""
    table = np.zeros((N_FACTIONS, N_MATS), np.int64)
    for row in rows:
        row = dict(row)
        fs = [FACTIONS.index(row["faction"])] if "faction" in row else list(range(N_FACTIONS))
        ms = [MATS.index(row["mat"])] if "mat" in row else list(range(N_MATS))
        table[np.ix_(fs, ms)] += int(row["coins"])
    return table


def check_prices(rows, where="config 'prices'") -> None:
    """One ConfigError line for a price table row naming an unknown faction or mat, no
    key, the same key twice, or coins past MAX_HANDICAP either way."""
    seen = set()
    for row in rows:
        row = dict(row)
        key = tuple(row.get(k) for k in KEYS)
        shown = ", ".join(f"{k} {row[k]}" for k in KEYS if k in row) or "no faction or mat"
        for name, vocabulary in zip(KEYS, (FACTIONS, MATS)):
            if name in row and row[name] not in vocabulary:
                raise ConfigError(f"{where}: unknown {name} {row[name]!r},{did_you_mean(row[name], vocabulary)} "
                                  f"choose from {', '.join(vocabulary)}")
        if key == (None, None):
            raise ConfigError(f"{where}: a row ({row.get('coins')} coins) names no faction and no mat: give "
                              "one or both")
        if key in seen:
            raise ConfigError(f"{where}: {shown} is priced twice: keep one row")
        seen.add(key)
        if abs(int(row["coins"])) > MAX_HANDICAP:
            raise ConfigError(f"{where}: {shown} gets {row['coins']} coins: prices are -{MAX_HANDICAP}.."
                              f"{MAX_HANDICAP}")


def applied(start_coins, extra):
    """The adjustment a seat's starting coins actually get: extra, unless it would take
    them below 0 (then minus the starting coins); numpy arrays or numbers."""
    return np.maximum(np.asarray(start_coins) + np.asarray(extra), 0) - np.asarray(start_coins)
