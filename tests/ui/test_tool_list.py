"""ToolList: rows, filtering by text/badge/grade, risk sort, large sets, literal server text."""

from __future__ import annotations

from textual.app import App, ComposeResult

from tui.model.servers import ToolInfo
from tui.safety.grade import Grade
from tui.ui.widgets.tool_filter import filter_tools, make_entry, sort_entries
from tui.ui.widgets.tool_list import ToolList
from tui.ui.widgets.tool_rows import tool_row
from tui.ui.widgets.tool_rows_view import ToolRowsView

SCHEMA = {"type": "object", "properties": {}}


def tool(
    name: str,
    annotations: dict[str, object] | None,
    *,
    server: str = "alpha",
    title: str | None = None,
    description: str = "",
    resolvable: bool = False,
) -> ToolInfo:
    return ToolInfo(
        server=server,
        name=name,
        title=title,
        description=description,
        input_schema=SCHEMA,
        output_schema=None,
        annotations=annotations,
        resolve_method="tools/resolve" if resolvable else None,
    )


READ = tool("read_file", {"readOnlyHint": True, "openWorldHint": False}, description="Read a file")
FETCH = tool("fetch", {"readOnlyHint": True}, server="web", title="Fetch URL", description="GET a page")
APPEND = tool("append", {"readOnlyHint": False, "destructiveHint": False, "openWorldHint": False})
DELETE = tool(
    "delete_file",
    {"destructiveHint": True, "idempotentHint": True, "openWorldHint": False},
    description="Remove a file for good",
    resolvable=True,
)
MYSTERY = tool("mystery", None, server="web", description="Does something")
ALL = [READ, FETCH, APPEND, DELETE, MYSTERY]


def names(tools: list[ToolInfo]) -> list[str]:
    return [t.name for t in tools]


def run_filter(query: str) -> list[str]:
    entries = sort_entries([make_entry(t) for t in ALL], by_risk=False)
    return sorted(e.tool.name for e in filter_tools(entries, query))


def test_filter_by_name_title_description_and_server() -> None:
    assert run_filter("file") == ["delete_file", "read_file"]
    assert run_filter("FETCH url") == ["fetch"]  # title, case-insensitive, all words must match
    assert run_filter("for good") == ["delete_file"]  # description
    assert run_filter("server:web") == ["fetch", "mystery"]
    assert run_filter("") == sorted(names(ALL))
    assert run_filter("nothing-like-this") == []


def test_filter_by_badge_tokens() -> None:
    assert run_filter("ro") == ["fetch", "read_file"]
    assert run_filter("read-only") == ["fetch", "read_file"]
    assert run_filter("rw") == ["append", "delete_file", "mystery"]
    # destructive counts the effective value: the unannotated tool is assumed destructive.
    assert run_filter("destructive") == ["delete_file", "mystery"]
    assert run_filter("idempotent") == ["delete_file"]
    assert run_filter("open-world") == ["fetch", "mystery"]
    assert run_filter("closed") == ["append", "delete_file", "read_file"]
    assert run_filter("unannotated") == ["mystery"]
    assert run_filter("resolvable") == ["delete_file"]
    assert run_filter("-destructive -ro") == ["append"]


def test_filter_by_grade() -> None:
    assert run_filter("safe") == ["read_file"]
    assert run_filter("low") == ["fetch"]
    assert run_filter("grade:medium") == ["append"]
    assert run_filter("high") == ["delete_file"]
    assert run_filter("critical") == ["mystery"]
    assert run_filter("grade:high+") == ["delete_file", "mystery"]
    assert run_filter("grade:medium+ server:alpha") == ["append", "delete_file"]


def test_quoted_badge_word_searches_text() -> None:
    extra = tool("hi", {"readOnlyHint": True}, description="high throughput")
    entries = [make_entry(t) for t in [*ALL, extra]]
    assert [e.tool.name for e in filter_tools(entries, '"high"')] == ["hi"]
    assert [e.tool.name for e in filter_tools(entries, "high")] == ["delete_file"]


def test_sort_by_risk_puts_highest_grade_first() -> None:
    entries = [make_entry(t) for t in ALL]
    by_risk = sort_entries(entries, by_risk=True)
    assert [e.grade for e in by_risk] == sorted((e.grade for e in entries), reverse=True)
    assert by_risk[0].tool is MYSTERY
    assert by_risk[-1].tool is READ
    by_name = sort_entries(entries, by_risk=False)
    assert [e.tool.server for e in by_name] == ["alpha"] * 3 + ["web"] * 2


def test_row_shows_title_name_server_and_badges() -> None:
    row = tool_row(make_entry(FETCH)).plain
    assert "low" in row
    assert "RO" in row
    assert "Fetch URL" in row
    assert "fetch" in row
    assert "@web" in row
    assert "⟳" in tool_row(make_entry(DELETE)).plain
    assert "unannotated" in tool_row(make_entry(MYSTERY)).plain


