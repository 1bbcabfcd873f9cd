"""An image result's "Save to file… (s)": s works as soon as the result is shown, and text boxes keep s."""

from __future__ import annotations

from pathlib import Path

from app_harness import panel, wait_for, wait_for_tools
from servers.inproc import build
from textual.pilot import Pilot
from textual.widgets import Input

from tui.config.model import AppConfig, ServerConfig
from tui.config.paths import AppPaths
from tui.config.startup import Startup
from tui.ui.app import McpTuiApp
from tui.ui.screens.confirm_call import ConfirmCallScreen
from tui.ui.screens.save_binary import SaveBinaryScreen
from tui.ui.textual_internals import FooterKey
from tui.ui.widgets.results.result_view import ResultView


def app_with_pictures(home: Path) -> McpTuiApp:
    server = ServerConfig(name="inproc", transport="stdio", command="unused-in-process")
    startup = Startup(paths=AppPaths.under(home), config=AppConfig(), servers=[server])
    return McpTuiApp(startup, targets={"inproc": build()})


async def call_picture_from_the_filter(app: McpTuiApp, pilot: Pilot[None]) -> None:
    """As a person does: type the name in the filter, Enter, ctrl+r, the name to allow, Enter, o."""
    await wait_for_tools(pilot, app, "inproc")
    await pilot.press(*"picture", "enter")
    await wait_for(pilot, lambda: panel(app).tool is not None)
    await pilot.press("ctrl+r")
    await wait_for(pilot, lambda: isinstance(app.screen, ConfirmCallScreen))
    app.screen.query_one("#confirm-typed-name", Input).value = "picture"  # unannotated: critical
    await pilot.press("enter", "o")  # Enter leaves the name box (where o is a letter) for Allow
    view = panel(app).query_one(ResultView)
    await wait_for(pilot, lambda: view.outcome is not None and view.first_saveable is not None)
    await pilot.pause()


def footer_keys(app: McpTuiApp) -> set[str]:
    return {key.key for key in app.screen.query(FooterKey) if not key.has_class("-disabled")}


async def test_s_saves_the_image_right_after_the_call(home: Path) -> None:
    app = app_with_pictures(home)
    async with app.run_test(size=(120, 40)) as pilot:
        await call_picture_from_the_filter(app, pilot)
        assert "s" in footer_keys(app)
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, SaveBinaryScreen))
        assert app.screen.query_one("#save-path", Input).value.endswith(".png")
        await pilot.press("escape")
        await pilot.pause()
        assert app.main_screen.query_one("#tool-filter", Input).value == "picture"


async def test_a_text_box_keeps_its_s_while_an_image_is_shown(home: Path) -> None:
    app = app_with_pictures(home)
    async with app.run_test(size=(120, 40)) as pilot:
        await call_picture_from_the_filter(app, pilot)
        app.main_screen.query_one("#tool-filter", Input).focus()
        await pilot.pause()
        assert "s" not in footer_keys(app)  # the footer does not offer it there
        await pilot.press("end", "s")
        await pilot.pause()
        assert not isinstance(app.screen, SaveBinaryScreen)
        assert app.main_screen.query_one("#tool-filter", Input).value == "pictures"
        app.main_screen.query_one("#tools").query_one("#tool-options").focus()  # the list takes no letters
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, SaveBinaryScreen))
