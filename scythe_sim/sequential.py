"""Sequential paired testing for `scythe-sim check`: a balance check that looks at its
data after every round of games and stops as soon as each group is decided.

The method: **always-valid confidence sequences** (Waudby-Smith, Arnold, Wu and Ramdas,
"Time-uniform central limit theory and asymptotic confidence sequences", Annals of
Statistics 2024): the two-sided normal-mixture boundary (Robbins' mixture, Howard et al.
2021) on the running mean of a group's paired seat differences (candidate winner - base
winner: -1, 0 or 1), with the running variance in place of the unknown one. At level
1 - alpha the sequence covers the true shift at every look at once, so a check may look
after any number of games, as often as it likes, stop when it likes, and be extended by
a later run (a cached base, a larger budget) without spending its error rate.

Why not a group-sequential design with alpha spending: its boundaries are computed for a
maximum number of games fixed in advance and spend alpha by the share of that maximum
seen at each look. A check whose budget changes between CI runs, whose base is a cached
run extended to whatever a later check needs, or that a user re-runs with more games
would leave the design it was computed for. A confidence sequence never needs the
maximum; its price is a wider interval at a given number of games (about 1.4x the fixed
sample's near the design point), paid back by stopping early.

Decisions per group (min_effect m, level alpha):
- *shifted*: the interval excludes 0 (Holm-corrected over the groups, below) and the
  estimated shift is at least m;
- *equivalent*: the interval lies inside (-m, m);
- *undecided* otherwise. A decided group keeps its verdict (and its numbers) from the
  look that decided it.
Across groups, "shifted" uses Holm's step-down over the groups' anytime p-values (the
smallest alpha at which a group's sequence ever excluded 0 so far): a true null is
rejected at some look only if its anytime p-value falls to alpha / (number of true
nulls), which happens with probability at most alpha over all nulls together, whatever
the looks. "Equivalent" uses each group's own 1 - alpha sequence: the check passes (exit
0) only when every group is equivalent, an intersection-union claim that holds at level
alpha without a correction.

Pure Python (math only), like intervals.py; the game-agnostic part of the check.
"""
import math
from typing import NamedTuple

from .intervals import Z_POWER, detectable_shift, holm

# The variance of a seat's paired difference the boundary is tuned for: roughly the share
# of seats whose result a change flips. A change to Scythe's rules reshuffles most games
# of the scripted strategies (measured: 0.13 to 0.18 for stars_to_end = 5 in the default
# mix, by faction); the width at
# other variances is within a few percent of the tuned one (docs/ci-balance-check.md).
DESIGN_VARIANCE = 0.15


def _mixture_x(alpha):
    """rho^2 V at which the two-sided normal-mixture boundary of level alpha is narrowest
    (the root of x = L + log(1 + x), L = -2 log alpha, to first order)."""
    big_l = -2.0 * math.log(alpha)
    return big_l + math.log(1.0 + big_l)


def design_seats(min_effect, alpha=0.05, variance=DESIGN_VARIANCE):
    """Seats of a group at which a no-shift group of `variance` reaches a half-width of
    min_effect, when the boundary is tuned there: the design point of the check."""
    x = _mixture_x(alpha)
    return 2.0 * (1.0 + x) * variance * math.log(math.sqrt(1.0 + x) / alpha) / (x * min_effect ** 2)


class Boundary(NamedTuple):
    """A normal-mixture confidence sequence for the mean of paired differences; rho2 is
    the mixture's variance (1 / intrinsic time it is tuned for, in units of the data)."""
    rho2: float

    @classmethod
    def tuned(cls, min_effect, alpha=0.05, variance=DESIGN_VARIANCE):
        """The boundary narrowest where a no-shift group would be called equivalent."""
        return cls(_mixture_x(alpha) / (design_seats(min_effect, alpha, variance) * variance))

    def half_width(self, n, variance, alpha):
        """Half-width of the level 1 - alpha sequence after n seats of sample variance
        `variance` (infinite before two seats)."""
        if n < 2:
            return math.inf
        grown = n * variance * self.rho2 + 1.0
        return math.sqrt(2.0 * grown / (n * n * self.rho2) * math.log(math.sqrt(grown) / alpha))

    def p_value(self, n, total, variance):
        """The smallest alpha at which the sequence excludes 0 after n seats whose
        differences sum to `total` (1 / the mixture's likelihood ratio, capped at 1)."""
        if n < 2:
            return 1.0
        grown = n * variance * self.rho2 + 1.0
        log_p = 0.5 * math.log(grown) - self.rho2 * total * total / (2.0 * grown)
        return min(1.0, math.exp(log_p))


def sample_variance(n, total, total_sq):
    """Variance of n differences from their sum and sum of squares (0 for n < 2)."""
    return max(total_sq - total * total / n, 0.0) / (n - 1) if n >= 2 else 0.0


SHIFTED, EQUIVALENT, UNDECIDED = "shifted", "equivalent", "undecided"


class Group:
    """One group's running sums and verdict."""

    def __init__(self, key):
        self.key = key
        self.n, self.total, self.total_sq, self.games = 0, 0.0, 0.0, 0
        self.p_running = 1.0
        self.p_holm = 1.0
        self.decision = UNDECIDED

    @property
    def difference(self):
        return self.total / self.n if self.n else None

    @property
    def variance(self):
        return sample_variance(self.n, self.total, self.total_sq)


