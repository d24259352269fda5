"""The colours and letters of Scythe's pictures (picture.py, picture_panel.py).

Faction colours follow the printed pieces (Saxony black, Polania white, ...); since red
and green, or blue and purple, are hard to tell apart for many readers, every piece also
carries a letter and every faction a two-letter tag (FACTION_TAGS)."""
from ..enums import FACTIONS

FACTION_COLOURS = {"nordic": "#1f6fb5", "rusviet": "#c8302c", "crimea": "#f2c500", "saxony": "#2b2b2b",
                   "polania": "#f7f7f7", "albion": "#2e8b57", "togawa": "#8e5bb5"}
FACTION_TAGS = {f: f[:2].capitalize() for f in FACTIONS}
TERRAIN_COLOURS = {"mountain": "#bdb7ae", "farm": "#f3e08a", "tundra": "#cfe3d6", "forest": "#93c47d",
                   "village": "#f2bd93", "lake": "#9cc7ec", "factory": "#d7b8e8", "home": "#f4f4f4"}
STRUCTURE_LETTERS = {"mine": "Mi", "monument": "Mo", "armory": "Ar", "mill": "Ml"}
RIVER = "#2f7fd0"
