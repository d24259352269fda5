"""Pictures of a position, shared by every game: a Scene of simple shapes (polygons, circles,
rectangles, lines, text) written as SVG by hand or drawn as PNG through matplotlib.

Each game's text/picture.py builds a Scene from its state; the Scene knows nothing of a game.
Every element carries a `class` (what it shows: "hex", "unit mech", ...) and `data-*`
attributes (which faction, which location), so a test reads a picture's structure and a
reader of the SVG can search its text.
"""
from __future__ import annotations

import math
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

from scythe_sim.errors import ConfigError

FORMATS = (".svg", ".png")
FONT = "DejaVu Sans, Verdana, sans-serif"


def text_colour(fill: str) -> str:
    """Black or white, whichever reads better on `fill` (#rrggbb)."""
    r, g, b = (int(fill[i:i + 2], 16) for i in (1, 3, 5))
    return "#000000" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#ffffff"


def _num(x: float) -> str:
    return f"{x:.1f}".rstrip("0").rstrip(".")


class Scene:
    """A picture as a list of shapes on a width x height canvas (y grows downwards)."""

    def __init__(self, width: float, height: float, title: str = ""):
        self.width, self.height, self.title = width, height, title
        self.items = []     # (tag, geometry, style, cls, data)

    def _add(self, tag, geometry, style, cls, data):
        self.items.append((tag, geometry, style, cls, dict(data or {})))

    # --- shapes ---------------------------------------------------------------------
    def polygon(self, points, fill, stroke="#333333", width=1.0, cls="", data=None, dash=False):
        self._add("polygon", {"points": [(float(x), float(y)) for x, y in points]},
                  {"fill": fill, "stroke": stroke, "width": width, "dash": dash}, cls, data)

    def circle(self, x, y, r, fill, stroke="#333333", width=1.0, cls="", data=None):
        self._add("circle", {"cx": float(x), "cy": float(y), "r": float(r)},
                  {"fill": fill, "stroke": stroke, "width": width}, cls, data)

    def rect(self, x, y, w, h, fill, stroke="#333333", width=1.0, cls="", data=None):
        self._add("rect", {"x": float(x), "y": float(y), "w": float(w), "h": float(h)},
                  {"fill": fill, "stroke": stroke, "width": width}, cls, data)

    def line(self, x1, y1, x2, y2, stroke, width=1.0, cls="", data=None):
        self._add("line", {"x1": float(x1), "y1": float(y1), "x2": float(x2), "y2": float(y2)},
                  {"stroke": stroke, "width": width}, cls, data)

    def text(self, x, y, s, size=10.0, fill="#000000", anchor="middle", bold=False, cls="", data=None):
        """Text whose baseline centre (anchor middle), start or end is at (x, y)."""
        self._add("text", {"x": float(x), "y": float(y), "s": str(s)},
                  {"size": float(size), "fill": fill, "anchor": anchor, "bold": bold}, cls, data)

    def marker(self, shape, x, y, r, fill, label="", cls="", data=None):
        """A unit marker: `shape` (circle, square, house, triangle, diamond, hexagon, ellipse) filled
        with `fill`, `label` written on it in the colour that reads best (the shape and the
        letter tell what it is without the colour)."""
        if shape == "circle":
            self.circle(x, y, r, fill, cls=cls, data=data)
        elif shape == "square":
            self.rect(x - r, y - r, 2 * r, 2 * r, fill, cls=cls, data=data)
        elif shape == "house":
            self.polygon([(x - r, y + r), (x + r, y + r), (x + r, y - 0.15 * r), (x, y - 1.25 * r),
                          (x - r, y - 0.15 * r)], fill, cls=cls, data=data)
        elif shape == "ellipse":
            self.polygon(_ring(x, y, 1.5 * r, 0.85 * r, 16, 0), fill, cls=cls, data=data)
        else:
            corners, turn = {"triangle": (3, -90), "diamond": (4, 0), "hexagon": (6, 30)}[shape]
            self.polygon(_ring(x, y, 1.2 * r, 1.2 * r, corners, turn), fill, cls=cls, data=data)
        if label:
            low = r * 0.2 if shape == "house" else 0
            self.text(x, y + r * 0.38 + low, label, size=r * 1.05, fill=text_colour(fill), bold=True, cls=cls + " label",
                      data=data)

    def tag(self, x, y, label, fill, cls="tag", data=None):
        """A small labelled box whose top left is (x, y): who owns the pieces beside it."""
        self.rect(x, y, 13, 12, fill, cls=cls, data=data)
        self.text(x + 6.5, y + 9, label, size=7, fill=text_colour(fill), bold=True, cls=cls + " label", data=data)

    # --- output ---------------------------------------------------------------------
    def to_svg(self) -> str:
        out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{_num(self.width)}" '
               f'height="{_num(self.height)}" viewBox="0 0 {_num(self.width)} {_num(self.height)}" '
               f'font-family="{FONT}">']
        if self.title:
            out.append(f"<title>{escape(self.title)}</title>")
        out.append(f'<rect x="0" y="0" width="{_num(self.width)}" height="{_num(self.height)}" fill="#ffffff"/>')
        out.extend(_svg_item(*item) for item in self.items)
        out.append("</svg>")
        return "\n".join(out) + "\n"

    def to_png(self, path, dpi: int = 100) -> None:
        import matplotlib
        matplotlib.use("Agg")
        from matplotlib import pyplot as plt
        from matplotlib import patches
        from matplotlib.lines import Line2D

        fig = plt.figure(figsize=(self.width / 100, self.height / 100), dpi=dpi)
        ax = fig.add_axes((0, 0, 1, 1))
        ax.set_xlim(0, self.width)
        ax.set_ylim(self.height, 0)
        ax.set_axis_off()
        for z, (tag, g, st, _cls, _data) in enumerate(self.items):
            if tag == "polygon":
                ax.add_patch(patches.Polygon(g["points"], closed=True, facecolor=_mpl(st["fill"]),
                                             edgecolor=_mpl(st["stroke"]), linewidth=st["width"] * 0.72,
                                             linestyle="--" if st["dash"] else "-", zorder=z))
            elif tag == "circle":
                ax.add_patch(patches.Circle((g["cx"], g["cy"]), g["r"], facecolor=_mpl(st["fill"]),
                                            edgecolor=_mpl(st["stroke"]), linewidth=st["width"] * 0.72, zorder=z))
            elif tag == "rect":
                ax.add_patch(patches.Rectangle((g["x"], g["y"]), g["w"], g["h"], facecolor=_mpl(st["fill"]),
                                               edgecolor=_mpl(st["stroke"]), linewidth=st["width"] * 0.72,
                                               zorder=z))
            elif tag == "line":
                ax.add_line(Line2D((g["x1"], g["x2"]), (g["y1"], g["y2"]), color=st["stroke"],
                                   linewidth=st["width"] * 0.72, solid_capstyle="round", zorder=z))
            else:
                ax.text(g["x"], g["y"], g["s"], fontsize=st["size"] * 0.72, color=st["fill"],
                        ha={"middle": "center", "start": "left", "end": "right"}[st["anchor"]],
                        va="baseline", fontweight="bold" if st["bold"] else "normal", zorder=z)
        fig.savefig(path, dpi=dpi, facecolor="white")
        plt.close(fig)

    def write(self, path) -> Path:
        """Write the picture to `path`: SVG or PNG by its suffix."""
        path = Path(path)
        check_picture_path(path)
        if path.suffix.lower() == ".svg":
            path.write_text(self.to_svg(), encoding="utf-8")
        else:
            self.to_png(path)
        return path


