"""Characters that hide or reorder text are shown as <U+XXXX> in every widget that shows server text.

A right-to-left override (U+202E) makes ``safe_<RLO>eteled`` read as ``safe_deleted`` in a terminal that
reorders bidi text; zero-width and tag characters make two different names look the same. Each test puts
such text where a server can put it and checks the widget shows the code points instead.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

from app_harness import wait_for
from test_audit_support import AuditHost
from test_confirm_support import READ_CLOSED, ConfirmHost, make_request
from test_form_support import FormApp
from test_hidden_support import NAME, SHOWN_NAME, SHOWN_SNEAKY, SNEAKY, assert_shown
from test_result_support import ResultApp, ok, rendered_text
from textual.app import App, ComposeResult
from textual.widgets import Button, DataTable, Input, Select, Static, TextArea

from tui.model.hints import Hints
from tui.model.results import (
    CallOutcome,
    CallStatus,
    EmbeddedResourceBlock,
    Progress,
    ResourceLinkBlock,
    TextBlock,
)
from tui.model.servers import ConnectionStatus, ServerState, ToolInfo
from tui.safety.effective import effective_hints
from tui.safety.grade import Grade
from tui.safety.visible_text import hidden_characters
from tui.session.preflight import PreflightResult, PreflightStatus
from tui.store.audit_reader import AuditReader
from tui.store.audit_record import make_record
from tui.store.audit_writer import AuditWriter
from tui.ui.screens.confirm_call import ConfirmCallScreen
from tui.ui.screens.elicitation import ElicitationScreen
from tui.ui.screens.save_binary import SaveBinaryScreen
from tui.ui.widgets.call_panel import CallPanel
from tui.ui.widgets.history import HistoryEntry, history_row
from tui.ui.widgets.log_view import ServerLogView
from tui.ui.widgets.preflight_status import status_lines
from tui.ui.widgets.results import CallProgress
from tui.ui.widgets.results.resource_blocks import ResourceLinkView
from tui.ui.widgets.results.structured_tree import StructuredTree
from tui.ui.widgets.server_list import server_row
from tui.ui.widgets.tool_detail import ToolDetail
from tui.ui.widgets.tool_filter import make_entry
from tui.ui.widgets.tool_rows import tool_row


def hostile_tool(**changes: Any) -> ToolInfo:
    fields: dict[str, Any] = {
        "server": f"srv{SNEAKY}",
        "name": NAME,
        "title": f"Title {SNEAKY}",
        "description": f"Describes {SNEAKY}",
        "input_schema": {"type": "object", "properties": {SNEAKY: {"type": "string"}}},
        "output_schema": None,
        "annotations": {"readOnlyHint": True, "openWorldHint": False},
        "resolve_method": None,
    }
    fields.update(changes)
    return ToolInfo(**fields)


def test_tool_list_row() -> None:
    row = tool_row(make_entry(hostile_tool())).plain
    assert_shown(row, f"Title {SHOWN_SNEAKY}", SHOWN_NAME, f"@srv{SHOWN_SNEAKY}")
    assert row.startswith(" safe ")  # the grade column comes first, whatever the name hides
    assert "⚠" in row  # the lint mark: the name hides characters


class DetailApp(App[None]):
    def compose(self) -> ComposeResult:
        yield ToolDetail()


async def test_tool_detail_title_description_schema_and_lint() -> None:
    app = DetailApp()
    async with app.run_test(size=(120, 60)) as pilot:
        app.query_one(ToolDetail).show_tool(hostile_tool())
        await pilot.pause()
        parts = {s: str(app.query_one(s, Static).render()) for s in ("#detail-title", "#detail-hints")}
        parts["description"] = str(app.query_one("#detail-description", Static).render())
        parts["schema"] = str(app.query_one("#detail-input-schema", Static).render())
        assert_shown(parts["#detail-title"], f"Title {SHOWN_SNEAKY}", f"name: {SHOWN_NAME}")
        assert_shown(parts["description"], f"Describes {SHOWN_SNEAKY}")
        assert_shown(parts["schema"], f'"{SHOWN_SNEAKY}"')
        assert_shown(parts["#detail-hints"], "invisible or text-reordering characters (U+202E")


class PanelApp(App[None]):
    def compose(self) -> ComposeResult:
        yield CallPanel()


async def test_call_panel_title() -> None:
    app = PanelApp()
    async with app.run_test(size=(120, 40)) as pilot:
        tool = hostile_tool()
        hints = Hints.from_annotations(tool.annotations)
        await app.query_one(CallPanel).show_tool(tool, hints, Grade.SAFE, None)
        await pilot.pause()
        title = str(app.query_one("#call-title", Static).render())
        assert_shown(title, f"Title {SHOWN_SNEAKY}", f"{SHOWN_NAME} on srv{SHOWN_SNEAKY}")


def test_preflight_error_and_warnings() -> None:
    tool = hostile_tool()
    static = Hints.from_annotations(tool.annotations)
    failed = PreflightResult(
        PreflightStatus.FAILED, tool, "{}", static, static, error=SNEAKY, warnings=(NAME,)
    )
    assert_shown(status_lines(failed, False).plain, SHOWN_SNEAKY, SHOWN_NAME)


async def test_results_errors_trees_and_resources() -> None:
    app = ResultApp()
    async with app.run_test(size=(120, 60)) as pilot:
        link = ResourceLinkBlock(uri=f"mem://{SNEAKY}", name=NAME, title=None, mime_type=None)
        await app.view.show(ok(TextBlock(SNEAKY), link, structured={NAME: SNEAKY}), title=NAME)
        await pilot.pause()
        assert_shown(rendered_text(app.view.query_one(".text-body", Static)), SHOWN_SNEAKY)
        assert_shown(rendered_text(app.view.query_one("#result-header", Static)), SHOWN_NAME)
        assert_shown(rendered_text(app.view.query_one(ResourceLinkView)), SHOWN_NAME, SHOWN_SNEAKY)
        label = app.view.query_one(StructuredTree).root.children[0].label.plain
        assert_shown(label, SHOWN_NAME)
        # Large text goes to a TextArea.
        await app.view.show(ok(TextBlock((SNEAKY + "\n") * 5000)), title="t")
        await pilot.pause()
        area = app.view.query_one(TextArea)
        assert_shown(area.text, SHOWN_SNEAKY)
        await app.view.show(CallOutcome(CallStatus.ERROR, error=SNEAKY), title="t")
        await pilot.pause()
        assert_shown(rendered_text(app.view.query_one("#result-status", Static)), SHOWN_SNEAKY)
        assert hidden_characters(app.export_screenshot()) == []


class ProgressApp(App[None]):
    def compose(self) -> ComposeResult:
        yield CallProgress(NAME)


async def test_progress_title_and_message() -> None:
    app = ProgressApp()
    async with app.run_test():
        progress = app.query_one(CallProgress)
        progress.update_progress(Progress(1, 2, SNEAKY))
        assert_shown(rendered_text(progress.query_one("#progress-title", Static)), SHOWN_NAME)
        assert_shown(rendered_text(progress.query_one("#progress-message", Static)), SHOWN_SNEAKY)


class LogApp(App[None]):
    def compose(self) -> ComposeResult:
        yield ServerLogView()


async def test_server_logs_and_stderr() -> None:
    app = LogApp()
    async with app.run_test(size=(100, 10)) as pilot:
        view = app.query_one(ServerLogView)
        view.add_stderr(NAME, SNEAKY)
        view.add_log(NAME, f"warn{SNEAKY}", NAME)
        assert view.lines_of(NAME) == [SHOWN_SNEAKY, f"warn{SHOWN_SNEAKY}: {SHOWN_NAME}"]

        def screen() -> str:
            return "\n".join("".join(s.text for s in view.render_line(y)) for y in range(3))

        # New lines are written together, a moment later.
        await wait_for(pilot, lambda: f"{SHOWN_NAME}: {SHOWN_SNEAKY}" in screen())
        assert_shown(screen(), f"{SHOWN_NAME}: {SHOWN_SNEAKY}")


def test_history_and_server_rows() -> None:
    entry = HistoryEntry(1, datetime(2025, 1, 2), "s\u200b", NAME, {}, None, Grade.SAFE)
    assert_shown(history_row(entry).plain, f"s<U+200B>/{SHOWN_NAME}")
    failed = ServerState(NAME, ConnectionStatus.FAILED, error=f"boom {SNEAKY}")
    assert_shown(server_row(failed).plain, SHOWN_NAME, f"boom {SHOWN_SNEAKY}")
    connected = ServerState("s", ConnectionStatus.CONNECTED, server_name=NAME, protocol_version=SNEAKY)
    assert_shown(server_row(connected).plain, SHOWN_NAME, SHOWN_SNEAKY)


def dialog(app: ConfirmHost) -> ConfirmCallScreen:
    assert isinstance(app.screen, ConfirmCallScreen)
    return app.screen


async def test_confirm_dialog_title_arguments_and_lint() -> None:
    request = make_request(NAME, READ_CLOSED, title=SNEAKY, arguments={NAME: SNEAKY}, server=SNEAKY)
    app = ConfirmHost(request)
    async with app.run_test(size=(120, 60)) as pilot:
        await pilot.pause()
        screen = dialog(app)
        title = str(screen.query_one("#confirm-title", Static).render())
        assert_shown(title, f'"{SHOWN_SNEAKY}" ({SHOWN_NAME}) on {SHOWN_SNEAKY}')
        arguments = screen.query_one("#confirm-arguments", TextArea).text
        assert_shown(arguments, f'"{SHOWN_NAME}": "{SHOWN_SNEAKY}"')
        lint = str(screen.query_one("#confirm-lint", Static).render())
        assert_shown(lint, "U+202E")
        assert hidden_characters(app.export_screenshot()) == []


async def test_critical_gate_shows_the_name_and_accepts_what_is_shown() -> None:
    app = ConfirmHost(make_request(NAME, None))  # unannotated: critical, the name must be typed
    async with app.run_test(size=(120, 60)) as pilot:
        await pilot.pause()
        screen = dialog(app)
        assert_shown(str(screen.query_one("#confirm-gate-label", Static).render()), SHOWN_NAME)
        typed = screen.query_one("#confirm-typed-name", Input)
        assert_shown(typed.placeholder, SHOWN_NAME)
        typed.value = "safe_deleted"  # what a bidi terminal would have shown: not the name
        await pilot.pause()
        assert screen.query_one("#confirm-once", Button).disabled
        typed.value = SHOWN_NAME
        await pilot.pause()
        assert not screen.query_one("#confirm-once", Button).disabled


async def test_audit_view_rows_and_detail(tmp_path: Path) -> None:
    log = AuditWriter(tmp_path / "audit.jsonl")
    log.append(
        make_record(
            server=SNEAKY,
            tool=NAME,
            definition_hash="h",
            arguments={"p": SNEAKY},
            hints=effective_hints(READ_CLOSED),
            grade="safe",
            decision="ask",
            reason=f"because {SNEAKY}",
            rule="r",
            outcome="error",
            duration_ms=1,
            error=SNEAKY,
        )
    )
    app = AuditHost(AuditReader(log.path))
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        screen = app.screen
        row = " | ".join(str(cell) for cell in screen.query_one(DataTable).get_row_at(0))
        assert_shown(row, SHOWN_NAME, SHOWN_SNEAKY)
        detail = str(screen.query_one("#audit-detail", Static).render())
        assert_shown(detail, f"{SHOWN_SNEAKY} / {SHOWN_NAME}", f'"p": "{SHOWN_SNEAKY}"')


async def test_form_titles_descriptions_enums_and_raw_json() -> None:
    schema = {
        "type": "object",
        "properties": {
            "a": {"type": "string", "title": NAME, "description": SNEAKY, "default": SNEAKY},
            "b": {"type": "string", "enum": [NAME, "plain"]},
        },
    }
    app = FormApp(schema)
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        field = app.field("a")
        assert_shown(str(field.query_one(".field-title", Static).render()), SHOWN_NAME)
        assert_shown(str(field.query_one(".field-help", Static).render()), SHOWN_SNEAKY)
        options = app.field("b").query_one(Select)._options  # the labels the menu shows
        assert_shown(" ".join(str(label) for label, _ in options), SHOWN_NAME)
        assert app.form.current()[0] == {}  # a hidden default is not filled in
        app.form.set_value({"a": SNEAKY})  # given exactly: the raw JSON editor escapes, value unchanged
        await pilot.pause()
        assert app.form.raw_mode
        raw = app.form.raw.text
        assert hidden_characters(raw) == []
        assert "\\u200b" in raw
        assert app.form.current()[0] == {"a": SNEAKY}


class ElicitHost(App[None]):
    def compose(self) -> ComposeResult:
        yield Static("main")

    def on_mount(self) -> None:
        self.push_screen(ElicitationScreen(NAME, SNEAKY, {"type": "object", "properties": {}}))


async def test_elicitation_names_the_server_and_message() -> None:
    app = ElicitHost()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert_shown(str(app.screen.query_one("#elicit-from", Static).render()), SHOWN_NAME)
        assert_shown(str(app.screen.query_one("#elicit-message", Static).render()), SHOWN_SNEAKY)


async def test_save_dialog_names_the_resource(tmp_path: Path) -> None:
    app = ResultApp(save_dir=tmp_path)
    async with app.run_test() as pilot:
        await app.view.show(ok(EmbeddedResourceBlock(f"mem://{NAME}", "x/y", blob=b"1")), title="t")
        await pilot.pause()
        await pilot.click(app.view.query_one(".save-button", Button))
        await pilot.pause()
        assert isinstance(app.screen, SaveBinaryScreen)
        assert_shown(rendered_text(app.screen.query_one("#save-what", Static)), SHOWN_NAME)
