"""The side panel of a Scythe picture: a box per player in turn order with its faction and
mat, stars, power, popularity, coins, combat cards, the resources on the territories it
controls, what it has built up, and the action it took (picture.py draws the board)."""
from __future__ import annotations

from ..enums import BOTTOM_ACTIONS, FACTIONS, MATS, N_HEX, RESOURCES, TOP_ACTIONS
from ..layout import (G_ACTIVE, G_N_PLAYERS, N_UNITS, OFF_BOARD, P_COINS, P_CUBE0, P_FACTION, P_LAST_SECTION,
                      P_MAT, P_POPULARITY, P_POWER, P_RECRUIT0, P_SEAT, P_STARS, UNIT_CHARACTER, UNIT_WORKER0)
from ..variants import hooks
from .picture_style import FACTION_COLOURS, FACTION_TAGS

PANEL_WIDTH = 350.0
BOX = 84.0          # one player's box
LINE = 13.0


def panel_height(players: int) -> float:
    return players * (BOX + 4)


def faction_tag(sc, x, y, faction, data):
    """The faction's two-letter tag on its colour: who owns a row of units."""
    sc.tag(x, y, FACTION_TAGS[faction], FACTION_COLOURS[faction], cls="faction-tag", data=data)


def controlled(s, p):
    """Territories player p controls: a unit there, or its structure with no unit of another."""
    n = int(s.game[G_N_PLAYERS])
    units = {q: {int(x) for x in s.unit_loc[q] if 0 <= x < N_HEX} for q in range(n)}
    own = set(units[p])
    for x in s.struct_loc[p]:
        if 0 <= x < N_HEX and not any(int(x) in units[q] for q in range(n) if q != p):
            own.add(int(x))
    return own


def resources_held(s, p):
    """{resource: count} on the territories player p controls."""
    places = controlled(s, p)
    return {name: int(sum(s.hex_res[loc, r] for loc in places)) for r, name in enumerate(RESOURCES)}


def last_action(s, t, p):
    """The section the player used last, 'section 2: trade / build', or 'none yet'; a
    variant's own when it says (in a war, the war action it took last)."""
    variant = next((text for text in hooks.each("picture", "last_action", s, p) if text), None)
    if variant:
        return variant
    section = int(s.player[p, P_LAST_SECTION])
    if section < 0:
        return "none yet"
    if section >= 4:
        return "the Factory card"
    top = TOP_ACTIONS[int(t.mat_top[s.player[p, P_MAT], section])]
    return f"section {section + 1}: {top} / {BOTTOM_ACTIONS[section]}"


def player_lines(s, t, p, action=None):
    """The text lines of player p's box after its title line."""
    pl = s.player[p]
    held = resources_held(s, p)
    upgrades = int(pl[P_CUBE0:P_CUBE0 + 6].sum())
    mechs = sum(1 for u in range(UNIT_CHARACTER + 1, UNIT_WORKER0) if s.unit_loc[p, u] != OFF_BOARD)
    workers = sum(1 for u in range(UNIT_WORKER0, N_UNITS) if s.unit_loc[p, u] != OFF_BOARD)
    built = sum(1 for x in s.struct_loc[p] if x != OFF_BOARD)
    recruits = int(pl[P_RECRUIT0:P_RECRUIT0 + 4].sum())
    lines = [f"power {int(pl[P_POWER])} · popularity {int(pl[P_POPULARITY])} · coins {int(pl[P_COINS])}"
             f" · cards {int(s.hand[p].sum())}",
             "held: " + " ".join(f"{name} {count}" for name, count in held.items()),
             f"upgrades {upgrades} · mechs {mechs} · structures {built} · recruits {recruits} · workers {workers}",
             "action: " + (action or last_action(s, t, p))]
    # the first variant's note on what the player holds (in a war, the war's; else its airship)
    lines[1] += next((note for note in hooks.each("picture", "held_note", s, p) if note), "")
    return lines


def draw_panels(sc, s, t, x0, y0, actions=None):
    """A box per player in turn order from (x0, y0) down; the active player's box is bold."""
    for p in range(int(s.game[G_N_PLAYERS])):
        faction = FACTIONS[s.player[p, P_FACTION]]
        data = {"player": p, "faction": faction}
        y = y0 + p * (BOX + 4)
        active = p == int(s.game[G_ACTIVE])
        sc.rect(x0, y, PANEL_WIDTH - 10, BOX, "#fafafa", stroke="#000000" if active else "#999999",
                width=2.5 if active else 1, cls="panel" + (" active" if active else ""), data=data)
        sc.rect(x0, y, 6, BOX, FACTION_COLOURS[faction], stroke="#333333", cls="panel-stripe", data=data)
        faction_tag(sc, x0 + 12, y + 6, faction, data)
        title = (f"{faction} / {MATS[s.player[p, P_MAT]]} · seat {int(s.player[p, P_SEAT])} · "
                 f"stars {int(s.player[p, P_STARS])}" + (" · to play" if active else ""))
        sc.text(x0 + 30, y + 16, title, size=10.5, anchor="start", bold=True, cls="panel-title", data=data)
        mine = None if actions is None else actions[p]
        for i, line in enumerate(player_lines(s, t, p, mine)):
            sc.text(x0 + 12, y + 32 + LINE * i, line, size=8.8, anchor="start", cls="panel-line", data=data)
