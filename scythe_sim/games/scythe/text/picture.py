"""A picture of a Scythe position: the hex board (terrain, rivers, lakes, tunnels, home bases,
encounter and faction tokens, resources) with every unit in its faction's colour, and a
panel per player (picture_panel.py). Pure Python: it only reads the state.

Colour is never the only cue: a unit's shape says what it is (circle the character,
square a mech, circle with W workers, a house a structure, ellipse the airship, hexagon
All Out War's divisions) and its letter and count are written on it; each faction's row of
units on a territory starts with a tag naming the faction (No, Ru, Cr, ...).
"""
from __future__ import annotations

import math

from scythe_sim.picture import Scene, hex_corners

from ..enums import FACTIONS, N_HEX, N_LOC, RESOURCES, STRUCTURES, TERRAINS, TOKEN_DISARMED0, TOKEN_FLAG
from ..enums import TOKEN_NONE, TOKEN_TRAP0, TRAP_PENALTIES, hex_name
from ..layout import G_ACTIVE, G_N_PLAYERS, G_PHASE, G_ROUND, G_TURN, N_UNITS, PHASES, P_FACTION
from ..layout import UNIT_CHARACTER, UNIT_WORKER0
from .picture_panel import PANEL_WIDTH, draw_panels, faction_tag, panel_height
from .picture_style import FACTION_COLOURS, RIVER, STRUCTURE_LETTERS, TERRAIN_COLOURS
from ..variants import hooks

R = 40.0                          # hex radius (centre to corner), pixels
SQ3 = math.sqrt(3.0)
MARGIN = 14.0
HEADER = 34.0
BOARD_WIDTH = MARGIN * 2 + R * SQ3 * 8.5
BOARD_HEIGHT = HEADER + MARGIN * 2 + R * 1.5 * 8 + R * 2



def centre(t, loc):
    """Pixel centre of a location (pointy-top hexes, odd rows shifted right)."""
    row, col = int(t.row[loc]), int(t.col[loc])
    x = MARGIN + R * SQ3 * (col + 0.5 + 0.5 * (row & 1))
    y = HEADER + MARGIN + R + R * 1.5 * (row + 1)
    return x, y


def scene(s, t, caption: str = "", actions=None) -> Scene:
    """The whole picture: header, board and one panel per player. `actions`: per player,
    the action it took (a short text), shown in its panel; default its last section."""
    n = int(s.game[G_N_PLAYERS])
    height = max(BOARD_HEIGHT, panel_height(n) + HEADER + MARGIN)
    title = caption or f"Scythe, turn {int(s.game[G_TURN])}"
    sc = Scene(BOARD_WIDTH + PANEL_WIDTH, height, title)
    _header(sc, s, t, caption)
    _terrain(sc, t)
    _rivers(sc, t)
    hooks.each("picture", "board", sc, s, t)      # a variant's marks under the units (the war's corps)
    for loc in range(N_LOC):
        _location(sc, s, t, loc)
    draw_panels(sc, s, t, BOARD_WIDTH, HEADER + 4, actions)
    _legend(sc)
    return sc


LEGEND = ("C character · M mech · W worker", "house: Mi mine, Mo monument,", "Ar armory, Ml mill",
          "A airship · hexagon: divisions", "arrow: a war Move's corps", "? encounter · F flag · T trap")


def _legend(sc):
    """What the shapes and letters mean, top right of the board."""
    for i, line in enumerate(LEGEND):
        sc.text(BOARD_WIDTH - 8, HEADER + 18 + 11 * i, line, size=8, fill="#333333", anchor="end", cls="legend")


def _header(sc, s, t, caption):
    active = FACTIONS[s.player[s.game[G_ACTIVE], P_FACTION]]
    rounds = "".join(hooks.each("picture", "round_note", s))
    line = (f"turn {int(s.game[G_TURN])} · round {int(s.game[G_ROUND]) + 1}{rounds} · active {active} · "
            f"phase {PHASES[s.game[G_PHASE]]}")
    notes = [note for note in hooks.each("picture", "status_note", s, t) if note]
    sc.text(MARGIN, 16, caption or "Scythe", size=13, anchor="start", bold=True, cls="caption")
    sc.text(MARGIN, 30, " · ".join([line] + notes), size=10, anchor="start", cls="status")


def _terrain(sc, t):
    for loc in range(N_HEX):
        x, y = centre(t, loc)
        terrain = TERRAINS[t.terrain[loc]]
        data = {"loc": hex_name(loc), "terrain": terrain}
        sc.polygon(hex_corners(x, y, R), TERRAIN_COLOURS[terrain], stroke="#6b6b6b", cls="hex", data=data)
        if t.is_tunnel[loc]:
            sc.polygon(hex_corners(x, y, R * 0.9), "none", stroke="#5a3d1e", width=1.5, dash=True,
                       cls="tunnel", data=data)
        label = hex_name(loc) + (" · tunnel" if t.is_tunnel[loc] else "")
        sc.text(x, y - R * 0.55, label, size=8, fill="#444444", cls="hex-id", data=data)
        sc.text(x, y + R * 0.66, terrain, size=7.5, fill="#333333", cls="terrain", data=data)
    for f, home in enumerate(t.home_loc):
        x, y = centre(t, int(home))
        data = {"loc": hex_name(int(home)), "faction": FACTIONS[f]}
        sc.circle(x, y, R * 0.8, FACTION_COLOURS[FACTIONS[f]], stroke="#333333", cls="home", data=data)
        sc.circle(x, y, R * 0.66, TERRAIN_COLOURS["home"], stroke="#333333", cls="home-inner", data=data)
        sc.text(x, y - R * 0.3, f"{FACTIONS[f]} home", size=7.5, fill="#333333", cls="home-name", data=data)


