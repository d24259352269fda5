"""The floor plan holds: docs/ARCHITECTURE.md names every module of the library's root,
of each game's root and of cli/ and analysis/; the games are siblings that import nothing
of each other; the runner imports no game; analysis imports no kernel; no import circle
exists among the project's modules, imports inside functions included; no function of a
game's kernel, strategies or batch player takes more than 8 parameters, nor any of cli/ more
than 12; and only the named shared modules touch a rule variant (test the switches, import
its folders, name its state)."""
import ast
import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
DOC = (ROOT / "docs" / "ARCHITECTURE.md").read_text()
INTERNALS = (ROOT / "docs" / "internals.md").read_text()
PACKAGES = ("scythe_sim", "cli", "analysis")


def _modules():
    """{dotted module name: path} of every project module."""
    out = {}
    for top in PACKAGES:
        for path in (ROOT / top).rglob("*.py"):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            out[".".join(parts)] = path
    return out


MODULES = _modules()


def _imports(name, path):
    """The project modules `name` imports, anywhere in the file."""
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            targets = [module] + [f"{module}.{a.name}" for a in node.names]
        else:
            continue
        for target in targets:
            while target and target not in MODULES:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


GRAPH = {name: _imports(name, path) for name, path in MODULES.items()}


def _circles():
    """Strongly connected groups of more than one module (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in GRAPH[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(GRAPH):
        if v not in index:
            visit(v)
    return out


def _is_package_parent(child, parent):
    """A package's __init__ naturally imports below itself; not an arrow up."""
    return child.startswith(parent + ".")


def test_no_import_circles():
    circles = [c for c in _circles()
               if not all(_is_package_parent(a, b) or _is_package_parent(b, a) for a in c for b in c if a != b)]
    assert circles == []


def test_the_circle_check_finds_a_circle():
    global GRAPH
    saved = GRAPH
    try:
        GRAPH = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}
        assert _circles() == [["a", "b", "c"]]
    finally:
        GRAPH = saved


def test_the_games_import_nothing_of_each_other_and_the_runner_no_game():
    for name, targets in GRAPH.items():
        for game, other in (("scythe_sim.games.scythe", "scythe_sim.games.mls"),
                            ("scythe_sim.games.mls", "scythe_sim.games.scythe")):
            if name.startswith(game):
                assert not [t for t in targets if t.startswith(other)], name
        if name.startswith(("scythe_sim.runner", "scythe_sim.compiled")) or name in (
                "scythe_sim.errors", "scythe_sim.intervals", "scythe_sim.sequential", "scythe_sim.quality"):
            assert not [t for t in targets if t.startswith("scythe_sim.games")], name
        if name.startswith("analysis"):
            assert not [t for t in targets if ".kernel" in t or ".strategies" in t], name


def test_the_architecture_page_names_every_module():
    folders = [ROOT / "scythe_sim", ROOT / "scythe_sim" / "games" / "scythe",
               ROOT / "scythe_sim" / "games" / "mls", ROOT / "cli", ROOT / "analysis"]
    missing = []
    for folder in folders:
        for path in folder.iterdir():
            name = path.name
            if name.startswith(("_", ".")) or name == "__pycache__":
                continue
            named = f"{name}/" if path.is_dir() else name if path.suffix == ".py" else None
            if named and named not in DOC:
                missing.append(path.relative_to(ROOT).as_posix())
    for path in (ROOT / "scythe_sim" / "runner").glob("*.py"):
        if path.name != "__init__.py" and path.name not in DOC:
            missing.append(path.relative_to(ROOT).as_posix())
    assert missing == []


MAX_PARAMETERS = 8      # what travels together goes as one NamedTuple (docs/internals.md, "Signatures")


def _parameters(node):
    """How many parameters a function takes (*args and **kwargs count one each)."""
    a = node.args
    return len(a.posonlyargs) + len(a.args) + len(a.kwonlyargs) + (a.vararg is not None) + (a.kwarg is not None)


def _long_signatures(source):
    """(name, parameters) of every public module-level function of source taking more
    than MAX_PARAMETERS parameters."""
    return [(node.name, _parameters(node)) for node in ast.parse(source).body
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and not node.name.startswith("_")
            and _parameters(node) > MAX_PARAMETERS]


