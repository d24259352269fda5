"""All Out War in a playthrough (playthrough.py calls it through variants/hooks.py,
"narration"): a line as the war mobilises and begins, one as each war turn begins (with
its picture), and how the war ended."""
from ...enums import FACTIONS
from ...layout import G_ACTIVE, G_N_PLAYERS, G_TURN, P_COINS, P_FACTION, P_POWER
from ...variants.war.layout import (G_WAR_END_REASON, G_WAR_ROUND, G_WAR_STAGE, G_WAR_WINNER, WAR_END_REASONS,
                                    WAR_STAGE_MOBILIZATION, WAR_STAGE_NONE, WAR_STAGE_WAR, W_CAPITULATED_BY,
                                    W_CAPITULATED_ROUND, W_CASUALTIES, W_POINTS, W_TROPHIES)


def _name(s, p):
    return FACTIONS[int(s.player[p, P_FACTION])]


class Narrator:
    """One game's war, as the playthrough goes: the stage it last saw and the war turn."""

    def __init__(self):
        self.stage = WAR_STAGE_NONE
        self.last_war_turn = (-1, -1)

    def before_decision(self, game, lines, snapshot) -> bool:
        """Add the war's lines before a decision (snapshot() as a war turn begins); True
        while the war is on, when its turns replace the standard game's."""
        s = game.state
        if s.game[G_WAR_STAGE] != self.stage:
            self.stage = int(s.game[G_WAR_STAGE])
            if self.stage == WAR_STAGE_MOBILIZATION:
                lines.append(f"standard game over: {game.end_reason} after {int(s.game[G_TURN])} turns; "
                             "All Out War: mobilization")
            elif self.stage == WAR_STAGE_WAR:
                lines.append("All Out War: the war begins")
        if self.stage != WAR_STAGE_WAR:
            return False
        war_turn = (int(s.game[G_WAR_ROUND]), int(s.game[G_ACTIVE]))
        if war_turn != self.last_war_turn:
            snapshot()
            self.last_war_turn = war_turn
            p = war_turn[1]
            lines.append(f"war round {war_turn[0]}: {_name(s, p)} "
                         f"({int(s.war[p, W_POINTS])} points, ${int(s.player[p, P_COINS])}, "
                         f"{int(s.player[p, P_POWER])} power)")
        return True

    def end_lines(self, game):
        """How the war ended, once it was due; None for a game without a war."""
        return None if self.stage == WAR_STAGE_NONE else war_summary_lines(game.state)


def war_summary_lines(s):
    """How an All Out War ended, and each faction's standing at its end."""
    winner = int(s.game[G_WAR_WINNER])
    lines = [f"war over: {WAR_END_REASONS[int(s.game[G_WAR_END_REASON])]} after "
             f"{int(s.game[G_WAR_ROUND])} war rounds; winner: {_name(s, winner) if winner >= 0 else 'none'}"]
    for p in range(int(s.game[G_N_PLAYERS])):
        by = int(s.war[p, W_CAPITULATED_BY])
        fate = f", capitulated to {_name(s, by)} in round {int(s.war[p, W_CAPITULATED_ROUND])}" if by >= 0 else ""
        lines.append(f"  {_name(s, p)}: {int(s.war[p, W_POINTS])} points, {int(s.divisions[p].sum())} "
                     f"divisions on the board, {int(s.war[p, W_CASUALTIES])} lost, "
                     f"{int(s.war[p, W_TROPHIES])} trophies{fate}")
    return lines
