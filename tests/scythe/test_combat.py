"""Combat: one test per combat rule, each built from a position JSON and driven through
the Game façade, plus a slow pure-Python reference of a fight compared with the kernel
on random fights (rules: scythe_facts.md section 9 "Combat procedure" and section 3.3).

Every position starts a Move ("phase": "move_unit", Agricultural mat section 1 = Move)
with the attacker's character/mechs next to the hex they will fight over:
T12 -> T13 (farms, walk-adjacent, no tunnel) and T28 -> T29 (T29 is a tunnel).
"""
import json
import random
from collections import Counter

import pytest

from scythe_sim.games.scythe.enums import CARD_VALUES, hex_name, parse_loc
from scythe_sim.games.scythe.game import Game
from scythe_sim.games.scythe.layout import (
    A_ARTILLERY,
    A_COMBAT_CARD,
    A_DIAL,
    A_END_CARDS,
    A_FIGHT,
    A_PICK_WORKER,
    A_RETREAT_LAKE,
    A_SKIP,
)
from tests.scythe.test_move import CHAR, W0, act, go, mech, opponent, player, position, rows, select

FARM, FARM_FROM = "T13", "T12"
TUNNEL, TUNNEL_FROM = "T29", "T28"
DECK = {2: 16, 3: 12, 4: 8, 5: 6}
ADJACENT_LAKES = {FARM: [], TUNNEL: ["T22"]}   # scythe_board.json neighbours of the two fight hexes


# --- helpers ------------------------------------------------------------------------------
def start(*players, units_left=1, board=None):
    game = Game.from_dict(position(*players, turn_state={"units_left": units_left}, board=board))
    assert game.check() == 0
    return game


def move(game, unit, where, carry=()):
    select(game, unit)
    for w in carry:
        act(game, A_PICK_WORKER, w)
    go(game, where)


def state(game):
    return game.to_dict()["game"]["turn_state"]


def pl(game, p):
    return game.to_dict()["players"][p]


def dial_rows(game):
    return [a.a0 for a in rows(game, A_DIAL)]


def card_rows(game):
    return [CARD_VALUES[a.a0] for a in rows(game, A_COMBAT_CARD)]


def commit(game, dial, cards=()):
    act(game, A_DIAL, dial)
    for c in cards:
        act(game, A_COMBAT_CARD, CARD_VALUES.index(c))
    act(game, A_END_CARDS)


def fight_at(*players, hex_=FARM, frm=FARM_FROM, unit=CHAR, board=None):
    """Start the position and move `unit` of player 0 into hex_: the fight begins."""
    game = start(*players, board=board)
    move(game, unit, hex_)
    assert game.phase in ("combat_dial", "artillery")
    return game


def artillery(game, use=True):
    """The deciding side's Artillery choice (rows: Artillery, then the Skip)."""
    assert game.phase == "artillery" and [a.kind for a in game.legal_actions()] == [A_ARTILLERY, A_SKIP]
    act(game, A_ARTILLERY if use else A_SKIP)


def hand(game, p):
    return sorted(pl(game, p)["combat_cards"])


# --- 1. the fight starts after the Move; the attacker orders several fights ----------------
def test_fight_starts_after_the_whole_move_and_attacker_orders_two_fights():
    game = start(player("rusviet", character=FARM_FROM, mechs={"riverwalk": TUNNEL_FROM}),
                 opponent("polania", character=FARM, mechs={"riverwalk": TUNNEL}), units_left=2)
    move(game, CHAR, FARM)
    assert game.phase == "move_unit"            # still moving: no fight yet
    assert state(game)["combats"] == 0
    move(game, mech("rusviet", "riverwalk"), TUNNEL)
    assert game.phase == "combat_hex"
    assert state(game)["decider"] == 0
    assert sorted(hex_name(a.a0) for a in rows(game, A_FIGHT)) == [FARM, TUNNEL]
    act(game, A_FIGHT, [a.a0 for a in rows(game, A_FIGHT) if hex_name(a.a0) == TUNNEL][0])
    assert game.phase == "combat_dial" and hex_name(state(game)["combat_hex"]) == TUNNEL
    commit(game, 0)
    commit(game, 0)                             # tie: the attacker wins
    # The only fight left starts by itself.
    assert game.phase == "combat_dial" and hex_name(state(game)["combat_hex"]) == FARM
    assert state(game)["combats"] == 2
    commit(game, 0)
    commit(game, 0)
    assert game.phase == "bottom"


