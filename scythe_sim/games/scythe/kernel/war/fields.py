"""All Out War's fields of the State (declared in variants/war/layout.py): they close the
record, so a copy outside a war is the record's bytes up to them (state.copy_into,
through the registration's full_copy), and their blank values."""
from scythe_sim.compiled.jit import njit

from ...layout import MAX_PLAYERS, N_SCORE_FIELDS, StateField
from ...variants.war.layout import state_fields

WAR_STATE_FIELDS = tuple(field.name for field in state_fields(StateField, MAX_PLAYERS, N_SCORE_FIELDS))


@njit
def clear_war_state(s):
    s.war[:] = 0
    s.divisions[:] = 0
    s.war_moved[:] = 0
    s.war_groups[:] = -1
    s.standard_score[:] = 0
