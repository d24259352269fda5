"""What the commands share: list options, the --no-verify help, `records` (a command's
related options handed to it as one small record each) with the --alpha/--min-effect
record of compare and check, and --game: the game a command plays (its spec,
runner/spec.py) and the refusal of an option the game lacks."""
import dataclasses
import functools
import importlib

import click

from scythe_sim.errors import ConfigError
from scythe_sim.names import did_you_mean


def split_values(values):
    """Repeatable options whose values may hold several names: ("a,b", "c") -> [a, b, c]."""
    out = []
    for value in values:
        out.extend(x for x in value.replace(",", " ").split() if x)
    return out


def points_option(ctx, param, value):
    """A click callback for an effect given in percentage points: a value between 0 and 1
    (exclusive) is almost surely a fraction, refused in one line with the points meant."""
    if value is not None and 0 < value < 1:
        raise ConfigError(f"{param.opts[0]} {value:g} is in percentage points: did you mean {100 * value:g} "
                          f"points? (give {param.opts[0]} {100 * value:g})")
    return value


def signed_points(x) -> str:
    """A difference of two rates (fractions) in percentage points, signed: "+1.2 pp"; one
    that rounds to zero prints as "0.0 pp", never "-0.0 pp"."""
    text = f"{100 * x:+.1f}"
    return f"{'0.0' if text in ('+0.0', '-0.0') else text} pp"


NO_VERIFY = ("Skip the sha256 of each shard file (faster on large runs); presence and sizes "
             "are still checked against the manifest.")


def records(**kinds):
    """A command's decorator, below its options and just above its function: the parameters
    named by the fields of each record class in `kinds` reach the function as one record,
    e.g. @records(answer=Answer) with Answer's fields quiet and fmt hands it
    answer=Answer(quiet=..., fmt=...) in their place; the other parameters pass as they are.
    The click options keep their names, which --game's refusals and shell completion read."""
    def decorate(command):
        @functools.wraps(command)       # click takes the command's name and help from it
        def gathered(**params):
            for name, record in kinds.items():
                params[name] = record(**{f.name: params.pop(f.name) for f in dataclasses.fields(record)})
            return command(**params)
        return gathered
    return decorate


@dataclasses.dataclass(frozen=True)
class Margins:
    """What counts as a shift in compare and check (their --alpha and --min-effect)."""
    alpha: float                 # the error rate
    min_effect: float            # the smallest shift that counts, in percentage points


def game_option(default="scythe", help="The game: scythe or my_little_scythe; its defaults apply."):
    """The --game option (a command's decorator)."""
    return click.option("--game", default=default, show_default=default is not None, metavar="NAME", help=help)


def game_spec(game, command, own=()):
    """The spec of --game `game` for `command`, after refusing (one line) each of the
    command's game-specific options `own` given on the command line that the game does
    not take (its GameTools' options)."""
    from click.core import ParameterSource

    from scythe_sim.runner.spec import spec_for

    try:
        spec = spec_for(str(game).strip().lower())
    except ConfigError as exc:
        raise ConfigError(f"--game {game!r}: {str(exc).split(': ', 1)[1]}") from None
    ctx = click.get_current_context()
    for param in ctx.command.params:
        if param.name in own and not game_takes(spec, command, param.name) and \
                ctx.get_parameter_source(param.name) not in (ParameterSource.DEFAULT, None):
            raise ConfigError(f"{param.opts[0]} does not apply to {spec.name}: drop it")
    return spec


def game_takes(spec, command, option):
    """Whether the game takes `command`'s game-specific `option` (its GameTools' options)."""
    from scythe_sim.runner.spec import tools_for

    return option in tools_for(spec.name).options.get(command, ())


def check_variant(spec, variant):
    """--variant: one of the game's variants, in one line."""
    variants = spec.setup.variants
    if variant is None or variant in variants:
        return
    if len(variants) == 1:
        raise ConfigError(f"--variant {variant}: {spec.name} has no variant but {variants[0]}: drop --variant")
    raise ConfigError(f"--variant {variant!r} is not a variant of {spec.name}:{did_you_mean(variant, variants)} "
                      f"choose one of {', '.join(variants)}")


def game_module(spec, command):
    """The game's module behind `command` (its GameTools' commands), imported now."""
    from scythe_sim.runner.spec import tools_for

    return importlib.import_module(tools_for(spec.name).commands[command])


def format_option(json_help):
    """--format text|json (default text); `json_help` says what the JSON holds."""
    return click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
                        help=f"text, or json: {json_help}.")


# --- shell completion: the game's names for the options that take them -------------------------------
# (bash: eval "$(_SCYTHE_SIM_COMPLETE=bash_source scythe-sim)"; docs/cli.md)

def _completion_game(ctx):
    """The game the command line names so far (--game), else scythe."""
    game = (ctx.params.get("game") if ctx is not None else None) or "scythe"
    return str(game).strip().lower()


def _names(ctx, kind):
    """The game's names of one kind (variants, rules, strategies, tiles); [] for a game
    unknown or without them (completion never fails)."""
    from scythe_sim.runner.spec import spec_for, tools_for

    try:
        spec = spec_for(_completion_game(ctx))
        if kind == "tiles":
            listing = tools_for(spec.name).listing
            return [(name, values) for name, _, values in (listing("tiles") if listing else [])]
    except ConfigError:
        return []
    setup = spec.setup
    return list({"variants": setup.variants, "rules": setup.rule_names, "strategies": setup.strategies}[kind])


def _matching(names, incomplete):
    return [n for n in names if n.startswith(incomplete)]


def complete_variant(ctx, param, incomplete):
    """--variant NAME: the game's variants."""
    return _matching(_names(ctx, "variants"), incomplete)


def complete_strategies(ctx, param, incomplete):
    """--strategies a,b,...: the game's strategies, for the name after the last comma."""
    head, _, last = incomplete.rpartition(",")
    prefix = f"{head}," if head else ""
    return [prefix + name for name in _matching(_names(ctx, "strategies"), last)]


def complete_rule(ctx, param, incomplete):
    """--rule KEY=VALUE: the game's rule names (with "="), then for a tile rule
    (resolution, airship_*) the names of its tiles."""
    key, sep, value = incomplete.partition("=")
    if not sep:
        return [f"{name}=" for name in _matching(_names(ctx, "rules"), key)]
    tiles = [name for name, values in _names(ctx, "tiles") if values.partition("=")[0] == key]
    return [f"{key}={name}" for name in _matching(tiles, value)]


def complete_tile(ctx, param, incomplete):
    """--resolution TILE: the resolution tiles' names."""
    tiles = [name for name, values in _names(ctx, "tiles") if values.startswith("resolution=")]
    return _matching(tiles, incomplete)