def _kernel_strategy_and_play_modules():
    """Every module of a game's kernel/ and strategies/, and each game's play.py."""
    for game in sorted((ROOT / "scythe_sim" / "games").iterdir()):
        if not game.is_dir() or game.name.startswith("_"):
            continue
        yield from sorted((game / "kernel").rglob("*.py"))
        yield from sorted((game / "strategies").rglob("*.py"))
        yield game / "play.py"


def test_no_kernel_strategy_or_batch_function_takes_more_than_eight_parameters():
    paths = list(_kernel_strategy_and_play_modules())
    assert len({p.parts[-3] for p in paths if p.parent.name == "kernel"}) >= 2     # both games looked at
    long = {f"{p.relative_to(ROOT)}:{name}": count for p in paths
            for name, count in _long_signatures(p.read_text())}
    assert not long, f"group what travels together (a NamedTuple) to get these to {MAX_PARAMETERS}: {long}"


def test_the_signature_check_finds_a_long_signature():
    source = ("def fine(a, b, c, d, e, f, g, h):\n    pass\n"
              "def long(a, b, c, d, e, f, g, h, *rest):\n    pass\n"
              "def _private(a, b, c, d, e, f, g, h, i):\n    pass\n")
    assert _long_signatures(source) == [("long", 9)]


# a command's related options reach it gathered into records (cli/common.py, `records`)
CLI_MAX_PARAMETERS = 12


def _long_functions(source, limit):
    """(name, parameters) of every function of source taking more than `limit` parameters:
    private, nested and methods included."""
    return [(node.name, _parameters(node)) for node in ast.walk(ast.parse(source))
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and _parameters(node) > limit]


def test_no_cli_function_takes_more_than_twelve_parameters():
    paths = sorted((ROOT / "cli").rglob("*.py"))
    assert len(paths) > 10
    long = [f"{p.relative_to(ROOT).as_posix()}:{name} ({count})" for p in paths
            for name, count in _long_functions(p.read_text(), CLI_MAX_PARAMETERS)]
    assert not long, (f"gather related options into a record (cli/common.py, records) to get these to "
                      f"{CLI_MAX_PARAMETERS} parameters: {', '.join(long)}")


def test_the_cli_check_finds_a_long_function_however_deep():
    source = ("def fine(a, b, c):\n    pass\n"
              "def _outer(a):\n    def inner(a, b, *c, d, **e):\n        pass\n"
              "class K:\n    def method(self, a, b, c):\n        pass\n")
    assert _long_functions(source, 3) == [("inner", 5), ("method", 4)]


# --- the floor plan names every module ------------------------------------------------

_COLUMN = 26      # where the floor plan's descriptions start


