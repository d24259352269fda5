"""The Wind Gambit's tools: evaluate.py (`scythe-sim evaluate wind-gambit`, its STUDY)."""
