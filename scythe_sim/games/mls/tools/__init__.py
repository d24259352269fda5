"""Tools over My Little Scythe's players: evaluate and bench."""
