"""All Out War's fields of the State (declared in layout.STATE_FIELDS): they close the
record, so a copy outside a war is the record's bytes up to them (state.copy_into,
through the registration's full_copy), and their blank values."""
from scythe_sim.compiled.jit import njit

WAR_STATE_FIELDS = ("war", "divisions", "war_moved", "war_groups", "standard_score")


@njit
def clear_war_state(s):
    s.war[:] = 0
    s.divisions[:] = 0
    s.war_moved[:] = 0
    s.war_groups[:] = -1
    s.standard_score[:] = 0
