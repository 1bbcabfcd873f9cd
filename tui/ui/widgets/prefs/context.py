"""What the preferences screen edits, and how its sections save and report.

Every change is written at once: config.toml through ``tui.config.edit`` (comments kept, atomic, refused on
a broken or JSON file) and approvals/overrides through ``ApprovalsStore`` (refused over an unreadable file).
The context's objects are updated in place only after a save succeeded, so a refused save loses nothing
and changes nothing the app is running with.
"""

from __future__ import annotations

import ast
import dataclasses
import inspect
import itertools
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

from textual.containers import Vertical
from textual.message import Message

from tui.config.approvals_store import ApprovalsStore
from tui.config.edit import ConfigWriteError
from tui.config.model import AppConfig, Preferences, ServerConfig
from tui.safety.approvals import ApprovalBook
from tui.safety.overrides import Overrides

ChangeKind = Literal["preference", "trust", "rule", "override", "approval"]


@dataclass
class PreferencesContext:
    """The live state the screen shows and edits (the app's own objects, changed in place)."""

    config_path: Path | None
    """The config.toml to write; None when the settings came from another client's JSON (read-only)."""
    config: AppConfig
    servers: list[ServerConfig]
    book: ApprovalBook
    overrides: Overrides
    store: ApprovalsStore | None
    on_change: Callable[[ChangeKind], None] | None = None
    """Called after each saved change, as well as the ``PreferencesChanged`` message."""
    tool_names: Callable[[str], list[str]] | None = None
    """The tools a server offers right now (to catch a mistyped name in a rule or override)."""

    def unknown_tool_note(self, server: str, tool: str) -> str | None:
        """A warning when ``server`` is connected and offers no tool named ``tool``."""
        offered = self.tool_names(server) if self.tool_names is not None else []
        if not offered or tool in offered:
            return None
        return f"Saved, but {server} offers no tool named {tool!r} now: the rule matches nothing yet."

    @property
    def read_only_reason(self) -> str | None:
        if self.config_path is None:
            source = self.config.source or "another MCP client's JSON file"
            return (
                f"Settings were read from {source}; mcp-tui only reads that file, "
                "so changes here cannot be saved."
            )
        if self.config_path.suffix.lower() in (".json", ".jsonc"):
            return f"{self.config_path} is another MCP client's JSON file; mcp-tui only reads it."
        return None

    def server_names(self) -> list[str]:
        return [server.name for server in self.servers]


class PreferencesChanged(Message):
    """A change was saved; ``context`` holds the new state (preferences, servers, rules, approvals)."""

    def __init__(self, kind: ChangeKind, context: PreferencesContext) -> None:
        super().__init__()
        self.kind = kind
        self.context = context


class SectionStatus(Message):
    """A line for the screen's status bar: what was saved, or why it was not."""

    def __init__(self, text: str, error: bool) -> None:
        super().__init__()
        self.text = text
        self.error = error


@cache
def field_docs(cls: type) -> dict[str, str]:
    """The docstring under each dataclass field (Python keeps none at runtime, so read the source)."""
    try:
        tree = ast.parse(inspect.getsource(cls))
    except (OSError, TypeError):
        return {}
    docs: dict[str, str] = {}
    body = tree.body[0].body if tree.body and isinstance(tree.body[0], ast.ClassDef) else []
    for node, after in itertools.pairwise(body):
        if not (isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)):
            continue
        if isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant):
            docs[node.target.id] = " ".join(str(after.value.value).split())
    return docs


def bool_preferences() -> list[tuple[str, str]]:
    """(field name, its documentation) for every on/off preference, in the model's order."""
    docs = field_docs(Preferences)
    return [
        (f.name, docs.get(f.name, f.name.replace("_", " ")))
        for f in dataclasses.fields(Preferences)
        if f.type in ("bool", bool)
    ]


class PrefsSection(Vertical):
    """A section of the screen; saves through the context and reports every outcome."""

    DEFAULT_CSS = """
    PrefsSection { height: auto; margin-bottom: 1; padding: 0 1; border-top: solid $primary-muted; }
    PrefsSection > .prefs-heading { text-style: bold; }
    PrefsSection .prefs-note { color: $text-muted; }
    PrefsSection Horizontal { height: auto; }
    """

    def __init__(self, context: PreferencesContext, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.context = context

    def say(self, text: str, *, error: bool = False) -> None:
        self.post_message(SectionStatus(text, error))

    def write_config(self, change: Callable[[Path], bool], what: str) -> bool:
        """Run one ``tui.config.edit`` call; False (with the reason shown) when nothing was saved."""
        reason = self.context.read_only_reason
        if reason is not None or self.context.config_path is None:
            self.say(f"Not saved: {reason}", error=True)
            return False
        try:
            change(self.context.config_path)
        except (ConfigWriteError, ValueError) as error:
            self.say(f"Not saved: {error}", error=True)
            return False
        self.say(f"Saved {what} to {self.context.config_path}")
        return True

    def write_store(self, what: str) -> bool:
        """Save the persistent approvals and overrides; False (with the reason) when the store refused."""
        store = self.context.store
        if store is None:
            self.say("Not saved: there is no approvals file to write to.", error=True)
            return False
        try:
            result = store.save(self.context.book.persistent(), self.context.overrides)
        except OSError as error:
            self.say(f"Not saved: {store.path} could not be written ({error}).", error=True)
            return False
        if result == "refused":
            problem = store.problem.with_path() if store.problem else f"{store.path} cannot be read"
            self.say(f"Not saved: {problem}", error=True)
            return False
        self.say(f"Saved {what} to {store.path}")
        return True

    def announce(self, kind: ChangeKind) -> None:
        self.post_message(PreferencesChanged(kind, self.context))
        if self.context.on_change is not None:
            self.context.on_change(kind)


__all__ = ["ConfigWriteError", "PreferencesChanged", "PreferencesContext", "PrefsSection"]
