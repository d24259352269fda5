"""Tools over Scythe's players: evaluate, ablation, tune, bench and profiling."""
