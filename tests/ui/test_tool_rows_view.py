"""The tool list's virtual list (ToolRowsView) at 80x24 and 120x40: the highlight moves over tools and
skips server headers, stays on a tool the filter still shows, and a click opens the row it lands on, also
after scrolling."""

from __future__ import annotations

import pytest
from app_harness import wait_for
from textual.app import App, ComposeResult
from textual.pilot import Pilot

from tui.model.servers import ToolInfo
from tui.ui.widgets.tool_list import ToolList
from tui.ui.widgets.tool_rows_view import ToolRowsView

SIZES = [(80, 24), (120, 40)]
SERVERS = ("alpha", "beta", "gamma")
PER_SERVER = 30


def tools_of(server: str) -> list[ToolInfo]:
    return [
        ToolInfo(
            server=server,
            name=f"{server}_tool_{i:02}",
            title=None,
            description=f"Tool {i} of {server}" + (" (even)" if i % 2 == 0 else ""),
            input_schema={"type": "object"},
            output_schema=None,
            annotations={"readOnlyHint": True},
        )
        for i in range(PER_SERVER)
    ]


class RowsApp(App[None]):
    def __init__(self) -> None:
        super().__init__()
        self.selected: list[ToolInfo] = []

    def compose(self) -> ComposeResult:
        yield ToolList()

    def on_mount(self) -> None:
        for server in SERVERS:
            self.query_one(ToolList).set_tools(server, tools_of(server))

    def on_tool_list_selected(self, event: ToolList.Selected) -> None:
        self.selected.append(event.tool)


def drawn(view: ToolRowsView) -> list[str]:
    """The text of every line the list draws now, top to bottom."""
    return [view.render_line(y).text for y in range(view.scrollable_content_region.height)]


def highlighted_name(app: RowsApp) -> str | None:
    tool = app.query_one(ToolList).highlighted_tool
    return tool.name if tool is not None else None


async def in_view(pilot: Pilot[None], view: ToolRowsView, name: str) -> None:
    await wait_for(pilot, lambda: any(f" {name} " in line for line in drawn(view)))


ids = [f"{w}x{h}" for w, h in SIZES]


@pytest.mark.parametrize("size", SIZES, ids=ids)
async def test_keys_move_the_highlight_over_tools_and_skip_server_headers(size: tuple[int, int]) -> None:
    app = RowsApp()
    async with app.run_test(size=size) as pilot:
        view = app.query_one(ToolRowsView)
        await wait_for(pilot, lambda: view.row_count == len(SERVERS) * (PER_SERVER + 1))
        view.focus()
        await wait_for(pilot, lambda: highlighted_name(app) == "alpha_tool_00")
        await pilot.press("down")
        assert highlighted_name(app) == "alpha_tool_01"
        await pilot.press("end")  # the last tool, scrolled into view
        assert highlighted_name(app) == "gamma_tool_29"
        await in_view(pilot, view, "gamma_tool_29")
        await pilot.press("up")
        assert highlighted_name(app) == "gamma_tool_28"
        await pilot.press("home")
        assert highlighted_name(app) == "alpha_tool_00"
        await in_view(pilot, view, "alpha_tool_00")
        await pilot.press("up")  # wraps round to the last tool, as an OptionList does
        assert highlighted_name(app) == "gamma_tool_29"
        await pilot.press("home", *["down"] * (PER_SERVER - 1))
        assert highlighted_name(app) == "alpha_tool_29"
        await pilot.press("down")  # over beta's header to its first tool
        assert highlighted_name(app) == "beta_tool_00"
        await in_view(pilot, view, "beta_tool_00")
        await pilot.press("up")  # and back over it
        assert highlighted_name(app) == "alpha_tool_29"
        await pilot.press("pagedown")  # a screen's height further, still a tool and in view
        name = highlighted_name(app)
        assert name is not None
        assert name.startswith(("beta", "gamma")), name
        await in_view(pilot, view, name)
        await pilot.press("pageup")
        assert highlighted_name(app) == "alpha_tool_29"


@pytest.mark.parametrize("size", SIZES, ids=ids)
async def test_a_filter_keeps_the_highlighted_tool_while_it_still_shows(size: tuple[int, int]) -> None:
    app = RowsApp()
    async with app.run_test(size=size) as pilot:
        tools = app.query_one(ToolList)
        view = app.query_one(ToolRowsView)
        await wait_for(pilot, lambda: view.row_count == len(SERVERS) * (PER_SERVER + 1))
        view.focus()
        await pilot.press("home", *["down"] * 36)  # beta_tool_06, below the first screen at 80x24
        assert highlighted_name(app) == "beta_tool_06"
        await pilot.click("#tool-filter")  # then types, as a person does
        await pilot.press(*"even")  # still shown, with other tools above it
        assert tools.visible_tools[0].name == "alpha_tool_00"
        assert highlighted_name(app) == "beta_tool_06"
        await in_view(pilot, view, "beta_tool_06")
        await pilot.press(*" tool_0")
        assert highlighted_name(app) == "beta_tool_06"
        await pilot.press("ctrl+u", *"gamma")  # hidden: the first tool shown is highlighted meanwhile
        assert highlighted_name(app) == "gamma_tool_00"
        await pilot.press("ctrl+u")  # shown again: the highlight goes back to it
        assert highlighted_name(app) == "beta_tool_06"
        await in_view(pilot, view, "beta_tool_06")


@pytest.mark.parametrize("size", SIZES, ids=ids)
async def test_a_click_opens_the_row_it_lands_on_also_after_scrolling(size: tuple[int, int]) -> None:
    app = RowsApp()
    async with app.run_test(size=size) as pilot:
        view = app.query_one(ToolRowsView)
        await wait_for(pilot, lambda: view.row_count == len(SERVERS) * (PER_SERVER + 1))
        view.focus()
        await pilot.press("end")
        await in_view(pilot, view, "gamma_tool_29")
        assert view.scroll_offset.y > 0
        lines = drawn(view)
        line = next(y for y, text in enumerate(lines) if "beta_tool" in text or "gamma_tool_1" in text)
        name = lines[line].split()[1]
        await pilot.click(ToolRowsView, offset=(6, line + 1))  # +1: the list's top border
        await wait_for(pilot, lambda: len(app.selected) == 1)
        assert app.selected[0].name == name
        assert highlighted_name(app) == name
        await pilot.press("home")
        await in_view(pilot, view, "alpha_tool_00")
        assert drawn(view)[0].strip() == "@alpha"
        await pilot.click(ToolRowsView, offset=(6, 1))  # a server's header opens nothing
        await pilot.pause()
        assert [tool.name for tool in app.selected] == [name]
