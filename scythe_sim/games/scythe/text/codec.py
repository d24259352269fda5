"""Actions as readable text: `describe` turns a legal row into a line of a playthrough."""
from ..enums import (BOTTOM_ACTIONS, CARD_VALUES, CUBE_CARDS, CUBE_GAIN, CUBE_MOVE,
                    CUBE_POPULARITY, CUBE_POWER, FACTIONS, FACTORY_SECTION, MECH_ABILITIES,
                    ONE_TIME_BONUSES, RESOURCES, STRUCTURES, TECH_CUBES, TERRAINS, TOP_ACTIONS,
                    TRAP_PENALTIES, hex_name)
from .cardtext import OPTION_LETTERS, objective_name, option_text
from ..variants.war.rules import R_WAR_POWER_FACTOR, R_WAR_PRODUCE_COST, R_WAR_PRODUCE_DIVISIONS
from ..layout import (A_AIRSHIP_ATTACK, A_AIRSHIP_BOARD, A_AIRSHIP_LAND, A_AIRSHIP_LOAD,
                     A_AIRSHIP_STEP, A_AIRSHIP_STOP, A_AIRSHIP_UNLOAD, A_PAY_AIRSHIP,
                     A_SELECT_AIRSHIP, ACTION_KINDS, A_BOLSTER_CARDS, A_BOLSTER_POWER, A_BOTTOM, A_BUILD,
                     A_COMBAT_CARD, A_DEPLOY, A_DIAL, A_DROP_RESOURCE, A_DROP_WORKER,
                     A_ENCOUNTER_OPTION, A_END_CARDS, A_END_ENCOUNTER, A_END_MOVE,
                     A_END_PRODUCE, A_ENLIST, A_FACTORY_TOP, A_FIGHT, A_GAIN_COINS,
                     A_GAIN_RESOURCES, A_MOVE, A_NO_BENEFIT, A_PAY_COERCION, A_PAY_RESOURCE,
                     A_PICK_RESOURCE, A_PICK_WORKER, A_PRODUCE, A_PRODUCE_HEX,
                     A_REVEAL_OBJECTIVE, A_SECTION, A_SELECT_UNIT, A_SKIP, A_STEP, A_STOP,
                     A_TAKE_FACTORY, A_TRADE_HEX, A_TRADE_POPULARITY, A_TRADE_RESOURCES,
                     A_UPGRADE, A_WAR_BOLSTER, A_WAR_CARD, A_WAR_CORPS, A_WAR_DEPLOY_MECH,
                     A_WAR_DIAL, A_WAR_END_CARDS, A_WAR_END_MOVE, A_WAR_FIGHT, A_WAR_FIGHT_ON,
                     A_WAR_GAIN_COINS, A_WAR_LOAD, A_WAR_MOVE, A_WAR_PASS, A_WAR_PLACE,
                     A_WAR_PRODUCE, A_WAR_RETREAT, A_WAR_SELECT_MECH, A_WAR_STEP, A_WAR_STOP,
                     A_WAR_SWAP, G_COMBAT_HEX, G_DECIDER, G_ENC_CARD, G_MOVER, G_PHASE, PH_END_TURN,
                     PH_FREE_ACTION, PH_PLACE_TOKEN, PH_TOP, A_PLACE_FLAG, A_PLACE_TRAP,
                     A_ARTILLERY, PH_ARTILLERY, A_RONIN, PH_RONIN, A_RETREAT_HAVEN, A_RETREAT_LAKE, PH_RETREAT, P_CUBE0, P_FACTION, P_FACTORY_CARD, P_MAT,
                     P_MECH_ABILITY0, P_REDUCED0, UNIT_CHARACTER, UNIT_CHARACTER as _CHAR,
                     UNIT_MECH0, UNIT_WORKER0, A_SHIP_CARD, A_SHIP_DIAL, A_SHIP_END_CARDS,
                     A_WAR_AIRSHIP_DONE, A_WAR_AIRSHIP_LOAD, A_WAR_AIRSHIP_STEP,
                     A_WAR_AIRSHIP_STOP, A_WAR_AIRSHIP_UNLOAD, A_WAR_BLITZ, A_WAR_BOMBARD,
                     A_WAR_PLACE_AIRSHIP, A_WAR_SELECT_AIRSHIP, A_WAR_SHIP_FIGHT)


