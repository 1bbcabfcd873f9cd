"""What the preferences sections share: the settings service they edit, and how they report.

Every change goes through ``tui.session.settings.SettingsService``, the only writer of config.toml and
the approvals file; a section shows the service's answer (where it was saved, or why it was not) and
never writes a file or changes a setting itself.
"""

from __future__ import annotations

import ast
import dataclasses
import inspect
import itertools
from functools import cache

from textual.containers import Vertical
from textual.message import Message

from tui.session.settings import Saved, SettingsService
from tui.session.settings_types import Preferences


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
    """A section of the screen; saves through the context and reports every outcome.

    Below ``NARROW_BELOW`` cells the section has the class ``-narrow``: a row of controls laid out as
    ``.prefs-row`` (a ``.prefs-lead`` part, then a ``.prefs-controls`` part) puts its controls on a
    second line instead of cutting them off."""

    DEFAULT_CSS = """
    PrefsSection { height: auto; margin-bottom: 1; padding: 0 1; border-top: solid $primary-muted; }
    PrefsSection > .prefs-heading { text-style: bold; }
    PrefsSection .prefs-note { color: $text-muted; }
    /* A note on a line of its own wraps: a Label is as wide as its text, and a long one was cut at 80. */
    PrefsSection > .prefs-note { width: 100%; }
    PrefsSection Horizontal { height: auto; }
    PrefsSection .prefs-row > .prefs-lead { width: 1fr; }
    PrefsSection .prefs-row > .prefs-controls { width: auto; }
    PrefsSection.-narrow .prefs-row { layout: vertical; }
    PrefsSection.-narrow .prefs-row > .prefs-lead { width: 100%; }
    """

    NARROW_BELOW = 112
    """Cells this section needs to keep a row of controls on one line; narrower, it uses two."""

    def on_resize(self) -> None:
        self.set_class(self.size.width < self.NARROW_BELOW, "-narrow")

    def __init__(self, settings: SettingsService, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.settings = settings

    def say(self, text: str, *, error: bool = False) -> None:
        self.post_message(SectionStatus(text, error))

    def report(self, saved: Saved) -> bool:
        """Show what the service said; True when the change holds (the service tells the session, and
        the session its front ends, through ``SettingsChanged``)."""
        if saved.message:
            self.say(saved.message, error=not saved.ok)
        if saved.ok and saved.note:
            self.say(saved.note, error=True)
        return saved.ok


__all__ = ["PrefsSection", "SectionStatus"]