def _floor_plan(doc=DOC):
    """{path of an entry ("scythe_sim/games/scythe/kernel/"): its text} from the floor
    plan's block: an entry is a name indented two spaces a level, its description and
    the lines continuing it from the description column."""
    block = doc[doc.index("## The floor plan"):doc.index("## Layers")]
    block = block[block.index("```\n") + 4:]
    block = block[:block.index("```")]
    entries, stack, current = {}, [], None
    for line in block.splitlines():
        indent = len(line) - len(line.lstrip())
        if not line.strip():
            continue
        if indent >= _COLUMN:
            entries[current] += " " + line.strip()
            continue
        name, _, text = line.strip().partition(" ")
        stack[indent // 2:] = [name]
        current = "".join(stack)
        entries[current] = text.strip()
    return entries


def _section(doc, heading):
    """The text of a page's `## heading` section, up to the next heading of any level."""
    text = doc[doc.index(f"## {heading}\n"):]
    ends = [i for i in (text.find("\n## ", 1), text.find("\n# ", 1)) if i > 0]
    return text[:min(ends)] if ends else text


def _named_in(entry_text, name):
    return re.search(r"(?<![\w/.])" + re.escape(name) + r"(?![\w/])", entry_text) is not None


def _unnamed(entries, paths):
    """The modules (paths relative to the checkout) the floor plan does not name: a
    module is named by an entry of its own, or by its file name or its name without .py
    in the entry of its nearest folder that has one."""
    missing = []
    for rel in paths:
        if rel in entries:
            continue
        folder = rel.rpartition("/")[0]
        while folder and folder + "/" not in entries:
            folder = folder.rpartition("/")[0]
        if not folder:
            missing.append(rel)
            continue
        name = rel[len(folder) + 1:]
        if name == "__init__.py":
            continue
        name = name[:-len("__init__.py")] if name.endswith("/__init__.py") else name
        if not any(_named_in(entries[folder + "/"], n) for n in (name, name.removesuffix(".py"))):
            missing.append(rel)
    return missing


def test_the_floor_plan_names_every_module():
    paths = sorted(p.relative_to(ROOT).as_posix() for p in MODULES.values())
    assert len(paths) > 150
    assert _unnamed(_floor_plan(), paths) == []


def test_a_module_missing_from_the_floor_plan_is_found():
    entries = _floor_plan()
    kernel = "scythe_sim/games/scythe/kernel/"
    assert _named_in(entries[kernel], "scoring.py")
    entries[kernel] = entries[kernel].replace("scoring.py", "")
    assert _unnamed(entries, [kernel + "scoring.py", kernel + "ending.py"]) == [kernel + "scoring.py"]
    new = ["scythe_sim/games/scythe/somewhere/new.py", "elsewhere/new.py"]
    assert _unnamed(entries, new) == new


def test_every_module_file_the_floor_plan_names_exists():
    """No stale names: each `x.py` of an entry is a file of its folder (or of the checkout)."""
    stale = []
    for entry, text in _floor_plan().items():
        folder = ROOT / entry if entry.endswith("/") else (ROOT / entry).parent
        for name in re.findall(r"(?<![\w/.*])([\w/]+\.py)\b", text):
            if not ((folder / name).is_file() or (ROOT / name).is_file()):
                stale.append(f"{entry}: {name}")
    assert stale == []


# --- the layers inside a game ----------------------------------------------------------

# docs/ARCHITECTURE.md, "Layers": a game's module imports from its own layer or earlier ones
LAYERS = (("data_files",), ("enums",), ("variants",), ("layout",), ("tables", "house_rules", "assumptions"),
          ("lineup", "handicap"), ("kernel",), ("strategies", "learned_models"), ("play", "turnlog"), ("text",),
          ("game",), ("playthrough", "one_game"), ("spec",), ("tools",))
# the imports that still run back up (the page would name each): (game, importer, imported)
UPWARD_TODAY = set()


def _upward_imports(graph):
    rank = {name: k for k, layer in enumerate(LAYERS) for name in layer}
    found = set()
    for name, targets in graph.items():
        parts = name.split(".")
        if parts[:2] != ["scythe_sim", "games"] or len(parts) < 4:
            continue
        game, layer = parts[2], parts[3]
        assert layer in rank, f"{name}: give the {layer} layer its place in LAYERS and the page"
        for target in targets:
            other = target.split(".")
            if other[:3] == parts[:3] and len(other) > 3 and rank[other[3]] > rank[layer]:
                found.add((game, layer, other[3]))
    return found


def test_imports_inside_a_game_point_down_the_layers_but_for_the_named_ones():
    assert _upward_imports(GRAPH) == UPWARD_TODAY


def test_the_layer_check_finds_an_import_up():
    graph = {"scythe_sim.games.mls.kernel.fight": {"scythe_sim.games.mls.strategies.greedy"}}
    assert _upward_imports(graph) == {("mls", "kernel", "strategies")}


def test_the_page_names_the_layers_and_the_imports_up():
    layers = _section(DOC, "Layers")
    for layer in LAYERS:
        for name in layer:
            assert _named_in(layers, name), name
    for game, importer, imported in UPWARD_TODAY:
        assert f"{importer} -> {imported}" in layers, (game, importer, imported)


def test_my_little_scythe_imports_only_the_shared_parts():
    """docs/ARCHITECTURE.md, "Where a second game plugs in"."""
    allowed = ("scythe_sim.compiled", "scythe_sim.errors", "scythe_sim.intervals", "scythe_sim.quality",
               "scythe_sim.study", "scythe_sim.timing", "scythe_sim.picture", "scythe_sim.names", "scythe_sim.runner")
    outside = {t for name, targets in GRAPH.items() if name.startswith("scythe_sim.games.mls")
               for t in targets if not t.startswith("scythe_sim.games.mls")}
    assert outside and not [t for t in outside if not t.startswith(allowed)], outside


def test_each_games_spec_imports_the_runners_spec():
    for game in ("scythe", "mls"):
        assert "scythe_sim.runner.spec" in GRAPH[f"scythe_sim.games.{game}.spec"], game


def test_the_files_the_page_names_for_each_rule_exist():
    """docs/internals.md's "Where each rule lives" tables name files under scythe_sim/games/scythe/."""
    section = _section(INTERNALS, "Where each rule lives")
    names = re.findall(r"`((?:kernel|strategies|games/mls|analysis|tests)/[\w/*.]*)`", section)
    assert len(names) > 20
    scythe = ROOT / "scythe_sim" / "games" / "scythe"
    for name in names:
        bases = (ROOT, ROOT / "scythe_sim", scythe, scythe / "kernel", scythe / "kernel" / "war")
        assert any(list(base.glob(name)) for base in bases), name


# --- the batch path ----------------------------------------------------------------------

# docs/internals.md, "A run, one way": who calls a game's batch
# player (play.run_games). Each game's spec holds its one batch entry point (Scythe's
# answers.play_plan, behind runner/batch.play_range and the tools that play what a run
# config cannot carry; My Little Scythe's play) and its warm-up.
BATCH_ENTRY = {"scythe_sim.games.scythe.spec.answers", "scythe_sim.games.mls.spec"}
# What calls it besides: the benches, which time the compiled batch alone (games/s of the
# kernel: result tables, the runner's columns and the shard's files are not what they
# measure, and a run's own speed is the run summary's).
RUN_GAMES_TODAY = {"scythe_sim.games.scythe.tools.bench", "scythe_sim.games.mls.tools.bench"}
# The tools that play batches, each through one of the two: play_range (whose in-memory
# form quality.play_blocks and the ablation use) or the spec's batch entry point.
THROUGH_PLAY_RANGE = ("scythe_sim.runner.shard", "scythe_sim.quality", "scythe_sim.games.scythe.tools.ablation")
THROUGH_PLAY_PLAN = ("scythe_sim.games.scythe.tools.tune", "scythe_sim.games.scythe.tools.learn_data",
                     "scythe_sim.games.scythe.tools.search_check")


def test_batches_go_through_play_range_or_the_specs_entry_point_but_for_the_benches():
    """A game's batch player (play.run_games) is called by its spec's batch entry point
    and by the benches named in RUN_GAMES_TODAY, nothing else; tune, learn and the search check
    play through the entry point, runs, evaluate and the ablation through play_range."""
    callers = {name for name, path in MODULES.items()
               if re.search(r"\brun_games\(", path.read_text()) and not name.endswith(".play")}
    assert callers == BATCH_ENTRY | RUN_GAMES_TODAY
    for name in THROUGH_PLAY_RANGE:
        assert "scythe_sim.runner.batch" in GRAPH[name], name
    for name in ("scythe_sim.games.scythe.tools.evaluate", "scythe_sim.games.mls.tools.evaluate"):
        assert "scythe_sim.quality" in GRAPH[name], name
    for name in THROUGH_PLAY_PLAN:
        assert re.search(r"\bplay_plan\(", MODULES[name].read_text()), name


# --- variant switches in shared files --------------------------------------------------

# docs/internals.md, "Variant hooks": no shared Scythe file tests a variant's state or
# switch itself; it calls a hook
SWITCHES = re.compile(r"\b(G_WAR_STAGE|G_RES_TILE|R_ALL_OUT_WAR)\b")


def _switching(scythe):
    shared = [*(scythe / "kernel").glob("*.py"), *(scythe / "strategies").glob("*.py"), scythe / "play.py",
              scythe / "turnlog.py"]
    return {p.relative_to(scythe).as_posix() for p in shared if SWITCHES.search(p.read_text())}


def test_no_shared_file_tests_a_variants_switch():
    assert _switching(ROOT / "scythe_sim" / "games" / "scythe") == set()


def test_the_switch_check_finds_a_shared_file_reading_the_war_stage(tmp_path):
    (tmp_path / "kernel").mkdir()
    (tmp_path / "strategies").mkdir()
    (tmp_path / "play.py").write_text("x = 1\n")
    (tmp_path / "turnlog.py").write_text("if s.game[G_WAR_STAGE] == 3:\n    pass\n")
    assert _switching(tmp_path) == {"turnlog.py"}


# --- a variant plugs in ----------------------------------------------------------------

# docs/internals.md, "What touches a variant". A variant's own files are
# every file under a folder named after it, at any depth of the game (kernel/war/,
# strategies/war/, text/war/, variants/war/, ...), and its report section in analysis/
# (analysis/war*.py). Any other module of the game, of analysis/ or of cli/ is shared (not
# one variant's files: The Wind Gambit's rules that All Out War plays along are its own), and
# it *touches* a variant when it imports a module of the variant's folders, names one by
# its module path in a string (a registration by path), or names, as code (not in a
# comment or docstring), one of the variant's state fields, decision points, rules or
# switches (VARIANT_NAMES: index constants and State record fields).
VARIANT_NAMES = {
    "war": (re.compile(r"(?:G_WAR_|PH_WAR_|A_WAR_|R_WAR_|WAR_)\w*|R_ALL_OUT_WAR|W_(?:STANDARD_RANK|RECRUIT_POOL|"
                       r"DEPLOY_POOL|CASUALTIES|MOB_\w+|PRODUCED|CAPTURED_IN|CAPTURED_OUT|MECHS_LOST|TROPHIES|"
                       r"STRUCTURES_LOST|POINTS|CAPITULATED_BY|CAPITULATED_ROUND|LAST_ACTION|WAR_TURNS|PLACE|"
                       r"AIRSHIPS_LOST)"),
            {"war", "divisions", "war_moved", "war_groups", "standard_score"}),
    "wind_gambit": (re.compile(r"(?:G_RES_|R_RESOLUTION|R_AIRSHIP_|AS_|AU_|PH_AIRSHIP|PH_SHIP_|A_AIRSHIP_|A_SHIP_|"
                               r"AIRSHIP_|RP_)\w*|R_WIND_GAMBIT|A_SELECT_AIRSHIP|A_PAY_AIRSHIP|END_RESOLUTION0"),
                    {"airship", "airship_loc", "res_param", "airship_tile"}),
}
# The registration: the shared files a variant is meant to touch (the target: nothing else)
REGISTRATION = {"scythe_sim/games/scythe/kernel/variants.py", "scythe_sim/games/scythe/kernel/variant_play.py",
                "scythe_sim/games/scythe/strategies/variants.py"}


def _own(rel, variant):
    parts = rel.split("/")
    return variant in parts[:-1] or (parts[0] == "analysis" and parts[-1].startswith(variant))


def _names_in(source):
    """The identifiers a module's code uses: (names, attributes and imported names; the
    attributes alone, where a State record field is read: `s.war`)."""
    names, attributes = set(), set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Name):
            names.add(node.id)
        elif isinstance(node, ast.Attribute):
            attributes.add(node.attr)
        elif isinstance(node, ast.alias):
            names.add(node.name.rpartition(".")[2])
    return names | attributes, attributes


