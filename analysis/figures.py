"""Figures: each function draws on the `ax` it is given and returns it. Rates are shown
as percentages; colours are colour-blind safe (ColorBrewer's PuOr for the diverging
heatmap, a blue and an orange for pairs)."""
import matplotlib
import numpy as np
from matplotlib.colors import TwoSlopeNorm
from matplotlib.ticker import PercentFormatter

BLUE, ORANGE, GREY = "#4c78a8", "#f58518", "#888888"
HEATMAP_FONT = 10    # points: a heatmap cell's text (its rate and n), readable beside the glance (report.py)


def win_rate_bars(ax, table, label, title, sort=True):
    """Win rate per group with its Wilson 95% interval and the parity line; with sort,
    the highest rate first (an ordered label such as turn order: sort=False)."""
    if sort:
        table = table.sort("win_rate", descending=True)
    labels = [str(x) for x in table[label].to_list()]
    rate = np.array(table["win_rate"].to_list())
    # a rate of 0 or 1 can sit a rounding error outside its own Wilson bound: no negative bar
    low = np.clip(rate - np.array(table["ci_low"].to_list()), 0, None)
    high = np.clip(np.array(table["ci_high"].to_list()) - rate, 0, None)
    x = np.arange(len(labels))
    ax.bar(x, rate, yerr=[low, high], capsize=4, color=BLUE)
    parity = table["parity"].to_list()
    if parity and max(parity) - min(parity) > 1e-9:     # mixed player counts: each bar its own parity
        ax.hlines(parity, x - 0.4, x + 0.4, color="#333333", linestyles="--", linewidth=1.2, label="parity",
                  zorder=3)
        ax.legend(loc="upper right")
    elif parity:
        ax.axhline(float(np.mean(parity)), color=GREY, linestyle="--", linewidth=1, label="parity")
        ax.legend(loc="upper right")
    ax.set_xticks(x, [f"{name}\nn={n:,}" for name, n in zip(labels, table["seats"].to_list())])
    ax.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
    ax.set_ylabel("win rate")
    ax.set_title(title)
    return ax


def standard_vs_war_bars(ax, table, label, title, parity=None):
    """Per group, the standard game's and the war's win rates over the decided wars (the
    like basis: a war without a winner gives no seat a win) side by side, the war's with
    its Wilson 95% interval, in percent, with the parity line when given."""
    labels = [str(x) for x in table[label].to_list()]
    x = np.arange(len(labels))
    standard = np.array(table["decided_standard_rate"].to_list(), float)
    ax.bar(x - 0.2, standard, width=0.4, color=BLUE, label="standard game")
    war = np.array(table["decided_war_rate"].to_list(), float)
    err = [war - np.array(table["decided_ci_low"].to_list(), float),
           np.array(table["decided_ci_high"].to_list(), float) - war]
    ax.bar(x + 0.2, war, width=0.4, yerr=err, capsize=3, color=ORANGE, label="war")
    if parity:
        ax.axhline(parity, color=GREY, linestyle="--", linewidth=1, label="parity")
    ax.set_xticks(x, [f"{name}\nn={n:,}" for name, n in zip(labels, table["decided_seats"].to_list())])
    ax.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
    ax.set_ylabel("win rate, decided wars")
    ax.set_title(title)
    ax.legend(loc="upper right")
    return ax


def heatmap_size(rows, columns):
    """Figure inches for a rows x columns heatmap whose cells hold two lines of text at
    HEATMAP_FONT: 7 x 7 (all seven factions and mats) needs more room than the base
    game's 5 x 5. No wider than the text needs: the page scales a figure to its column,
    and a wider figure shrinks its text with it (the glance shows it beside its lines)."""
    return (max(6.0, 0.85 * columns + 2.4), max(4.0, 0.55 * rows + 1.9))