def test_single_fight_starts_at_once_and_no_fight_without_enemy_combat_unit():
    game = start(player("rusviet", character=FARM_FROM), opponent("polania", character=FARM))
    move(game, CHAR, FARM)
    assert game.phase == "combat_dial" and hex_name(state(game)["combat_hex"]) == FARM
    # Only a structure of the opponent there: no fight.
    game = start(player("rusviet", character=FARM_FROM),
                 opponent("polania", structures={"mine": FARM}))
    move(game, CHAR, FARM)
    assert game.phase == "bottom" and state(game)["combats"] == 0


# --- 2. dial and card rows; who decides -------------------------------------------------
def test_dial_rows_card_rows_allowance_and_decider():
    pa = mech("rusviet", "peoples_army")
    game = start(player("rusviet", mechs={"peoples_army": FARM_FROM}, workers=[FARM_FROM, "home:rusviet"],
                        power=5, combat_cards=[2, 2, 4, 5]),
                 opponent("polania", character=FARM, mechs={"riverwalk": FARM}, workers=[FARM, "home:polania"],
                          power=12, combat_cards=[3, 3, 3, 5]))
    move(game, pa, FARM, carry=[W0])
    assert game.phase == "combat_dial" and state(game)["decider"] == 0
    assert dial_rows(game) == [0, 1, 2, 3, 4, 5]        # up to the attacker's power
    act(game, A_DIAL, 3)
    assert game.phase == "combat_cards" and state(game)["decider"] == 0
    assert card_rows(game) == [2, 4, 5]                  # values held only
    # 1 mech + People's Army (a Rusviet worker is there) = 2 cards.
    act(game, A_COMBAT_CARD, CARD_VALUES.index(2))
    assert card_rows(game) == [2, 4, 5]
    act(game, A_COMBAT_CARD, CARD_VALUES.index(5))
    assert card_rows(game) == [] and len(rows(game, A_END_CARDS)) == 1
    act(game, A_END_CARDS)
    # Now the defender.
    assert game.phase == "combat_dial" and state(game)["decider"] == 1
    assert dial_rows(game) == list(range(8))             # capped at 7
    act(game, A_DIAL, 0)
    assert card_rows(game) == [3, 5]
    act(game, A_COMBAT_CARD, CARD_VALUES.index(3))
    act(game, A_COMBAT_CARD, CARD_VALUES.index(3))       # character + mech: 2 cards
    assert card_rows(game) == []
    act(game, A_END_CARDS)
    assert game.phase == "bottom"


def test_people_s_army_needs_a_worker_and_other_factions_get_no_extra_card():
    pa = mech("rusviet", "peoples_army")
    game = start(player("rusviet", mechs={"peoples_army": FARM_FROM}, power=3, combat_cards=[2, 2, 2]),
                 opponent("polania", character=FARM, workers=[FARM, FARM], power=0, combat_cards=[3, 3]))
    move(game, pa, FARM)                                 # no Rusviet worker there
    act(game, A_DIAL, 0)
    act(game, A_COMBAT_CARD, 0)
    assert card_rows(game) == []
    act(game, A_END_CARDS)
    assert dial_rows(game) == [0]                        # defender with 0 power
    act(game, A_DIAL, 0)
    act(game, A_COMBAT_CARD, CARD_VALUES.index(3))       # workers give Polania nothing
    assert card_rows(game) == []


# --- 3. reveal: higher total wins, ties to the attacker; costs ---------------------------
def test_higher_total_wins_ties_to_attacker_dial_paid_cards_discarded():
    base = fight_at(player("rusviet", character=FARM_FROM, power=6, combat_cards=[4]),
                    opponent("polania", character=FARM, power=6, combat_cards=[2, 3]))
    tie = base.copy()
    commit(tie, 3, [4])                                  # 7
    commit(tie, 4, [3])                                  # 7: tie, attacker wins
    assert pl(tie, 0)["character"] == FARM and pl(tie, 1)["character"] == "home:polania"
    assert pl(tie, 0)["power"] == 3 and pl(tie, 1)["power"] == 2
    deck = tie.to_dict()["deck"]
    assert deck["discard"] == {"3": 1, "4": 1}
    assert hand(tie, 0) == []
    lose = base.copy()
    commit(lose, 3, [4])                                 # 7
    commit(lose, 5, [3])                                 # 8: defender wins
    assert pl(lose, 0)["character"] == "home:rusviet" and pl(lose, 1)["character"] == FARM
    assert pl(lose, 0)["power"] == 3 and pl(lose, 1)["power"] == 1
    assert lose.to_dict()["deck"]["discard"] == {"3": 1, "4": 1}


