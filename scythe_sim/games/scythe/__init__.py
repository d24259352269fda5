"""Scythe: the base game and its rule variants (Invaders from Afar, The Wind Gambit,
All Out War), one kernel, one State and one Tables layout for all of them.

``kernel/`` holds every rule (a subfolder per variant), ``strategies/`` the compiled
players (the same subfolders), ``spec/`` what the runner needs, ``text/`` the game in
words and ``tools/`` evaluate, ablation, tune, bench and profiling.
"""
import pathlib

from scythe_sim.compiled import register_compiled_package

# Scythe's compiled functions cache in a folder of their own, keyed by every module
# its compiled code imports (compiled/packages.py, compiled/imports.py).
register_compiled_package("scythe", pathlib.Path(__file__).resolve().parent)
