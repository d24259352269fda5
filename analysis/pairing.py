"""Are two runs paired, i.e. did they play the same deals game for game?

Two runs with the same root seed deal every game alike (factions, mats, strategies,
player count), even when one plays a house rule or a variant, since a variant draws
its extra randomness from its own stream. Then game i of the base and game i of the
candidate differ only by the change, and a seat's result in one predicts its result
in the other: comparing them seat by seat (common random numbers) cancels the luck of
the deal and gives much narrower intervals. The rows decide: the same (game, seat)
keys with the same deal columns in every row. The root seeds and the game seeds only
explain the verdict.

Runs of different lengths are paired on their common first games: game i depends only
on (root seed, i), so a run grown with `run --extend-to N` starts with the shorter
run's games, and the rows of those games decide as above.
"""
from typing import NamedTuple

import polars as pl

from .runs import TILE_COLUMNS, AnalysisError

DEAL_COLUMNS = ("faction", "mat", "personality", "camp", "strategy", "players")   # those a game has
ROW_KEYS = ("game", "seat")     # a seat's row in both runs
# manifest fields another version may add; shown when the two runs differ in them
LABEL_FIELDS = ("game", "variant", "ruleset")
# the groups `scythe-sim compare --by` offers, over every game
GROUP_COLUMNS = ("faction", "mat", "personality", "strategy", "players", "turn_order", "seat", *TILE_COLUMNS)


class Pairing(NamedTuple):
    paired: bool
    reason: str          # one line, starting with "paired:" or "unpaired:"
    games: int           # games in the base run; when paired, the games paired (the runs' common first games)

    @property
    def method(self):
        return "paired" if self.paired else "unpaired"


def check_pairing(base, candidate, keys=(), common_prefix=True, players_differ=False) -> Pairing:
    """Paired when both runs hold the same seats (game, seat) and every seat has the same
    deal columns (and `keys`, the groups compared) in both. A variant's tiles (TILE_COLUMNS)
    are not part of the deal: they are what a base run and a Wind Gambit run differ by.
    `players_differ`: the runs seat different players on purpose (a study's search mirror
    against the default mix), so a seat's strategy is not part of its deal either.

    Runs of different lengths are paired on their common first games (`common_prefix`):
    game i's deal depends only on the root seed and i, so a run grown with `run
    --extend-to N` holds the shorter run's games first; `games` is then the games paired,
    and compare_runs reads both runs through them (Run.first)."""
    if base.game != candidate.game:
        raise AnalysisError(f"cannot compare a {candidate.game} run ({candidate.name}) with a {base.game} run "
                            f"({base.name}): compare runs of the same game")
    present = set(base.seats().collect_schema().names())
    either = present | set(candidate.seats().collect_schema().names())   # a tile column: one run is enough
    for key in keys:
        if key not in (either if key in TILE_COLUMNS else present):
            raise AnalysisError(f"{base.game} runs have no column {key!r} to group by: use one of "
                                f"{', '.join(c for c in GROUP_COLUMNS if c in present)}")
    counts = (base.manifest["games"], candidate.manifest["games"])
    prefix = common_prefix and counts[0] != counts[1]
    whole = base
    if prefix:
        base, candidate = base.first(min(counts)), candidate.first(min(counts))
    deal = [c for c in DEAL_COLUMNS if not (players_differ and c == "strategy")]
    columns = [c for c in dict.fromkeys([*deal, *keys])
               if c not in ROW_KEYS and c not in TILE_COLUMNS and c in present]
    a = base.seats().select(*ROW_KEYS, *columns)
    b = candidate.seats().select(*ROW_KEYS, *columns)
    n_a, n_b = _rows(a), _rows(b)
    games = _rows(base.games())
    whole_games = _rows(whole.games()) if prefix else games     # unpaired runs are compared whole
    joined = a.join(b, on=list(ROW_KEYS), how="inner", suffix="_candidate")
    if _rows(joined) != n_a or n_a != n_b:
        seeds = _root_seeds(base, candidate)
        if seeds[0] != seeds[1]:
            return Pairing(False, _different_seeds(seeds), whole_games)
        return Pairing(False, f"unpaired: the runs hold different games ({n_a:,} and {n_b:,} seats, "
                              f"{_rows(joined):,} in common)", whole_games)
    differs = pl.any_horizontal([pl.col(c) != pl.col(f"{c}_candidate") for c in columns])
    mismatched = joined.filter(differs).sort("game", "seat").collect(engine="streaming")
    if mismatched.height:
        return Pairing(False, _mismatch_reason(base, candidate, mismatched, columns), whole_games)
    seeds = _same_game_seeds(base, candidate)
    what = "identical deals" if seeds else "identical seats but different game seeds (little to gain)"
    if prefix:
        return Pairing(True, f"paired: on the first {games:,} games, common to both runs (base {counts[0]:,}, "
                             f"candidate {counts[1]:,}), with {what}", games)
    return Pairing(True, f"paired: {games:,} games with {what}", games)