# --- 4. retreat, popularity, the loser's card ---------------------------------------------
def test_loser_retreats_all_units_resources_stay_and_attacker_pays_popularity():
    res = {"resources": {FARM: {"oil": 2, "food": 1}}}
    game = fight_at(player("rusviet", character=FARM_FROM, popularity=7, power=3),
                    opponent("crimea", character=FARM, mechs={"riverwalk": FARM, "speed": "home:crimea"},
                             workers=[FARM, FARM, "T43"], power=0), board=res)
    commit(game, 1)
    commit(game, 0)
    d = game.to_dict()
    loser = d["players"][1]
    assert loser["character"] == "home:crimea"
    assert loser["mechs"] == {"riverwalk": "home:crimea", "speed": "home:crimea"}
    assert sorted(loser["workers"]) == ["T43", "home:crimea", "home:crimea"]
    assert d["board"]["resources"][FARM] == {"oil": 2, "food": 1}
    assert d["players"][0]["popularity"] == 5            # 2 workers sent home
    assert loser["combat_cards"] == []                   # revealed 0: no card


def test_camaraderie_spares_polania_popularity_only_when_deployed():
    for mechs, expected in (({"camaraderie": "home:polania"}, 7), ({"riverwalk": "home:polania"}, 6)):
        game = fight_at(player("polania", character=FARM_FROM, popularity=7, mechs=mechs),
                        opponent("nordic", character=FARM, workers=[FARM, "home:nordic"], power=0))
        commit(game, 0)
        commit(game, 0)
        assert pl(game, 1)["workers"] == ["home:nordic", "home:nordic"]
        assert pl(game, 0)["popularity"] == expected, mechs


def test_defender_winning_costs_no_popularity_and_losing_attacker_workers_go_home():
    pa = mech("rusviet", "peoples_army")
    game = start(player("rusviet", mechs={"peoples_army": FARM_FROM}, workers=[FARM_FROM, FARM_FROM],
                        power=0, popularity=5),
                 opponent("polania", character=FARM, workers=[FARM, "T20"], power=3, popularity=5))
    move(game, pa, FARM, carry=[W0, W0 + 1])
    commit(game, 0)
    commit(game, 1)
    a, b = pl(game, 0), pl(game, 1)
    assert a["mechs"]["peoples_army"] == "home:rusviet"
    assert a["workers"] == ["home:rusviet", "home:rusviet"]
    assert sorted(b["workers"]) == [FARM, "T20"] and a["popularity"] == 5 and b["popularity"] == 5


SEA, SEA_FROM = "T16", "T15"   # T16 forest: lakes T09 T17 T22; T15 walks to it


def test_seaworthy_loser_may_retreat_character_and_mechs_onto_an_adjacent_free_lake():
    # seed 001 Nordic: "Your character and mechs can move to/from lakes and retreat onto
    # adjacent lakes"; workers are never left on a lake, so they go home
    game = start(player("rusviet", character=SEA_FROM, power=5, popularity=5),
                 opponent("nordic", character=SEA, mechs={"seaworthy": SEA}, workers=[SEA, "T23"], power=0),
                 opponent("polania", mechs={"submerge": "T22"}))     # T22 is held: not offered
    move(game, CHAR, SEA)
    commit(game, 1)
    commit(game, 0)                                # the attacker wins
    assert game.phase == "retreat" and state(game)["decider"] == 1
    assert sorted(hex_name(a.a0) for a in rows(game, A_RETREAT_LAKE)) == ["T09", "T17"]
    assert game.legal_actions()[-1].kind == A_SKIP                  # the Skip: home
    act(game, A_RETREAT_LAKE, parse_loc("T17"))
    b = pl(game, 1)
    assert b["character"] == "T17" and b["mechs"]["seaworthy"] == "T17"
    assert sorted(b["workers"]) == ["T23", "home:nordic"]
    assert pl(game, 0)["popularity"] == 4 and pl(game, 0)["stars"]["combat"] == 1
    assert game.phase not in ("retreat", "combat_dial") and game.check() == 0


def test_seaworthy_loser_may_retreat_home_and_others_always_do():
    for mechs, lake_offered in (({"seaworthy": SEA}, True), ({"riverwalk": SEA}, False)):
        game = start(player("rusviet", character=SEA_FROM, power=5),
                     opponent("nordic", mechs=mechs, power=0))
        move(game, CHAR, SEA)
        commit(game, 1)
        commit(game, 0)
        assert (game.phase == "retreat") == lake_offered
        if lake_offered:
            act(game, A_SKIP)
        assert list(pl(game, 1)["mechs"].values()) == ["home:nordic"]
        assert pl(game, 0)["stars"]["combat"] == 1


def test_loser_draws_a_card_only_when_it_revealed_power():
    for dial, cards, draws in ((1, [], 1), (0, [2], 1), (0, [], 0)):
        game = fight_at(player("rusviet", character=FARM_FROM, power=7, combat_cards=[5]),
                        opponent("polania", character=FARM, power=3, combat_cards=[2]))
        commit(game, 7, [5])
        commit(game, dial, cards)
        assert len(hand(game, 1)) == 1 - len(cards) + draws, (dial, cards)
        draw = game.to_dict()["deck"]["draw"]
        assert sum(draw.values()) == 42 - 2 - draws
        assert hand(game, 0) == []                       # the winner draws nothing


