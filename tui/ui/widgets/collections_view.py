"""The Collections tab: each collection in ``.mcp-tui/collections`` and its saved calls; Enter on a call
posts :class:`CollectionsView.OpenSaved`, which opens it in the Call tab (nothing is called from here).

The session reads the files; a file it cannot read shows its problems instead of its calls.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.message import Message
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tui.model.collections import SavedCall
from tui.ui.safe_text import literal, one_line

if TYPE_CHECKING:
    from tui.session.session import Session

EMPTY = (
    "No saved calls yet. Open a tool, call it, and press ctrl+s to save the call into a collection "
    "(or F12 to record every call)."
)


def call_row(call: SavedCall) -> Content:
    """``  name  server/tool  expects …``: the call's name first, whole where it fits."""
    expected = [key for key in ("is_error", "text_contains", "text_regex", "grade", "max_ms")
                if getattr(call.expect, key) is not None]  # fmt: skip
    parts = [
        Content("  "),
        literal(one_line(call.name, 60), "bold"),
        Content("  "),
        literal(f"{one_line(call.server, 30)}/{one_line(call.tool, 60)}", "dim italic"),
    ]
    if expected:
        parts.append(Content.styled("  expects " + ", ".join(expected), "$text-muted"))
    return Content.assemble(*parts)


class CollectionsView(Vertical):
    DEFAULT_CSS = """
    CollectionsView { height: 1fr; }
    CollectionsView #collections-where { height: auto; color: $text-muted; padding: 0 1; }
    CollectionsView #collection-list { height: 1fr; text-wrap: nowrap; text-overflow: ellipsis; }
    """

    class OpenSaved(Message):
        """Open this saved call in the Call tab, its arguments in the form, to be called the usual way."""

        def __init__(self, call: SavedCall) -> None:
            super().__init__()
            self.call = call

    def __init__(self, session: Session | Callable[[], Session], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._session = session
        self._calls: list[SavedCall | None] = []
        """One per row: the saved call, or None for a collection's heading or problem."""

    @property
    def session(self) -> Session:
        return self._session() if callable(self._session) else self._session

    def compose(self) -> ComposeResult:
        yield Static("", id="collections-where")
        yield OptionList(id="collection-list")

    def on_mount(self) -> None:
        self.reload()

    @property
    def calls(self) -> list[SavedCall]:
        """The saved calls shown, in order."""
        return [call for call in self._calls if call is not None]

    def reload(self) -> None:
        """Read the collections again (a call was saved or recorded, or the tab was opened)."""
        shelf = self.session.collections
        rows: list[Option] = []
        self._calls = []
        for entry in shelf.entries():
            count = len(entry.collection.calls) if entry.collection is not None else 0
            heading = literal(entry.name, "bold") + Content.styled(
                f"  {count} call{'' if count == 1 else 's'}", "$text-muted"
            )
            rows.append(Option(heading, disabled=True))
            self._calls.append(None)
            if entry.collection is None:
                rows.append(
                    Option(literal(f"  cannot be read: {entry.problem}", "$text-error"), disabled=True)
                )
                self._calls.append(None)
                continue
            for call in entry.collection.calls:
                rows.append(Option(call_row(call)))
                self._calls.append(call)
        where = f"Collections in {shelf.directory}"
        if shelf.recording_to is not None:
            where += f"; recording every call into {shelf.recording_to}"
        self.query_one("#collections-where", Static).update(literal(where if rows else f"{where}. {EMPTY}"))
        option_list = self.query_one(OptionList)
        highlighted = option_list.highlighted
        option_list.set_options(rows)
        first = next((index for index, call in enumerate(self._calls) if call is not None), None)
        option_list.highlighted = (
            highlighted if highlighted is not None and highlighted < len(rows) else first
        )

    @on(OptionList.OptionSelected, "#collection-list")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option_index < len(self._calls) and (call := self._calls[event.option_index]) is not None:
            self.post_message(self.OpenSaved(call))
