"""Small host apps for snapshot tests: fixed data, no clock, no temp paths, no subprocess, no spinner.

Each host shows one real widget or screen, fed with real core objects (ToolInfo, Hints, PreflightResult,
ConfirmRequest), so a snapshot changes only when what the person sees changes.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from textual.app import App, ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

import tui.ui
from tui.model.hints import Hints, Provenance
from tui.model.servers import ResolveMethod, ToolInfo
from tui.safety.effective import HintChange
from tui.safety.grade import grade_hints
from tui.session.live_preflight import warnings_for
from tui.session.preflight import PreflightResult, PreflightStatus
from tui.ui.widgets.call_panel import CallPanel
from tui.ui.widgets.tool_list import ToolList

FILES_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "action": {"type": "string", "enum": ["read", "append", "replace", "delete"]},
        "path": {"type": "string", "minLength": 1, "description": "A path inside the sandbox."},
    },
    "required": ["action", "path"],
}

DESTRUCTIVE_CLOSED = {"readOnlyHint": False, "destructiveHint": True, "openWorldHint": False}


def tool(
    name: str,
    annotations: dict[str, Any] | None,
    *,
    title: str | None = None,
    server: str = "demo",
    resolve: ResolveMethod | None = None,
    schema: dict[str, Any] | None = None,
) -> ToolInfo:
    return ToolInfo(
        server=server,
        name=name,
        title=title,
        description=f"The {name} tool.",
        input_schema=schema or {"type": "object"},
        output_schema=None,
        annotations=annotations,
        resolve_method=resolve,
    )


def fixed_tools() -> list[ToolInfo]:
    """One tool per grade, an unannotated one and a resolvable one, on two servers."""
    return [
        tool("read_file", {"readOnlyHint": True, "openWorldHint": False}, title="Read a file"),
        tool("fetch_page", {"readOnlyHint": True, "openWorldHint": True}, title="Fetch a web page"),
        tool("add_note", {"readOnlyHint": False, "destructiveHint": False, "openWorldHint": False}),
        tool("manage_files", DESTRUCTIVE_CLOSED, title="Manage files", resolve="tools/resolve"),
        tool(
            "launch_confetti",
            {"readOnlyHint": False, "destructiveHint": True, "openWorldHint": True},
            title="Launch confetti",
        ),
        tool("roll_dice", None, title="Roll dice (no annotations)", server="games"),
    ]


class ToolListHost(App[None]):
    """The tool list with :func:`fixed_tools`, sorted by server (the default)."""

    def compose(self) -> ComposeResult:
        yield ToolList(id="tools")

    def on_mount(self) -> None:
        tools = fixed_tools()
        tool_list = self.query_one(ToolList)
        for server in ("demo", "games"):
            tool_list.set_tools(server, [t for t in tools if t.server == server])
        tool_list.action_focus_list()


def filesystem_tools() -> list[ToolInfo]:
    """server-filesystem's tools as it lists them (names, titles, annotations), recorded in tests/fixtures."""
    fixture = Path(__file__).resolve().parents[1] / "fixtures" / "server_filesystem_tools.json"
    return [
        ToolInfo(
            server="server-filesystem",
            name=item["name"],
            title=item["title"],
            description=item["description"],
            input_schema={"type": "object"},
            output_schema=None,
            annotations=item["annotations"],
        )
        for item in json.loads(fixture.read_text(encoding="utf-8"))
    ]


class SidebarHost(App[None]):
    """The main screen's sidebar layout (app.tcss) with :func:`fixed_tools` and server-filesystem's tools."""

    CSS_PATH = str(Path(tui.ui.__file__).parent / "app.tcss")

    def compose(self) -> ComposeResult:
        with Horizontal(id="body"):
            with Vertical(id="sidebar"):
                yield ToolList(id="tools")
            yield Static("workspace", id="workspace")

    def on_mount(self) -> None:
        tools = [*fixed_tools(), *filesystem_tools()]
        tool_list = self.query_one(ToolList)
        for server in ("demo", "games", "server-filesystem"):
            tool_list.set_tools(server, [t for t in tools if t.server == server])
        tool_list.action_focus_list()


def resolved_delete() -> PreflightResult:
    """manage_files resolved for a delete: destructive as stated, and now known to be idempotent."""
    files = tool(
        "manage_files", DESTRUCTIVE_CLOSED, title="Manage files", resolve="tools/resolve", schema=FILES_SCHEMA
    )
    static = Hints.from_annotations(files.annotations)
    effective = static.overlay(
        {"readOnlyHint": False, "destructiveHint": True, "idempotentHint": True, "openWorldHint": False},
        Provenance.RESOLVED,
    )
    changes = tuple(
        HintChange(name, before, effective.get(name))
        for name, before in static.items()
        if effective.get(name).value != before.value
    )
    return PreflightResult(
        status=PreflightStatus.RESOLVED,
        tool=files,
        arguments_json=json.dumps({"action": "delete", "path": "notes.txt"}),
        static=static,
        effective=effective,
        changes=changes,
        method="tools/resolve",
    )


class CallPanelHost(App[None]):
    """The Call tab for ``result``'s tool and arguments, as the main screen shows a preflight answer."""

    def __init__(self, result: PreflightResult) -> None:
        super().__init__()
        self.result = result

    def compose(self) -> ComposeResult:
        yield CallPanel(id="call-panel")

    async def on_mount(self) -> None:
        result = self.result
        panel = self.query_one(CallPanel)
        static_grade = grade_hints(result.static).grade
        await panel.show_tool(result.tool, result.static, static_grade, result.arguments)
        panel.status_bar.show_result(result, warnings_for(result.tool, result)[1])
        panel.show_hints(result.effective, grade_hints(result.effective).grade)
        # Focus the Call button: no text cursor, so nothing blinks between runs.
        self.query_one("#call-button").focus()
