"""The call panel's preflight lines and the Server tab's roots label wrap: nothing is cut at 120x40 or 80x24.

Cut with an ellipsis, the preflight lines lost the dialect, most of a schema error and the note on what is
shown meanwhile; the roots label lost what an empty box means."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_harness import make_app, open_tool, panel, status_text, wait_for, wait_for_tools
from textual.geometry import Region
from textual.widget import Widget

from tui.session.preflight import PreflightStatus
from tui.ui.app import McpTuiApp

SIZES = [(80, 24), (120, 40)]
ROOTS_LABEL = "Roots offered to the server (one directory per line; none: no roots capability)"


def words_on_screen(widget: Widget) -> str:
    """The widget's text as drawn at its size, its lines joined by spaces."""
    lines = widget.render_lines(Region(0, 0, widget.size.width, widget.size.height))
    return " ".join(" ".join(strip.text.split()) for strip in lines if strip.text.strip())


def status_is(app: McpTuiApp, status: PreflightStatus) -> bool:
    result = panel(app).status_bar.result
    return result is not None and result.status is status


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
async def test_the_preflight_lines_wrap_whole(home: Path, size: tuple[int, int]) -> None:
    app = make_app(home)
    async with app.run_test(size=size) as pilot:
        tools = {t.name: t for t in await wait_for_tools(pilot, app)}
        await open_tool(pilot, app, tools["http_api"])
        await wait_for(pilot, lambda: panel(app).status_bar.result is not None)
        result = panel(app).status_bar.result
        assert result is not None
        assert result.status is PreflightStatus.INVALID
        await pilot.pause()
        shown = " ".join(status_text(app).split())
        assert "…" not in shown
        assert "Waiting for valid arguments tools/annotations (an older draft)" in shown
        assert "'method' is a required property (+1 more)" in shown
        assert "Showing the static (worst-case) hints meanwhile; nothing is sent." in shown


async def test_the_preflight_lines_do_not_shrink_while_the_tool_stays_open(home: Path) -> None:
    # So the form below does not jump as the message changes length with every keystroke.
    app = make_app(home)
    async with app.run_test(size=(80, 24)) as pilot:
        tools = {t.name: t for t in await wait_for_tools(pilot, app)}
        await open_tool(pilot, app, tools["http_api"])
        await wait_for(pilot, lambda: panel(app).status_bar.result is not None)
        await pilot.pause()
        lines = panel(app).status_bar.query_one("#preflight-lines")
        tall = lines.size.height
        assert tall > 3  # wrapped at 80 columns
        form = panel(app).form
        assert form is not None
        form.set_value({"method": "GET", "path": "/notes"})
        await wait_for(pilot, lambda: status_is(app, PreflightStatus.RESOLVED))
        await pilot.pause()
        tallest = lines.size.height
        assert tallest >= tall
        form.set_value({"method": "GET"})  # a shorter message: the rows stay
        await wait_for(pilot, lambda: status_is(app, PreflightStatus.INVALID))
        await pilot.pause()
        assert lines.size.height == tallest
        await open_tool(pilot, app, tools["add_note"])  # another tool starts again from three rows
        await pilot.pause()
        await pilot.pause()
        assert lines.size.height < tallest


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
async def test_the_roots_label_wraps_whole(home: Path, size: tuple[int, int]) -> None:
    app = make_app(home)
    async with app.run_test(size=size) as pilot:
        await wait_for_tools(pilot, app)
        await pilot.press("f10")
        label = app.main_screen.query_one("#info-roots-label")
        await wait_for(pilot, lambda: label.size.width > 0)
        await pilot.pause()
        assert label.size.width <= label.parent.size.width  # type: ignore[union-attr]
        assert words_on_screen(label) == ROOTS_LABEL


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
async def test_the_keys_beside_the_call_button_are_whole(home: Path, size: tuple[int, int]) -> None:
    app = make_app(home)
    async with app.run_test(size=size) as pilot:
        tools = {t.name: t for t in await wait_for_tools(pilot, app)}
        # A tool without a display template: with one, the server's wording takes the keys' place (the
        # footer names them too), and test_previews_ui checks that line.
        await open_tool(pilot, app, tools["roll_dice"])
        keys = panel(app).query_one("#call-keys")
        await wait_for(pilot, lambda: keys.size.width > 0)
        await pilot.pause()
        assert words_on_screen(keys) == "ctrl+r call · Esc cancel"
