"""Every module of ``tui`` lives in a layer; the core (model, config, safety, store, client, session) never
imports Textual; the UI and the lower layers never talk to the mcp SDK; no module of ``tui`` imports
itself back through others, and no package (or top-level module) does either.

import-linter checks the same boundary from ``pyproject.toml`` in CI; these tests check it at run time and
in every function body, where a lazy import would slip past a check of module-level imports alone.
"""

from __future__ import annotations

import ast
import pkgutil
import subprocess
import sys
from pathlib import Path

import grimp
import pytest

import tui

PACKAGE_ROOT = Path(tui.__file__).parent
CORE_PACKAGES = (
    "tui.model",
    "tui.config",
    "tui.safety",
    "tui.store",
    "tui.client",
    "tui.telemetry",
    "tui.session",
)
NO_SDK_PACKAGES = ("tui.ui", "tui.model", "tui.config", "tui.safety", "tui.store")


def _modules_of(package: str) -> list[str]:
    """The package and every module below it, subpackages included."""
    path = PACKAGE_ROOT / package.split(".", 1)[1]
    found = [info.name for info in pkgutil.walk_packages([str(path)], prefix=f"{package}.")]
    return [package, *found]


def _files_of(package: str) -> list[Path]:
    return sorted((PACKAGE_ROOT / package.split(".", 1)[1]).rglob("*.py"))


def test_the_module_walk_reaches_subpackages() -> None:
    """A walk without a prefix silently stops at the first level: this one must see ui/widgets/form."""
    assert "tui.ui.widgets.form.base" in _modules_of("tui.ui")


def test_core_imports_without_textual() -> None:
    modules = [m for p in CORE_PACKAGES for m in _modules_of(p)]
    assert len(modules) > 40
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}: importlib.import_module(name)\n"
        "bad = sorted(m for m in sys.modules if m == 'textual' or m.startswith('textual.'))\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "", f"core pulled in Textual: {result.stdout}"


def _imported_names(path: Path) -> set[str]:
    """Every module a file imports, at module level or inside any function."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def _offenders(packages: tuple[str, ...], forbidden: tuple[str, ...]) -> dict[str, list[str]]:
    found = {}
    for package in packages:
        for path in _files_of(package):
            bad = sorted(n for n in _imported_names(path) if n.split(".")[0] in forbidden)
            if bad:
                found[str(path.relative_to(PACKAGE_ROOT))] = bad
    return found


def test_no_core_file_imports_textual_even_inside_a_function() -> None:
    assert _offenders(CORE_PACKAGES, ("textual",)) == {}


def test_the_ui_and_the_lower_layers_never_import_the_mcp_sdk() -> None:
    assert len(_files_of("tui.ui")) > 40
    assert _offenders(NO_SDK_PACKAGES, ("mcp", "mcp_types")) == {}


def test_the_gateway_speaks_mcp_only_through_the_session_and_never_imports_textual() -> None:
    """The gateway is a front end: its MCP server lives in tui/client/agent_server.py."""
    assert len(_files_of("tui.gateway")) > 5
    assert _offenders(("tui.gateway",), ("mcp", "mcp_types", "textual")) == {}


def test_the_checks_see_a_lazy_import(tmp_path: Path) -> None:
    """The AST reading is what catches an import placed inside a function."""
    sample = tmp_path / "lazy.py"
    sample.write_text("def later():\n    from textual.app import App\n    return App\n", encoding="utf-8")
    assert "textual.app" in _imported_names(sample)


def test_import_cheap_modules_do_not_load_the_sdk() -> None:
    """The UI paints before the SDK loads, so these must not import mcp."""
    code = (
        f"import sys, {', '.join(_modules_of('tui.model'))}, tui.safety.grade, tui.config.model\n"
        "import tui.session.session, tui.ui.app\n"
        "print(','.join(sorted(m for m in sys.modules if m == 'mcp' or m.startswith('mcp.'))))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == ""


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    return grimp.build_graph("tui", exclude_type_checking_imports=False)


def test_no_module_of_tui_imports_itself_back(graph: grimp.ImportGraph) -> None:
    """A cycle (the app importing the screen importing the app) makes neither side changeable alone."""
    cycles = []
    for module in sorted(graph.modules):
        for imported in graph.find_modules_directly_imported_by(module):
            if graph.chain_exists(importer=imported, imported=module):
                cycles.append(f"{module} <-> {imported}")
    assert cycles == []


def _unit(module: str) -> str:
    """The package or top-level module of ``tui`` that ``module`` belongs to: tui.ui.app -> tui.ui."""
    return ".".join(module.split(".")[:2])


def unit_cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """Each group of ``tui``'s packages and top-level modules that import one another round in a circle
    (directly or through others of the group), found from the imports between their modules."""
    edges: dict[str, set[str]] = {}
    for module in graph.modules:
        for imported in graph.find_modules_directly_imported_by(module):
            if _unit(imported) != _unit(module):
                edges.setdefault(_unit(module), set()).add(_unit(imported))

    def reach(start: str) -> set[str]:
        seen, todo = set(), [start]
        while todo:
            for nxt in edges.get(todo.pop(), ()):
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return seen

    reachable = {unit: reach(unit) for unit in edges}
    groups = {
        frozenset(other for other in reachable[unit] if unit in reachable.get(other, ()))
        for unit in reachable
        if unit in reachable[unit]
    }
    return sorted(sorted(group) for group in groups)


def test_no_package_of_tui_imports_itself_back(graph: grimp.ImportGraph) -> None:
    """The layers of pyproject.toml's contract hold only if no package reaches back to one that imports
    it: safety importing config while config imported safety was such a circle."""
    assert unit_cycles(graph) == []


def test_the_cycle_check_sees_a_cycle_between_packages() -> None:
    graph = grimp.ImportGraph()
    for name in ("tui", "tui.a", "tui.a.x", "tui.b", "tui.b.y", "tui.c", "tui.d"):
        graph.add_module(name)
    graph.add_import(importer="tui.a.x", imported="tui.b.y")
    graph.add_import(importer="tui.b.y", imported="tui.c")
    graph.add_import(importer="tui.c", imported="tui.a")
    graph.add_import(importer="tui.d", imported="tui.a.x")
    assert unit_cycles(graph) == [["tui.a", "tui.b", "tui.c"]]


def test_every_module_lives_in_a_package() -> None:
    """Top-level modules sit outside every layer, where no contract sees them (startup.py once closed
    a cycle with config from there): only the package's own entry points stay at the top."""
    top = sorted(path.name for path in PACKAGE_ROOT.glob("*.py"))
    assert top == ["__init__.py", "__main__.py"]
