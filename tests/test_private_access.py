"""Only the adapters reach private names of the libraries, and their canaries exercise every one.

``tui.client.sdk_internals`` (the mcp SDK), ``tui.model.pydantic_internals`` (pydantic),
``tui.ui.textual_internals`` (Textual) and ``tui.telemetry.otel_internals`` (OpenTelemetry's logs SDK)
are the only modules of ``tui`` that may import a private module of a library, override one of its
private methods, or read one of its private names. Elsewhere, a name that starts with one underscore is
``tui``'s own: defined by ``tui`` (for ``self._x``: by the class or a ``tui`` class it extends). Each
adapter's public names are exercised by its canary test.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
from pathlib import Path

import pytest

import tui

PACKAGE_ROOT = Path(tui.__file__).parent
TESTS = Path(__file__).parent
LIBRARIES = ("mcp", "mcp_types", "textual", "pydantic", "pydantic_core", "opentelemetry")
ADAPTERS = {
    "tui.client.sdk_internals": TESTS / "client" / "test_sdk_canary.py",
    "tui.model.pydantic_internals": TESTS / "client" / "test_sdk_canary.py",
    "tui.ui.textual_internals": TESTS / "ui" / "test_textual_canary.py",
    "tui.telemetry.otel_internals": TESTS / "telemetry" / "test_otel_canary.py",
}
NOT_IMPORTED = ("tui.__main__", "tui.demo.__main__")
"""Modules that run the program when imported: their source is still checked."""


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _modules() -> list[str]:
    found = [info.name for info in pkgutil.walk_packages([str(PACKAGE_ROOT)], prefix="tui.")]
    return ["tui", *found]


def _path(module: str) -> Path:
    relative = Path(*module.split(".")[1:])
    package = PACKAGE_ROOT / relative / "__init__.py"
    return package if package.exists() else (PACKAGE_ROOT / relative).with_suffix(".py")


def _checked() -> list[str]:
    return [module for module in _modules() if module not in ADAPTERS]


def private_imports(source: str) -> list[str]:
    """Each private module or name of a library that ``source`` imports, anywhere in it."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            parts = node.module.split(".")
            if parts[0] in LIBRARIES:
                if any(_private(part) for part in parts):
                    found.append(node.module)
                found.extend(f"{node.module}.{alias.name}" for alias in node.names if _private(alias.name))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                if parts[0] in LIBRARIES and any(_private(part) for part in parts):
                    found.append(alias.name)
    return found


def _defined_by_tui() -> set[str]:
    """Every private name ``tui`` defines outside the adapters: functions, classes, assignments, attributes
    it sets, fields. (A name an adapter defines may be a library's it overrides.)"""
    names: set[str] = set()
    for module in _checked():
        for node in ast.walk(ast.parse(_path(module).read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                names.add(node.name)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                names.add(node.attr)
    return {name for name in names if _private(name)}


def private_reads(source: str, ours: set[str]) -> list[str]:
    """Each ``something._name`` in ``source`` whose name ``tui`` never defines: a library's private name."""
    return [
        ast.unparse(node)
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Attribute) and _private(node.attr) and node.attr not in ours
    ]


def _written_in(cls: type, value: object) -> bool:
    """Whether ``value`` (a class attribute) is a method or property written in ``cls``'s own body (not
    one a library's metaclass puts on every subclass)."""
    if isinstance(value, property):
        value = value.fget
    elif isinstance(value, staticmethod | classmethod):
        value = value.__func__
    return getattr(value, "__qualname__", "").startswith(f"{cls.__qualname__}.")


def private_overrides(cls: type) -> list[str]:
    """Each private method of a library class that ``cls`` (a ``tui`` class) defines again."""
    libraries = [base for base in cls.__mro__[1:] if base.__module__.split(".")[0] in LIBRARIES]
    return [
        f"{cls.__qualname__}.{name}"
        for name, value in vars(cls).items()
        if _private(name) and _written_in(cls, value) and any(name in vars(base) for base in libraries)
    ]


def test_no_module_but_the_adapters_imports_a_private_library_name() -> None:
    found = {}
    for module in _checked():
        if names := private_imports(_path(module).read_text(encoding="utf-8")):
            found[module] = names
    assert found == {}


def test_no_module_but_the_adapters_reads_a_private_library_name() -> None:
    ours = _defined_by_tui()
    found = {}
    for module in _checked():
        if reads := private_reads(_path(module).read_text(encoding="utf-8"), ours):
            found[module] = reads
    assert found == {}


def test_no_class_but_the_adapters_overrides_a_private_library_method() -> None:
    found = []
    for module in _checked():
        if module in NOT_IMPORTED:
            continue
        loaded = importlib.import_module(module)
        for _, cls in inspect.getmembers(loaded, inspect.isclass):
            if cls.__module__ == module:
                found.extend(private_overrides(cls))
    assert found == []


@pytest.mark.parametrize("adapter", list(ADAPTERS))
def test_every_name_of_an_adapter_is_exercised_by_its_canary(adapter: str) -> None:
    loaded = importlib.import_module(adapter)
    names = [
        name
        for name, value in vars(loaded).items()
        if not name.startswith("_") and getattr(value, "__module__", None) == adapter
    ]
    names.extend(getattr(loaded, "__all__", ()))
    assert names
    assert [
        name for name in names if name not in used_names(ADAPTERS[adapter].read_text(encoding="utf-8"))
    ] == []


def used_names(source: str) -> set[str]:
    """The names ``source`` uses (reads), its imports not counted."""
    return {node.id for node in ast.walk(ast.parse(source)) if isinstance(node, ast.Name)}


def test_the_checks_see_each_kind_of_private_access() -> None:
    """A module that does each thing once: every check names it."""
    source = (
        "from textual.widgets._footer import FooterKey\n"
        "from textual.widgets import Footer, _toast\n"
        "def send(session):\n"
        "    import mcp.client._memory\n"
        "    from mcp_types import _types\n"
        "    session._stamp({}, {})\n"
    )
    assert private_imports(source) == [
        "textual.widgets._footer",
        "textual.widgets._toast",
        "mcp.client._memory",
        "mcp_types._types",
    ]
    assert private_reads(source, ours=set()) == ["session._stamp"]
    assert private_reads(source, ours={"_stamp"}) == []

    from textual.widgets import OptionList

    class Tuned(OptionList):
        def _update_lines(self) -> None:
            pass

    assert private_overrides(Tuned) == [f"{Tuned.__qualname__}._update_lines"]
    assert used_names("from a import b, c\nc()\n") == {"c"}
