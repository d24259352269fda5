"""What is in play at setup: the one owner of which factions and mats can be dealt, the
player-count range and the banned pairs in force. Pure Python (no numba).

The API (`Game.new` through `game.resolve_setup`), the CLI, the run configs, the run
plans and `evaluate` ask this module; the kernel deals from the same answer, put into
the tables as 0/1 masks (`fac_dealable`, `mat_dealable`, built by
`tables.dealable_masks`).

The base factions and mats, or with the house rule `expansion_factions = 1` all seven
factions (Albion and Togawa of Invaders from Afar included) and all seven mats, so 1 to 7
players. `tables.NOT_PLAYED` names factions whose rules the kernel does not play (none today):
the one place a faction would be refused.
"""
from __future__ import annotations

import dataclasses

import numpy as np

from scythe_sim.errors import ConfigError

from .enums import FACTIONS, MATS
from .tables import NOT_PLAYED, R_BAN_PAIRS, build_tables, default_tables

MIN_PLAYERS = 1


@dataclasses.dataclass(frozen=True)
class Lineup:
    factions: tuple        # faction ids the random deal draws from, ascending
    mats: tuple            # mat ids the random deal draws from, ascending
    min_players: int
    max_players: int
    banned: tuple          # ((faction id, mat id), ...) pairs refused and redealt

    @property
    def faction_names(self):
        return tuple(FACTIONS[f] for f in self.factions)

    @property
    def mat_names(self):
        return tuple(MATS[m] for m in self.mats)


def lineup(rules=None, tables=None) -> Lineup:
    """The line-up of a rule set (a dict of house rules, or built tables)."""
    t = tables if tables is not None else build_tables(rules) if rules else default_tables()
    factions = tuple(int(f) for f in np.flatnonzero(t.fac_dealable))
    mats = tuple(int(m) for m in np.flatnonzero(t.mat_dealable))
    banned = tuple((int(f), int(m)) for f, m in np.argwhere(t.banned)) if t.rules[R_BAN_PAIRS] else ()
    return Lineup(factions, mats, MIN_PLAYERS, min(len(factions), len(mats)), banned)


def check_players(players, line: Lineup, what="players"):
    """A ConfigError unless `players` is a whole number in the line-up's range."""
    lo, hi = line.min_players, line.max_players
    if isinstance(players, bool) or not isinstance(players, (int, np.integer)) or not lo <= players <= hi:
        more = "" if hi >= 7 else "; 6-7 players need Albion and Togawa: set the house rule expansion_factions = 1"
        raise ConfigError(f"{what} must be {lo} to {hi} (got {players!r}){more}")


def check_setup(players, factions=(), mats=(), rules=None, tables=None) -> Lineup:
    """Check a setup given as ids per seat (-1 = dealt; empty = every seat dealt):
    player count, distinct choices, factions that are played, banned pairs in force.
    Returns the line-up; raises ConfigError with one line otherwise."""
    line = lineup(rules, tables)
    check_players(players, line)
    for ids, names, what in ((factions, FACTIONS, "faction"), (mats, MATS, "mat")):
        chosen = [int(x) for x in ids if x >= 0]
        if len(set(chosen)) != len(chosen):
            twice = next(names[x] for x in chosen if chosen.count(x) > 1)
            raise ConfigError(f"{what} {twice!r} is given twice: each player needs a different {what}")
    for f in factions:
        if f >= 0 and f in NOT_PLAYED:
            raise ConfigError(f"faction {FACTIONS[f]!r} cannot be played yet: its Invaders from Afar "
                              f"abilities are not implemented; choose one of {', '.join(line.faction_names)}")
    banned = set(line.banned)
    for f, m in zip(factions, mats):
        if (int(f), int(m)) in banned:
            raise ConfigError(f"{FACTIONS[f]} may not play the {MATS[m]} mat (a banned pair); "
                              "choose another mat or turn the ban off with the house rule ban_pairs = 0")
    return line
