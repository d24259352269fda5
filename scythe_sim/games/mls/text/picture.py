"""A picture of a My Little Scythe position: the 37 spaces (six regions, the portals, Castle
Everfree), the base camps, apples, gems and quest tokens on the map, every Seeker in its
player's colour with the player's number, and a panel per player. Pure Python: it only
reads the state (scythe_sim.picture writes it as SVG or PNG).

Colour is never the only cue: a Seeker is a circle with S (S2 for both Seekers on one
space) beside a tag P1..P7; an apple is a circle with a, a gem a diamond with g, a quest
token a circle with ?."""
from __future__ import annotations

import math

from scythe_sim.picture import Scene, hex_corners

from ..layout import (ACTIONS, CAMP, G_ACTIVE, G_N_PLAYERS, G_PHASE, G_ROUND, G_TURN, KIND_CASTLE,
                      KIND_PORTAL, N_SPACES, P_CAMP, P_DELIVERIES, P_FIGHTS_WON, P_FRIENDSHIP,
                      P_LAST_ACTION, P_MAKE_TILE, P_MOVE_TILE, P_PIES, P_QUESTS_DONE, P_SEAT,
                      P_TROPHIES, PHASES, RES_APPLE, RES_GEM, TROPHIES)
from ..tables import load_data, space_names

R = 40.0
SQ3 = math.sqrt(3.0)
MARGIN = 16.0
HEADER = 36.0
CENTRE_ROW = 3
BOARD_WIDTH = MARGIN * 2 + R * SQ3 * 7 + R * 4.0
BOARD_HEIGHT = HEADER + MARGIN * 2 + R * 1.5 * 6 + R * 2 + R * 2.8
PANEL_WIDTH = 330.0
BOX = 86.0
PLAYER_COLOURS = ("#1f6fb5", "#c8302c", "#f2c500", "#2e8b57", "#8e5bb5", "#56b4e9", "#e69f00")
REGION_COLOURS = {"tundra": "#d6e6dc", "mountains": "#c2bcb3", "forest": "#9ccb87", "desert": "#f3dc9a",
                  "red_rock": "#e7a98f", "swamp": "#a9bfa0"}
PORTAL, CASTLE = "#cdb6ea", "#f6c6e0"
APPLE, GEM = "#e04848", "#6ec6f0"
LEGEND = ("S Seeker (S2: both) · a apples · g gems", "? quest token · tags P1..P7: players")


def centre(t, space):
    """Pixel centre of a space: rows of the hexagonal board, shorter rows centred."""
    row, col = int(t.row[space]), int(t.col[space])
    x = MARGIN + R * 2.0 + R * SQ3 * (col + 0.5 + abs(row - CENTRE_ROW) / 2)
    y = HEADER + MARGIN + R * 1.4 + R + R * 1.5 * row
    return x, y


def camp_centre(t, camp):
    """A base camp sits beyond its three entry spaces, away from the board's middle."""
    xs, ys = zip(*(centre(t, int(sp)) for sp in t.camp_entry[camp]))
    cx, cy = sum(xs) / 3, sum(ys) / 3
    mx, my = centre(t, _middle(t))
    d = math.hypot(cx - mx, cy - my) or 1.0
    return cx + (cx - mx) / d * R * 1.95, cy + (cy - my) / d * R * 1.95


def _middle(t):
    return next(i for i in range(N_SPACES) if int(t.kind[i]) == KIND_CASTLE)


def scene(s, t, caption: str = "", actions=None) -> Scene:
    """The whole picture: header, board and a panel per player (`actions`: per player the
    action it took, default its action token's space)."""
    n = int(s.game[G_N_PLAYERS])
    height = max(BOARD_HEIGHT, HEADER + n * (BOX + 4) + MARGIN)
    sc = Scene(BOARD_WIDTH + PANEL_WIDTH, height, caption or f"My Little Scythe, turn {int(s.game[G_TURN])}")
    sc.text(MARGIN, 16, caption or "My Little Scythe", size=13, anchor="start", bold=True, cls="caption")
    sc.text(MARGIN, 30, f"turn {int(s.game[G_TURN])} · round {int(s.game[G_ROUND])} · active player "
            f"{int(s.game[G_ACTIVE]) + 1} · phase {PHASES[int(s.game[G_PHASE])]}", size=10, anchor="start",
            cls="status")
    for i, line in enumerate(LEGEND):
        sc.text(BOARD_WIDTH - 8, HEADER + 12 + 11 * i, line, size=8, fill="#333333", anchor="end", cls="legend")
    _spaces(sc, s, t)
    _camps(sc, s, t)
    _panels(sc, s, t, actions)
    return sc


def _spaces(sc, s, t):
    names = space_names()
    regions = load_data()["board"]["regions"]
    for i in range(N_SPACES):
        x, y = centre(t, i)
        kind = int(t.kind[i])
        what = "castle" if kind == KIND_CASTLE else "portal" if kind == KIND_PORTAL else regions[t.region[i]]
        fill = CASTLE if kind == KIND_CASTLE else PORTAL if kind == KIND_PORTAL else REGION_COLOURS[what]
        data = {"space": names[i], "kind": what}
        sc.polygon(hex_corners(x, y, R), fill, stroke="#6b6b6b", cls="space", data=data)
        sc.text(x, y + R * 0.66, what.replace("_", " "), size=7.5, fill="#333333", cls="region", data=data)
        if s.quest_token[i]:
            sc.marker("circle", x + R * 0.5, y - R * 0.42, 6.5, "#fff3b0", "?", cls="token quest",
                      data={"space": names[i]})
        tokens = [("circle", APPLE, RES_APPLE, "apple"), ("diamond", GEM, RES_GEM, "gem")]
        held = [(shape, colour, int(s.space_res[i, r]), name) for shape, colour, r, name in tokens
                if s.space_res[i, r]]
        for k, (shape, colour, count, name) in enumerate(held):
            sc.marker(shape, x - 8 * (len(held) - 1) + 16 * k, y + R * 0.36, 6,
                      colour, f"{name[0]}{count}", cls="token " + name, data={"space": names[i], "count": count})
        _seekers(sc, s, [p for p in range(int(s.game[G_N_PLAYERS]))], i, x, y - 6, {"space": names[i]})