def _root_seeds(base, candidate):
    return base.manifest.get("root_seed"), candidate.manifest.get("root_seed")


def _different_seeds(seeds):
    return f"unpaired: runs do not share deals (different seeds {seeds[0]} and {seeds[1]})"


def _rows(frame: pl.LazyFrame) -> int:
    return frame.select(pl.len()).collect(engine="streaming").item()


def _mismatch_reason(base, candidate, mismatched, columns):
    seeds = _root_seeds(base, candidate)
    if seeds[0] != seeds[1]:
        return _different_seeds(seeds)
    row = mismatched.row(0, named=True)
    column = next(c for c in columns if row[c] != row[f"{c}_candidate"])
    games = mismatched["game"].n_unique()
    return (f"unpaired: {games:,} game(s) deal differently, first game {row['game']} seat {row['seat']}: "
            f"{column} {row[column]} in base, {row[f'{column}_candidate']} in candidate")


def _same_game_seeds(base, candidate):
    a = base.games().select("game", "seed")
    b = candidate.games().select("game", "seed")
    differ = a.join(b, on="game", suffix="_candidate").filter(pl.col("seed") != pl.col("seed_candidate"))
    return _rows(differ) == 0


def with_tiles(frame, run, other, keys, paired):
    """`frame` (run's seats or games) with each tile column among `keys` that the run never
    filled taken from the `other` run: the tile the same game drew there when the runs are
    paired, else every tile the other run played (each row once per tile). So a base
    run's games compare, tile by tile, with a Wind Gambit run's."""
    for column in keys:
        if column not in TILE_COLUMNS or run.has_tiles(column) or not other.has_tiles(column):
            continue
        tiles = other.games().select("game", column)
        frame = frame.drop(column, strict=False)
        frame = (frame.join(tiles, on="game", how="left") if paired else
                 frame.join(tiles.select(column).drop_nulls().unique(), how="cross"))
    return frame


def run_differences(base, candidate):
    """[(field, base value, candidate value)] for what sets the two runs apart: the variant
    labels (manifest, or the tables' columns when a version writes them), the root seed,
    the game count and each config field, house rules one by one."""
    out = []
    for field in LABEL_FIELDS:
        pair = (_label(base, field), _label(candidate, field))
        if pair[0] != pair[1]:
            out.append((field, *pair))
    for field in ("root_seed", "games"):
        pair = (base.manifest.get(field), candidate.manifest.get(field))
        if pair[0] != pair[1]:
            out.append((field, *pair))
    flat_a, flat_b = flat_config(base), flat_config(candidate)
    named = {field for field, *_ in out}      # a label (variant) is also a config field: once
    for field in sorted(set(flat_a) | set(flat_b)):
        pair = (flat_a.get(field), flat_b.get(field))
        if pair[0] != pair[1] and field not in named:
            out.append((field, *(("(set)" if isinstance(v, list) and len(v) > 8 else v) for v in pair)))
    return out


def _label(run, field):
    if field in run.manifest:
        return run.manifest[field]
    if field == "game":         # the games table's `game` is the game's number, not its name
        return run.game
    games = run.games()
    if field in games.collect_schema().names():
        values = games.select(pl.col(field).cast(pl.String).unique()).collect(engine="streaming")
        return ",".join(sorted(str(v) for v in values[field].to_list()))
    return None


def flat_config(run):
    """The config snapshot as {field: value}, nested tables (rules, setup...) flattened to
    "rules.stars_to_end"; the fields shown elsewhere (name, seed, games) left out."""
    out = {}
    for key, value in run.manifest.get("config", {}).items():
        if key in ("name", "seed", "games"):
            continue
        if isinstance(value, dict):
            out.update({f"{key}.{k}": v for k, v in value.items()})
        else:
            out[key] = value
    return out
