"""My Little Scythe's names as `scythe-sim list --game my_little_scythe` shows them: each
strategy, house rule and variant with a one-line meaning and its values (no tiles)."""
from ..strategies import STRATEGIES
from ..tables import _RULE_RANGE as RULE_RANGE   # the ranges build_tables checks (tables.py is compiled code's)
from ..tables import RULE_NAMES

PLAYERS = {
    "random": "a legal action at random: a floor to measure against, not a player",
    "greedy": "takes the action that gains most at once, no look-ahead",
    "planner": "plans each decision by playing the rest of its turn on a copy of the state",
    "deliverer": "the planner weighted toward delivering and quests",
    "pie_fighter": "the planner weighted toward pie fights",
    "quester": "the planner weighted toward quest tokens",
}
RULES = {"turn_cap": "turns per player after which the game is stopped unfinished",
         "trophies_to_win": "trophies that end the game (the rulebook's 4)"}


def listing(kind):
    """[(name, meaning, values)] of one kind: strategies, yardsticks, rules, variants, tiles."""
    if kind == "strategies":
        return [(s, PLAYERS.get(s, ""), "") for s in STRATEGIES]
    if kind == "rules":
        return [(r, RULES.get(r, ""), "{}..{}".format(*RULE_RANGE[r])) for r in RULE_NAMES]
    if kind == "variants":
        return [("base", "My Little Scythe as the rulebook plays it", "")]
    return []