def _seekers(sc, s, players, where, x, y, data):
    """One row per player with Seekers on `where` (a space, or CAMP with data naming the camp)."""
    rows = []
    for p in players:
        here = [k for k in range(s.seeker_loc.shape[1]) if s.seeker_loc[p, k] == where]
        if here and (where != CAMP or int(s.player[p, P_CAMP]) == data["camp"]):
            rows.append((p, len(here)))
    top = y - 8 * (len(rows) - 1)
    for j, (p, count) in enumerate(rows):
        colour = PLAYER_COLOURS[p % len(PLAYER_COLOURS)]
        mine = {**data, "player": p}
        sc.tag(x - 14, top + 16 * j - 6, f"P{p + 1}", colour, cls="player-tag", data=mine)
        sc.marker("circle", x + 7, top + 16 * j, 6.5, colour, "S" if count == 1 else f"S{count}",
                  cls="unit seeker", data=mine)


def _camps(sc, s, t):
    n = int(s.game[G_N_PLAYERS])
    owners = {int(s.player[p, P_CAMP]): p for p in range(n)}
    for camp in range(t.camp_entry.shape[0]):
        x, y = camp_centre(t, camp)
        owner = owners.get(camp)
        data = {"camp": camp}
        ring = PLAYER_COLOURS[owner % len(PLAYER_COLOURS)] if owner is not None else "#dddddd"
        sc.circle(x, y, R * 0.62, ring, stroke="#333333", cls="camp", data=data)
        sc.circle(x, y, R * 0.5, "#f4f4f4", stroke="#333333", cls="camp-inner", data=data)
        sc.text(x, y - R * 0.18, f"camp {camp}", size=7,
                fill="#333333", cls="camp-name", data=data)
        _seekers(sc, s, range(n), CAMP, x, y + 8, data)


def player_lines(s, t, p, action=None):
    """The text lines of player p's box after its title."""
    tiles = load_data()["cards"]["power_up"]
    pl = s.player[p]
    tile = [tiles[int(pl[k])]["name"] if pl[k] >= 0 else "none" for k in (P_MOVE_TILE, P_MAKE_TILE)]
    own = {int(x) for x in s.seeker_loc[p] if x >= 0}
    apples = sum(int(s.space_res[i, RES_APPLE]) for i in own)
    gems = sum(int(s.space_res[i, RES_GEM]) for i in own)
    trophies = [TROPHIES[k] for k in range(len(TROPHIES)) if s.trophy[p, k]]
    last = int(pl[P_LAST_ACTION])
    return [f"friendship {int(pl[P_FRIENDSHIP])} · pies {int(pl[P_PIES])} · spells {int(s.hand[p].sum())}"
            f" · held: apples {apples} gems {gems}",
            f"power ups: move {tile[0]} · make {tile[1]}",
            f"quests {int(pl[P_QUESTS_DONE])} · fights won {int(pl[P_FIGHTS_WON])} · deliveries "
            f"{int(pl[P_DELIVERIES])}",
            "trophies: " + (", ".join(trophies) or "none"),
            "action: " + (action or (ACTIONS[last].replace("_", " ") if last >= 0 else "none yet"))]


def _panels(sc, s, t, actions):
    x0, active = BOARD_WIDTH, int(s.game[G_ACTIVE])
    for p in range(int(s.game[G_N_PLAYERS])):
        y = HEADER + 4 + p * (BOX + 4)
        colour = PLAYER_COLOURS[p % len(PLAYER_COLOURS)]
        data = {"player": p}
        sc.rect(x0, y, PANEL_WIDTH - 10, BOX, "#fafafa", stroke="#000000" if p == active else "#999999",
                width=2.5 if p == active else 1, cls="panel" + (" active" if p == active else ""), data=data)
        sc.rect(x0, y, 6, BOX, colour, stroke="#333333", cls="panel-stripe", data=data)
        sc.tag(x0 + 12, y + 5, f"P{p + 1}", colour, cls="player-tag", data=data)
        sc.text(x0 + 30, y + 15, f"player {p + 1} · seat {int(s.player[p, P_SEAT])} · trophies "
                f"{int(s.player[p, P_TROPHIES])}" + (" · to play" if p == active else ""), size=10.5,
                anchor="start", bold=True, cls="panel-title", data=data)
        mine = None if actions is None else actions[p]
        for i, line in enumerate(player_lines(s, t, p, mine)):
            sc.text(x0 + 12, y + 29 + 11.5 * i, line, size=8.6, anchor="start", cls="panel-line", data=data)


def position_svg(s, t, caption: str = "", actions=None) -> str:
    return scene(s, t, caption, actions).to_svg()


def picture_turns(folder, tables, snapshots, lines, heading):
    """One picture per turn into `folder` and its stepping page (scythe_sim/picture_page.py)."""
    from scythe_sim.picture_page import turn_frames, write_pages

    frames = turn_frames(snapshots, lines, lambda state, title: position_svg(state, tables, f"{heading}: {title}"),
                         lambda k, shown: f"turn {k - 1}" if k else "setup")
    return write_pages(folder, frames, heading)