# action kinds by the rule they belong to (named, never ranges of ids)
_CARD_KINDS = (A_ENCOUNTER_OPTION, A_END_ENCOUNTER, A_GAIN_RESOURCES, A_TAKE_FACTORY,
               A_FACTORY_TOP, A_REVEAL_OBJECTIVE)
_BENEFIT_KINDS = (A_UPGRADE, A_DEPLOY, A_BUILD, A_ENLIST)
_WAR_KINDS = (A_WAR_SWAP, A_WAR_PLACE, A_WAR_DEPLOY_MECH, A_WAR_BOLSTER, A_WAR_GAIN_COINS,
              A_WAR_MOVE, A_WAR_PRODUCE, A_WAR_PASS, A_WAR_CORPS, A_WAR_LOAD, A_WAR_STOP,
              A_WAR_END_MOVE, A_WAR_DIAL, A_WAR_CARD, A_WAR_END_CARDS, A_WAR_FIGHT, A_WAR_FIGHT_ON,
              A_WAR_RETREAT)
# a war mech's choice and step read as the standard game's unit choice and step
_READS_AS = {A_WAR_SELECT_MECH: A_SELECT_UNIT, A_WAR_STEP: A_STEP}


def mech_name(state, tables, p, slot) -> str:
    """The name of player p's mech in this slot: the mech ability it carries (the player's
    own fields), or for one a house rule switched off, its faction's mech of that slot."""
    ability = int(state.player[p, P_MECH_ABILITY0 + slot])
    if ability < 0:
        ability = int(tables.fac_mechs[state.player[p, P_FACTION], slot])
    return MECH_ABILITIES[ability]


def unit_name(state, tables, p: int, u: int) -> str:
    if u == UNIT_CHARACTER:
        return "character"
    if u < UNIT_WORKER0:
        return f"{mech_name(state, tables, p, u - UNIT_MECH0)} mech"
    return "worker"


def _amount(state, tables, p, cube):
    return int(tables.top_amount[cube, state.player[p, P_CUBE0 + cube]])