# --- 5. stars ------------------------------------------------------------------------------
def test_combat_star_for_the_winner_capped_at_two_except_saxony():
    for faction, had, expected in (("rusviet", 0, 1), ("rusviet", 1, 2), ("rusviet", 2, 2),
                                   ("saxony", 2, 3), ("saxony", 4, 5)):
        stars = {"combat": had} if had else {}
        game = fight_at(player(faction, character=FARM_FROM, stars=stars),
                        opponent("polania", character=FARM))
        commit(game, 0)
        commit(game, 0)
        assert pl(game, 0)["stars"].get("combat", 0) == expected, (faction, had)
        assert not game.is_over
    # A winning defender gets the star.
    game = fight_at(player("rusviet", character=FARM_FROM),
                    opponent("polania", character=FARM, power=1))
    commit(game, 0)
    commit(game, 1)
    assert pl(game, 1)["stars"] == {"combat": 1} and pl(game, 0)["stars"] == {}


def test_sixth_star_ends_the_game_at_once_and_later_fights_are_not_fought():
    stars = {"combat": 1, "upgrades": 1, "mechs": 1, "structures": 1, "recruits": 1}
    game = start(player("rusviet", character=FARM_FROM, mechs={"riverwalk": TUNNEL_FROM}, stars=stars),
                 opponent("polania", character=FARM, mechs={"riverwalk": TUNNEL}), units_left=2)
    move(game, CHAR, FARM)
    move(game, mech("rusviet", "riverwalk"), TUNNEL)
    act(game, A_FIGHT, [a.a0 for a in rows(game, A_FIGHT) if hex_name(a.a0) == FARM][0])
    commit(game, 0)
    commit(game, 0)
    d = game.to_dict()
    assert game.is_over and d["game"]["end_reason"] == "six_stars"
    assert d["players"][0]["stars"]["combat"] == 2
    assert d["game"]["turn_state"]["combats"] == 1
    assert d["players"][1]["mechs"]["riverwalk"] == TUNNEL   # the 2nd fight never happened
    assert game.legal_actions() == []


def test_sixth_star_mid_move_sends_the_units_of_unfought_contacts_back_whence_they_came():
    # scythe_facts.md S11/S12: units left on enemy-occupied territories return whence they came
    stars = {"combat": 1, "upgrades": 1, "mechs": 1, "structures": 1, "recruits": 1}
    riverwalk = mech("rusviet", "riverwalk")
    game = start(player("rusviet", character=FARM_FROM, mechs={"riverwalk": TUNNEL_FROM},
                        workers=[TUNNEL_FROM, "home:rusviet"], stars=stars),
                 opponent("polania", character=FARM, mechs={"riverwalk": TUNNEL}), units_left=2)
    move(game, CHAR, FARM)
    move(game, riverwalk, TUNNEL, carry=[W0])      # the mech carries a worker into the contact
    act(game, A_FIGHT, parse_loc(FARM))
    commit(game, 0)
    commit(game, 0)                                # the attacker wins its 6th star on FARM
    a, b = pl(game, 0), pl(game, 1)
    assert game.is_over and a["character"] == FARM
    assert a["mechs"]["riverwalk"] == TUNNEL_FROM and a["workers"][0] == TUNNEL_FROM
    assert b["mechs"]["riverwalk"] == TUNNEL and game.check() == 0
    assert game.score()[1]["territories"] == 1      # Polania holds the unfought TUNNEL


# --- 6. abilities before combat ------------------------------------------------------------
def test_artillery_is_a_choice_pay_one_power_the_opponent_loses_two():
    nordic = player("nordic", character=FARM_FROM, mechs={"artillery": "home:nordic"}, power=4)
    game = fight_at(nordic, opponent("polania", character=FARM, power=5))
    assert state(game)["decider"] == 0
    artillery(game)
    assert pl(game, 0)["power"] == 3 and pl(game, 1)["power"] == 3
    assert game.phase == "combat_dial" and dial_rows(game) == [0, 1, 2, 3]
    game = fight_at(nordic, opponent("polania", character=FARM, power=5))
    artillery(game, use=False)                            # declined: nothing paid, nothing lost
    assert pl(game, 0)["power"] == 4 and pl(game, 1)["power"] == 5
    # no choice where it cannot act: the opponent has no power to lose
    game = fight_at(nordic, opponent("polania", character=FARM, power=0))
    assert game.phase == "combat_dial" and pl(game, 0)["power"] == 4
    # Undeployed Artillery mech: nothing.
    game = fight_at(player("nordic", character=FARM_FROM, power=4), opponent("polania", character=FARM, power=5))
    assert pl(game, 0)["power"] == 4 and pl(game, 1)["power"] == 5
    # Nordic defending uses it too: the defender decides.
    game = fight_at(player("polania", character=FARM_FROM, power=5),
                    opponent("nordic", character=FARM, mechs={"artillery": "home:nordic"}, power=1))
    assert state(game)["decider"] == 1
    artillery(game)
    assert pl(game, 0)["power"] == 3 and pl(game, 1)["power"] == 0


