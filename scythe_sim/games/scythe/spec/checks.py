"""Scythe's part of a run config's checks: player counts, the names of a fixed
assignment, factions that are played and banned pairs, all as lineup.py decides."""
from scythe_sim.errors import ConfigError
from scythe_sim.names import did_you_mean

from ..enums import FACTIONS, MATS
from ..handicap import check_prices
from ..tables import NOT_PLAYED
from .deals import run_lineup


def check_config(c) -> None:
    check_prices(c.prices)
    if c.model:
        from ..learned_models import model_from_text

        model_from_text(c.model, "config 'strategies.model'")
    line = run_lineup(c.rules)
    for n in c.players:
        if not line.min_players <= n <= line.max_players:
            raise ConfigError(f"config 'players' holds {n}: player counts are whole numbers "
                              f"{line.min_players}..{line.max_players}")
    fixed = c.fixed_dict
    for key, vocabulary in (("factions", FACTIONS), ("mats", MATS)):
        for name in fixed.get(key, ()):
            if name not in vocabulary:
                raise ConfigError(f"config 'setup.{key}': unknown {name!r},{did_you_mean(name, vocabulary)} choose "
                                  f"from {', '.join(vocabulary)}")
    factions = [FACTIONS.index(f) for f in fixed.get("factions", ())]
    mats = [MATS.index(m) for m in fixed.get("mats", ())]
    for f in factions:
        if f in NOT_PLAYED:
            raise ConfigError(f"config 'setup.factions': {FACTIONS[f]} is not playable yet (factions "
                              f"played: {', '.join(line.faction_names)})")
    for f, m in zip(factions, mats):
        if (f, m) in line.banned:
            raise ConfigError(f"config 'setup': {FACTIONS[f]} with {MATS[m]} is a banned pair; change it or "
                              "set [rules] ban_pairs = 0")
