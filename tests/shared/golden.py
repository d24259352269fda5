"""Golden playthrough files shared by both games: compare a fresh rendering with its
file (pytest fails at the first differing line) and rewrite every file of a game."""
import pytest


def assert_matches_golden(folder, name, actual):
    expected = (folder / f"{name}.txt").read_text(encoding="utf-8")
    if actual != expected:
        for i, (a, e) in enumerate(zip(actual.splitlines(), expected.splitlines())):
            if a != e:
                pytest.fail(f"{name}: first difference at line {i + 1}:\n  golden: {e}\n  now:    {a}")
        pytest.fail(f"{name}: lengths differ ({len(actual.splitlines())} vs {len(expected.splitlines())} lines)")


def rewrite(folder, games, render):
    """Write folder/<name>.txt for each name -> render arguments of games."""
    for name, args in games.items():
        path = folder / f"{name}.txt"
        path.write_text(render(*args), encoding="utf-8")
        print(f"wrote {path}")
