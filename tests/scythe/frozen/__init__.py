"""Frozen result tables: games played by the code as it stood, stored so that a
refactoring or a speed change can prove it plays every game identically.

`python -m tests.scythe.frozen.regenerate [BATCH ...]` rewrites the named batches (all
without names) in ``results.npz`` (only after an intended
rules or strategy change; review why the tables moved first)."""
