"""All Out War's part of the board in words (game.py's render_board calls it through
variants/hooks.py, "board_text"): a player's divisions on a territory."""


def units(s, p, loc) -> list:
    """Player p's divisions on loc, as '3D'."""
    return [f"{int(s.divisions[p, loc])}D"] if s.divisions[p, loc] else []
