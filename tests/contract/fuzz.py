"""Random play through a game's Python façade, holding its API to what it promises at
every step: while the game is not over the decision offers at least one legal row, every
invariant holds after each step, and a position written with to_dict, passed through
JSON and read back with from_dict offers the same legal rows and writes the same JSON
(at the first decision of each phase in a game, and every ROUND_TRIP_EVERY decisions).
From a random step on, play goes on from such a read-back position instead of the game
that wrote it, so positions read from JSON are played to their end as well. Each game
draws the share of its decisions that one of the game's strategies takes instead of a
uniform draw over the legal rows, from none to most.

A game takes part through its contract hooks (tests/contract/hooks.py):
FUZZ_CASES (a case's name -> rng -> (players, rules)), fuzz_new(seed, players, rules),
fuzz_read(position, rules), fuzz_broken(game) ("" or the broken invariant's name),
fuzz_text(game, row), fuzz_savable(game) (whether to_dict keeps everything now),
FUZZ_GUIDES and fuzz_guide(game, rows, name) (a strategy's choice, an index into rows)
and FUZZ_REACHES (a case's name -> phases its first game must reach).

A game is a pure function of (case, seed): a failure is found again by playing the same
seed, so the message carries the position JSON before the failing step, read by
Game.from_dict with the rules it names.
"""
import json

import numpy as np

SALT = 40              # the fuzz's own stream: np.random.default_rng([seed, SALT])
ROUND_TRIP_EVERY = 100 # decisions between two round trips through JSON (first one at a random step)
SWITCH_WITHIN = 400    # play goes on from a read-back position from a random step below this
MAX_STEPS = 40_000     # a game still going after this many decisions has stalled
# the share of a game's decisions taken by one of the game's strategies (its guide) rather
# than uniformly at random: guided games reach what a played game reaches (stars, the end
# of the standard game and what follows it) where uniform play mostly runs to the turn cap
GUIDED_SHARES = (0.0, 0.5, 0.9)


class Bad(Exception):
    """What broke, at which step; the caller plays the game again to that step."""

    def __init__(self, step, what):
        super().__init__(what)
        self.step, self.what = step, what


def play(h, case, seed, stop_at=None):
    """Play the fuzz game (case, seed) to its end and return the phases it went through
    and the number of round trips through JSON; a broken promise raises Bad. With
    stop_at, return (position JSON, rules, action text) at the decision of step stop_at
    instead, before it is taken."""
    rng = np.random.default_rng([seed, SALT])
    players, rules = h.FUZZ_CASES[case](rng)
    trip, switch = int(rng.integers(ROUND_TRIP_EVERY)), int(rng.integers(SWITCH_WITHIN))
    guide, share = h.FUZZ_GUIDES[rng.integers(len(h.FUZZ_GUIDES))], GUIDED_SHARES[rng.integers(len(GUIDED_SHARES))]

    def choose(game, rows):
        guided = rng.random() < share
        return h.fuzz_guide(game, rows, guide) if guided else int(rng.integers(len(rows)))
    game, switched, phases = h.fuzz_new(seed, players, rules), False, set()
    trips, tripped = 0, set()       # round trips made, and the phases of those
    for step in range(MAX_STEPS):
        if game.is_over:
            return phases, trips
        phases.add(game.phase)
        rows = game.legal_rows()
        if step == stop_at:
            row = rows[choose(game, rows)] if len(rows) else None
            text = h.fuzz_text(game, row) if row is not None else "(no legal row)"
            return json.dumps(game.to_dict(), indent=1), rules, text
        due = step >= switch and not switched
        if (due or step >= trip or game.phase not in tripped) and h.fuzz_savable(game):
            twin = _round_trip(h, game, rows, rules, step)
            trip, trips = step + ROUND_TRIP_EVERY, trips + 1
            tripped.add(game.phase)
            if due:
                game, switched = twin, True
        if len(rows) == 0:
            raise Bad(step, f"no legal row in phase {game.phase} and the game is not over")
        row = rows[choose(game, rows)]
        try:
            game.step(tuple(int(x) for x in row))
        except Exception as exc:             # anything the step raises is a finding
            raise Bad(step, f"the step raised {exc!r}") from exc
        broken = h.fuzz_broken(game)
        if broken:
            raise Bad(step, f"invariant broken after the step: {broken}")
    raise Bad(MAX_STEPS, f"the game is not over after {MAX_STEPS} decisions")


def _round_trip(h, game, rows, rules, step):
    position = game.to_dict()
    try:
        twin = h.fuzz_read(json.loads(json.dumps(position)), rules)
    except Exception as exc:
        raise Bad(step, f"from_dict refused the position to_dict wrote: {exc!r}") from exc
    broken = h.fuzz_broken(twin)
    if broken:
        raise Bad(step, f"the position read back breaks an invariant: {broken}")
    again = twin.legal_rows()
    if not np.array_equal(again, rows):
        raise Bad(step, f"the position read back offers other legal rows: {again.tolist()} instead of "
                        f"{rows.tolist()}")
    if twin.to_dict() != position:
        diff = sorted(k for k in position if twin.to_dict().get(k) != position[k])
        raise Bad(step, f"the position read back writes other JSON (keys {diff})")
    return twin


def check_seeds(h, case, seeds):
    """Play every seed; an AssertionError naming the case, the seed, the step, the action
    and the position before it on the first broken promise. Returns the phases reached."""
    phases = set()
    for seed in seeds:
        try:
            reached, trips = play(h, case, seed)
            phases |= reached
            assert trips, f"{case}, seed {seed}: the game ended before any position went through JSON"
        except Bad as bad:
            position, rules, text = play(h, case, seed, stop_at=bad.step)
            raise AssertionError(
                f"{case}, seed {seed}, step {bad.step}, action {text!r}: {bad.what}\n"
                f"rules {rules}; the position before the step (Game.from_dict(position, rules)):\n"
                f"{position}") from None
    return phases


def main(argv=None):
    """python -m tests.contract.fuzz CASE FIRST [STOP]: fuzz seeds FIRST..STOP-1 of a case
    (every case: `all`), print each broken promise, exit 1 if there was one."""
    import argparse
    import sys

    from tests.contract.hooks import games, hooks

    parser = argparse.ArgumentParser(prog="python -m tests.contract.fuzz", description=main.__doc__)
    parser.add_argument("case")
    parser.add_argument("first", type=int)
    parser.add_argument("stop", type=int, nargs="?")
    args = parser.parse_args(argv)
    cases = [(hooks(game), case) for game in games() for case in hooks(game).FUZZ_CASES
             if args.case in ("all", case)]
    if not cases:
        parser.error(f"unknown case {args.case!r}")
    broken = 0
    for h, case in cases:
        for seed in range(args.first, args.stop or args.first + 1):
            try:
                check_seeds(h, case, [seed])
            except AssertionError as exc:
                broken += 1
                print(exc, flush=True)
        print(f"{case}: seeds {args.first} to {(args.stop or args.first + 1) - 1} played", flush=True)
    sys.exit(1 if broken else 0)


if __name__ == "__main__":
    main()
