"""Write SVG screenshots of the real app, driven by Textual's pilot against the bundled demo server.

    .venv/bin/python scripts/make_screenshots.py [--out screenshots] [--size 140x42]

Without --size it takes every picture twice: at 140x42 (the README's) and at 80x24 (``NAME-80x24.svg``).

Every file the app touches lives under a fresh temporary directory (MCP_TUI_HOME), removed afterwards, so
nothing of the user's is read or written and two runs never share one. The pictures show its random part
as ``XXXXXXXX`` (same length, so the lines wrap alike), so the demo notice reads the same on each run;
it is made in /tmp whatever TMPDIR says, so they read the same on each machine too. The demo server is
started by the app itself over real stdio. Each step waits for a real condition (tools listed, preflight
resolved, dialog shown, result in) rather than sleeping.

Two runs write the same bytes (tests/test_screenshots_script.py compares a fresh run with screenshots/):
besides the home, the only value that changes from run to run is how long the call in ``result`` took,
and that picture shows it as ``SHOWN_CALL_SECONDS``.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import os
import re
import shutil
import sys
import tempfile
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
TIMEOUT = 30.0
SHOWN_CALL_SECONDS = 0.042
"""The duration the ``result`` picture shows for its call, whatever it took (it differs on each run)."""
TMP = Path("/tmp")
TEAM_POLICY = """\
# The team's policy: no statement that drops a table, whatever anyone's own rules say.
[[rules]]
server = "demo"
tool = "sql"
action = "never"
when.query = { regex = "(?i)\\\\bdrop\\\\b" }
"""
DEFAULT_RUNS = [((140, 42), ""), ((80, 24), "-80x24")]
"""The sizes the pictures are taken at, and what their names end in: the README's size, and 80x24, the
size many terminals still open at (every step must be on screen there too)."""


def _prepare_home() -> Path:
    """A fresh, isolated home: must be made before the app (and its config loader) is imported."""
    parent = TMP if TMP.is_dir() and os.access(TMP, os.W_OK) else None
    home = Path(tempfile.mkdtemp(prefix="mcp-tui-demo-", dir=parent))
    os.environ["MCP_TUI_HOME"] = str(home)
    os.environ.pop("MCP_TUI_CONFIG", None)
    return home


def shown(home: Path) -> str:
    """How the pictures show ``home``: its random part as X's, the length kept."""
    name = home.name
    random_part = name.removeprefix("mcp-tui-demo-")
    return str(home.parent / (name[: len(name) - len(random_part)] + "X" * len(random_part)))


def steady_svg(svg: str, home: Path) -> str:
    """The screenshot with ``home`` as ``shown`` and the element ids (a hash of the content, random path
    included) made again from what is shown, so an unchanged screen gives the same file."""
    text = svg.replace(str(home), shown(home))
    for old in set(re.findall(r"terminal-\d+", text)):
        text = text.replace(old, "terminal-ID")
    return text.replace("terminal-ID", f"terminal-{zlib.adler32(text.encode())}")


async def _wait_for(pilot: Any, condition: Callable[[], object], what: str) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + TIMEOUT
    while not condition():
        if loop.time() > deadline:
            raise SystemExit(f"make_screenshots: timed out after {TIMEOUT:.0f} s waiting for {what}")
        await pilot.pause(0.05)


async def _settle(pilot: Any) -> None:
    """Freeze what would differ between runs: blinking cursors, pending animations, queued refreshes."""
    from textual.widgets import Input, TextArea

    app = pilot.app
    for widget in app.screen.query(Input):
        widget.cursor_blink = False
    for area in app.screen.query(TextArea):
        area.cursor_blink = False
    await pilot.wait_for_scheduled_animations()
    await pilot.pause()
    await pilot.pause()


async def _highlight(pilot: Any, tool_list: Any, name: str) -> None:
    """Move the list's cursor to ``name`` the way a person does: ctrl+f, down into the list, up/down."""
    await pilot.press("ctrl+f", "down")
    names = [tool.name for tool in tool_list.visible_tools]
    if name not in names:
        raise SystemExit(f"make_screenshots: the demo server does not list {name}")
    for _ in range(len(names)):
        current = tool_list.highlighted_tool
        if current is not None and current.name == name:
            return
        here = names.index(current.name) if current is not None else -1
        await pilot.press("down" if here < names.index(name) else "up")
    raise SystemExit(f"make_screenshots: could not move the list's cursor to {name}")


async def _open(pilot: Any, tool_list: Any, panel: Any, name: str) -> None:
    """Highlight ``name`` and press Enter; wait until its form is in the Call tab."""
    await _highlight(pilot, tool_list, name)
    await pilot.press("enter")
    await _wait_for(
        pilot,
        lambda: panel.tool is not None and panel.tool.name == name and panel.form is not None,
        f"{name} to open in the Call tab",
    )