def _module_paths_in(source):
    """The string constants of a module's code (docstrings aside) that are dotted names."""
    tree = ast.parse(source)
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef)) and node.body
                  and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    return {node.value for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
            and re.fullmatch(r"[a-z_]\w*(?:\.[a-z_]\w*)+", node.value)}


def _touching(variant, modules=None, graph=None):
    """The shared modules (paths relative to the checkout) that touch variant."""
    modules, graph = modules or MODULES, graph or GRAPH
    pattern, fields = VARIANT_NAMES[variant]
    rel = {name: path.relative_to(ROOT).as_posix() for name, path in modules.items()}
    out = set()
    for name, path in modules.items():
        if not name.startswith(("scythe_sim.games.scythe", "analysis", "cli")) or any(
                _own(rel[name], v) for v in VARIANT_NAMES):    # a variant's own, or another variant's
            continue
        source = path.read_text()
        imports = any(_own(rel[t], variant) for t in graph[name] if t in rel)
        imports |= any(_own(rel[t], variant) for t in _module_paths_in(source) if t in rel)
        names, attributes = _names_in(source)
        if imports or attributes & fields or any(pattern.fullmatch(n) for n in names):
            out.add(rel[name])
    return out


def _scythe(*paths):
    return {f"scythe_sim/games/scythe/{p}" for p in paths}