class SequentialCheck:
    """The check's state over its looks: feed it each look's cumulative per-group sums
    (seats n, sum and sum of squares of the paired differences) with look(); read the
    verdicts with rows()."""

    def __init__(self, alpha=0.05, min_effect=0.02, boundary=None, power=0.8):
        if not 0 < alpha < 1 or not 0 < min_effect < 1:
            raise ValueError("alpha and min_effect are between 0 and 1")
        self.alpha, self.min_effect, self.power = alpha, min_effect, power
        self.boundary = boundary or Boundary.tuned(min_effect, alpha)
        self.groups = {}
        self.looks = 0
        self.games = 0

    def look(self, games, sums):
        """One look after `games` games: sums = {group key: (n, total, total_sq)}, each
        cumulative from the first game. Decided groups keep their verdict."""
        self.looks += 1
        self.games = games
        for key, (n, total, total_sq) in sums.items():
            group = self.groups.setdefault(key, Group(key))
            if group.decision != UNDECIDED:
                continue
            group.n, group.total, group.total_sq, group.games = n, float(total), float(total_sq), games
            group.p_running = min(group.p_running, self.boundary.p_value(n, total, group.variance))
        order = list(self.groups.values())
        for group, p in zip(order, holm([g.p_running for g in order])):
            if group.decision == UNDECIDED:
                group.p_holm = p
                group.decision = self._decide(group)

    def _decide(self, group):
        if group.n < 2:
            return UNDECIDED
        d, m = group.difference, self.min_effect
        if group.p_holm <= self.alpha and abs(d) >= m:
            return SHIFTED
        w = self.boundary.half_width(group.n, group.variance, self.alpha)
        return EQUIVALENT if -m < d - w and d + w < m else UNDECIDED

    def interval(self, group, level=None):
        """The group's confidence-sequence interval at error rate `level` (default alpha)."""
        w = self.boundary.half_width(group.n, group.variance, level or self.alpha)
        if math.isinf(w):
            return -1.0, 1.0
        return max(group.difference - w, -1.0), min(group.difference + w, 1.0)

    def shown_level(self, group):
        """The error rate of the interval shown beside a group's verdict: alpha for an
        equivalent group (its own sequence decided it), else the level that matches Holm
        (alpha times p / p_holm), whose interval excludes 0 when the group's Holm p-value
        is below alpha."""
        if group.decision == EQUIVALENT or group.p_holm <= 0:
            return self.alpha
        return self.alpha * min(group.p_running / group.p_holm, 1.0)

    def mde(self, group):
        """The shift the check finds in this group with the chosen power at its seats so
        far: the interval at the strictest Holm level (alpha / groups) must exclude 0 and
        the estimate reach min_effect."""
        if group.n < 2:
            return None
        strictest = self.alpha / max(len(self.groups), 1)
        se = math.sqrt(group.variance / group.n)
        return detectable_shift(self.boundary.half_width(group.n, group.variance, strictest), se,
                          self.min_effect, self.power)

    @property
    def undecided(self):
        return sum(g.decision == UNDECIDED for g in self.groups.values())

    @property
    def shifted(self):
        return sum(g.decision == SHIFTED for g in self.groups.values())

    @property
    def done(self):
        return bool(self.groups) and self.undecided == 0

    def outcome(self):
        """The check's answer: "shifted" if some group shifted, "equivalent" if every group
        is equivalent, else "undecided"."""
        if self.shifted:
            return SHIFTED
        return EQUIVALENT if self.done else UNDECIDED

    def rows(self):
        """One dict per group, in the order the groups were first seen: key, seats, games
        used, difference, interval (at shown_level: the one that matches the decision),
        its level, variance, anytime and Holm p-values, detectable shift and decision."""
        out = []
        for g in self.groups.values():
            level = self.shown_level(g)
            low, high = self.interval(g, level) if g.n else (None, None)
            out.append({"key": g.key, "seats": g.n, "games": g.games, "difference": g.difference,
                        "ci_low": low, "ci_high": high, "ci_level": 1 - level,
                        "variance": g.variance if g.n else None,
                        "p_value": g.p_running, "p_holm": g.p_holm, "mde": self.mde(g),
                        "decision": g.decision})
        return out


def games_to_decide(shift, variance, seats_per_game, boundary, alpha, groups, min_effect, power=0.8,
                    limit=10 ** 9):
    """Games after which a group of this shift and variance (seats_per_game of its seats in
    a game) is decided with probability `power`: called equivalent when |shift| is below
    min_effect, shifted when it is beyond it; None when not within `limit` games (a shift
    at min_effect itself is never decided)."""
    if seats_per_game <= 0:
        return None
    size, z = abs(shift), Z_POWER[power]

    def decided(games):
        n = games * seats_per_game
        se = math.sqrt(variance / n) if n else math.inf
        if size < min_effect:
            return boundary.half_width(n, variance, alpha) + z * se <= min_effect - size
        return detectable_shift(boundary.half_width(n, variance, alpha / groups), se, min_effect, power) <= size

    low, high = 1, 2
    while not decided(high):
        if high >= limit:
            return None
        low, high = high, min(2 * high, limit)
    while high - low > 1:
        mid = (low + high) // 2
        low, high = (low, mid) if decided(mid) else (mid, high)
    return high if not decided(low) else low
