"""Abilities are read per player: setup (and a position) gives each player its
faction's ability and four mech abilities, and every rule reads those fields, so a
setup that swaps abilities between players needs no branch in rule code."""
import pathlib
import re

from scythe_sim.games.scythe import layout
from scythe_sim.games.scythe.enums import (BASE_FACTIONS, CRIMEA, FACTIONS, MECH_ABILITIES, NO_ABILITY, NORDIC,
                               RELENTLESS, RIVERWALK, SAXONY, SEAWORTHY, SPEED, parse_loc)
from scythe_sim.games.scythe.game import Game
from scythe_sim.games.scythe.kernel.board import rebuild_occupancy
from scythe_sim.games.scythe.kernel.invariants import INVARIANTS
from scythe_sim.games.scythe.layout import (A_SECTION, N_MECHS, P_ABILITY, P_FACTION, P_MECH_ABILITY0,
                               UNIT_MECH0)

KERNEL = pathlib.Path(layout.__file__).parent / "kernel"


def _abilities(state, p):
    return int(state.player[p, P_ABILITY]), [int(state.player[p, P_MECH_ABILITY0 + m])
                                              for m in range(N_MECHS)]


def test_setup_and_positions_give_each_player_its_factions_abilities(tables):
    for seed in range(4):
        game = Game.new(seed=seed, players=5)
        again = Game.from_dict(game.to_dict())
        for p in range(5):
            f = int(game.state.player[p, P_FACTION])
            expected = (int(tables.fac_ability[f]), [int(a) for a in tables.fac_mechs[f]])
            assert _abilities(game.state, p) == expected == _abilities(again.state, p)


def test_a_mech_switch_reaches_only_the_factions_of_its_for_mask(tables):
    """mech_abilities_off_for: Riverwalk off for Nordic alone leaves every other
    faction's Riverwalk; Speed off for Crimea and Saxony leaves the others' Speed."""
    cases = (({"mech_abilities_off": 1 << RIVERWALK, "mech_abilities_off_for": 1 << NORDIC},
              {NORDIC: RIVERWALK}),
             ({"mech_abilities_off": 1 << SPEED, "mech_abilities_off_for": (1 << CRIMEA) | (1 << SAXONY)},
              {CRIMEA: SPEED, SAXONY: SPEED}),
             ({"mech_abilities_off": 1 << SPEED, "mech_abilities_off_for": 0}, {}),
             ({"mech_abilities_off": 1 << SPEED}, {f: SPEED for f in BASE_FACTIONS}))   # default: all
    for rules, lost in cases:
        game = Game.new(seed=2, players=5, rules=rules)
        again = Game.from_dict(game.to_dict(), rules=rules)
        for p in range(5):
            f = int(game.state.player[p, P_FACTION])
            mechs = [NO_ABILITY if a == lost.get(f) else int(a) for a in tables.fac_mechs[f]]
            assert _abilities(game.state, p) == (int(tables.fac_ability[f]), mechs) == _abilities(again.state, p)


def test_only_setup_maps_a_faction_to_its_abilities():
    reads = re.compile(r"\bt\.(fac_ability|fac_mechs|fac_mech_slot)\b")
    for path in KERNEL.glob("*.py"):
        found = reads.findall(path.read_text())
        assert not found or path.name == "setup.py", (path.name, found)


def _two_players(**nordic):
    return Game.from_dict({"players": [dict(faction="nordic", mat="industrial", **nordic),
                                       {"faction": "saxony", "mat": "patriotic"}]})


def test_relentless_follows_the_players_ability_not_its_faction():
    game = _two_players(last_section=1)
    sections = lambda: {a.a0 for a in game.legal_actions() if a.kind == A_SECTION}   # noqa: E731
    assert 0 not in sections()
    game.state.player[0, P_ABILITY] = RELENTLESS      # as if a setup gave Nordic Rusviet's ability
    assert 0 in sections()


def test_a_mech_ability_follows_the_players_mech_fields():
    game = _two_players()
    saxony = 1
    assert SEAWORTHY not in _abilities(game.state, saxony)[1]
    game.state.unit_loc[saxony, UNIT_MECH0] = parse_loc("T07")          # a lake
    rebuild_occupancy(game.state)
    assert "lake" in _broken_invariant(game)
    game.state.player[saxony, P_MECH_ABILITY0] = SEAWORTHY
    assert game.check() == 0
    assert game.to_dict()["players"][saxony]["mechs"] == {"seaworthy": "T07"}
    assert FACTIONS[int(game.state.player[saxony, P_FACTION])] == "saxony"
    assert MECH_ABILITIES[SEAWORTHY] == "seaworthy"


def _broken_invariant(game):
    code = game.check()
    return INVARIANTS[code - 1] if code else ""