# The shared modules that still touch each variant beside the registration: what is left of
# issue 43's "a variant plugs in" (docs/journal/architecture.md names the work). Shrink these, never grow them.
TOUCHING_TODAY = {
    "war": set(),
    "wind_gambit": _scythe("kernel/board.py",
                           "kernel/bottom.py", "kernel/combat.py",
                           "kernel/gains.py",
                           "kernel/movement.py", "kernel/objectives.py",
                           "kernel/scoring.py", "kernel/setup.py",
                           "layout.py",
                           "strategies/rules.py"),
}


def test_each_variant_touches_only_the_registration_and_the_named_shared_files():
    for variant in VARIANT_NAMES:
        touching = _touching(variant)
        assert touching - REGISTRATION == TOUCHING_TODAY[variant], variant


@pytest.mark.parametrize("variant", sorted(VARIANT_NAMES))
def test_the_target_each_variant_touches_at_most_three_shared_files(variant):
    """Issue 43's target: the registration alone, at most three shared files. All Out War
    meets it; The Wind Gambit not yet (TOUCHING_TODAY is what is left)."""
    if TOUCHING_TODAY[variant]:
        pytest.xfail(f"{len(TOUCHING_TODAY[variant])} shared modules still touch {variant}")
    assert _touching(variant) <= REGISTRATION and len(REGISTRATION) <= 3


