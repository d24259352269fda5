"""What every game's spec answers the same way, written once: the games of a batch that
stopped on a simulator bug, the ruleset name, and the checksum of the game's data files.
Each game passes its own columns, names and folder."""
import hashlib


def bad_games(status, seeds, ok) -> tuple:
    """((batch index, status, seed), ...) of the games whose status column is not `ok`."""
    return tuple((int(k), int(status[k]), int(seeds[k])) for k in (status != ok).nonzero()[0])


def ruleset_name(base: str, rules, rule_names, defaults) -> str:
    """`base` (the rulebook reading played, e.g. 'scythe-2022') plus every house rule of
    `rules` ((name, value) pairs) that differs from its default, by name."""
    changed = [f"+{name}={value}" for name, value in sorted(rules)
               if value != int(defaults[rule_names.index(name)])]
    return base + "".join(changed)


def data_sha256(folder) -> str:
    """sha256 over a data folder's *.toml files (names and bytes, in name order)."""
    digest = hashlib.sha256()
    files = sorted((f for f in folder.iterdir() if f.name.endswith(".toml")), key=lambda f: f.name)
    for f in files:
        digest.update(f.name.encode() + b"\0" + f.read_bytes() + b"\0")
    return digest.hexdigest()
