"""The rule variants' hooks into the players, registered in one place (as
kernel/variants.py registers the rules'). A shared strategy module asks here where a
variant changes how a seat plays (who chooses, where a rollout stops, what a position is
worth) and never reads a variant's state or switch itself; each hook calls the
registered variants' own code in their folders: All Out War (war/), The Wind Gambit
(wind_gambit/)."""
from scythe_sim.compiled.jit import njit, njit_inline

from .war.policy import war_policy_plays
from .war.search import choose_war_searched
from .wind_gambit.standing import aboard, wind_value


@njit_inline
def takes_over(s):
    """A variant's own policy chooses for every scripted strategy now (All Out War's war
    policy, once its war is due or under way)."""
    return war_policy_plays(s)


@njit_inline
def choose_variant(s, t, seat, actions, n, w, work):
    """The variant's choice when takes_over(s): the index of a row of actions[:n] (the war
    policy's, searched by rollouts where the weights row asks for it: war/search.py)."""
    return choose_war_searched(s, t, seat, actions, n, w, work)


@njit_inline
def rollout_ends(x):
    """A search's rollout stops here (All Out War: where the war begins)."""
    return war_policy_plays(x)


@njit
def variant_value(s, t, p, w, v, score_part):
    """p's value v with every variant's terms (The Wind Gambit: the resolution tile's
    end, the airship's standing); score_part is the part of v the projected score makes."""
    return wind_value(s, t, p, w, v, score_part)


@njit_inline
def held_off_board(s, p, r):
    """Resources of kind r that p holds off the board and counts as its own (The Wind
    Gambit: aboard its airship)."""
    return aboard(s, p, r)
