"""The box JSON is typed into (the raw JSON mode, and any field with no widget of its own).

Textual's TextArea selects all with F7 and a line with F6, but the main screen takes both for its tabs
(priority keys, so they work from any box). ctrl+a selects all here instead: TextArea binds it only as a
second key for the line's start, which Home still does.
"""

from __future__ import annotations

from textual.binding import Binding
from textual.widgets import TextArea

SELECT_ALL_KEY = "ctrl+a"


class JsonEditor(TextArea):
    BINDINGS = [Binding(SELECT_ALL_KEY, "select_all", "Select all", id="json-editor.select-all")]
