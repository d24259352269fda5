"""Opening a run folder for analysis: checks it is a finished scythe-sim run whose files
match its manifest (runner/verify.py) with the expected tables, and gives lazy polars
frames over its Parquet parts."""
import copy
import glob
import json
import os

import polars as pl
import pyarrow.parquet as pq

from scythe_sim.errors import ScytheSimError
from scythe_sim.runner.manifest import check_manifest, unfinished
from scythe_sim.runner.verify import verify_run

MANIFEST_FORMAT = "scythe-sim/run-1"
# columns the analysis reads; a run missing one was written by an incompatible version
# (every game's runs have the common ones; the Scythe report reads the score columns too)
GAMES_COLUMNS = ("game", "seed", "players", "end_reason", "turns", "rounds")
SEATS_COLUMNS = ("game", "seat", "strategy", "turn_order", "rank", "winner")
GAME_SEATS_COLUMNS = {"scythe": ("faction", "mat", "coins", "star_coins", "territory_coins",
                                 "resource_coins", "structure_bonus_coins", "total", "stars")}
ENUM_COLUMNS = ("faction", "mat", "strategy", "personality", "move_tile", "make_tile")
# The Wind Gambit's tiles, one per game in the games table (null in a base run; the airship
# tiles also with a tile per player): each seat carries its game's (analysis/wind_gambit.py)
TILE_COLUMNS = ("resolution_tile", "airship_aggressive", "airship_passive")


# the manifest fields the analysis reads (a run of any version has them; `game` defaults to scythe)
READ_FIELDS = {"name": str, "games": int, "root_seed": int, "complete": bool, "shards": dict}


class AnalysisError(ScytheSimError):
    """A run folder that cannot be analysed (the CLI prints it and exits 2)."""


# sha256 of every shard file when a run is opened; `--no-verify` turns it off for the
# command (sizes and presence are still checked)
VERIFY_HASHES = True


class Run:
    limit = None        # a view of the first `limit` games only (first()); None: all of them

    def __init__(self, path, hashes=None):
        self.path = str(path)
        manifest = os.path.join(self.path, "manifest.json")
        if not os.path.isdir(self.path) or not os.path.exists(manifest):
            raise AnalysisError(f"{self.path} is not a run folder (no manifest.json): give the folder "
                                "`scythe-sim run` wrote, e.g. results/default")
        try:
            with open(manifest, encoding="utf-8") as fh:
                self.manifest = json.load(fh)
        except (OSError, ValueError):
            raise AnalysisError(f"{manifest} is unreadable") from None
        found = self.manifest if isinstance(self.manifest, dict) else {}
        if found.get("format") != MANIFEST_FORMAT:
            written = (found.get("versions") or {}).get("scythe-sim")
            raise AnalysisError(f"{manifest} was written{f' by scythe-sim {written}' if written else ''} in run "
                                f"format {found.get('format')!r}, this version reads {MANIFEST_FORMAT!r}: open it "
                                "with the version that wrote it")
        check_manifest(self.path, self.manifest, READ_FIELDS)    # a field read here, a game not played here
        if not self.manifest["complete"] or not os.path.exists(os.path.join(self.path, "_SUCCESS")):
            raise AnalysisError(unfinished(self.path, self.manifest))
        verify_run(self.path, self.manifest, VERIFY_HASHES if hashes is None else hashes)
        seats_needed = SEATS_COLUMNS + GAME_SEATS_COLUMNS.get(self.manifest.get("game", "scythe"), ())
        for table, needed in (("games", GAMES_COLUMNS), ("seats", seats_needed)):
            present = set(self.scan(table).collect_schema().names())
            missing = [c for c in needed if c not in present]
            if missing:
                raise AnalysisError(f"{self.path}/{table} lacks column {missing[0]!r}: the run was written "
                                    "by an incompatible version; run it again")

    @property
    def game(self):
        return self.manifest.get("game", "scythe")

    @property
    def name(self):
        return self.manifest.get("name", os.path.basename(self.path))

    def scan(self, table) -> pl.LazyFrame:
        pattern = os.path.join(self.path, table, "*.parquet")
        frame = pl.scan_parquet(pattern)
        return frame if self.limit is None else frame.filter(pl.col("game") < self.limit)

    def first(self, games):
        """The same run seen through its first `games` games: what a run of that many games
        of the same config holds (a run is a pure function of config and seed), so a longer
        run stands for a shorter one (`scythe-sim check` reads a cached base this way)."""
        if games > self.manifest["games"]:
            raise AnalysisError(f"{self.path} holds {self.manifest['games']:,} games, not {games:,}")
        view = copy.copy(self)
        view.limit = games
        view.manifest = {**self.manifest, "games": games}
        return view

    def vocabulary(self, table, column) -> list:
        """An enum column's names in the game's own order (factions as listed, mats by mat
        number): the dictionary every shard of the table shares (runner/parquet.py); []
        for a column stored as plain strings."""
        first = sorted(glob.glob(os.path.join(self.path, table, "*.parquet")))[0]
        chunks = pq.ParquetFile(first).read_row_group(0, columns=[column]).column(0).chunks
        dictionary = getattr(chunks[0], "dictionary", None) if chunks else None
        return dictionary.to_pylist() if dictionary is not None else []   # plain strings: no order

    def seats(self) -> pl.LazyFrame:
        """Seats with the game's player count and length (`game_turns`, `rounds`; the
        seat's own `turns` stays as it is) and the game's tiles (TILE_COLUMNS a run
        has; a seat's own airship tiles where the seats table holds them), enums as strings."""
        games = self.scan("games")
        seats = self.scan("seats")
        present = seats.collect_schema().names()
        tiles = [c for c in TILE_COLUMNS if c in games.collect_schema().names() and c not in present]
        games = games.select("game", "players", pl.col("turns").alias("game_turns"), "rounds",
                             pl.col("end_reason").cast(pl.String), *[pl.col(c).cast(pl.String) for c in tiles])
        own = [pl.col(c).cast(pl.String) for c in (*ENUM_COLUMNS, *TILE_COLUMNS) if c in present]
        return seats.with_columns(own).join(games, on="game", how="left")

    def games(self) -> pl.LazyFrame:
        games = self.scan("games")
        present = games.collect_schema().names()
        return games.with_columns(pl.col(c).cast(pl.String) for c in ("end_reason", *TILE_COLUMNS) if c in present)

    def has_tiles(self, column) -> bool:
        """Whether some game of the run recorded a tile in `column` (one of TILE_COLUMNS)."""
        games = self.scan("games")
        if column not in games.collect_schema().names():
            return False
        return games.select(pl.col(column).is_not_null().any()).collect(engine="streaming").item()
