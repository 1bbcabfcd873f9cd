"""The keys README's Keys table says work "anywhere" do, even in a text box that binds them itself."""

from __future__ import annotations

from pathlib import Path

import pytest
from app_harness import make_app, open_tool, panel, wait_for, wait_for_tools
from textual.binding import Binding
from textual.widgets import TabbedContent, TextArea

from tui.ui.app import McpTuiApp
from tui.ui.screens.audit_view import AuditViewScreen
from tui.ui.screens.main_screen import MainScreen
from tui.ui.screens.preferences import PreferencesScreen
from tui.ui.textual_internals import FooterKey

TAB_KEYS = {
    "f2": "history",
    "f3": "logs",
    "f7": "resources",
    "f8": "prompts",
    "f9": "traffic",
    "f10": "server-info",
}


def priority_keys() -> list[str]:
    bindings: list[Binding] = [*MainScreen.BINDINGS, *McpTuiApp.BINDINGS]  # type: ignore[list-item]
    return [key for binding in bindings if binding.priority for key in binding.key.split(",")]


def test_the_function_keys_and_f4_f5_are_priority_keys() -> None:
    keys = priority_keys()
    assert set(TAB_KEYS) | {"f4", "f5", "f6", "ctrl+f", "ctrl+r", "ctrl+e", "ctrl+q"} <= set(keys)


def test_no_priority_key_is_one_a_text_box_types() -> None:
    # A priority key reaches the screen before the focused Input or TextArea: a plain letter, digit,
    # space or Enter there would act instead of being typed.
    typed = [key for key in priority_keys() if len(key) == 1 or key in {"space", "enter", "tab", "backspace"}]
    assert typed == []


async def open_json_box(pilot, app: McpTuiApp) -> TextArea:  # type: ignore[no-untyped-def]
    """http_api open, its form switched to JSON (ctrl+j), the focus in the JSON box."""
    tools = {t.name: t for t in await wait_for_tools(pilot, app)}
    await open_tool(pilot, app, tools["http_api"])
    form = panel(app).form
    assert form is not None
    await pilot.press("ctrl+j")
    await wait_for(pilot, lambda: form.raw_mode)
    await pilot.click(form.raw)
    assert app.focused is form.raw
    return form.raw


@pytest.mark.slow
async def test_tab_keys_work_with_the_focus_in_the_json_box(home: Path) -> None:
    app = make_app(home)
    async with app.run_test(size=(140, 45)) as pilot:
        raw = await open_json_box(pilot, app)
        tabs = app.main_screen.query_one(TabbedContent)
        for key, tab in TAB_KEYS.items():
            tabs.active = "call"
            raw.focus()
            await pilot.pause()
            await pilot.press(key)
            await wait_for(pilot, lambda tab=tab: tabs.active == tab)  # type: ignore[misc]
            assert raw.selected_text == "", f"{key} also selected text in the JSON box"


async def test_typing_in_the_json_box_still_types_and_f4_f5_open_their_screens(home: Path) -> None:
    app = make_app(home)
    async with app.run_test(size=(140, 45)) as pilot:
        raw = await open_json_box(pilot, app)
        raw.load_text("")
        await pilot.press(*'{"s": "fe7 f"}')
        assert raw.text == '{"s": "fe7 f"}'
        await pilot.press("f4")
        await wait_for(pilot, lambda: isinstance(app.screen, PreferencesScreen))
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is app.main_screen)
        raw.focus()
        await pilot.press("f5")
        await wait_for(pilot, lambda: isinstance(app.screen, AuditViewScreen))


async def test_ctrl_a_selects_all_in_the_json_box_and_the_footer_names_it(home: Path) -> None:
    # TextArea's own select-all key is F7, which the tabs take: the JSON box needs one that reaches it.
    app = make_app(home)
    async with app.run_test(size=(140, 45)) as pilot:
        raw = await open_json_box(pilot, app)
        raw.load_text('{\n  "method": "GET",\n  "url": "https://example.com"\n}')
        raw.move_cursor((2, 5))
        await pilot.press("ctrl+a")
        await pilot.pause()
        assert raw.selected_text == raw.text
        shown = {key.key: key.description for key in app.screen.query(FooterKey)}
        assert shown.get("ctrl+a") == "Select all"
        await pilot.press("home")  # the line's start stays on Home
        assert raw.selection.is_empty
        await pilot.press("f7")  # and F7 stays the Resources tab's
        tabs = app.main_screen.query_one(TabbedContent)
        await wait_for(pilot, lambda: tabs.active == "resources")
