"""The deal every strategy check plays, as plain names and rules (so the studies' list,
which declares blocks with them, imports nothing heavy): the default mix's name, the
default player's mirror, bans off, and Albion and Togawa past five players."""

MIX = "default"
CHALLENGER_MIRROR = "greedy"   # the default player, in every seat of a mirror
BASE_MAX_PLAYERS = 5           # past this, the runs deal Albion and Togawa (6-7 players need them)
MANY_PLAYERS_RULES = {"expansion_factions": 1}
# The quality checks deal every faction with every mat (issue 27: "bans off"), so a
# faction's and a mat's verdicts are measured over every pairing.
CHECK_RULES = {"ban_pairs": 0}


def needed_rules(players) -> dict:
    """The house rules a deal of `players` needs: Albion and Togawa past five players."""
    return dict(MANY_PLAYERS_RULES) if players > BASE_MAX_PLAYERS else {}
