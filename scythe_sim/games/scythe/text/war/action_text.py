"""All Out War's rows in words (text/codec.py's describe calls it through
variants/hooks.py, "action_text"; docs/RULES.md "All Out War"), its airship's rows
included."""
from ...enums import CARD_VALUES, CUBE_CARDS, CUBE_GAIN, CUBE_MOVE, CUBE_POWER, FACTIONS, hex_name
from ...layout import A_SELECT_UNIT, A_STEP, G_COMBAT_HEX, P_FACTION
from ...variants.war.layout import (A_WAR_AIRSHIP_DONE, A_WAR_AIRSHIP_LOAD, A_WAR_AIRSHIP_STEP,
                                    A_WAR_AIRSHIP_STOP, A_WAR_AIRSHIP_UNLOAD, A_WAR_BLITZ, A_WAR_BOLSTER,
                                    A_WAR_BOMBARD, A_WAR_CARD, A_WAR_CORPS, A_WAR_DEPLOY_MECH, A_WAR_DIAL,
                                    A_WAR_END_CARDS, A_WAR_END_MOVE, A_WAR_FIGHT, A_WAR_FIGHT_ON,
                                    A_WAR_GAIN_COINS, A_WAR_LOAD, A_WAR_MOVE, A_WAR_PASS, A_WAR_PLACE,
                                    A_WAR_PLACE_AIRSHIP, A_WAR_PRODUCE, A_WAR_RETREAT, A_WAR_SELECT_AIRSHIP,
                                    A_WAR_SELECT_MECH, A_WAR_SHIP_FIGHT, A_WAR_STEP, A_WAR_STOP, A_WAR_SWAP)
from ...variants.war.rules import R_WAR_POWER_FACTOR, R_WAR_PRODUCE_COST, R_WAR_PRODUCE_DIVISIONS
from ..codec import cube_amount

# a war mech's choice and step read as the standard game's unit choice and step
READS_AS = {A_WAR_SELECT_MECH: A_SELECT_UNIT, A_WAR_STEP: A_STEP}
_WAR_KINDS = (A_WAR_SWAP, A_WAR_PLACE, A_WAR_DEPLOY_MECH, A_WAR_BOLSTER, A_WAR_GAIN_COINS,
              A_WAR_MOVE, A_WAR_PRODUCE, A_WAR_PASS, A_WAR_CORPS, A_WAR_LOAD, A_WAR_STOP,
              A_WAR_END_MOVE, A_WAR_DIAL, A_WAR_CARD, A_WAR_END_CARDS, A_WAR_FIGHT, A_WAR_FIGHT_ON,
              A_WAR_RETREAT)
_AIRSHIP_TEXT = {A_WAR_SELECT_AIRSHIP: "move the airship from {here}",
                 A_WAR_AIRSHIP_STEP: "airship -> {to}",
                 A_WAR_AIRSHIP_LOAD: "load {a0} division(s) onto the airship",
                 A_WAR_AIRSHIP_UNLOAD: "unload {a0} division(s) from the airship on {here}",
                 A_WAR_AIRSHIP_STOP: "stop the airship",
                 A_WAR_BOMBARD: "bombard {target}: destroy {a1} division(s) on {here}",
                 A_WAR_BLITZ: "blitz drop {a0} division(s) onto {here}",
                 A_WAR_SHIP_FIGHT: "ship combat: attack {target}'s airship on {here}",
                 A_WAR_AIRSHIP_DONE: "the airship does nothing more this Move",
                 A_WAR_PLACE_AIRSHIP: "move the airship from the home base to {to}"}


def describe(state, tables, p, row):
    """The line of a war row of player p, or None for another kind."""
    kind, a0, a1, a2 = (int(x) for x in row)
    if kind in _WAR_KINDS:
        return _describe_war(state, tables, p, kind, a0, a1, a2)
    if kind in _AIRSHIP_TEXT:
        target = FACTIONS[int(state.player[a0, P_FACTION])] if kind in (A_WAR_BOMBARD, A_WAR_SHIP_FIGHT) else ""
        to = hex_name(a0) if kind in (A_WAR_AIRSHIP_STEP, A_WAR_PLACE_AIRSHIP) else ""
        loc = int(state.airship_loc[p])
        here = hex_name(loc) if loc >= 0 else ""
        return _AIRSHIP_TEXT[kind].format(a0=a0, a1=a1, to=to, here=here, target=target)
    return None


def _describe_war(state, tables, p, kind, a0, a1, a2):
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
            power = cube_amount(state, tables, p, CUBE_POWER) * int(rules[R_WAR_POWER_FACTOR])
            return f"war bolster: +{power} power"
        return f"war bolster: +{cube_amount(state, tables, p, CUBE_CARDS)} combat card(s)"
    if kind == A_WAR_GAIN_COINS:
        return f"gain ${cube_amount(state, tables, p, CUBE_GAIN)}"
    if kind == A_WAR_MOVE:
        return f"war move: up to {cube_amount(state, tables, p, CUBE_MOVE)} moves"
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
