"""Price tables: a CSV file of coins per group of seats that a run config names
(`prices = "table.csv"`, or `--prices FILE`), given to each seat of that group at setup
on top of its starting coins (docs/price.md, docs/configs.md).

The game names the columns a table is keyed by (its Setup.price_keys; Scythe's: the
seat's side and its player mat); a row gives `coins` to the seats matching its keys, a
blank key matching any value. Other columns are ignored, so the price.csv that `scythe-sim price` writes is
itself a table. The rows go into the run config whole ((name, value) pairs, coins an
integer), so the config hash and the run cache key hold the table's content; the game
checks the names (its check_config). Game-agnostic: it names nothing of a game.
"""
import csv
from pathlib import Path

from ..errors import ConfigError

COINS = "coins"


def read_price_table(path, keys, where) -> tuple:
    """The rows of the price table at path: ((key, value), ..., ("coins", int)) sorted by
    name, a blank key left out; `keys` the game's key columns, `where` names the table in
    each error line."""
    file = Path(path)
    if not file.is_file():
        raise ConfigError(f"{where}: price table {str(file)!r} not found")
    try:
        with open(file, newline="", encoding="utf-8") as fh:
            lines = list(csv.reader(fh))
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{where}: cannot read price table {str(file)!r} ({exc})") from None
    lines = [line for line in lines if any(cell.strip() for cell in line)]
    if not lines:
        raise ConfigError(f"{where}: price table {str(file)!r} is empty: give a header ({', '.join(keys)}, "
                          f"{COINS}) and a row per group")
    head = [cell.strip().lower() for cell in lines[0]]
    present = [k for k in keys if k in head]
    if COINS not in head or not present:
        raise ConfigError(f"{where}: price table {str(file)!r} needs the columns {COINS} and {' and/or '.join(keys)} "
                          f"(its header: {', '.join(head)})")
    rows = []
    for number, line in enumerate(lines[1:], start=2):
        cells = dict(zip(head, (cell.strip() for cell in line)))
        row = {k: cells[k].lower() for k in present if cells.get(k)}
        row[COINS] = _coins(cells.get(COINS, ""), f"{where}: price table {str(file)!r} line {number}")
        rows.append(tuple(sorted(row.items())))
    return tuple(rows)


def _coins(text, where):
    try:
        value = float(text)
    except ValueError:
        value = None
    if value is None or not value.is_integer():
        raise ConfigError(f"{where}: coins must be a whole number, got {text!r}")
    return int(value)