def check_picture_path(path) -> None:
    """A picture is written as .svg or .png; anything else is a one-line ConfigError."""
    if Path(path).suffix.lower() not in FORMATS:
        raise ConfigError(f"picture {str(path)!r}: name a .svg or .png file")


def hex_corners(x, y, r):
    """The six corners of a pointy-top hexagon of radius r centred on (x, y)."""
    return _ring(x, y, r, r, 6, -30)


def _ring(x, y, rx, ry, corners, turn_degrees):
    return [(x + rx * math.cos(math.radians(turn_degrees + 360 * k / corners)),
             y + ry * math.sin(math.radians(turn_degrees + 360 * k / corners))) for k in range(corners)]


def _mpl(colour):
    return "none" if colour in ("none", "") else colour


def _attrs(cls, data):
    out = f" class={quoteattr(cls)}" if cls else ""
    return out + "".join(f" data-{k}={quoteattr(str(v))}" for k, v in data.items())


def _svg_item(tag, g, st, cls, data):
    a = _attrs(cls, data)
    if tag == "text":
        weight = ' font-weight="bold"' if st["bold"] else ""
        return (f'<text x="{_num(g["x"])}" y="{_num(g["y"])}" font-size="{_num(st["size"])}" '
                f'fill="{st["fill"]}" text-anchor="{st["anchor"]}"{weight}{a}>{escape(g["s"])}</text>')
    if tag == "line":
        return (f'<line x1="{_num(g["x1"])}" y1="{_num(g["y1"])}" x2="{_num(g["x2"])}" y2="{_num(g["y2"])}" '
                f'stroke="{st["stroke"]}" stroke-width="{_num(st["width"])}" stroke-linecap="round"{a}/>')
    paint = f'fill="{st["fill"]}" stroke="{st["stroke"]}" stroke-width="{_num(st["width"])}"'
    if tag == "polygon":
        dash = ' stroke-dasharray="4 3"' if st["dash"] else ""
        points = " ".join(f"{_num(x)},{_num(y)}" for x, y in g["points"])
        return f'<polygon points="{points}" {paint}{dash}{a}/>'
    if tag == "circle":
        return f'<circle cx="{_num(g["cx"])}" cy="{_num(g["cy"])}" r="{_num(g["r"])}" {paint}{a}/>'
    return (f'<rect x="{_num(g["x"])}" y="{_num(g["y"])}" width="{_num(g["w"])}" height="{_num(g["h"])}" '
            f'{paint}{a}/>')
