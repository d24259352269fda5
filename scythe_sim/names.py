"""Names a user types (a rule, a strategy, a variant, a tile, a column): the known names
nearest to a mistyped one, for the one-line errors ("did you mean ...?"). Pure Python."""
import difflib


def nearest(name, known, n=3):
    """Up to n known names close to `name`, closest first (case-insensitive)."""
    lowered = {str(k).lower(): k for k in known}
    return [lowered[m] for m in difflib.get_close_matches(str(name).lower(), list(lowered), n=n, cutoff=0.6)]


def did_you_mean(name, known):
    """" did you mean X?" (or X or Y) when some known name is close, else ""."""
    close = nearest(name, known)
    return f" did you mean {' or '.join(repr(c) for c in close)}?" if close else ""


def unknown_name(kind, name, known, listed_by=None, shown=8):
    """One line for an unknown name: the nearest names when some are close, else a short
    list of the known ones (all of them when few), and where the full list is."""
    hint = did_you_mean(name, known)
    if hint:
        message = f"unknown {kind} {name!r}:{hint}"
    else:
        known = sorted(map(str, known))
        head = ", ".join(known[:shown]) + (f" ... ({len(known)} in all)" if len(known) > shown else "")
        message = f"unknown {kind} {name!r}: choose one of {head}"
    return message + (f" (the list: {listed_by})" if listed_by else "")


def unknown_strategy(name, strategies, yardsticks=()):
    """One line for an unknown strategy: the nearest players (a yardstick only when the
    name is close to no player), the players, and the yardsticks apart."""
    players = [s for s in strategies if s not in yardsticks]
    hint = did_you_mean(name, players) or did_you_mean(name, yardsticks)
    apart = f"; yardsticks (frozen baselines): {', '.join(yardsticks)}" if yardsticks else ""
    return (f"unknown strategy {name!r}:{hint} the players are {', '.join(players)}{apart} "
            "(scythe-sim list strategies)")
