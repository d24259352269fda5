"""Which game of a run `report --show-game` shows: a number, `widest` (the largest margin
between the first two places) or `stalled` (the first war that ended in a stalemate).
Reads the run's tables only."""
from scythe_sim.errors import ConfigError

from . import mls, queries
from .runs import Run

CHOICES = ("widest", "stalled")


def chosen_game(run_dir, which) -> int:
    """The game number `which` names in the run at run_dir; a one-line ConfigError when it
    names none."""
    text = str(which).strip().lower()
    if text.isdigit():
        return int(text)
    if text not in CHOICES:
        raise ConfigError(f"--show-game {which!r}: give a game number, widest or stalled")
    run = Run(run_dir)
    if text == "widest":
        return queries.widest_game(run.seats(), "trophies" if run.game == mls.GAME else "total")
    stalled = queries.stalled_wars(run.games())
    if not stalled:
        raise ConfigError(f"--show-game stalled: no war of {run_dir} ended in a stalemate; give a game number")
    return stalled[0]
