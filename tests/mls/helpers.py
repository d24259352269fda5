"""Building MLS positions for rule tests."""
from scythe_sim.games.mls.game import Game
from scythe_sim.games.mls.tables import space_names

SPACES = space_names()


def player(seekers=("camp", "camp"), **fields):
    return {"seekers": list(seekers), **fields}


def game(*players, active=0, seed=1, **extra) -> Game:
    """A game at the start of `active`'s turn (2 players at camp by default; players=[...]
    may also be given by keyword)."""
    players = list(players) or extra.pop("players", None) or [player(), player()]
    return Game.from_dict({"players": players, "active": active, "seed": seed, **extra})


def rows_of(g, kind):
    """The legal rows' texts of one kind (first word)."""
    return [a for a in g.legal_actions() if a.split()[0] == kind]


def idx(name):
    return SPACES.index(name)
