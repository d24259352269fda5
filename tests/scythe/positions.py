"""Helpers shared by the rule tests: build positions in the position JSON format
(docs/position-format.md), act on them with Game.step and read the result back."""
from scythe_sim.games.scythe.enums import parse_loc


def P(faction, mat, **fields):
    """One player entry of a position."""
    return {"faction": faction, "mat": mat, **fields}


def position(*players, resources=None, game=None, **top):
    data = {"players": list(players)}
    if resources:
        data["board"] = {"resources": resources}
    if game:
        data["game"] = game
    data.update(top)
    return data


def L(name):
    return parse_loc(name)


def rows(game, kind=None):
    """Legal rows as (kind name, a0, a1), optionally only one kind."""
    return [(a.kind_name, a.a0, a.a1) for a in game.legal_actions()
            if kind is None or a.kind_name == kind]


def kinds(game):
    return sorted({a.kind_name for a in game.legal_actions()})


def act(game, kind, a0=None, a1=None):
    """Step the one legal action of this kind (and a0/a1 when given)."""
    matches = [a for a in game.legal_actions() if a.kind_name == kind
               and (a0 is None or a.a0 == a0) and (a1 is None or a.a1 == a1)]
    assert len(matches) == 1, f"{kind} {a0} {a1}: {[a.text for a in game.legal_actions()]}"
    game.step(matches[0])
    assert game.check() == 0
    return game


def pay_all(game):
    """Pay the whole bottom cost, one token per decision, from the first offered row."""
    while game.phase == "pay":
        game.step(game.legal_actions()[0])
    assert game.phase == "bottom_benefit"


def me(game, p=0):
    return game.to_dict()["players"][p]


def res(game, hex_name):
    return game.to_dict()["board"]["resources"].get(hex_name, {})


def hand(game, p=0):
    return len(me(game, p)["combat_cards"])


def turn_state(game):
    return game.to_dict()["game"]["turn_state"]