def heatmap(ax, cells, players, factions, mats, min_cell):
    """Faction (rows) x mat (columns) win rates for one player count, annotated; a
    diverging colour-blind-safe scale centred on parity (1 / players: white) over the
    full 0-100% range; cells with fewer than min_cell seats are blank and marked."""
    grid = np.full((len(factions), len(mats)), np.nan)
    notes = [["no games" for _ in mats] for _ in factions]   # e.g. a banned pair
    for row in cells.filter(cells["players"] == players).iter_rows(named=True):
        i, j = factions.index(row["faction"]), mats.index(row["mat"])
        if row["seats"] >= min_cell:
            grid[i, j] = row["win_rate"]
            notes[i][j] = f"{row['win_rate']:.0%}\nn={row['seats']:,}"
        else:
            notes[i][j] = f"n={row['seats']:,}\ntoo few"
    parity = 1.0 / players
    norm = TwoSlopeNorm(vmin=0.0, vcenter=min(max(parity, 1e-6), 1 - 1e-6), vmax=1.0)
    # no games or too few: grey, never the parity white
    cmap = matplotlib.colormaps["PuOr_r"].with_extremes(bad="#d9d9d9")
    image = ax.imshow(grid, cmap=cmap, norm=norm, aspect="auto")    # cells fill the figure
    for i in range(len(factions)):
        for j in range(len(mats)):
            strong = not np.isnan(grid[i, j]) and abs(norm(grid[i, j]) - 0.5) > 0.3
            ax.text(j, i, notes[i][j], ha="center", va="center", fontsize=HEATMAP_FONT,
                    color="white" if strong else "black")
    ax.set_xticks(range(len(mats)), mats, rotation=30, ha="right")
    ax.set_yticks(range(len(factions)), factions)
    ax.set_title(f"win rate, {players} players (faction x mat; white = parity {parity:.0%})")
    bar = ax.figure.colorbar(image, ax=ax, fraction=0.046)
    bar.set_ticks(sorted({0.0, parity, 0.5, 1.0}))
    bar.ax.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
    return ax


def forest(ax, labels, difference, low, high, shifted, title):
    """Differences (percentage points) with their simultaneous intervals (the ones the
    Holm-corrected verdict uses), one row per group, largest first from the top; a
    shifted group is drawn in orange."""
    y = np.arange(len(labels))[::-1]
    diff = 100 * np.asarray(difference, float)
    lo, hi = 100 * np.asarray(low, float), 100 * np.asarray(high, float)
    colors = [ORANGE if s else BLUE for s in shifted]
    ax.hlines(y, lo, hi, color=colors, linewidth=2)
    ax.scatter(diff, y, color=colors, zorder=3, s=18)
    ax.axvline(0, color=GREY, linewidth=1)
    ax.set_yticks(y, labels, fontsize=7 if len(labels) > 12 else 9)
    ax.set_xlabel("candidate - base (percentage points), simultaneous interval (Holm); orange: shifted")
    ax.set_title(title)
    return ax


def lift_by_players(ax, table, label, title):
    """Lift (win rate over parity) of each group at each player count."""
    counts = sorted(set(table["players"].to_list()))
    for i, name in enumerate(sorted(set(table[label].to_list()))):
        rows = table.filter(table[label] == name).sort("players")
        ax.plot(rows["players"].to_list(), rows["lift"].to_list(), marker="o", label=str(name),
                color=f"C{i % 10}")
    ax.axhline(1.0, color=GREY, linestyle="--", linewidth=1)
    ax.set_xticks(counts)
    ax.set_xlabel("players")
    ax.set_ylabel("lift (win rate / parity)")
    ax.set_title(title)
    ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0))
    return ax


def length_histogram(ax, games, title):
    """Game length in rounds: one step histogram per player count."""
    rounds = games["rounds"].to_numpy()
    bins = np.arange(rounds.min(), rounds.max() + 2) - 0.5 if len(rounds) else 10
    for i, players in enumerate(sorted(set(games["players"].to_list()))):
        part = games.filter(games["players"] == players)["rounds"].to_numpy()
        ax.hist(part, bins=bins, histtype="step", linewidth=1.5, color=f"C{i}",
                label=f"{players} players (n={len(part):,}, median {np.median(part):.0f})")
    ax.set_xlabel("rounds")
    ax.set_ylabel("games")
    ax.set_title(title)
    ax.legend(fontsize=7)
    return ax


def stacked_scores(ax, table, parts):
    """Mean score parts per faction, stacked."""
    labels = table["faction"].to_list()
    bottom = np.zeros(len(labels))
    for part in parts:
        values = np.array(table[part].to_list(), dtype=float)
        ax.bar(labels, values, bottom=bottom, label=part.replace("_", " "))
        bottom += values
    ax.set_ylabel("mean coins")
    ax.set_title("score composition by faction")
    ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0))
    return ax


def effects(ax, fit):
    """Model effects per factor level as points with interval bars."""
    labels = [f"{f}: {lv}" for f, lv in zip(fit["factor"], fit["level"])]
    y = np.arange(len(labels))[::-1]
    effect = np.array(fit["effect"].to_list())
    ax.errorbar(effect, y, xerr=[effect - np.array(fit["ci_low"].to_list()),
                                 np.array(fit["ci_high"].to_list()) - effect], fmt="o", capsize=3)
    ax.axvline(0, color="#888888", linewidth=1)
    ax.set_yticks(y, labels)
    ax.set_xlabel("log-strength (0 = the factor's average)")
    ax.set_title("joint strength model")
    return ax
