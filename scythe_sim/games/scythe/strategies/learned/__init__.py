"""The learned value of a position (issue 27): what a player's position at the end of its
turn is worth in coins of final margin, by game phase, faction and player mat.

- names.py: the features and the phase inputs (names and column indices; no numba);
- model.py: the compiled value (a dot product of the features with coefficients
  interpolated between phase knots, for the player's faction and mat);
- record.py: the compiled recording of each seat's features at its turn's end, for
  `scythe-sim learn` (tools/learn.py fits the models);
- the model files (package data, versioned) are read by ../../learned_models.py (pure
  Python).

The features themselves are computed by value.py (``position_features``), beside the
hand-weighted value whose terms they share.
"""
