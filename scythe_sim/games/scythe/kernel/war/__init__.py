"""All Out War: a war played after the standard game's scoring (seed 003 of the rule
texts; docs/RULES.md "All Out War").

The variant's rules live here and are reached from named hooks only: kernel/ending.py
starts the mobilization where the game would end (rule all_out_war), legal.py and
apply.py route the war's phases and action kinds, and copy_into copies the war fields.

- board.py: control, territorial points and home-base adjacency with divisions.
- mobilize.py: bonus divisions, hand-overs, clearing the board, deployment rounds.
- turn.py: the war turn (Bolster, Move, Produce), the count and how the war ends.
- move.py: corps moves and mechs carrying divisions.
- combat.py: multi-round combat with divisions, attrition and retreat.
- capitulate.py: capitulation and its booty.
- legal.py: the rows of every war phase.
"""
