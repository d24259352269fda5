"""Writing result tables: Arrow tables as zstd-compressed Parquet files published with
os.replace, their checksums, and the columns every game's tables share.

Enum columns are dictionary-encoded over the whole vocabulary (the same dictionary in
every shard), so polars reads them as categoricals and DuckDB/pandas as strings or
categories. The games' own table builders live with their specs.
"""
import hashlib
import os

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq


def enum_column(codes, names):
    """Codes into `names` as a dictionary column; a negative code is a null."""
    codes = np.asarray(codes)
    indices = pa.array(np.maximum(codes, 0).astype(np.int8), pa.int8(), mask=codes < 0)
    return pa.DictionaryArray.from_arrays(indices, pa.array(list(names), pa.string()))


def game_columns(first_game, seeds, players) -> dict:
    """The columns every game's `games` table starts with: game id, seed, player count."""
    return {"game": pa.array(np.arange(first_game, first_game + len(seeds), dtype=np.int64)),
            "seed": pa.array(np.asarray(seeds, np.uint64)),
            "players": pa.array(np.asarray(players, np.int8))}


def outcome_columns(game_out, end_reasons) -> dict:
    """The columns every game's `games` table goes on with: its end reason (named by
    `end_reasons`), turns, rounds and decisions, read from game_out's columns 1 to 4
    (GAME_HEAD in scythe_sim/compiled/outcome.py, which every game's results start with)."""
    return {"end_reason": enum_column(game_out[:, 1], end_reasons),
            **{name: pa.array(game_out[:, k].astype(np.int32))
               for k, name in ((2, "turns"), (3, "rounds"), (4, "decisions"))}}


def seat_rows(first_game, players, strategies, seat_out, order_field, strategy_names):
    """The start every game's `seats` table shares: (game index and seat of each row, the
    rows of seat_out, one per game x seat in game order, and the columns game, seat,
    strategy and turn_order). `players`
    is the batch's player counts, `strategies` its (G, seats) strategy ids, `order_field`
    the seat_out column holding the 0-based turn order."""
    pairs = [(k, seat) for k in range(len(players)) for seat in range(int(players[k]))]
    gi = np.array([k for k, _ in pairs], np.int64)
    si = np.array([seat for _, seat in pairs], np.int64)
    rows = seat_out[gi, si]
    return gi, si, rows, {"game": pa.array(gi + first_game),
                          "seat": pa.array(si.astype(np.int8)),
                          "strategy": enum_column(strategies[gi, si], strategy_names),
                          "turn_order": pa.array((rows[:, order_field] + 1).astype(np.int8))}


def with_run_columns(table: pa.Table, ruleset: str, variant: str) -> pa.Table:
    """`table` with the `ruleset` and `variant` columns every result table ends with
    (one value each, dictionary-encoded)."""
    zeros = np.zeros(table.num_rows, np.int8)
    for name, value in (("ruleset", ruleset), ("variant", variant)):
        table = table.append_column(name, enum_column(zeros, [value]))
    return table


def write_table(table: pa.Table, path: str) -> dict:
    """Write to path via a temporary file and os.replace; returns rows, bytes, sha256."""
    tmp = temporary_name(path)
    pq.write_table(table, tmp, compression="zstd")
    with open(tmp, "rb") as fh:
        digest = hashlib.sha256(fh.read()).hexdigest()
    size = os.path.getsize(tmp)
    os.replace(tmp, path)
    return {"rows": table.num_rows, "bytes": size, "sha256": digest}


def temporary_name(path) -> str:
    """Where `path` is written before it is published: a name starting with "." so that
    directory readers (pyarrow.dataset, polars, DuckDB globs) skip it after a kill."""
    folder, name = os.path.split(path)
    return os.path.join(folder, f".{name}.tmp-{os.getpid()}")


def is_temporary(name) -> bool:
    """A file name temporary_name gives (or an older version's `<name>.tmp-<pid>`)."""
    return name.startswith(".") and ".tmp" in name or ".tmp-" in name


def file_sha256(path) -> str:
    with open(path, "rb") as fh:
        return hashlib.sha256(fh.read()).hexdigest()