def _show_a_fixed_duration(view: Any) -> None:
    """The result view shows every outcome with ``SHOWN_CALL_SECONDS`` as its duration."""
    show = view.show

    def show_fixed(outcome: Any, *, title: str) -> Any:
        return show(dataclasses.replace(outcome, duration_s=SHOWN_CALL_SECONDS), title=title)

    view.show = show_fixed


class Shooter:
    """Saves screenshots into ``out`` and remembers what it wrote."""

    def __init__(self, pilot: Any, out: Path, suffix: str = "") -> None:
        self.pilot = pilot
        self.out = out
        self.suffix = suffix
        self.written: list[Path] = []

    async def shoot(self, name: str) -> None:
        await _settle(self.pilot)
        app = self.pilot.app
        app.clear_notifications()
        await self.pilot.pause()
        path = Path(app.save_screenshot(filename=f"{name}{self.suffix}.svg", path=str(self.out)))
        self.written.append(path)


async def _drive(out: Path, size: tuple[int, int], suffix: str = "") -> list[Path]:
    from textual.widgets import Button, Input, Select, Static, TabbedContent

    from tui.config.startup import load_startup
    from tui.model.results import CallStatus
    from tui.safety.grade import Grade
    from tui.session.preflight import PreflightStatus
    from tui.ui.app import McpTuiApp
    from tui.ui.screens.confirm_call import ConfirmCallScreen
    from tui.ui.screens.main_screen import MainScreen
    from tui.ui.screens.preferences import PreferencesScreen
    from tui.ui.screens.save_call import SaveCallScreen
    from tui.ui.widgets.call_panel import CallPanel
    from tui.ui.widgets.collections_view import CollectionsView
    from tui.ui.widgets.results.result_view import ResultView
    from tui.ui.widgets.tool_list import ToolList

    # The team's managed policy (MCP_TUI_MANAGED_POLICY adds to the system file): one rule, shown locked.
    team = Path(os.environ["MCP_TUI_HOME"]) / "team-policy.toml"
    team.write_text(TEAM_POLICY, encoding="utf-8")
    os.environ["MCP_TUI_MANAGED_POLICY"] = str(team)
    app = McpTuiApp(load_startup(config_path=None))
    async with app.run_test(size=size) as pilot:
        shooter = Shooter(pilot, out, suffix)
        screen = app.main_screen
        tool_list = screen.query_one(ToolList)

        await _wait_for(
            pilot,
            lambda: app.ready.is_set() and bool(app.session.tools("demo")),
            "the demo server's tools",
        )
        # The call panel is built once the first tools are listed.
        await screen.mount_call_panel()
        panel = screen.query_one(CallPanel)

        # main: the tool list with manage_files highlighted and its Details tab open.
        await _wait_for(pilot, lambda: bool(tool_list.visible_tools), "the tool list to fill")
        await _highlight(pilot, tool_list, "manage_files")
        screen.action_show_tab("details")
        await _wait_for(pilot, lambda: screen.query_one(TabbedContent).active == "details", "the Details tab")
        await shooter.shoot("main")

        # live-preflight: a delete resolves to high, and the status says what changed from the definition.
        await _open(pilot, tool_list, panel, "manage_files")
        assert panel.form is not None
        panel.form.set_value({"action": "delete", "path": "notes.txt"})

        def delete_resolved() -> bool:
            result = panel.status_bar.result
            return (
                result is not None
                and result.status is PreflightStatus.RESOLVED
                and result.arguments.get("action") == "delete"
                and not panel.status_bar.pending
                and panel.badges.grade is Grade.HIGH
            )

        await _wait_for(pilot, delete_resolved, "the preflight for the delete")
        await shooter.shoot("live-preflight")

        # confirm-high: the dialog for that delete; Cancel is focused. Cancelled afterwards: nothing runs.
        await pilot.press("ctrl+r")
        await _wait_for(pilot, lambda: isinstance(app.screen, ConfirmCallScreen), "the high dialog")
        await shooter.shoot("confirm-high")
        await pilot.press("escape")
        await _wait_for(pilot, lambda: isinstance(app.screen, MainScreen), "the dialog to close")
        await _wait_for(pilot, lambda: screen.running_call is None, "the cancelled call to finish")

        # confirm-critical: launch_confetti needs its name typed before Allow is enabled.
        await _open(pilot, tool_list, panel, "launch_confetti")
        await pilot.press("ctrl+r")
        await _wait_for(pilot, lambda: isinstance(app.screen, ConfirmCallScreen), "the critical dialog")
        await shooter.shoot("confirm-critical")
        await pilot.press("escape")
        await _wait_for(pilot, lambda: isinstance(app.screen, MainScreen), "the dialog to close")
        await _wait_for(pilot, lambda: screen.running_call is None, "the cancelled call to finish")

        # result: a read-only query of the seeded table, shown as the server returned it.
        await _open(pilot, tool_list, panel, "sql")
        assert panel.form is not None
        panel.form.set_value({"query": "SELECT * FROM fruits ORDER BY id"})
        view = panel.query_one(ResultView)
        _show_a_fixed_duration(view)

        def select_resolved() -> bool:
            result = panel.status_bar.result
            return result is not None and result.status is PreflightStatus.RESOLVED

        await _wait_for(pilot, select_resolved, "the preflight for the SELECT")
        await pilot.press("ctrl+r")

        def answered_or_asked() -> bool:
            return isinstance(app.screen, ConfirmCallScreen) or view.outcome is not None

        await _wait_for(pilot, answered_or_asked, "the SELECT to be asked about or answered")
        if isinstance(app.screen, ConfirmCallScreen):
            await pilot.press("o")
        await _wait_for(pilot, lambda: view.outcome is not None, "the SELECT's result")
        assert view.outcome is not None
        if view.outcome.status is not CallStatus.OK:
            raise SystemExit(f"make_screenshots: the SELECT failed: {view.outcome}")
        await shooter.shoot("result")

        # preferences: F4, as a person opens it.
        await pilot.press("f4")
        await _wait_for(pilot, lambda: isinstance(app.screen, PreferencesScreen), "the preferences screen")
        await shooter.shoot("preferences")

        # locked-rule: the team's rule (the managed file this script's home points at), locked, with its
        # file and line; rule-editor: a rule with a condition, tried on the open SELECT's arguments.
        locked = app.screen.query_one("#locked-rule-0")
        locked.scroll_visible(top=True, animate=False)
        await shooter.shoot("locked-rule")
        editor = app.screen.query_one("#prefs-rule-editor")
        app.screen.query_one("#rule-draft-action", Select).value = "always"
        app.screen.query_one("#rule-draft-ceiling", Select).value = "low"
        app.screen.query_one("#rule-draft-key-1", Input).value = "query"
        app.screen.query_one("#rule-draft-test-1", Select).value = "regex"
        app.screen.query_one("#rule-draft-value-1", Input).value = "(?i)^select"
        await pilot.pause()
        app.screen.query_one("#rule-draft-try", Button).press()
        result = app.screen.query_one("#rule-draft-result", Static)
        await _wait_for(pilot, lambda: "Would decide" in str(result.render()), "the rule's test")
        editor.scroll_visible(top=True, animate=False)
        await shooter.shoot("rule-editor")
        await pilot.press("escape")
        await _wait_for(pilot, lambda: isinstance(app.screen, MainScreen), "the preferences to close")

        # collections: the SELECT saved with its expectations (ctrl+s), then the Collections tab (F11).
        # Collections live in the working directory: a project folder in the temporary home.
        # A fresh folder for each size: the second run must not find the first one's saved call (a name
        # already in a collection is refused).
        project = Path(os.environ["MCP_TUI_HOME"]) / f"project{suffix}"
        project.mkdir(exist_ok=True)
        os.chdir(project)
        await pilot.press("ctrl+s")
        await _wait_for(pilot, lambda: isinstance(app.screen, SaveCallScreen), "the save dialog")
        app.screen.query_one("#save-call-name", Input).value = "fruits in order"
        app.screen.query_one("#save-call-collection", Input).value = "smoke"
        await pilot.press("ctrl+s")
        await _wait_for(pilot, lambda: isinstance(app.screen, MainScreen), "the call to be saved")
        await pilot.press("f11")
        view_of_collections = screen.query_one(CollectionsView)
        await _wait_for(pilot, lambda: bool(view_of_collections.calls), "the Collections tab")
        await shooter.shoot("collections")

        await app.action_quit()
    return shooter.written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--out", type=Path, default=REPO / "screenshots", help="where the SVGs go")
    parser.add_argument(
        "--size",
        help="one terminal size as COLUMNSxROWS, its pictures named plainly (default: 140x42, then 80x24 "
        "with names ending in -80x24)",
    )
    options = parser.parse_args(argv)
    runs = DEFAULT_RUNS
    if options.size:
        columns, _, rows = options.size.partition("x")
        runs = [((int(columns), int(rows)), "")]
    out: Path = options.out
    out.mkdir(parents=True, exist_ok=True)
    home = _prepare_home()
    try:
        written = [path for size, suffix in runs for path in asyncio.run(_drive(out, size, suffix))]
    finally:
        shutil.rmtree(home, ignore_errors=True)
    for path in written:
        path.write_text(steady_svg(path.read_text(encoding="utf-8"), home), encoding="utf-8")
    for path in written:
        print(f"wrote {path.relative_to(REPO) if path.is_relative_to(REPO) else path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
