"""Every connected server's tools in one filterable list, with badges and the risk grade per row.

The rows are drawn by a virtual list (``ToolRowsView``: only the rows in view are drawn, and only they
get their Content, made once per layout and reused across filters). A keystroke costs the filter
(``NarrowingFilter``: a query that narrows the last one looks only at the last matches) and handing
the list its new rows, which at 10,000 tools repaints well within 50 ms.

The list is on the first frame, before any tool is there to grade: the grading, badges and filter
language (``tool_rows``, ``tool_filter``) load with the first rows, not with the widget.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, cast

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.reactive import reactive
from textual.widgets import Input

from tui.model.servers import ToolInfo
from tui.ui.widgets.tool_list_lines import cached_rows, count_text, grouped_rows
from tui.ui.widgets.tool_list_status import CountLine, FilterHelp
from tui.ui.widgets.tool_row_contents import RowContents
from tui.ui.widgets.tool_rows_view import ToolRowsView

if TYPE_CHECKING:
    from tui.model.hints import Hints
    from tui.session.tool_narrowing import NarrowingFilter
    from tui.ui.widgets.tool_filter import ToolEntry
    from tui.ui.widgets.tool_list_lines import Row

LIST_CHROME = 5
"""Cells of the list's width that rows cannot use: its border and padding, and the scrollbar."""
FILTER_PLACEHOLDER = "Filter: name, badge, grade"
"""Short enough for the filter box at 80 columns; the help line under it says the rest."""


def offers_sort(order: str, *, sorted_by_risk: bool) -> bool:
    """Whether ctrl+t offers ``order`` ("risk" or "server") now: the one the list is not sorted by."""
    return (order == "risk") != sorted_by_risk