def test_scout_steals_one_card():
    game = fight_at(player("crimea", character=FARM_FROM, mechs={"scout": "home:crimea"}, combat_cards=[2]),
                    opponent("polania", character=FARM, combat_cards=[4]))
    assert hand(game, 0) == [2, 4] and hand(game, 1) == []
    game = fight_at(player("polania", character=FARM_FROM, combat_cards=[5, 5]),
                    opponent("crimea", character=FARM, mechs={"scout": "home:crimea"}))
    assert hand(game, 0) == [5] and hand(game, 1) == [5]


def test_disarm_on_a_tunnel_or_on_saxony_own_mine_only():
    dis = {"disarm": "home:saxony"}
    game = fight_at(player("saxony", mechs=dis, character=TUNNEL_FROM),
                    opponent("polania", character=TUNNEL, power=5), hex_=TUNNEL)
    assert pl(game, 1)["power"] == 3 and pl(game, 0)["power"] == 1
    game = fight_at(player("saxony", mechs=dis, character=FARM_FROM), opponent("polania", character=FARM, power=5))
    assert pl(game, 1)["power"] == 5                     # farm, no tunnel
    game = fight_at(player("saxony", mechs=dis, character=FARM_FROM, structures={"mine": FARM}),
                    opponent("polania", character=FARM, power=5))
    assert pl(game, 1)["power"] == 3                     # Saxony's own Mine
    game = fight_at(player("saxony", mechs=dis, character=FARM_FROM),
                    opponent("polania", character=FARM, power=5, structures={"mine": FARM}))
    assert pl(game, 1)["power"] == 5                     # someone else's Mine
    # Saxony defending on a tunnel: the attacker loses 2.
    game = fight_at(player("polania", character=TUNNEL_FROM, power=1),
                    opponent("saxony", mechs=dis, character=TUNNEL), hex_=TUNNEL)
    assert pl(game, 0)["power"] == 0


def test_attacker_abilities_come_first():
    # Saxony attacks Nordic on a tunnel. Disarm first: Nordic 2 -> 0, no power left for
    # Artillery, Saxony keeps 4. (Nordic first would leave Saxony at 2.)
    game = fight_at(player("saxony", mechs={"disarm": "home:saxony"}, character=TUNNEL_FROM, power=4),
                    opponent("nordic", mechs={"artillery": "home:nordic"}, character=TUNNEL, power=2),
                    hex_=TUNNEL)
    assert pl(game, 0)["power"] == 4 and pl(game, 1)["power"] == 0
    # Nordic attacks Saxony: Artillery first (Nordic 2 -> 1, Saxony 4 -> 2), then Disarm: Nordic 0.
    game = fight_at(player("nordic", mechs={"artillery": "home:nordic"}, character=TUNNEL_FROM, power=2),
                    opponent("saxony", mechs={"disarm": "home:saxony"}, character=TUNNEL, power=4),
                    hex_=TUNNEL)
    artillery(game)
    assert pl(game, 0)["power"] == 0 and pl(game, 1)["power"] == 2


# --- 7. reference model on random fights -------------------------------------------------
FACTION_MECHS = {
    "nordic": ["riverwalk", "seaworthy", "artillery", "speed"],
    "rusviet": ["riverwalk", "township", "peoples_army", "speed"],
    "crimea": ["riverwalk", "wayfare", "scout", "speed"],
    "saxony": ["riverwalk", "underpass", "disarm", "speed"],
    "polania": ["riverwalk", "submerge", "camaraderie", "speed"],
}
TUNNELS = {"T10", "T15", "T18", "T29", "T32", "T37"}


