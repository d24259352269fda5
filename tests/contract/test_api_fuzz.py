"""The Game API under random play (tests/contract/fuzz.py): from random seeds, every case
of every registered game (Scythe's variants and player counts, My Little Scythe) is played
with random legal rows, its invariants checked after every step, at least one legal row
while the game is not over, and positions passed through JSON along the way offer the
same legal rows; part of each game is played on from a position read back. A fixed
budget of seeds: one game a case in the fast lane, more in the slow lane."""
import json
import types

import pytest

from tests.contract.fuzz import check_seeds
from tests.contract.hooks import games, hooks

FUZZ = [(game, case) for game in games() for case in getattr(hooks(game), "FUZZ_CASES", {})]
IDS = [case for _, case in FUZZ]
FAST_SEEDS = range(1)
SLOW_SEEDS = range(100, 110)


def test_every_registered_game_is_fuzzed():
    for game in games():
        assert getattr(hooks(game), "FUZZ_CASES", None), f"{game} gives no FUZZ_CASES in its contract hooks"


@pytest.mark.parametrize("game,case", FUZZ, ids=IDS)
def test_random_play_keeps_the_game_api_sound(game, case):
    phases = check_seeds(hooks(game), case, FAST_SEEDS)
    missing = hooks(game).FUZZ_REACHES.get(case, set()) - phases
    assert not missing, f"{case}: the fuzz never reached the phases {sorted(missing)}"


@pytest.mark.slow
@pytest.mark.parametrize("game,case", FUZZ, ids=IDS)
def test_more_random_play_keeps_the_game_api_sound(game, case):
    check_seeds(hooks(game), case, SLOW_SEEDS)


class _OneRowFewer:
    """A game read back from JSON that offers one legal row fewer than it should."""

    def __init__(self, game):
        self.game = game

    def __getattr__(self, name):
        return getattr(self.game, name)

    def legal_rows(self):
        return self.game.legal_rows()[:-1]


def test_a_broken_promise_is_reported_with_what_reproduces_it():
    """The fuzz fails on a façade that breaks a promise, naming the case, the seed, the
    step and the action, with the position JSON before the step."""
    h = hooks(games()[0])
    case = next(iter(h.FUZZ_CASES))
    read = []

    def fuzz_read(position, rules):
        read.append(position)
        return _OneRowFewer(h.fuzz_read(position, rules))
    sabotaged = types.SimpleNamespace(**{name: getattr(h, name) for name in dir(h)
                                         if name.startswith(("fuzz_", "FUZZ_"))})
    sabotaged.fuzz_read = fuzz_read
    with pytest.raises(AssertionError) as caught:
        check_seeds(sabotaged, case, [3])
    head, _, position = str(caught.value).partition("(Game.from_dict(position, rules)):\n")
    assert head.startswith(f"{case}, seed 3, step ") and ", action '" in head, head
    assert "offers other legal rows" in head, head
    assert json.loads(position) == read[0]