def describe(state, tables, row) -> str:
    """One readable line for a legal action row (kind, a0, a1, a2) in this state."""
    kind, a0, a1, _ = (int(x) for x in row)
    kind = _READS_AS.get(kind, kind)
    p = int(state.game[G_DECIDER])
    faction = int(state.player[p, P_FACTION])
    mat = int(state.player[p, P_MAT])
    if kind == A_SECTION:
        if a0 == FACTORY_SECTION:
            return f"section 5: Factory card {int(state.player[p, P_FACTORY_CARD]) + 1}"
        top = TOP_ACTIONS[tables.mat_top[mat, a0]]
        return f"section {a0 + 1}: {top} / {BOTTOM_ACTIONS[a0]}"
    if kind == A_SKIP:
        phase = state.game[G_PHASE]
        if phase == PH_END_TURN:
            return "end the turn"
        if phase == PH_PLACE_TOKEN:
            return "place no faction token"
        if phase == PH_ARTILLERY:
            return f"{FACTIONS[faction]} does not use Artillery"
        if phase == PH_RONIN:
            return f"{FACTIONS[faction]} does not use Ronin"
        if phase == PH_RETREAT:
            return f"{FACTIONS[faction]} retreats home"
        return "skip the top action" if phase == PH_TOP else "skip the bottom action"
    if kind in _CARD_KINDS:
        return _describe_card(state, tables, p, kind, a0, a1)
    if state.game[G_PHASE] == PH_FREE_ACTION and (kind in _BENEFIT_KINDS or kind == A_NO_BENEFIT):
        return "free " + _describe_benefit(state, tables, p, kind, a0, a1) if kind != A_NO_BENEFIT \
            else "decline the free action"
    if kind == A_GAIN_COINS:
        return f"gain ${_amount(state, tables, p, CUBE_GAIN)}"
    if kind == A_MOVE:
        return f"move up to {_amount(state, tables, p, CUBE_MOVE)} units"
    if kind == A_BOLSTER_POWER:
        return f"bolster: +{_amount(state, tables, p, CUBE_POWER)} power"
    if kind == A_BOLSTER_CARDS:
        return f"bolster: +{_amount(state, tables, p, CUBE_CARDS)} combat card(s)"
    if kind == A_TRADE_RESOURCES:
        names = RESOURCES[a0] + ("" if a1 < 0 else f" + {RESOURCES[a1]}")
        return f"trade: {names}"
    if kind == A_TRADE_POPULARITY:
        return f"trade: +{_amount(state, tables, p, CUBE_POPULARITY)} popularity"
    if kind == A_PRODUCE:
        return "produce"
    if kind == A_SELECT_UNIT:
        return f"move the {unit_name(state, tables, p, a0)} from {hex_name(int(state.unit_loc[p, a0]))}"
    if kind == A_STEP:
        mover = unit_name(state, tables, p, int(state.game[G_MOVER]))
        return f"{mover} -> {hex_name(a0)} ({TERRAINS[tables.terrain[a0]]})"
    if kind in (A_PICK_RESOURCE, A_DROP_RESOURCE):
        verb = "pick up" if kind == A_PICK_RESOURCE else "drop"
        return f"{verb} {a1} {RESOURCES[a0]}"
    if kind == A_PICK_WORKER:
        return "pick up a worker"
    if kind == A_DROP_WORKER:
        return "drop a worker"
    if kind == A_STOP:
        return "stop this unit"
    if kind == A_END_MOVE:
        return "end the move"
    if kind == A_PRODUCE_HEX:
        made = tables.produces[tables.terrain[a0]]
        what = f"{a1} worker(s)" if made == -2 else f"{a1} {RESOURCES[made]}"
        return f"produce on {hex_name(a0)} ({TERRAINS[tables.terrain[a0]]}): {what}"
    if kind == A_END_PRODUCE:
        return "end producing"
    if kind == A_TRADE_HEX:
        return f"place the traded resources on {hex_name(a0)}"
    if kind == A_BOTTOM and a0 == FACTORY_SECTION:
        return f"Factory move: one unit up to {int(tables.factory_steps[0])} hexes"
    if kind == A_BOTTOM:
        cost = int(tables.mat_cost[mat, a0] - state.player[p, P_REDUCED0 + a0])
        return f"{BOTTOM_ACTIONS[a0]}: pay {cost} {RESOURCES[a0]}"
    if kind == A_PAY_RESOURCE:
        return f"pay from {hex_name(a0)}"
    if kind == A_PAY_COERCION:
        return f"pay with a combat card ({CARD_VALUES[a0]}) by Coercion"
    if kind in _BENEFIT_KINDS:
        return _describe_benefit(state, tables, p, kind, a0, a1)
    if kind == A_NO_BENEFIT:
        return "take no benefit"
    if kind == A_FIGHT:
        return f"fight on {hex_name(a0)}"
    if kind == A_ARTILLERY:
        return f"{FACTIONS[faction]} pays 1 power for Artillery: the opponent loses 2"
    if kind == A_RONIN:
        return f"{FACTIONS[faction]} gains 2 power by Ronin"
    if kind == A_RETREAT_HAVEN:
        return f"{FACTIONS[faction]} retreats its units to its Safe Haven on {hex_name(a0)}"
    if kind == A_RETREAT_LAKE:
        return f"{FACTIONS[faction]} retreats its character and mechs onto the lake {hex_name(a0)}"
    if kind == A_PLACE_FLAG:
        return f"place a Flag on {hex_name(int(state.unit_loc[p, _CHAR]))}"
    if kind == A_PLACE_TRAP:
        return f"place an armed Trap ({TRAP_PENALTIES[a0]}) on {hex_name(int(state.unit_loc[p, _CHAR]))}"
    if kind == A_DIAL:
        return f"{FACTIONS[faction]} dials {a0} power"
    if kind == A_COMBAT_CARD:
        return f"{FACTIONS[faction]} adds a combat card ({CARD_VALUES[a0]})"
    if kind == A_END_CARDS:
        return f"{FACTIONS[faction]} adds no more combat cards"
    if kind in _WAR_KINDS:
        return _describe_war(state, tables, p, kind, a0, a1, int(row[3]))
    if kind in _AIRSHIP_TEXT:
        return _describe_airship(state, p, kind, a0, a1)
    if kind in _SHIP_TEXT:
        return _describe_ship(state, p, kind, a0, a1)
    return f"{ACTION_KINDS[kind]} {a0} {a1}"