def _rivers(sc, t):
    """A thick blue line on each edge that a river runs along (home bases' rivers too)."""
    for a in range(N_LOC):
        for b in range(a + 1, N_LOC):
            if t.edge[a, b] != 2:
                continue
            (xa, ya), (xb, yb) = centre(t, a), centre(t, b)
            mx, my = (xa + xb) / 2, (ya + yb) / 2
            d = math.hypot(xb - xa, yb - ya)
            px, py = -(yb - ya) / d * R / 2, (xb - xa) / d * R / 2
            sc.line(mx - px, my - py, mx + px, my + py, RIVER, width=5, cls="river",
                    data={"between": f"{hex_name(a)}-{hex_name(b)}"})


def pieces_at(s, t, p, loc):
    """(shape, label, kind) of player p's pieces on loc, in drawing order."""
    out = []
    units = [u for u in range(N_UNITS) if s.unit_loc[p, u] == loc]
    if UNIT_CHARACTER in units:
        out.append(("circle", "C", "character"))
    mechs = sum(1 for u in units if UNIT_CHARACTER < u < UNIT_WORKER0)
    if mechs:
        out.append(("square", f"M{mechs}" if mechs > 1 else "M", "mech"))
    workers = sum(1 for u in units if u >= UNIT_WORKER0)
    if workers:
        out.append(("circle", f"W{workers}" if workers > 1 else "W", "worker"))
    for k, name in enumerate(STRUCTURES):
        if s.struct_loc[p, k] == loc:
            out.append(("house", STRUCTURE_LETTERS[name], "structure " + name))
    for pieces in hooks.each("picture", "pieces", s, t, p, loc):     # a variant's, last
        out += pieces
    return out


def _location(sc, s, t, loc):
    x, y = centre(t, loc)
    name = hex_name(loc)
    if loc < N_HEX and s.encounter_token[loc]:
        sc.marker("circle", x + R * 0.52, y - R * 0.42, 6.5, "#fff3b0", "?", cls="encounter", data={"loc": name})
    _faction_token(sc, s, loc, x - R * 0.52, y - R * 0.42)
    rows = [(p, pieces_at(s, t, p, loc)) for p in range(int(s.game[G_N_PLAYERS]))]
    rows = [(p, pieces) for p, pieces in rows if pieces]
    top = y - 6 - 8 * (len(rows) - 1) if loc < N_HEX else y + 4 - 8 * (len(rows) - 1)
    for i, (p, pieces) in enumerate(rows):
        faction = FACTIONS[s.player[p, P_FACTION]]
        colour = FACTION_COLOURS[faction]
        row_y = top + 16 * i
        step = 14.5
        left = x - step * len(pieces) / 2
        data = {"loc": name, "faction": faction}
        faction_tag(sc, left - 12.5, row_y - 6, faction, data)
        for k, (shape, label, kind) in enumerate(pieces):
            sc.marker(shape, left + step * (k + 0.5), row_y, 6.5, colour, label, cls="unit " + kind, data=data)
    res = [f"{RESOURCES[r]} {int(s.hex_res[loc, r])}" for r in range(len(RESOURCES)) if s.hex_res[loc, r]]
    if res:
        sc.text(x, y + R * 0.4, " ".join(res), size=7.5, fill="#000000", bold=True, cls="resources",
                data={"loc": name})


def _faction_token(sc, s, loc, x, y):
    """Invaders from Afar: Albion's Flag (F) or Togawa's Trap (T; x when disarmed)."""
    kind = int(s.token_kind[loc])
    if kind == TOKEN_NONE:
        return
    owner = FACTIONS[s.player[s.token_owner[loc], P_FACTION]]
    if kind == TOKEN_FLAG:
        label, what = "F", "flag"
    else:
        armed = kind < TOKEN_DISARMED0
        penalty = TRAP_PENALTIES[kind - (TOKEN_TRAP0 if armed else TOKEN_DISARMED0)]
        label, what = ("T" if armed else "t"), f"trap {penalty}" + ("" if armed else " disarmed")
    sc.marker("diamond", x, y, 6, FACTION_COLOURS[owner], label, cls="token " + what.split()[0],
              data={"loc": hex_name(loc), "faction": owner, "token": what})


def position_svg(s, t, caption: str = "", actions=None) -> str:
    return scene(s, t, caption, actions).to_svg()