def test_the_touch_check_finds_a_module_named_by_its_path():
    assert _module_paths_in('"""a.b docstring"""\nX = {"k": "analysis.war_report", "n": "war"}\n') == {
        "analysis.war_report"}


def test_the_touch_check_finds_an_import_and_a_name():
    assert _names_in("from x import G_WAR_STAGE as stage\ns.war[p, 0] = war  # R_ALL_OUT_WAR\n") == (
        {"G_WAR_STAGE", "s", "war", "p"}, {"war"})
    assert _names_in("war = 1\n")[1] == set()     # a local of the same name is no State field
    assert _own("scythe_sim/games/scythe/kernel/war/move.py", "war")
    assert _own("analysis/wind_gambit_report.py", "wind_gambit")
    assert not _own("scythe_sim/games/scythe/kernel/warfare.py", "war")


# --- the registries the checklists of docs/ARCHITECTURE.md name -----------------------

def _literal(path, name):
    """The value of a module-level constant `name = <literal>` of the file at path."""
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
            return ast.literal_eval(node.value)
    raise AssertionError(f"{path.relative_to(ROOT)} has no {name}")


def test_every_scythe_strategy_but_random_has_its_weights_file():
    """"Adding a strategy": its name in STRATEGIES, its row in data/strategies/<name>.toml."""
    scythe = ROOT / "scythe_sim" / "games" / "scythe"
    names = _literal(scythe / "strategies" / "__init__.py", "STRATEGIES")
    files = {p.stem for p in (scythe / "data" / "strategies").glob("*.toml")}
    assert files == set(names) - {"random"}


def test_every_variant_folder_registers_parts_that_exist_and_a_report_section():
    """"Where a new Scythe variant plugs in": a variant folder's HOOKS name modules of the
    project, and analysis/sections.py finds its report section by the folder's name."""
    folders = [p for p in (ROOT / "scythe_sim" / "games" / "scythe" / "variants").iterdir()
               if p.is_dir() and not p.name.startswith(("_", "."))]
    assert len(folders) >= 2
    for folder in folders:
        hooks = _literal(folder / "__init__.py", "HOOKS")
        assert hooks and all(path in MODULES for path in hooks.values()), folder.name
        assert (ROOT / "analysis" / f"{folder.name}_report.py").is_file(), folder.name