# The Wind Gambit's rows (docs/RULES.md "The Wind Gambit")
_AIRSHIP_TEXT = {A_AIRSHIP_ATTACK: "", A_SELECT_AIRSHIP: "move the airship from {here}",
                 A_AIRSHIP_STEP: "airship -> {to}", A_AIRSHIP_LOAD: "load {a1} {res} onto the airship",
                 A_AIRSHIP_UNLOAD: "unload {a1} {res} from the airship",
                 A_AIRSHIP_BOARD: "a worker boards the airship{frm}", A_AIRSHIP_LAND: "drop a worker off the airship{onto}",
                 A_AIRSHIP_STOP: "stop the airship", A_PAY_AIRSHIP: "pay from the airship's cargo"}


def _describe_airship(state, p, kind, a0, a1):
    if kind == A_AIRSHIP_ATTACK:
        target = FACTIONS[int(state.player[a0, P_FACTION])]
        if a1 > 0:
            return f"bombard {target}: pay {a1} resource(s) from the airship"
        return f"Blitzkrieg: attack {target}'s airship"
    loc = int(state.airship_loc[p])
    here = hex_name(loc)
    to = hex_name(a0) if kind == A_AIRSHIP_STEP else ""
    res = RESOURCES[a0] if kind in (A_AIRSHIP_LOAD, A_AIRSHIP_UNLOAD) else ""
    # Ferry: boarding from, or leaving onto, the land beside the airship's lake
    shore = int(state.unit_loc[p, a0]) if kind == A_AIRSHIP_BOARD else a1
    frm = f" from {hex_name(shore)}" if kind == A_AIRSHIP_BOARD and shore != loc else ""
    onto = f" onto {hex_name(a1)}" if kind == A_AIRSHIP_LAND and a1 != loc else ""
    return _AIRSHIP_TEXT[kind].format(here=here, to=to, a1=a1, res=res, frm=frm, onto=onto)


# airship against airship, and the war's airship rows (docs/RULES.md "All Out War")
_SHIP_TEXT = {A_SHIP_DIAL: "{me} dials {a0} power (airship fight)",
              A_SHIP_CARD: "{me} adds a combat card ({card}) (airship fight)",
              A_SHIP_END_CARDS: "{me} adds no more combat cards (airship fight)",
              A_WAR_SELECT_AIRSHIP: "move the airship from {here}",
              A_WAR_AIRSHIP_STEP: "airship -> {to}",
              A_WAR_AIRSHIP_LOAD: "load {a0} division(s) onto the airship",
              A_WAR_AIRSHIP_UNLOAD: "unload {a0} division(s) from the airship on {here}",
              A_WAR_AIRSHIP_STOP: "stop the airship",
              A_WAR_BOMBARD: "bombard {target}: destroy {a1} division(s) on {here}",
              A_WAR_BLITZ: "blitz drop {a0} division(s) onto {here}",
              A_WAR_SHIP_FIGHT: "ship combat: attack {target}'s airship on {here}",
              A_WAR_AIRSHIP_DONE: "the airship does nothing more this Move",
              A_WAR_PLACE_AIRSHIP: "move the airship from the home base to {to}"}


def _describe_ship(state, p, kind, a0, a1):
    me = FACTIONS[int(state.player[p, P_FACTION])]
    target = FACTIONS[int(state.player[a0, P_FACTION])] if kind in (A_WAR_BOMBARD, A_WAR_SHIP_FIGHT) else ""
    card = CARD_VALUES[a0] if kind == A_SHIP_CARD else ""
    to = hex_name(a0) if kind in (A_WAR_AIRSHIP_STEP, A_WAR_PLACE_AIRSHIP) else ""
    loc = int(state.airship_loc[p])
    here = hex_name(loc) if loc >= 0 else ""
    return _SHIP_TEXT[kind].format(me=me, a0=a0, a1=a1, card=card, to=to, here=here, target=target)


