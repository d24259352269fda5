"""All Out War's part of the board's picture (text/picture.py calls it through
variants/hooks.py, "picture"): the war round in the status line, each faction's
divisions on a territory (a hexagon with their count) and the corps of the war Move in
progress (arrows); in a player's panel, its war points and divisions and its last war
action."""
from ...enums import FACTIONS, hex_name
from ...layout import G_ACTIVE, G_PHASE, PHASES, P_FACTION
from ...variants.war.layout import G_WAR_ROUND, G_WAR_STAGE, WAR_STAGE_WAR, WG_DIVISIONS
from ...variants.war.layout import (W_LAST_ACTION, W_POINTS, WAR_ACTIONS, WAR_STAGE_MOBILIZATION, WG_ORIGIN,
                                    WG_TERRITORY)
from ..picture import R, centre
from ..picture_style import FACTION_COLOURS

MOVE_PHASES = ("war_move", "war_mech_step", "war_corps_size", "war_fight_pick", "war_dial", "war_cards", "war_retreat")


def round_note(s) -> str:
    """After the game round in the status line: the war round, in the war."""
    return f" · war round {int(s.game[G_WAR_ROUND])}" if s.game[G_WAR_STAGE] == WAR_STAGE_WAR else ""


def board(sc, s, t):
    """The corps of the Move in progress that entered an enemy's territory, an arrow from
    where each came (its origin) to the territory it entered, with its divisions on it
    (the record outlives the Move: shown only while the Move and its fights last)."""
    if s.game[G_WAR_STAGE] != WAR_STAGE_WAR or PHASES[s.game[G_PHASE]] not in MOVE_PHASES:
        return
    faction = FACTIONS[s.player[s.game[G_ACTIVE], P_FACTION]]
    for g in range(s.war_groups.shape[0]):
        to, origin = int(s.war_groups[g, WG_TERRITORY]), int(s.war_groups[g, WG_ORIGIN])
        if to < 0:
            continue
        x2, y2 = centre(t, to)
        x1, y1 = centre(t, origin) if origin >= 0 else (x2, y2 - R)      # a drop from the airship
        data = {"faction": faction, "from": hex_name(origin) if origin >= 0 else "airship", "to": hex_name(to),
                "divisions": int(s.war_groups[g, WG_DIVISIONS])}
        sc.line(x1, y1, x2, y2, "#222222", width=7, cls="corps-edge", data=data)
        sc.line(x1, y1, x2, y2, FACTION_COLOURS[faction], width=4, cls="corps", data=data)
        sc.marker("hexagon", x1 + (x2 - x1) * 0.45, y1 + (y2 - y1) * 0.45, 7, FACTION_COLOURS[faction],
                  str(data["divisions"]), cls="corps-count", data=data)


def pieces(s, t, p, loc) -> list:
    """(shape, label, kind) of player p's divisions on loc."""
    return [("hexagon", str(int(s.divisions[p, loc])), "divisions")] if s.divisions[p, loc] else []


def last_action(s, p):
    """The war action the player took last, once the war is mobilising, else None."""
    if s.game[G_WAR_STAGE] >= WAR_STAGE_MOBILIZATION and s.war[p, W_LAST_ACTION] >= 0:
        return f"war {WAR_ACTIONS[int(s.war[p, W_LAST_ACTION])]}"
    return None


def held_note(s, p) -> str:
    """The player's war points and divisions, once the war is mobilising."""
    if s.game[G_WAR_STAGE] < WAR_STAGE_MOBILIZATION:
        return ""
    return f" · war: {int(s.war[p, W_POINTS])} points, {int(s.divisions[p].sum())} divisions"
