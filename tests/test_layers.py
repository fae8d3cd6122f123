"""Dependencies point inward only, as the layers table of docs/maintaining.md writes them."""

from __future__ import annotations

import ast
import functools
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "scorekeeper"

RULE = ROOT / "docs" / "maintaining.md"  # the one written rule: its "The layers" table
NAMED = re.compile(r"`(scorekeeper(?:\.[a-z0-9_]+)*)`")
NEIGHBOURS = re.compile(r"`(scorekeeper\.[a-z0-9_]+)` → `(scorekeeper\.[a-z0-9_]+)`")


def _written_layers() -> tuple[dict[str, int], int, set[tuple[str, str]]]:
    """Returns each named module's rank, the edges' rank and the edge pairs allowed, as written."""
    section = RULE.read_text(encoding="utf-8").split("## The layers", 1)[1].split("\n## ", 1)[0]
    layers: dict[str, int] = {}
    edge, neighbours = -1, set()
    for line in section.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 4 or not cells[0].isdigit():
            continue
        rank = int(cells[0])
        layers.update(dict.fromkeys(NAMED.findall(cells[2]), rank))
        if cells[1] == "edges":
            edge = rank
            neighbours = set(NEIGHBOURS.findall(cells[3]))
    return layers, edge, neighbours


# Each module's layer, by longest matching name; a module may import its own layer or lower.
LAYERS, EDGE, EDGE_NEIGHBOURS = _written_layers()
# Known crossings with the change that removes each; the test fails once one is gone, so the
# entry is deleted with it.
PENDING: set[tuple[str, str]] = set()
WEB_STACK = ("flask", "flask_wtf", "flask_babel", "werkzeug", "jinja2")
DATABASE = ("sqlite3", "sqlite_utils")


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> set[str]:
    """Returns every module the file imports, at the top or inside a function."""
    module = _module_name(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            folder = ROOT.joinpath(*base.split("."))
            # `from scorekeeper import engine` names the module; `import create_app`, the package
            for alias in node.names:
                sub = folder / alias.name
                is_module = sub.is_dir() or sub.with_suffix(".py").is_file()
                found.add(f"{base}.{alias.name}" if is_module else base)
    return found


def _owner(name: str) -> str | None:
    """Returns the LAYERS entry a module belongs to, the longest that matches."""
    # "scorekeeper" names the package's own __init__ only: each top-level module is listed.
    matches = [k for k in LAYERS if name == k or (k != "scorekeeper" and name.startswith(k + "."))]
    return max(matches, key=len) if matches else None


def _edge_package(name: str) -> str:
    return ".".join(name.split(".")[:2])


MODULES = sorted(PACKAGE.rglob("*.py"))


@functools.cache
def edges() -> list[tuple[str, str]]:
    """Returns every (importer, imported) pair in the package, parsed once, when first asked."""
    # Parsed on demand, not at import: collecting the suite should not read 180 modules.
    return [(_module_name(p), target) for p in MODULES for target in sorted(_imports(p))]


def test_every_module_has_a_layer() -> None:
    unplaced = [_module_name(p) for p in MODULES if _owner(_module_name(p)) is None]
    assert not unplaced, f"add these to the layers table of docs/maintaining.md: {unplaced}"


def test_the_written_rule_is_read() -> None:
    """The table parses into the seven layers, the edges and the two allowed neighbours."""
    assert sorted(set(LAYERS.values())) == list(range(7))
    assert LAYERS["scorekeeper.engine"] < LAYERS["scorekeeper.store"] < EDGE
    # The API prints an event's standings and scorecards, as the pages do (issue 25).
    assert {
        ("scorekeeper.web", "scorekeeper.pdf"),
        ("scorekeeper.api", "scorekeeper.pdf"),
    } == EDGE_NEIGHBOURS


def _crossings() -> set[tuple[str, str]]:
    wrong: set[tuple[str, str]] = set()
    for source, target in edges():
        if _owner(target) is None:  # outside the package
            continue
        mine, theirs = LAYERS[_owner(source)], LAYERS[_owner(target)]
        if theirs > mine:
            wrong.add((source, target))
        elif mine == theirs == EDGE:
            pair = (_edge_package(source), _edge_package(target))
            if pair[0] != pair[1] and pair not in EDGE_NEIGHBOURS:
                wrong.add((source, target))
    return wrong


def test_no_module_imports_an_outer_layer_or_a_neighbouring_edge() -> None:
    assert _crossings() - PENDING == set()


def test_each_pending_crossing_still_exists() -> None:
    gone = PENDING - _crossings()
    assert not gone, f"remove from PENDING, the crossing is gone: {gone}"


def _module_graph() -> dict[str, set[str]]:
    """Returns each module of the package with the modules of the package it imports."""
    modules = {_module_name(p) for p in MODULES}
    graph: dict[str, set[str]] = {m: set() for m in modules}
    for source, target in edges():
        while target and target not in modules:  # `from pkg.mod import name` names mod
            target = target.rpartition(".")[0]
        if target and target != source:
            graph[source].add(target)
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Returns every circle of imports: each strongly connected set of two modules or more."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []
    for start in sorted(graph):  # Tarjan's, iterative: no recursion limit to meet
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        while work:
            node, targets = work[-1]
            target = next(targets, None)
            if target is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    ring = stack[stack.index(node) :]
                    del stack[stack.index(node) :]
                    if len(ring) > 1:
                        found.append(sorted(ring))
            elif target not in index:
                index[target] = low[target] = len(index)
                stack.append(target)
                work.append((target, iter(sorted(graph[target]))))
            elif target in stack:
                low[node] = min(low[node], index[target])
    return found


def test_circles_are_found() -> None:
    """The search finds a circle of three and leaves a line alone."""
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert circles(graph) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_no_import_circle() -> None:
    """No module imports, at the top or in a function, one that imports it back."""
    assert circles(_module_graph()) == []


def test_each_folder_holds_one_rank() -> None:
    """Every module of a folder below the package's top belongs to the same layer's rank."""
    ranks: dict[str, set[int]] = {}
    for path in MODULES:
        if path.parent != PACKAGE:
            folder = str(path.parent.relative_to(PACKAGE))
            ranks.setdefault(folder, set()).add(LAYERS[_owner(_module_name(path)) or ""])
    assert {folder: found for folder, found in ranks.items() if len(found) > 1} == {}


MAX_LINES = 400  # docs/maintaining.md: small modules


def test_no_module_is_over_400_lines() -> None:
    long = {
        str(p.relative_to(ROOT)): n
        for p in MODULES
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert long == {}, f"split these modules (at most {MAX_LINES} lines): {long}"


@pytest.mark.parametrize(
    "layer", ["scorekeeper.rules.presets", "scorekeeper.engine", "scorekeeper.stats"]
)
def test_the_rules_import_neither_the_web_nor_the_database(layer: str) -> None:
    for source, target in edges():
        if _owner(source) == layer:
            assert target.split(".")[0] not in WEB_STACK + DATABASE, (source, target)


def test_the_store_imports_no_web_module() -> None:
    for source, target in edges():
        if _owner(source) == "scorekeeper.store":
            assert target.split(".")[0] not in WEB_STACK, (source, target)


def test_migrations_call_no_live_code() -> None:
    """A migration step imports only its own package (SQL and frozen helpers) from ours: live
    store or rules code would change what an old step leaves whenever that code changes."""
    for source, target in edges():
        if source.startswith("scorekeeper.store.migrations"):
            inside = target.startswith("scorekeeper.store.migrations")
            assert inside or target.split(".")[0] != "scorekeeper", (source, target)


@pytest.mark.parametrize(
    ("module", "absent"),
    [
        pytest.param("scorekeeper.store", WEB_STACK, id="store-without-flask"),
        pytest.param("scorekeeper.engine", WEB_STACK + DATABASE, id="engine-pure"),
        pytest.param("scorekeeper.stats.tables", WEB_STACK + DATABASE, id="stats-pure"),
        pytest.param("scorekeeper.cli", WEB_STACK, id="cli-without-the-web"),
    ],
)
@pytest.mark.slow  # a subprocess or an outside tool: the fast loop skips it
def test_importing_a_layer_loads_nothing_outside_it(module: str, absent: tuple[str, ...]) -> None:
    """Runs a fresh interpreter, as a script using that layer would."""
    probe = f"import sys, {module}; print(' '.join(sorted(m for m in sys.modules if '.' not in m)))"
    loaded = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout.split()
    assert not set(absent) & set(loaded)


# The layers that speak no Flask: the rules and their documents, the store, statistics, charts,
# the PDF writer and the language layer they share with the pages (issue 27 item 5).
FLASK_FREE = (
    "scorekeeper.engine",
    "scorekeeper.rules.presets",
    "scorekeeper.rules.model",
    "scorekeeper.rules.reader",
    "scorekeeper.rules.patch",
    "scorekeeper.rules.documents",
    "scorekeeper.rules.checks",
    "scorekeeper.store",
    "scorekeeper.stats",
    "scorekeeper.charts",
    "scorekeeper.pdf",
    "scorekeeper.language",
    "scorekeeper.language.i18n",
    "scorekeeper.language.words",
    "scorekeeper.language.problem_words",
    "scorekeeper.sentences",
)
FLASK = ("flask", "flask_babel", "werkzeug")
PROBE = """
import importlib, pkgutil, sys
web = sys.argv[1].split(",")
for root in sys.argv[2:]:
    module = importlib.import_module(root)
    names = [root] + [m.name for m in pkgutil.walk_packages(getattr(module, "__path__", []), root + ".")]
    for name in names:
        importlib.import_module(name)
        print(name, *sorted(m for m in sys.modules if m.split(".")[0] in web))
"""


@pytest.mark.slow  # a subprocess or an outside tool: the fast loop skips it
def test_the_flask_free_layers_load_no_flask() -> None:
    """Imports every module of those layers in a fresh interpreter, noting what each loaded."""
    lines = subprocess.run(
        [sys.executable, "-c", PROBE, ",".join(FLASK), *FLASK_FREE],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    ).stdout.splitlines()
    assert "scorekeeper.pdf.game_sheet" in {line.split()[0] for line in lines}
    assert [line for line in lines if len(line.split()) > 1] == []


@pytest.mark.slow  # a subprocess or an outside tool: the fast loop skips it
def test_a_german_blank_sheet_from_the_command_line_loads_no_flask(tmp_path: Path) -> None:
    """`scorekeeper sheet --lang de` translates with the catalogues alone."""
    out = tmp_path / "de.pdf"
    probe = (
        "import sys; from scorekeeper.cli import main; "
        f"code = main(['sheet', 'classic', '-o', {str(out)!r}, '--lang', 'de']); "
        f"print(code, *sorted(m for m in sys.modules if m.split('.')[0] in {FLASK!r}))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert done.stdout.splitlines()[-1].split() == ["0"], done.stdout  # no Flask module
    assert "Geber" in _pdf_text(out)


def _pdf_text(path: Path) -> str:
    from pypdf import PdfReader

    return " ".join(page.extract_text() for page in PdfReader(str(path)).pages)


IGNORE = re.compile(r"#\s*type:\s*ignore(?P<code>\[[a-z, -]+\])?(?P<rest>.*)$")
# Lines that other branches edit while issue 36 is merged: their reasons are the lead's to add.
UNSAID_FOR_NOW: set[str] = set()


def test_every_type_ignore_names_its_error_and_says_why() -> None:
    """`# type: ignore[code]  # why`, or the reason on the line above."""
    silent = []
    for path in MODULES:
        name = str(path.relative_to(ROOT))
        lines = path.read_text(encoding="utf-8").splitlines()
        for number, line in enumerate(lines, start=1):
            found = IGNORE.search(line)
            if found is None or name in UNSAID_FOR_NOW:
                continue
            said = "#" in found["rest"] or lines[number - 2].strip().startswith("#")
            if not (found["code"] and said):
                silent.append(f"{name}:{number}")
    assert silent == []
