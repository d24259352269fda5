"""What the commands share: list options and the --no-verify help."""


def split_values(values):
    """Repeatable options whose values may hold several names: ("a,b", "c") -> [a, b, c]."""
    out = []
    for value in values:
        out.extend(x for x in value.replace(",", " ").split() if x)
    return out


NO_VERIFY = ("Skip the sha256 of each shard file (faster on large runs); presence and sizes "
             "are still checked against the manifest.")