def random_fight(rng):
    """A position (attacker = player 0) and the plan of the Move that starts one fight."""
    fa, fd = rng.sample(sorted(FACTION_MECHS), 2)
    hx, frm = rng.choice([(FARM, FARM_FROM), (TUNNEL, TUNNEL_FROM)])
    ha, hd = f"home:{fa}", f"home:{fd}"
    # attacker: movers from frm, carried workers
    a_mechs = rng.sample(FACTION_MECHS[fa], rng.randint(0, 3))   # 4 would earn a star
    movers = [m for m in a_mechs if rng.random() < 0.5]
    char_moves = rng.random() < 0.6 or not movers
    carried = rng.randint(0, 2) if movers else 0
    a = player(fa, character=frm if char_moves else ha,
               mechs={m: (frm if m in movers else ha) for m in a_mechs},
               workers=[frm] * carried + [ha] * rng.randint(max(0, 2 - carried), 3))
    # defender: at least one character/mech on hx, some workers there
    d_mechs = rng.sample(FACTION_MECHS[fd], rng.randint(0, 3))
    at_hex = [m for m in d_mechs if rng.random() < 0.5]
    char_there = rng.random() < 0.6 or not at_hex
    n_there = rng.randint(0, 3)
    d = opponent(fd, character=hx if char_there else hd,
                 mechs={m: (hx if m in at_hex else hd) for m in d_mechs},
                 workers=[hx] * n_there + [hd] * rng.randint(max(0, 2 - n_there), 2))
    for entry in (a, d):
        entry["power"] = rng.choice([0, 0, 1, 2, rng.randint(0, 15)])
        entry["popularity"] = rng.randint(0, 17)      # 18 would earn a star
        entry["combat_cards"] = [rng.choice(CARD_VALUES) for _ in range(rng.choice([0, 1, 2, 3, 4]))]
        cap = 5 if entry["faction"] == "saxony" else 2
        combat = rng.randint(0, cap)
        other = rng.randint(0, 5 - combat)
        kinds = rng.sample(["upgrades", "mechs", "structures", "recruits", "workers"], other)
        entry["stars"] = {k: 1 for k in kinds}
        if combat:
            entry["stars"]["combat"] = combat
    r = rng.random()
    if r < 0.3:
        a["structures"] = {"mine": hx}
    elif r < 0.5:
        d["structures"] = {"mine": hx}
    board = {"resources": {hx: {"oil": rng.randint(0, 3), "wood": rng.randint(0, 2)}}}
    board["resources"][hx] = {k: v for k, v in board["resources"][hx].items() if v}
    pos = position(a, d, turn_state={"units_left": len(movers) + char_moves}, board=board)
    plan = {"hex": hx, "movers": ([CHAR] if char_moves else []) + [mech(fa, m) for m in movers],
            "carry": [W0 + i for i in range(carried)]}
    return pos, plan


class Ref:
    """A fight from the rules text: sides 0 (attacker) and 1 (defender)."""

    def __init__(self, pos, hx):
        self.hx = hx
        self.p = []
        for e in pos["players"]:
            f = e["faction"]
            self.p.append({
                "faction": f, "home": f"home:{f}", "power": e["power"], "pop": e["popularity"],
                "hand": Counter(e["combat_cards"]), "abilities": set(e["mechs"]),
                "character": e["character"], "mechs": dict(e["mechs"]), "workers": list(e["workers"]),
                "stars": dict(e["stars"]), "mine": e.get("structures", {}).get("mine"),
            })
        self.discard = Counter()
        self.over = False

    def move_in(self, frm, carried):
        a = self.p[0]
        if a["character"] == frm:
            a["character"] = self.hx
        for m, loc in a["mechs"].items():
            if loc == frm:
                a["mechs"][m] = self.hx
        for i in range(carried):
            a["workers"][i] = self.hx

    def combat_units(self, i):
        s = self.p[i]
        return (s["character"] == self.hx) + sum(loc == self.hx for loc in s["mechs"].values())

    def allowance(self, i):
        s = self.p[i]
        extra = "peoples_army" in s["abilities"] and self.hx in s["workers"]
        return self.combat_units(i) + (1 if extra else 0)

    def before(self, steal, uses):
        """Attacker's abilities, then defender's. steal(i, j) -> card value taken by i from j;
        uses: the Artillery choices, in order, of each side that could use it."""
        uses = list(uses)
        for i, j in ((0, 1), (1, 0)):
            me, you = self.p[i], self.p[j]
            # Artillery is optional: asked when it can cost the opponent something.
            if "artillery" in me["abilities"] and me["power"] >= 1 and you["power"] >= 1 and uses.pop(0):
                me["power"] -= 1
                you["power"] = max(0, you["power"] - 2)
            if "scout" in me["abilities"] and sum(you["hand"].values()):
                v = steal(i, j)
                assert you["hand"][v] > 0, f"Scout took a {v} the victim did not hold"
                you["hand"][v] -= 1
                me["hand"][v] += 1
            if "disarm" in me["abilities"] and (self.hx in TUNNELS or me["mine"] == self.hx):
                you["power"] = max(0, you["power"] - 2)

    def dial_options(self, i):
        return list(range(min(7, self.p[i]["power"]) + 1))

    def resolve(self, dials, cards, drawn, retreat):
        """retreat: (lakes the kernel offered the loser or None, the lake chosen or None)."""
        totals = [dials[i] + sum(cards[i]) for i in (0, 1)]
        for i in (0, 1):
            self.p[i]["power"] -= dials[i]
            for c in cards[i]:
                self.p[i]["hand"][c] -= 1
                self.discard[c] += 1
        win = 0 if totals[0] >= totals[1] else 1
        lose = 1 - win
        L = self.p[lose]
        # Seaworthy: character and mechs may retreat onto an adjacent lake free of the winner
        fighting = L["character"] == self.hx or self.hx in L["mechs"].values()
        W = self.p[win]
        free = [k for k in ADJACENT_LAKES[self.hx]
                if k != W["character"] and k not in W["mechs"].values() and k not in W["workers"]]
        offered, lake = retreat
        assert offered == (free if "seaworthy" in L["abilities"] and fighting and free else None)
        refuge = lake or L["home"]
        if L["character"] == self.hx:
            L["character"] = refuge
        for m, loc in L["mechs"].items():
            if loc == self.hx:
                L["mechs"][m] = refuge
        sent = sum(w == self.hx for w in L["workers"])
        L["workers"] = [L["home"] if w == self.hx else w for w in L["workers"]]
        if win == 0 and "camaraderie" not in W["abilities"]:
            W["pop"] = max(0, W["pop"] - sent)
        if totals[lose] >= 1:
            v = drawn(lose)
            L["hand"][v] += 1
            self.drew = v
        else:
            self.drew = None
        if W["stars"].get("combat", 0) < 2 or W["faction"] == "saxony":
            W["stars"]["combat"] = W["stars"].get("combat", 0) + 1
            if sum(W["stars"].values()) >= 6:
                self.over = True
        return win


