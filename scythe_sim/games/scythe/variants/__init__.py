"""Each rule variant's declarations, a folder per variant: what the shared modules build
from a variant without naming it (its facts' vocabularies and tables, and, as they move
here, its state fields, result columns, house rules and text). Pure Python, below the
layout and the tables: it imports nothing of the game but the enums. The compiled hooks
are registered apart, in kernel/variants.py and strategies/variants.py.

- wind_gambit/: The Wind Gambit (airships.py: the airship tiles -> one table)
- war/: All Out War
"""
