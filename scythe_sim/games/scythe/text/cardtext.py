"""Card options, Factory cards and objectives as readable text (for playthroughs and docs)."""
import functools

from ..enums import (BOTTOM_ACTIONS, CARD_FIELDS, CF_ANY_RESOURCES, CF_CARDS, CF_COINS,
                    CF_FREE_ACTIONS, CF_LOOK_AT_HAND, CF_PAY_CARDS, CF_PAY_COINS,
                    CF_PAY_POPULARITY, CF_PAY_POWER, CF_POPULARITY, CF_POWER, CF_PRODUCE,
                    CF_RES0, CF_WORKERS, RESOURCES)
from ..tables import load_data

OPTION_LETTERS = "abc"


def _plural(n, word):
    return f"{n} {word}" + ("" if n == 1 else "s")


def option_text(row) -> str:
    """'pay $2 -> 4 food' for one CARD_FIELDS row."""
    row = [int(x) for x in row]
    assert len(row) == len(CARD_FIELDS)
    cost = []
    if row[CF_PAY_COINS]:
        cost.append(f"${row[CF_PAY_COINS]}")
    if row[CF_PAY_POPULARITY]:
        cost.append(f"{row[CF_PAY_POPULARITY]} popularity")
    if row[CF_PAY_POWER]:
        cost.append(f"{row[CF_PAY_POWER]} power")
    if row[CF_PAY_CARDS]:
        cost.append(_plural(row[CF_PAY_CARDS], "combat card"))
    gain = []
    if row[CF_POPULARITY]:
        gain.append(f"+{row[CF_POPULARITY]} popularity")
    if row[CF_COINS]:
        gain.append(f"+${row[CF_COINS]}")
    if row[CF_POWER]:
        gain.append(f"+{row[CF_POWER]} power")
    if row[CF_CARDS]:
        gain.append(f"+{_plural(row[CF_CARDS], 'combat card')}")
    for r, name in enumerate(RESOURCES):
        if row[CF_RES0 + r]:
            gain.append(f"{row[CF_RES0 + r]} {name}")
    if row[CF_ANY_RESOURCES]:
        gain.append(f"any {row[CF_ANY_RESOURCES]} resources")
    if row[CF_WORKERS]:
        gain.append(_plural(row[CF_WORKERS], "worker"))
    free = [BOTTOM_ACTIONS[b] for b in range(len(BOTTOM_ACTIONS)) if (row[CF_FREE_ACTIONS] >> b) & 1]
    if free:
        gain.append(" or ".join(free) + " (free)")
    if row[CF_PRODUCE]:
        gain.append(f"produce on up to {row[CF_PRODUCE]} territories")
    if row[CF_LOOK_AT_HAND]:
        gain.append("look at an opponent's combat cards")
    text = ", ".join(gain) or "nothing"
    return f"pay {' + '.join(cost)} -> {text}" if cost else text


@functools.lru_cache(maxsize=1)
def _objectives():
    return load_data()["objectives"]["card"]


def objective_name(card: int) -> str:
    """'12 Get Rich or Cry Trying' for card id 11."""
    return f"{card + 1} {_objectives()[card]['name']}"


def objective_condition(card: int) -> str:
    entry = _objectives()[card]
    return entry["condition"] + (" (at the end of your turn)" if entry["end_of_turn"] else "")