def _hand(entry):
    return Counter(entry["combat_cards"])


def run_random_fight(seed):
    rng = random.Random(seed)
    pos, plan = random_fight(rng)
    game = Game.from_dict(pos)
    assert game.check() == 0, json.dumps(pos)
    ref = Ref(pos, plan["hex"])
    log = []

    def fail(msg):
        return f"{msg}\nseed {seed}\nposition {json.dumps(pos)}\nchoices {log}\nkernel {json.dumps(game.to_dict())}\nreference {ref.p}"

    carry = list(plan["carry"])
    for unit in plan["movers"]:
        select(game, unit)
        if unit != CHAR:            # the first mech to move carries the workers
            for w in carry:
                act(game, A_PICK_WORKER, w)
            carry = []
        go(game, plan["hex"])
    ref.move_in(FARM_FROM if plan["hex"] == FARM else TUNNEL_FROM, len(plan["carry"]))
    assert game.phase in ("combat_dial", "artillery"), fail("no fight")
    uses = []                       # each side's Artillery choice, in the order asked
    while game.phase == "artillery":
        uses.append(rng.random() < 0.7)
        act(game, A_ARTILLERY if uses[-1] else A_SKIP)
    log.append(uses)
    d = game.to_dict()

    def steal(i, j):
        ki, kj = _hand(d["players"][i]), _hand(d["players"][j])
        gained = ki - ref.p[i]["hand"]
        lost = ref.p[j]["hand"] - kj
        assert len(list(gained.elements())) == 1 and gained == lost, fail("Scout did not move one card")
        return next(gained.elements())

    ref.before(steal, uses)
    for i in (0, 1):
        assert d["players"][i]["power"] == ref.p[i]["power"], fail(f"power before combat, side {i}")
        assert _hand(d["players"][i]) == +ref.p[i]["hand"], fail(f"hand before combat, side {i}")
    dials, cards = [0, 0], [[], []]
    for i in (0, 1):
        assert state(game)["decider"] == i, fail("decider")
        assert dial_rows(game) == ref.dial_options(i), fail(f"dial rows side {i}")
        dials[i] = rng.choice(ref.dial_options(i))
        act(game, A_DIAL, dials[i])
        left = ref.allowance(i)
        held = ref.p[i]["hand"].copy()
        while True:
            offered = sorted(v for v in CARD_VALUES if held[v] > 0) if left > 0 else []
            assert card_rows(game) == offered, fail(f"card rows side {i}, cards so far {cards[i]}")
            if not offered or rng.random() < 0.3:
                break
            v = rng.choice(offered)
            act(game, A_COMBAT_CARD, CARD_VALUES.index(v))
            held[v] -= 1
            left -= 1
            cards[i].append(v)
        act(game, A_END_CARDS)
    offered = lake = None
    if game.phase == "retreat":
        offered = [hex_name(a.a0) for a in rows(game, A_RETREAT_LAKE)]
        lake = rng.choice(offered + [None])
        act(game, A_SKIP) if lake is None else act(game, A_RETREAT_LAKE, parse_loc(lake))
    log.extend([dials, cards, lake])
    d = game.to_dict()

    def drawn(i):
        expected = ref.p[i]["hand"].copy()
        gained = _hand(d["players"][i]) - expected
        assert len(list(gained.elements())) == 1, fail("loser did not draw exactly one card")
        return next(gained.elements())

    ref.resolve(dials, cards, drawn, (offered, lake))
    for i in (0, 1):
        k, r = d["players"][i], ref.p[i]
        assert k["power"] == r["power"], fail(f"power side {i}")
        assert k["popularity"] == r["pop"], fail(f"popularity side {i}")
        assert _hand(k) == +r["hand"], fail(f"hand side {i}")
        assert k["character"] == r["character"], fail(f"character side {i}")
        assert k["mechs"] == r["mechs"], fail(f"mechs side {i}")
        assert sorted(k["workers"]) == sorted(r["workers"]), fail(f"workers side {i}")
        assert k["stars"] == r["stars"], fail(f"stars side {i}")
    discard = {int(v): n for v, n in d["deck"]["discard"].items() if n}
    assert discard == dict(+ref.discard), fail("discard pile")
    in_hands = sum(len(p["combat_cards"]) for p in d["players"])
    assert sum(d["deck"]["draw"].values()) + sum(discard.values()) + in_hands == 42, fail("deck size")
    assert game.is_over == ref.over, fail("game over")
    if not ref.over:
        assert game.phase == "bottom", fail("after the fight")
    assert d["board"]["resources"].get(plan["hex"], {}) == pos["board"]["resources"][plan["hex"]], \
        fail("resources moved")
    assert game.check() == 0
    return ref