class ToolList(Vertical):
    """All servers' tools; filter with the input on top, sort by risk with ctrl+t."""

    DEFAULT_CSS = """
    ToolList { height: 1fr; }
    ToolList > Input { margin: 0; }
    ToolList > .tool-list--status {
        height: 1; color: $text-muted; padding: 0 1; text-wrap: nowrap; text-overflow: ellipsis;
    }
    /* The whole filter help while the person writes a filter; one line while they browse the list. */
    ToolList.-filtering > #tool-filter-help { height: auto; text-wrap: wrap; }
    /* A filter that can match nothing says why, in full. */
    ToolList > #tool-list-status.-problem { height: auto; text-wrap: wrap; color: $text-warning; }
    /* A count too long for one line even in its shortest wording (see tool_list_lines). */
    ToolList > #tool-list-status.-wrap { height: auto; text-wrap: wrap; }
    """

    BINDINGS = [
        # One key, two bindings: check_action keeps the one for the order not shown, so the footer says
        # what pressing it does next.
        Binding("ctrl+t", "sort('risk')", "Sort by risk", id="tool-list.toggle-sort", show=False),
        Binding("ctrl+t", "sort('server')", "Sort by server", id="tool-list.toggle-sort", show=False),
        Binding("down", "focus_list", "Tools", show=False, id="tool-list.focus-list"),
    ]

    sort_by_risk: reactive[bool] = reactive(False, init=False)
    """True: riskiest grade first; False: by server, then title."""

    class Selected(Message):
        """The person chose a tool (Enter or click)."""

        def __init__(self, tool: ToolInfo) -> None:
            super().__init__()
            self.tool = tool

    class Highlighted(Message):
        """The cursor moved to a tool (or off every tool, when the filter hides them all)."""

        def __init__(self, tool: ToolInfo | None) -> None:
            super().__init__()
            self.tool = tool

    wanted_width: reactive[int] = reactive(0, layout=False, repaint=False)
    """Cells for every row's grade, whole name and server (a narrow sidebar is sized to it)."""

    def __init__(
        self,
        hints_for: Callable[[ToolInfo], Hints] | None = None,
        *,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(id=id, classes=classes)
        self._hints_for = hints_for  # None: each tool's own annotations (``static_hints``)
        self._by_server: dict[str, list[ToolEntry]] = {}
        self._contents = RowContents()  # what each row says, in the current layout
        self._sorted: list[ToolEntry] = []
        self._filter: NarrowingFilter | None = None  # over _sorted
        self._visible: list[ToolEntry] = []
        self._query = ""
        self._keep: tuple[str, str] | None = None  # the tool the cursor returns to after a filter
        self._posted: ToolInfo | None = None  # the last tool announced as Highlighted
        self._names_only: dict[str, list[str]] = {}  # server -> cached names shown before their badges
        self._expected: set[str] = set()  # configured servers: a server: term may name one with no tools

    def compose(self) -> ComposeResult:
        yield Input(placeholder=FILTER_PLACEHOLDER, id="tool-filter")
        yield ToolRowsView(self._contents.content_of, id="tool-options")
        # Under the list, not over it: the help grows and shrinks with the filter box's focus, and the
        # rows must stay where they are (a click that moves focus into the list lands on the row it hit).
        yield FilterHelp(classes="tool-list--status", id="tool-filter-help")
        yield CountLine(classes="tool-list--status", id="tool-list-status")

    # ---- public API ---------------------------------------------------------------------------

    @property
    def tools(self) -> list[ToolInfo]:
        """Every tool of every server, in display order."""
        return [entry.tool for entry in self._sorted]

    @property
    def visible_tools(self) -> list[ToolInfo]:
        """The tools the current filter shows, in display order."""
        return [entry.tool for entry in self._visible]

    @property
    def visible_entries(self) -> list[ToolEntry]:
        return list(self._visible)

    @property
    def highlighted_tool(self) -> ToolInfo | None:
        view = self._rows_view
        return cast("ToolEntry", view.rows[view.highlighted]).tool if view.highlighted is not None else None

    def set_filter(self, query: str) -> None:
        """Put ``query`` in the filter box (and filter)."""
        self.query_one("#tool-filter", Input).value = query
        self._apply_filter(query)

    def expect_servers(self, names: list[str]) -> None:
        """The configured servers: ``server:NAME`` is a problem only when none of these names has NAME."""
        self._expected = set(names)
        if self.is_mounted:
            self._update_status()

    def show_names(self, server: str, names: list[str]) -> None:
        """The first frame of a warm start: the last run's tool names of ``server``, marked cached, before
        the session that grades them exists. They cannot be opened; ``set_tools`` replaces them."""
        self._names_only[server] = sorted(names, key=str.lower)
        self._relayout()
        self._apply_filter(self._query)

    def set_tools(
        self,
        server: str,
        tools: list[ToolInfo] | tuple[ToolInfo, ...],
        notes: Mapping[str, str] | None = None,
    ) -> None:
        """Replace every tool of ``server`` (call on ToolsChanged); ``notes`` marks rows by tool name."""
        self._names_only.pop(server, None)
        self._contents.forget(self._by_server.pop(server, ()))
        self._contents.notes[server] = dict(notes or {})
        from tui.ui.widgets.tool_filter import make_entry, static_hints

        self._by_server[server] = [make_entry(tool, self._hints_for or static_hints) for tool in tools]
        self._relayout()
        self._resort()

    def remove_server(self, server: str) -> None:
        self._names_only.pop(server, None)
        self._contents.forget(self._by_server.pop(server, ()))
        self._contents.notes.pop(server, None)
        self._relayout()
        self._resort()

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        self.set_class(event.widget.id == "tool-filter", "-filtering")

    def on_descendant_blur(self, event: events.DescendantBlur) -> None:
        if event.widget.id == "tool-filter":
            self.remove_class("-filtering")

    def on_resize(self) -> None:
        self.query_one("#tool-filter-help", FilterHelp).fit(self.size.width)
        if self._relayout():
            self._apply_filter(self._query)
        else:
            self._update_status()

    def refresh_hints(self) -> None:
        """Recompute every row's hints (after the user changed an override)."""
        for server, entries in list(self._by_server.items()):
            self.set_tools(server, [entry.tool for entry in entries], self._contents.notes.get(server))

    def action_toggle_sort(self) -> None:
        self.sort_by_risk = not self.sort_by_risk

    def action_sort(self, order: str) -> None:
        """``order``: "risk" (riskiest first) or "server" (by server, then title)."""
        self.sort_by_risk = order == "risk"

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "sort" and parameters:
            return offers_sort(str(parameters[0]), sorted_by_risk=self.sort_by_risk)
        return True

    def action_focus_list(self) -> None:
        self._rows_view.focus()

    # ---- internals ------------------------------------------------------------------------------

    @property
    def _rows_view(self) -> ToolRowsView:
        return self.query_one("#tool-options", ToolRowsView)

    def _relayout(self) -> bool:
        """Fit the rows to the list's width and longest name; True when the layout changed."""
        names = [entry.tool.name for entries in self._by_server.values() for entry in entries]
        names += [name for cached in self._names_only.values() for name in cached]
        if not names:
            return False  # no rows to fit: the layout waits for the first ones
        from tui.ui.widgets.tool_rows import server_label

        width = self.size.width - LIST_CHROME if self.size.width else 10_000
        # Sorted by server, each server's rows sit under a header with its full name (``ServerHeader``);
        # sorted by risk they mix, and each row names its server in a column of its own.
        servers = [] if not self.sort_by_risk else [*self._by_server, *self._names_only]
        changed, row = self._contents.fit(width, names, servers, names_only=bool(self._names_only))
        headers = max((len(server_label(server)) for server in self._by_server), default=0)
        self.wanted_width = max(row, headers) + LIST_CHROME
        if changed and self.is_mounted:
            self._rows_view.forget_rendered()
        return changed

    @property
    def _grouped(self) -> bool:
        """Rows sit under a header per server: sorted by server, with more than one server."""
        return not self.sort_by_risk and len(self._by_server) > 1

    def watch_sort_by_risk(self) -> None:
        self._relayout()
        self._resort()
        self.refresh_bindings()  # the footer's ctrl+t now offers the other order

    def _resort(self) -> None:
        everything = [entry for entries in self._by_server.values() for entry in entries]
        if everything:
            from tui.ui.widgets.tool_filter import sort_entries

            everything = sort_entries(everything, self.sort_by_risk)
        self._sorted = everything
        from tui.session.tool_narrowing import NarrowingFilter

        self._filter = NarrowingFilter(everything)
        self._apply_filter(self._query)

    def on_mount(self) -> None:
        self._apply_filter(self._query)

    def _apply_filter(self, query: str) -> None:
        self._query = query
        self._visible = self._filter.apply(query) if self._filter is not None else []
        if not self.is_mounted:
            return
        rows: list[Row] = grouped_rows(self._visible, grouped=self._grouped)
        if not query.strip() and self._names_only:
            rows += cached_rows(self._names_only)  # none while a filter is typed: it needs the badges
        self._rows_view.set_rows(rows, self._row_to_highlight(rows))
        if not self._visible:
            self._post_highlight(None)
        self._update_status()

    def _row_to_highlight(self, rows: list[Row]) -> int | None:
        """The kept tool's row if it is shown, else the first tool's (None when no tool is shown)."""
        if not self._visible:
            return None
        return _index_of(rows, self._kept_entry(self._visible) or self._visible[0])

    def _kept_entry(self, entries: list[ToolEntry]) -> ToolEntry | None:
        if self._keep is None:
            return None
        server, name = self._keep
        return next((e for e in entries if e.tool.name == name and e.tool.server == server), None)

    def highlight_tool(self, tool: ToolInfo) -> None:
        """Move the highlight to ``tool`` (opened elsewhere: the palette, History), and keep it there as
        the list re-sorts; a tool the filter hides is highlighted once the filter shows it again, and
        meanwhile no row is: the one highlighted before is not the open tool (and Enter would open it)."""
        self._keep = tool.key
        if not self.is_mounted:
            return
        entry = self._kept_entry(self._visible)
        index = _index_of(self._rows_view.rows, entry) if entry is not None else None
        self._rows_view.highlighted = index
        if index is None:
            self._post_highlight(None)

    def _update_status(self) -> None:
        names_only = sum(len(names) for names in self._names_only.values())
        shown_names = 0 if self._query.strip() else names_only  # as _apply_filter shows them
        notes = self._contents.notes.values()
        cached = names_only + sum(list(by_name.values()).count("cached") for by_name in notes)
        count = count_text(len(self._sorted) + names_only, len(self._visible) + shown_names, cached)
        servers = sorted(self._expected.union(self._by_server, self._names_only), key=str.lower)
        problem = None
        if self._query.strip():
            from tui.ui.widgets.tool_filter import query_problem

            problem = query_problem(self._query, servers)
        status = self.query_one("#tool-list-status", CountLine)
        status.show(count, problem, sorted_by_risk=self.sort_by_risk, list_width=self.size.width)

    def _post_highlight(self, entry: ToolEntry | None) -> None:
        tool = entry.tool if entry is not None else None
        # Remember only a tool the person moved to: the automatic highlight of the first row must not
        # pull the list down as other servers' tools arrive and sort in above it.
        if tool is not None and self._rows_view.has_focus:
            self._keep = tool.key
        # Compare whole tools: a changed definition under the same name is news for the detail view.
        if tool != self._posted:
            self._posted = tool
            self.post_message(self.Highlighted(tool))

    @on(Input.Changed, "#tool-filter")
    def _filter_changed(self, event: Input.Changed) -> None:
        event.stop()
        self._apply_filter(event.value)

    @on(Input.Submitted, "#tool-filter")
    def _filter_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if (tool := self.highlighted_tool) is not None:
            self.post_message(self.Selected(tool))

    @on(ToolRowsView.Highlighted)
    def _row_highlighted(self, event: ToolRowsView.Highlighted) -> None:
        event.stop()
        self._post_highlight(cast("ToolEntry | None", event.row))  # the list highlights only tools

    @on(ToolRowsView.Selected)
    def _row_selected(self, event: ToolRowsView.Selected) -> None:
        event.stop()
        self.post_message(self.Selected(cast("ToolEntry", event.row).tool))  # only tools can be chosen


def _index_of(rows: Sequence[Row], entry: ToolEntry) -> int | None:
    """Where ``entry`` is among ``rows``, by identity (comparing entries field by field is slow)."""
    return next((index for index, row in enumerate(rows) if row is entry), None)
