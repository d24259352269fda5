"""Scythe's names as `scythe-sim list` shows them: each strategy, house rule, variant and
tile with a one-line meaning and the values it takes. Meanings of the rules are the
comments of data/rules.toml and data/combat.toml; of the tiles, their data entries."""
import re
from importlib import resources

from ..data_files import load_data
from ..house_rules import RULE_NAMES, rule_range
from ..strategies import STRATEGIES

# the frozen baselines stronger players are measured against, not players of their own:
# listed apart and never offered for a mistyped player's name
YARDSTICKS = ("greedy1", "greedy2")

PLAYERS = {
    "random": "a legal action at random: a floor to measure against, not a player",
    "greedy": "the planner: plans its turn and values positions with the learned value",
    "economist": "the planner weighted toward coins, production and structures",
    "rusher": "the planner weighted toward stars fast, to end the game early",
    "warmonger": "the planner weighted toward combat and power",
    "objective": "the planner weighted toward objective cards",
    "automa": "the Automa of the solo rules: card-driven, no planning",
}
MEASURES = {
    "greedy1": "yardstick: the planner before multi-turn planning (frozen weights)",
    "greedy2": "yardstick: the planner with the hand-weighted value before the learned value (frozen)",
}
VARIANTS = {
    "base": "Scythe with Invaders from Afar (the default)",
    "all_out_war": "All Out War: a war for territory after the standard game's scoring",
    "wind_gambit": "The Wind Gambit: every player has an airship with two tiles",
}
# what the marker before a tile's meaning says (its data entry's `confidence`)
MARKERS = {
    "placeholder": "invented from the tile's name only, not the published tile: read its results as "
                   "placeholders (docs/RULES.md, The Wind Gambit)",
    "high": "the published tile, read with high confidence",
    "medium": "the published tile, read with medium confidence",
    "low": "the published tile, read with low confidence",
    "H": "the published tile, as stated",
    "M": "the published tile, from two sources",
    "L": "the published tile, from a weak source",
}
_COMMENT = re.compile(r"^(\w+)\s*=\s*[^#]*#\s*(.*)$")
WIDTH = 100


def _short(text):
    text = " ".join(str(text).split())
    return text if len(text) <= WIDTH else text[:WIDTH - 3] + "..."


def _rule_comments():
    """{rule: the comment beside its default in the data files}."""
    folder = resources.files("scythe_sim.games.scythe").joinpath("data")
    out = {}
    for name in ("rules.toml", "combat.toml"):
        for line in folder.joinpath(name).read_text(encoding="utf-8").splitlines():
            match = _COMMENT.match(line.strip())
            if match and match.group(1) in RULE_NAMES:
                out[match.group(1)] = match.group(2)
    return out


def _range(name):
    lo, hi = rule_range(name)
    return "0 or 1" if (lo, hi) == (0, 1) else f"{lo}..{hi}"


def _tile_meaning(tile):
    """A tile's effect in words: its source's reading after "placeholder:" or after its
    citation, with its confidence."""
    source = str(tile.get("source", ""))
    lowered = source.lower()
    at = lowered.rfind("placeholder: ")
    text = source[at + len("placeholder: "):] if at >= 0 else source.split(": ", 1)[-1]
    return f"[{tile.get('confidence', '?')}] {text}"


def legend(rows):
    """[(marker, meaning, "")] for the confidence markers the tile rows show (a row shows
    "[marker]"), in MARKERS' order."""
    shown = {m for _, meaning, _ in rows for m in re.findall(r"\[(\w+)\]", meaning)}
    return [(m, text, "") for m, text in MARKERS.items() if m in shown]


def listing(kind):
    """[(name, meaning, values)] of one kind: strategies, yardsticks, rules, variants,
    tiles, and the legend of the tiles' markers."""
    if kind == "legend":
        return legend(listing("tiles"))
    if kind == "strategies":
        return [(s, PLAYERS.get(s, ""), "") for s in STRATEGIES if s not in YARDSTICKS]
    if kind == "yardsticks":
        return [(s, MEASURES.get(s, ""), "") for s in YARDSTICKS]
    if kind == "rules":
        comments = _rule_comments()
        return [(r, _short(comments.get(r, "")), _range(r)) for r in RULE_NAMES]
    if kind == "variants":
        return [(v, m, "") for v, m in VARIANTS.items()]
    data = load_data()
    rows = [(t["name"], _short(f"resolution tile: {_tile_meaning(t)}"), f"resolution={t['number']}")
            for t in data["resolution"]["tile"]]
    for t in data["airships"]["tile"]:
        rule = "airship_aggressive" if t["category"] == "aggressive" else "airship_passive"
        rows.append((t["name"], _short(f"{t['category']} airship tile: {_tile_meaning(t)}"), f"{rule}={t['number']}"))
    return rows
