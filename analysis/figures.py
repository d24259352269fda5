"""Figures: each function draws on the `ax` it is given and returns it."""
import numpy as np


def win_rate_bars(ax, table, label, title):
    """Win rate per group with its Wilson 95% interval and the parity line."""
    labels = [str(x) for x in table[label].to_list()]
    rate = np.array(table["win_rate"].to_list())
    low = rate - np.array(table["ci_low"].to_list())
    high = np.array(table["ci_high"].to_list()) - rate
    x = np.arange(len(labels))
    ax.bar(x, rate, yerr=[low, high], capsize=4, color="#4c78a8")
    parity = table["parity"].to_list()
    if parity:
        ax.axhline(float(np.mean(parity)), color="#888888", linestyle="--", linewidth=1, label="parity")
        ax.legend(loc="upper right")
    ax.set_xticks(x, [f"{name}\nn={n}" for name, n in zip(labels, table["seats"].to_list())])
    ax.set_ylabel("win rate")
    ax.set_title(title)
    return ax


def standard_vs_war_bars(ax, table, label, title):
    """Per group, the standard game's and the war's win rates side by side with their
    Wilson 95% intervals."""
    labels = [str(x) for x in table[label].to_list()]
    x = np.arange(len(labels))
    for offset, part, color in ((-0.2, "standard", "#4c78a8"), (0.2, "war", "#e45756")):
        rate = np.array(table[f"{part}_rate"].to_list())
        err = [rate - np.array(table[f"{part}_ci_low"].to_list()),
               np.array(table[f"{part}_ci_high"].to_list()) - rate]
        ax.bar(x + offset, rate, width=0.4, yerr=err, capsize=3, color=color, label=part)
    ax.set_xticks(x, [f"{name}\nn={n}" for name, n in zip(labels, table["seats"].to_list())])
    ax.set_ylabel("win rate")
    ax.set_title(title)
    ax.legend(loc="upper right")
    return ax


def heatmap(ax, cells, players, factions, mats, min_cell):
    """Faction (rows) x mat (columns) win rates for one player count, annotated;
    cells with fewer than min_cell seats are shown blank and marked."""
    grid = np.full((len(factions), len(mats)), np.nan)
    notes = [["no games" for _ in mats] for _ in factions]   # e.g. a banned pair
    for row in cells.filter(cells["players"] == players).iter_rows(named=True):
        i, j = factions.index(row["faction"]), mats.index(row["mat"])
        if row["seats"] >= min_cell:
            grid[i, j] = row["win_rate"]
            notes[i][j] = f"{row['win_rate']:.0%}\nn={row['seats']}"
        else:
            notes[i][j] = f"n={row['seats']}\ntoo few"
    image = ax.imshow(grid, cmap="RdYlGn", vmin=0.0, vmax=min(1.0, 2.0 / players))
    for i in range(len(factions)):
        for j in range(len(mats)):
            ax.text(j, i, notes[i][j], ha="center", va="center", fontsize=7)
    ax.set_xticks(range(len(mats)), mats, rotation=30, ha="right")
    ax.set_yticks(range(len(factions)), factions)
    ax.set_title(f"win rate, {players} players (faction x mat)")
    ax.figure.colorbar(image, ax=ax, fraction=0.046)
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
    ax.legend(fontsize=7)
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
