"""What every game's spec answers the same way, written once: the games of a batch that
stopped on a simulator bug, the ruleset name, and the checksum of the game's data files.
Each game passes its own columns, names and folder."""
import hashlib


def bad_games(status, seeds, ok) -> tuple:
    """((batch index, status, seed), ...) of the games whose status column is not `ok`."""
    return tuple((int(k), int(status[k]), int(seeds[k])) for k in (status != ok).nonzero()[0])


def ruleset_name(base: str, rules, rule_names, defaults) -> str:
    """`base` (the rulebook reading played, e.g. 'scythe-2022') plus every house rule of
    `rules` ((name, value) pairs) that differs from its default, by name."""
    changed = [f"+{name}={value}" for name, value in sorted(rules)
               if value != int(defaults[rule_names.index(name)])]
    return base + "".join(changed)


def data_sha256(folder) -> str:
    """sha256 over a data folder's *.toml files (names and bytes, in name order)."""
    digest = hashlib.sha256()
    files = sorted((f for f in folder.iterdir() if f.name.endswith(".toml")), key=lambda f: f.name)
    for f in files:
        digest.update(f.name.encode() + b"\0" + f.read_bytes() + b"\0")
    return digest.hexdigest()


def first_failure(game, pick, describe, problem, max_steps) -> dict | None:
    """Step a game façade to its end and find where it first fails, for a bad game's
    reproducer. pick(game, rows) is the index of the row the seat's strategy takes,
    describe(game, row) its text, problem(game) the broken invariant after a step (None
    when all hold); an exception the rules raise is a failure too. Returns None when the game ends cleanly, else {"step", "problem",
    "decision", "position_before", "position_at_failure"}: the decision that failed and
    the positions before and after it (a position the game cannot write is its error's
    text)."""
    before, decision = None, None
    for step in range(max_steps + 1):
        if game.is_over:
            return None
        rows = game.legal_rows()
        if len(rows) == 0:
            return _failure(step, "a decision point offered no row", decision, before, game)
        if step == max_steps:
            return _failure(step, f"the safety limit of {max_steps:,} decisions was reached", decision,
                            before, game)
        try:
            row = rows[pick(game, rows)]
            before, decision = game.copy(), describe(game, row)
            game.step(tuple(int(x) for x in row))
        except Exception as exc:         # the compiled rules or a strategy raised (a division by zero, say)
            return _failure(step + 1, f"raised {type(exc).__name__}: {exc}", decision, before, game)
        broken = problem(game)
        if broken:
            return _failure(step + 1, f"invariant broken: {broken}", decision, before, game)
    return None


def _failure(step, problem, decision, before, game) -> dict:
    return {"step": step, "problem": problem, "decision": decision,
            "position_before": _position(before), "position_at_failure": _position(game)}


def _position(game):
    if game is None:
        return None
    try:
        return game.to_dict()
    except Exception as exc:       # a broken state may not write as a valid position
        return f"the position could not be written: {exc}"