@pytest.mark.slow
def test_random_fights_match_the_reference():
    outcomes = Counter()
    for seed in range(1200):
        ref = run_random_fight(seed)
        outcomes["over" if ref.over else "on"] += 1
        outcomes[f"drew {ref.drew is not None}"] += 1
    # The sample covers the interesting cases.
    assert outcomes["over"] > 10 and outcomes["drew True"] > 100 and outcomes["drew False"] > 100, outcomes


# --- 7. movement abilities that lead into a fight ------------------------------------------
def test_township_into_an_enemy_held_factory_starts_a_fight():
    # Rusviet's character on a village it controls (T03) reaches the Factory by Township.
    game = start(player("rusviet", character="T03", mechs={"township": "home:rusviet"}),
                 opponent("crimea", mechs={"riverwalk": "T23"}))
    move(game, CHAR, "T23")
    assert game.phase == "combat_dial" and hex_name(state(game)["combat_hex"]) == "T23"


def test_underpass_from_a_controlled_mountain_into_an_enemy_tunnel_starts_a_fight():
    game = start(player("saxony", character="T01", mechs={"underpass": "home:saxony"}),
                 opponent("crimea", mechs={"riverwalk": "T37"}))
    move(game, CHAR, "T37")
    assert game.phase == "combat_dial" and hex_name(state(game)["combat_hex"]) == "T37"


def test_submerge_into_a_lake_held_by_a_seaworthy_mech_starts_a_fight_there():
    game = start(player("polania", character="T02", mechs={"submerge": "home:polania"}),
                 opponent("nordic", mechs={"seaworthy": "T09"}))
    move(game, CHAR, "T09")
    assert game.phase == "combat_dial" and hex_name(state(game)["combat_hex"]) == "T09"
    commit(game, 0)
    commit(game, 1)                                # the defender wins: Polania goes home
    assert pl(game, 0)["character"] == "home:polania"


def test_speed_stops_on_an_enemy_mech_and_carried_workers_share_the_fight():
    speed = mech("rusviet", "speed")
    game = start(player("rusviet", mechs={"speed": FARM_FROM}, workers=[FARM_FROM, "home:rusviet"], power=5),
                 opponent("polania", character=FARM, workers=[FARM, "T20"], power=0, popularity=5))
    select(game, speed)
    act(game, A_PICK_WORKER, W0)
    go(game, FARM)
    assert game.phase == "combat_dial"             # no second hex: it stopped on the enemy
    commit(game, 2)
    commit(game, 0)                                # the attacker wins
    a, b = pl(game, 0), pl(game, 1)
    assert a["mechs"]["speed"] == FARM and a["workers"][0] == FARM     # the carried worker stays
    assert sorted(b["workers"]) == ["T20", "home:polania"] and b["character"] == "home:polania"
    assert a["popularity"] == pl(start(player("rusviet")), 0)["popularity"] - 1
