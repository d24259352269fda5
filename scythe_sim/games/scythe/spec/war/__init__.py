"""All Out War's part of the runner's view of Scythe: its result columns (results.py)."""
