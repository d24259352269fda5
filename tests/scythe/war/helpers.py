"""Building All Out War positions (position JSON with a "war" part) and acting on them.

Positions use Nordic (home base next to T04, T05) and Rusviet (next to T13, T19, T26):
T16 forest, T23 the Factory, T30 tundra, T24 mountain in the middle; T17 is a lake; the
edge T11-T12 is a river."""
from scythe_sim.games.scythe.game import Game
from scythe_sim.games.scythe.layout import AIRSHIP_FIELDS
from scythe_sim.games.scythe.variants.war.layout import WAR_FIELDS, WAR_STAGE_WAR
from tests.scythe.positions import P, position

WAR_RULES = {"all_out_war": 1}


def war_game(divisions, *, factions=("nordic", "rusviet"), mats=("industrial", "engineering"),
             mechs=None, structures=None, coins=20, power=5, cards=None, phase="war_action",
             active=0, turn_state=None, war_players=None, rules=None, characters=None, airships=None,
             upgraded=()):
    """A war position: divisions = {player: {hex: count}}; each player's recruitment pool
    holds the rest of its 100 divisions (less those aboard its airship); places follow
    turn order. airships = {player: airship entry} plays the Wind Gambit too; the players in
    `upgraded` have their Move cube moved up (3 moves a Move)."""
    n = len(factions)
    players = []
    for p, faction in enumerate(factions):
        entry = P(faction, mats[p], workers=[], coins=coins, power=power,
                  mechs=(mechs or {}).get(p, {}), structures=(structures or {}).get(p, {}),
                  combat_cards=(cards or {}).get(p, []))
        if characters and p in characters:
            entry["character"] = characters[p]
        if airships:
            entry["airship"] = airships[p]
        if p in upgraded:
            entry.update(cubes_moved=["move_units"], covered={"upgrade": 1})
        players.append(entry)
    war_players_out = []
    for p in range(n):
        on_board = sum((divisions.get(p) or {}).values()) + (airships or {}).get(p, {}).get("divisions", 0)
        entry = {"standard_rank": p + 1, "place": p, "recruit_pool": 100 - on_board,
                 "capitulated_by": -1, "capitulated_round": -1, "last_action": -1}
        entry.update((war_players or {}).get(p, {}))
        war_players_out.append(entry)
    state = {"war_stage": WAR_STAGE_WAR, "war_round": 1, "war_winner": -1, "decider": active}
    state.update(turn_state or {})
    data = position(*players, game={"phase": phase, "active": active, "turn_state": state},
                    war={"players": war_players_out,
                         "divisions": [divisions.get(p, {}) for p in range(n)]})
    wind = {"wind_gambit": 1} if airships else {}
    game = Game.from_dict(data, rules={**WAR_RULES, **wind, **(rules or {})})
    assert game.check() == 0, game.check()
    return game


def war(game, p, field):
    return int(game.state.war[p, WAR_FIELDS.index(field)])


def divs(game, p):
    """{hex: count} of p's divisions."""
    return game.to_dict()["war"]["divisions"][p]


def rows(game, kind=None):
    return [(a.kind_name, a.a0, a.a1, a.a2) for a in game.legal_actions()
            if kind is None or a.kind_name == kind]


def act(game, kind, a0=None, a1=None, a2=None):
    """Step the one legal row of this kind (and these arguments when given)."""
    matches = [a for a in game.legal_actions() if a.kind_name == kind
               and (a0 is None or a.a0 == a0) and (a1 is None or a.a1 == a1)
               and (a2 is None or a.a2 == a2)]
    assert len(matches) == 1, f"{kind} {a0} {a1} {a2}: {[a.text for a in game.legal_actions()]}"
    game.step(matches[0])
    assert game.check() == 0, game.check()
    for p in range(int(game.state.game[0])):
        assert division_total(game, p) == 100
    return game


def corps(game, frm, to, k):
    """Move a corps of k divisions frm -> to (hex numbers): choose the corps, then its size
    (asked only when more than one may go)."""
    act(game, "war_corps", frm, to, 0)
    if game.phase == "war_corps_size":
        act(game, "war_corps", frm, to, k)
    return game


def division_total(game, p):
    """Divisions on the board and aboard + pools + casualties + captured out - captured in."""
    s = game.state
    return (int(s.divisions[p].sum()) + int(s.airship[p, AIRSHIP_FIELDS.index("divisions")]) + war(game, p, "recruit_pool") + war(game, p, "deploy_pool")
            + war(game, p, "casualties") + war(game, p, "captured_out") - war(game, p, "captured_in"))


def turn_state(game, name):
    return game.to_dict()["game"]["turn_state"][name]
