"""The core (config, client, safety) never imports Textual; the UI never talks to the mcp SDK."""

from __future__ import annotations

import ast
import pkgutil
import subprocess
import sys
from pathlib import Path

import tui

PACKAGE_ROOT = Path(tui.__file__).parent
CORE_PACKAGES = ("tui.config", "tui.client", "tui.safety")


def _modules_of(package: str) -> list[str]:
    path = PACKAGE_ROOT / package.split(".", 1)[1]
    return [package] + [f"{package}.{info.name}" for info in pkgutil.walk_packages([str(path)])]


def test_core_imports_without_textual() -> None:
    modules = [m for p in CORE_PACKAGES for m in _modules_of(p)]
    assert len(modules) > 5
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}: importlib.import_module(name)\n"
        "bad = sorted(m for m in sys.modules if m == 'textual' or m.startswith('textual.'))\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "", f"core pulled in Textual: {result.stdout}"


def _imported_names(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_ui_never_imports_the_mcp_sdk() -> None:
    ui_files = list((PACKAGE_ROOT / "ui").rglob("*.py"))
    assert ui_files
    offenders = {
        str(path.relative_to(PACKAGE_ROOT)): sorted(
            n for n in _imported_names(path) if n.split(".")[0] in ("mcp", "mcp_types")
        )
        for path in ui_files
    }
    assert {k: v for k, v in offenders.items() if v} == {}


def test_import_cheap_modules_do_not_load_the_sdk() -> None:
    """The UI paints before the SDK loads, so these must not import mcp."""
    code = (
        "import sys, tui.client.models, tui.client.events, tui.safety.grade, tui.config.model\n"
        "print(','.join(sorted(m for m in sys.modules if m == 'mcp' or m.startswith('mcp.'))))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == ""
