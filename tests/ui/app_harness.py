"""Run the real app headless against the bundled demo server over real stdio, with every file in tmp."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from textual.css.query import NoMatches
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widgets import Static

from tui.config.startup import Startup, load_startup
from tui.model.results import CallStatus
from tui.model.servers import ToolInfo
from tui.ui.app import McpTuiApp
from tui.ui.screens.confirm_call import ConfirmCallScreen
from tui.ui.widgets.call_panel import CallPanel
from tui.ui.widgets.results.result_view import ResultView

KEEP_NOTIFICATIONS = 3600.0
"""Seconds a notification without its own timeout stays in ``app._notifications``: Textual drops it
from there after 5 s, which a loaded machine can spend between a notify and a test reading it."""


WAIT_LIMIT = 45.0
"""Seconds a wait for a state may take before the test fails: a safety net for a state that never comes,
not a measure (each comes in well under a second on an idle machine; a loaded one has taken over 20 s).
Below the suite's 60 s per test, so a wait that runs out says what it waited for."""


PATIENT_PREFLIGHT_S = 45.0
"""The preflight timeout of a test's app: the default 3 s ran out on a loaded machine, and a resolve
that fails shows the static worst case, a different grade than the one the test waits for."""


def make_app(home: Path, config_text: str | None = None, *, patient: bool = True) -> McpTuiApp:
    """The app as ``mcp-tui`` builds it; MCP_TUI_HOME must already point at ``home``.

    ``patient``: give the preflight a timeout only a hanging server reaches, for this run only (as the
    headless ``--timeout`` does: never saved); False for a test about the timeouts themselves.
    """
    if config_text is not None:
        (home / "config.toml").write_text(config_text, encoding="utf-8")
    startup: Startup = load_startup(config_path=None)
    if patient:
        startup.timeout_overrides.setdefault("preflight", PATIENT_PREFLIGHT_S)
    app = McpTuiApp(startup)
    app.NOTIFICATION_TIMEOUT = KEEP_NOTIFICATIONS
    return app


async def wait_for(pilot: Pilot[Any], condition: Callable[[], object], timeout: float = WAIT_LIMIT) -> None:
    """Let the app run until ``condition()`` holds; fail with a clear message after ``timeout`` s.

    A condition that asks for a widget not mounted yet (NoMatches) is a condition that does not hold yet:
    the app mounts in stages (the tabs, then the call panel) and a message posted a moment ago may not
    have been handled. If the widget never comes, the timeout says so, with that NoMatches as its cause.
    """
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    missing: NoMatches | None = None
    while True:
        try:
            if condition():
                return
        except NoMatches as error:
            missing = error
        else:
            missing = None
        if loop.time() > deadline:
            # A condition written as partial(check, app) is named by check's docstring.
            what = getattr(condition, "func", condition).__doc__ or condition
            raise AssertionError(f"timed out after {timeout} s waiting for {what}") from missing
        await pilot.pause(0.05)


async def wait_for_tools(pilot: Pilot[Any], app: McpTuiApp, server: str = "demo") -> list[ToolInfo]:
    """The session's own "ready" (no polling): the server has listed its tools (or failed)."""
    await app.session.ready(server, timeout=WAIT_LIMIT)
    await pilot.pause()
    tools = app.session.tools(server)
    assert tools, f"{server} listed no tools: {app.session.state(server)}"
    return tools


def opened_form_focused(app: McpTuiApp) -> bool:
    """the opened tool's form with the focus where opening a tool puts it (first field or JSON box)"""
    form = panel(app).form
    if form is None or not form.is_mounted:
        return False
    # The widget ArgumentForm.focus_first_field picks, found the same way (FormField.focus_editor).
    first = form.raw if form.raw_mode else next((w for w in form.root.query("*") if w.focusable), None)
    return first is None or app.focused is first  # a form with no field to focus takes no focus


async def open_tool(
    pilot: Pilot[Any], app: McpTuiApp, tool: ToolInfo, arguments: dict[str, object] | None = None
) -> None:
    """Open ``tool`` in the Call tab as Enter in the tool list does, and return once its form has the focus.

    Opening a tool focuses the form's first field after the next refresh (and a focus itself lands one
    message later): a test that focuses another widget or presses a key before then races that focus,
    which can land after it and take the focus (and an open dropdown, a selection) away. A test about
    that very race (a key pressed right after opening) calls ``app.main_screen.open_tool`` itself.
    """
    await app.main_screen.open_tool(tool, arguments)
    await wait_for(pilot, partial(opened_form_focused, app))


def status_text(app: McpTuiApp) -> str:
    """What the call panel's preflight status bar draws on screen: its fixed lines, then its warnings."""
    lines = []
    for part in panel(app).status_bar.query(Static):
        region = Region(0, 0, part.size.width, part.size.height)
        lines.extend(strip.text.rstrip() for strip in part.render_lines(region))
    return "\n".join(lines)


def panel(app: McpTuiApp) -> CallPanel:
    return app.main_screen.query_one(CallPanel)


async def cancel_running_call(pilot: Pilot[Any], app: McpTuiApp, key: str = "escape") -> ResultView:
    """Call the open tool (allow once), wait for its first progress, press ``key`` (Esc, or ctrl+c by
    habit): the cancelled result."""
    view = panel(app).query_one(ResultView)
    before = view.outcome  # the view keeps the last call's outcome until this one ends
    await pilot.press("ctrl+r")
    await wait_for(pilot, lambda: isinstance(app.screen, ConfirmCallScreen))
    await pilot.press("o")
    await wait_for(pilot, lambda: panel(app).progress is not None and panel(app).progress.last_progress)
    await pilot.press(key)
    await wait_for(pilot, lambda: view.outcome is not before)
    assert view.outcome is not None
    assert view.outcome.status is CallStatus.CANCELLED
    return view


def audit_records(home: Path) -> list[dict[str, Any]]:
    path = home / "audit.jsonl"
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