def _describe_war(state, tables, p, kind, a0, a1, a2):
    """All Out War's rows (docs/RULES.md "All Out War")."""
    faction = FACTIONS[int(state.player[p, P_FACTION])]
    rules = tables.rules
    if kind == A_WAR_SWAP:
        return f"hand over the territory next to a home base; take {hex_name(a0)} in exchange"
    if kind == A_WAR_PLACE:
        return f"place {a1} division(s) on {hex_name(a0)}"
    if kind == A_WAR_DEPLOY_MECH:
        return f"deploy a mech on {hex_name(a0)}"
    if kind == A_WAR_BOLSTER:
        if a0 == 0:
            power = _amount(state, tables, p, CUBE_POWER) * int(rules[R_WAR_POWER_FACTOR])
            return f"war bolster: +{power} power"
        return f"war bolster: +{_amount(state, tables, p, CUBE_CARDS)} combat card(s)"
    if kind == A_WAR_GAIN_COINS:
        return f"gain ${_amount(state, tables, p, CUBE_GAIN)}"
    if kind == A_WAR_MOVE:
        return f"war move: up to {_amount(state, tables, p, CUBE_MOVE)} moves"
    if kind == A_WAR_PRODUCE:
        return (f"war produce: pay ${int(rules[R_WAR_PRODUCE_COST])} for "
                f"{int(rules[R_WAR_PRODUCE_DIVISIONS])} divisions")
    if kind == A_WAR_PASS:
        return "pass (no war action is open)"
    if kind == A_WAR_CORPS:
        if a2 == 0:
            return f"a corps: {hex_name(a0)} -> {hex_name(a1)} (how many next)"
        return f"corps of {a2} division(s): {hex_name(a0)} -> {hex_name(a1)}"
    if kind == A_WAR_LOAD:
        return f"load {a0} division(s)"
    if kind == A_WAR_STOP:
        return "stop this mech (drop its divisions)"
    if kind == A_WAR_END_MOVE:
        return "end the war move"
    if kind == A_WAR_DIAL:
        return f"{faction} dials {a0} power this round"
    if kind == A_WAR_CARD:
        return f"{faction} adds a combat card ({CARD_VALUES[a0]}) this round"
    if kind == A_WAR_END_CARDS:
        return f"{faction} adds no more combat cards this round"
    if kind == A_WAR_FIGHT:
        return f"fight on {hex_name(a0)} next"
    if kind == A_WAR_FIGHT_ON:
        return f"fight another round on {hex_name(int(state.game[G_COMBAT_HEX]))}"
    return f"retreat from {hex_name(int(state.game[G_COMBAT_HEX]))}"


def _describe_benefit(state, tables, p, kind, a0, a1):
    if kind == A_UPGRADE:
        return f"upgrade: {TECH_CUBES[a0]} cube -> {BOTTOM_ACTIONS[a1]} cost"
    if kind == A_DEPLOY:
        ability = mech_name(state, tables, p, a0)
        return f"deploy the {ability} mech on {hex_name(a1)}"
    if kind == A_BUILD:
        return f"build the {STRUCTURES[a0]} on {hex_name(a1)}"
    return f"enlist the {BOTTOM_ACTIONS[a0]} recruit for the {ONE_TIME_BONUSES[a1]} bonus"


def _describe_card(state, tables, p, kind, a0, a1):
    if kind == A_ENCOUNTER_OPTION:
        card = int(state.game[G_ENC_CARD])
        where = hex_name(int(state.unit_loc[p, _CHAR]))
        text = option_text(tables.enc_option[card, a0])
        return f"encounter card {card + 1} on {where}, option {OPTION_LETTERS[a0]}: {text}"
    if kind == A_END_ENCOUNTER:
        return "take no second encounter option"
    if kind == A_GAIN_RESOURCES:
        taken = [f"{(a0 >> (4 * r)) & 15} {name}" for r, name in enumerate(RESOURCES) if (a0 >> (4 * r)) & 15]
        return f"take {' + '.join(taken)} on {hex_name(a1)}"
    if kind == A_TAKE_FACTORY:
        return f"keep Factory card {a0 + 1} ({option_text(tables.factory_top[a0])})"
    if kind == A_FACTORY_TOP:
        card = int(state.player[p, P_FACTORY_CARD])
        paid = "" if a0 < 0 else f" (gives up a {CARD_VALUES[a0]})"
        return f"Factory card {card + 1}: {option_text(tables.factory_top[card])}{paid}"
    return f"reveal objective {objective_name(a0)}"