class ToolListApp(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.selected: list[ToolInfo] = []
        self.highlighted: list[ToolInfo | None] = []

    def compose(self) -> ComposeResult:
        yield ToolList()

    def on_tool_list_selected(self, event: ToolList.Selected) -> None:
        self.selected.append(event.tool)

    def on_tool_list_highlighted(self, event: ToolList.Highlighted) -> None:
        self.highlighted.append(event.tool)


async def test_typing_filters_and_enter_selects() -> None:
    app = ToolListApp()
    async with app.run_test(size=(120, 30)) as pilot:
        tools = app.query_one(ToolList)
        tools.set_tools("alpha", [READ, APPEND, DELETE])
        tools.set_tools("web", [FETCH, MYSTERY])
        await pilot.pause()
        assert names(tools.visible_tools) == ["append", "delete_file", "read_file", "fetch", "mystery"]
        await pilot.click("#tool-filter")
        await pilot.press(*"high")
        await pilot.pause()
        assert names(tools.visible_tools) == ["delete_file"]
        assert app.highlighted[-1] is DELETE
        await pilot.press("enter")
        await pilot.pause()
        assert app.selected == [DELETE]
        status = str(app.query_one("#tool-list-status").render())
        assert "1 of 5 tools" in status


async def test_risk_sort_toggle_and_server_replacement() -> None:
    app = ToolListApp()
    async with app.run_test(size=(120, 30)) as pilot:
        tools = app.query_one(ToolList)
        tools.set_tools("alpha", [READ, APPEND, DELETE])
        tools.set_tools("web", [FETCH, MYSTERY])
        await pilot.click("#tool-filter")
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert tools.sort_by_risk
        assert [make_entry(t).grade for t in tools.visible_tools] == [
            Grade.CRITICAL,
            Grade.HIGH,
            Grade.MEDIUM,
            Grade.LOW,
            Grade.SAFE,
        ]
        tools.set_tools("alpha", [READ])  # ToolsChanged: alpha lost two tools
        assert names(tools.visible_tools) == ["mystery", "fetch", "read_file"]
        tools.remove_server("web")
        assert names(tools.visible_tools) == ["read_file"]
        await pilot.press("ctrl+t")
        assert not tools.sort_by_risk


async def test_cursor_stays_on_the_same_tool_across_filters() -> None:
    app = ToolListApp()
    async with app.run_test(size=(120, 30)) as pilot:
        tools = app.query_one(ToolList)
        tools.set_tools("alpha", [READ, APPEND, DELETE])
        await pilot.click("#tool-filter")
        await pilot.press("down", "down")  # focus the list, then move to the second row
        await pilot.pause()
        assert tools.highlighted_tool is DELETE
        tools.set_filter("file")
        await pilot.pause()
        assert tools.highlighted_tool is DELETE
        tools.set_filter("zzz")
        await pilot.pause()
        assert tools.highlighted_tool is None
        assert app.highlighted[-1] is None


def many_tools(servers: int = 10, per_server: int = 100) -> dict[str, list[ToolInfo]]:
    variants: list[dict[str, object] | None] = [
        {"readOnlyHint": True, "openWorldHint": False},
        {"readOnlyHint": True},
        {"readOnlyHint": False, "destructiveHint": False},
        {"destructiveHint": True, "openWorldHint": False},
        None,
    ]
    return {
        f"server{s}": [
            tool(
                f"tool_{s}_{i}",
                variants[i % len(variants)],
                server=f"server{s}",
                title=f"Tool number {i}",
                description=f"Operates on widget {i * 7}",
                resolvable=i % 10 == 0,
            )
            for i in range(per_server)
        ]
        for s in range(servers)
    }


async def test_a_thousand_tools_filter_correctly() -> None:
    app = ToolListApp()
    data = many_tools()
    async with app.run_test(size=(120, 30)) as pilot:
        tools = app.query_one(ToolList)
        for server, server_tools in data.items():
            tools.set_tools(server, server_tools)
        await pilot.pause()
        assert len(tools.tools) == 1000
        # A header row over each of the ten servers' tools, sorted by server.
        assert app.query_one("#tool-options", ToolRowsView).row_count == 1010
        tools.set_filter("critical")
        assert len(tools.visible_tools) == 200
        assert all(t.annotations is None for t in tools.visible_tools)
        tools.set_filter("server:server3 resolvable")
        assert sorted(names(tools.visible_tools)) == sorted(f"tool_3_{i}" for i in range(0, 100, 10))
        tools.set_filter("widget 693")  # 99 * 7
        assert {t.name for t in tools.visible_tools} == {f"tool_{s}_99" for s in range(10)}
        tools.set_tools("server3", data["server3"][:5])
        tools.set_filter("")
        assert len(tools.visible_tools) == 905


async def test_markup_in_tool_text_stays_literal_and_clicking_it_does_not_quit() -> None:
    hostile = tool(
        "[@click=app.quit]q[/]",
        {"readOnlyHint": True},
        title="[@click=app.quit]Quit[/]\x1b[2J",
        description="[bold]x",
        server="[red]srv",
    )
    app = ToolListApp()
    async with app.run_test(size=(120, 30)) as pilot:
        tools = app.query_one(ToolList)
        tools.set_tools("[red]srv", [hostile])
        await pilot.pause()
        rows = app.query_one("#tool-options", ToolRowsView)
        rendered = "".join(seg.text for seg in rows.render_line(0))
        assert "[@click=app.quit]Quit[/]\\x1b[2J" in rendered
        assert "@[red]srv" in rendered
        assert "\x1b" not in rendered
        # Click where the link text would be if the title were parsed as markup (+1 for the border).
        column = rendered.index("[@click") + 2 + 1
        await pilot.click("#tool-options", offset=(column, 1))
        await pilot.pause()
        assert app.is_running
        assert app.selected == [hostile]
        tools.set_filter("bold")
        assert tools.visible_tools == [hostile]  # the description is searched as typed text


async def test_clicks_hit_the_right_row_after_filters_reuse_rendered_rows() -> None:
    app = ToolListApp()
    async with app.run_test(size=(120, 30)) as pilot:
        tools = app.query_one(ToolList)
        tools.set_tools("alpha", [READ, APPEND, DELETE])
        tools.set_tools("web", [FETCH, MYSTERY])
        options = app.query_one("#tool-options", ToolRowsView)
        assert options.virtual_size.height == 7  # one line per row, and per server a header
        await pilot.pause()
        tools.set_filter("web")  # the header @web, then fetch and mystery on rows 1 and 2
        await pilot.pause()
        await pilot.click("#tool-options", offset=(5, 3))
        await pilot.pause()
        assert app.selected == [MYSTERY]
        tools.set_filter("")  # the same rendered rows come back at other positions
        await pilot.pause()
        await pilot.click("#tool-options", offset=(5, 6))
        await pilot.pause()
        assert app.selected == [MYSTERY, FETCH]


def test_layout_keeps_names_whole_and_gives_up_badges_first() -> None:
    from tui.ui.widgets.tool_rows import BadgeForm, choose_layout, needed_cells

    names = ["read_file", "list_directory_with_sizes"]
    wide, middle, narrow = choose_layout(80, names), choose_layout(50, names), choose_layout(34, names)
    assert (wide.form, middle.form, narrow.form) == (BadgeForm.FULL, BadgeForm.COMPACT, BadgeForm.CHIP_ONLY)
    assert wide.name_width == len("list_directory_with_sizes")
    for layout, width in ((wide, 80), (middle, 50), (narrow, 34)):
        row = tool_row(make_entry(READ), layout).plain
        assert row.index("read_file") + layout.name_width < needed_cells(layout.form, layout.name_width)
        assert needed_cells(layout.form, layout.name_width) <= width
    assert "RO" in tool_row(make_entry(READ), wide).plain
    assert "R " in tool_row(make_entry(READ), middle).plain
    assert "@alpha" not in tool_row(make_entry(READ), narrow).plain


def test_a_cached_or_changed_mark_is_never_cut_off_for_badges() -> None:
    from tui.ui.widgets.tool_rows import BadgeForm, choose_layout

    names = ["read_file", "list_directory_with_sizes"]
    for width in range(34, 90):
        for note in ("cached", "changed"):
            layout = choose_layout(width, names, {note})
            row = tool_row(make_entry(READ), layout, note).plain
            if layout.form is not BadgeForm.CHIP_ONLY:  # else there is no room for anything after names
                assert row.index(note) + len(note) <= width, (width, layout)
    # Without a mark the badges get that room back.
    assert choose_layout(62, names).form is BadgeForm.FULL
    assert choose_layout(62, names, {"cached"}).form is BadgeForm.COMPACT


def test_filter_ranks_exact_name_then_prefix_then_substring() -> None:
    from snapshot_app import filesystem_tools

    entries = sort_entries([make_entry(t) for t in filesystem_tools()], by_risk=False)
    ranked = [e.tool.name for e in filter_tools(entries, "read_text_file")]
    # read_file's description says "use read_text_file instead": it matches, but after the exact name.
    assert ranked == ["read_text_file", "read_file"]
    prefix_first = [e.tool.name for e in filter_tools(entries, "list")]
    assert prefix_first[:3] == ["list_allowed_directories", "list_directory", "list_directory_with_sizes"]
    assert [e.tool.name for e in filter_tools(entries, "directory")][:3] == [
        "directory_tree",
        "create_directory",
        "list_directory",
    ]


async def test_typing_a_whole_name_then_down_and_enter_opens_that_tool() -> None:
    from snapshot_app import filesystem_tools

    app = ToolListApp()
    async with app.run_test(size=(120, 30)) as pilot:
        app.query_one(ToolList).set_tools("server-filesystem", filesystem_tools())
        await pilot.pause()
        await pilot.click("#tool-filter")
        await pilot.press(*"read_text_file", "down", "enter")
        await pilot.pause()
        assert [t.name for t in app.selected] == ["read_text_file"]
