"""Every config key, checked by type and by range: a matrix generated from the shipped
configs (configs/*.toml), the keys they leave out (docs/configs.md) and every house
rule of every game. Each case gives `scythe-sim run` a config that is good but for one
key, holding a value of a wrong type or out of its range, and expects one line naming
that key, exit code 2 and nothing written (no run starts)."""
import tomllib
from pathlib import Path

import pytest
from click.testing import CliRunner

import scythe_sim.runner.run as runner_run
from cli.main import main
from scythe_sim.runner.spec import spec_for

CONFIGS = Path(__file__).resolve().parents[2] / "configs"
GAMES = {"scythe": "default.toml", "my_little_scythe": "my_little_scythe.toml"}
# keys the shipped configs leave out, with a good value (and what it needs beside it)
OPTIONAL = {
    "scythe": {"log_turns": False,
               "setup.factions": ["nordic", "saxony"], "setup.mats": ["industrial", "patriotic"],
               "strategies.seats": ["greedy"], "strategies.lineups": [["greedy", "random"]],
               "strategies.weights": {"greedy": "w.toml"}},
    "my_little_scythe": {"log_turns": False, "strategies.seats": ["planner"],
                         "strategies.lineups": [["planner", "random"]]},
}
TABLES = ("setup", "strategies", "rules", "strategies.weights")
# rules that also take a name (a resolution or airship tile)
NAMED_RULES = ("resolution", "airship_aggressive", "airship_passive")
A_TABLE, A_LIST = {"x": 1}, [1]


def _leaves(table, prefix=""):
    for key, value in table.items():
        if isinstance(value, dict) and key != "weights":
            yield from _leaves(value, f"{prefix}{key}.")
        else:
            yield prefix + key, value


def _wrong_types(key, good):
    """Values of another TOML type than the key takes."""
    if key in TABLES:
        return [3, "text", A_LIST]
    if key.startswith("rules."):
        return ([1.5, A_LIST, A_TABLE, True] if key.split(".")[1] in NAMED_RULES
                else ["text", 1.5, A_LIST, A_TABLE, True])
    if isinstance(good, bool):
        return [1, "yes", A_TABLE]
    if isinstance(good, int):
        return ["text", 1.5, True, A_LIST, A_TABLE] if key != "players" else ["four", 4.5, True, A_TABLE]
    if isinstance(good, str):
        return [3, A_LIST, A_TABLE, True]
    if isinstance(good, list):
        inner = [[good[0], 3]] if not isinstance(good[0], list) else [[[good[0][0], 3]]]
        return ["text", 3, A_TABLE, *inner]
    raise AssertionError(key)


def _out_of_range(key, good):
    if key == "strategies.weights":
        return [{"no_such_strategy": "w.toml"}]
    if key in TABLES:
        return []
    if key.startswith("rules."):
        return [-1, 2 ** 31] + (["no_such_tile"] if key.split(".")[1] in NAMED_RULES else [])
    if isinstance(good, bool):
        return []                                  # true and false are both in range
    if isinstance(good, int):
        return [-1, 2 ** 63] if key != "players" else [0, 99, []]
    if key == "output":
        return [""]
    if key == "name":
        return ["a/b", ""]
    if isinstance(good, str):
        return ["no_such_name"]
    if isinstance(good, list):
        return [[], [["no_such_name"]] if isinstance(good[0], list) else ["no_such_name"]]
    raise AssertionError(key)


def _base(game):
    data = tomllib.loads((CONFIGS / GAMES[game]).read_text())
    return {**data, "name": "matrix", "games": 4, "players": 2}


def _with(data, key, value):
    """data with key (dotted) set to value; the strategy modes exclude each other, and a
    fixed assignment's names need it."""
    data = {k: (dict(v) if isinstance(v, dict) else v) for k, v in data.items()}
    if key.startswith("strategies.") and key != "strategies.weights" and isinstance(data.get("strategies"), dict):
        data["strategies"] = {}
    if key == "strategies.weights":
        data["strategies"] = {"seats": ["greedy"]}
    if key in ("setup.factions", "setup.mats"):
        data["setup"] = {"assignment": "fixed", "factions": ["nordic", "saxony"],
                         "mats": ["industrial", "patriotic"]}
    *path, leaf = key.split(".")
    table = data
    for part in path:
        if not isinstance(table.get(part), dict):
            table[part] = {}
        table = table[part]
    table[leaf] = value
    return data


def _cases():
    out = []
    for game in GAMES:
        base = _base(game)
        keys = dict(_leaves(base))
        keys.update(OPTIONAL[game])
        keys.update({f"rules.{rule}": 0 for rule in spec_for(game).setup.rule_names})
        keys.update({table: {} for table in TABLES if table in ("setup", "strategies", "rules")})
        if game == "scythe":
            keys["strategies.weights"] = {"greedy": "w.toml"}
        for key, good in sorted(keys.items()):
            for kind, values in (("type", _wrong_types(key, good)), ("range", _out_of_range(key, good))):
                for value in values:
                    out.append(pytest.param(game, key, value, id=f"{game}-{key}-{kind}-{value!r}"))
    return out


def _toml(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value + '"'
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k} = {_toml(v)}" for k, v in value.items()) + "}"
    return repr(value)


def _dump(data):
    """TOML text of data: scalars first, then each table as [section]; nested tables inline."""
    lines = [f"{k} = {_toml(v)}" for k, v in data.items() if not isinstance(v, dict)]
    for key, table in data.items():
        if isinstance(table, dict):
            lines.append(f"[{key}]")
            lines += [f"{k} = {_toml(v)}" for k, v in table.items()]
    return "\n".join(lines) + "\n"


def test_the_matrix_covers_every_key_of_both_games():
    keys = {(p.values[0], p.values[1]) for p in _cases()}
    for game in GAMES:
        for key in ("name", "game", "variant", "games", "seed", "players", "shard_size", "output",
                    "log_turns", "setup", "setup.assignment", "setup.rotate_seats", "strategies",
                    "strategies.pool", "strategies.seats", "strategies.lineups", "rules"):
            assert (game, key) in keys
        assert all((game, f"rules.{rule}") in keys for rule in spec_for(game).setup.rule_names)
    assert ("scythe", "strategies.weights") in keys and ("scythe", "setup.factions") in keys


@pytest.mark.parametrize("game,key,value", _cases())
def test_a_bad_key_is_one_line_naming_it_exit_2(tmp_path, monkeypatch, game, key, value):
    def no_run(*args, **kwargs):
        raise AssertionError(f"{key} = {value!r} was accepted: the run started")
    monkeypatch.setattr(runner_run, "execute", no_run)
    monkeypatch.chdir(tmp_path)                  # output = "out" (relative), unless the key is output
    (tmp_path / "w.toml").write_text("[weights]\nscore = 1.0\n")
    (tmp_path / "run.toml").write_text(_dump(_with({**_base(game), "output": "out"}, key, value)))
    result = CliRunner().invoke(main, ["run", "run.toml", "--workers", "1", "--quiet"])
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert result.exit_code == 2, (result.output, result.exception)
    assert len(lines) == 1 and lines[0].startswith("error: "), result.output
    assert key.split(".")[-1] in lines[0], lines[0]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["run.toml", "w.toml"]     # nothing written
