"""ToolDetail: every part of a tool, provenance in words, literal text."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import Static

from tui.model.hints import Hints, Provenance
from tui.model.servers import EXTENSION_ID, ToolInfo
from tui.ui.widgets.tool_detail import ToolDetail


def make_tool(annotations: dict[str, object] | None, **changes: object) -> ToolInfo:
    fields: dict[str, object] = {
        "server": "files",
        "name": "delete_file",
        "title": "Delete a file",
        "description": "Removes [bold]x for good",
        "input_schema": {"type": "object", "properties": {"path": {"type": "string"}}},
        "output_schema": {"type": "object", "properties": {"deleted": {"type": "boolean"}}},
        "annotations": annotations,
        "resolve_method": None,
    }
    fields.update(changes)
    return ToolInfo(**fields)  # type: ignore[arg-type]


class DetailApp(App[None]):
    def compose(self) -> ComposeResult:
        yield ToolDetail()


def text_of(app: App[None], selector: str) -> str:
    return str(app.query_one(selector, Static).render())


async def test_everything_about_the_tool_is_shown() -> None:
    app = DetailApp()
    async with app.run_test(size=(100, 60)) as pilot:
        detail = app.query_one(ToolDetail)
        detail.show_tool(make_tool({"readOnlyHint": False, "destructiveHint": True}))
        await pilot.pause()
        title = text_of(app, "#detail-title")
        assert "Delete a file" in title
        assert "name: delete_file" in title
        assert "server: files" in title
        hints = text_of(app, "#detail-hints")
        assert "readOnlyHint: false (stated by the server)" in hints
        assert "destructiveHint: true (stated by the server)" in hints
        assert "idempotentHint: false (not stated: spec default)" in hints
        assert "openWorldHint: true (not stated: spec default)" in hints
        assert "Risk: critical" in hints
        assert "meaningless" not in hints
        assert '"path": {' in text_of(app, "#detail-input-schema")
        assert '"deleted"' in text_of(app, "#detail-output-schema")
        assert "Not resolvable" in text_of(app, "#detail-resolve")
        assert text_of(app, "#detail-description") == "Removes [bold]x for good"


async def test_read_only_rule_resolvable_and_overrides_in_words() -> None:
    app = DetailApp()
    async with app.run_test(size=(100, 60)) as pilot:
        detail = app.query_one(ToolDetail)
        tool = make_tool(
            {"readOnlyHint": True, "destructiveHint": True},
            resolve_method="tools/annotations",
            output_schema=None,
        )
        hints = Hints.from_annotations(tool.annotations).overlay(
            {"openWorldHint": False}, Provenance.RESOLVED
        )
        detail.show_tool(tool, hints.overlay({"idempotentHint": True}, Provenance.OVERRIDE))
        await pilot.pause()
        text = text_of(app, "#detail-hints")
        assert "destructiveHint: true (stated by the server); meaningless on a read-only tool" in text
        assert "idempotentHint: true (your override); meaningless on a read-only tool" in text
        assert "openWorldHint: false (stated by the server for these arguments)" in text
        assert "Risk: safe" in text
        resolve = text_of(app, "#detail-resolve")
        assert "tools/annotations" in resolve
        assert "tools/annotations (an older draft), not in a released spec" in resolve
        assert text_of(app, "#detail-output-schema") == "none declared"


async def test_unannotated_note_and_clearing() -> None:
    app = DetailApp()
    async with app.run_test(size=(100, 60)) as pilot:
        detail = app.query_one(ToolDetail)
        detail.show_tool(make_tool(None))
        await pilot.pause()
        text = text_of(app, "#detail-hints")
        assert "Unannotated" in text
        assert "assumed destructive and open-world" in text
        assert "readOnlyHint: false (not stated: spec default)" in text
        detail.show_tool(None)
        await pilot.pause()
        assert text_of(app, "#detail-title") == "No tool selected."
        assert not app.query_one("#detail-hints").display


async def test_markup_and_escapes_in_server_text_stay_visible_and_inert() -> None:
    app = DetailApp()
    async with app.run_test(size=(100, 60)) as pilot:
        detail = app.query_one(ToolDetail)
        detail.show_tool(
            make_tool(
                {"readOnlyHint": True},
                title="[@click=app.quit]Quit[/]",
                server="[red]evil",
                description="[bold]x\x1b]0;pwned\x07",
                input_schema={"type": "object", "description": "[i]y\x1b[2J"},
            )
        )
        await pilot.pause()
        assert "[@click=app.quit]Quit[/]" in text_of(app, "#detail-title")
        assert "server: [red]evil" in text_of(app, "#detail-title")
        assert text_of(app, "#detail-description") == "[bold]x\\x1b]0;pwned\\x07"
        assert "[i]y" in text_of(app, "#detail-input-schema")
        assert "\x1b" not in text_of(app, "#detail-description")
        assert "\x07" not in text_of(app, "#detail-description")
        await pilot.click("#detail-title", offset=(3, 0))
        await pilot.pause()
        assert app.is_running


async def test_annotation_lint_is_a_warning_marker_with_its_explanation() -> None:
    from tui.ui.widgets.tool_filter import filter_tools, make_entry
    from tui.ui.widgets.tool_rows import tool_row

    contradicting = ToolInfo(
        "s", "wipe_disk", None, "", {}, None, {"readOnlyHint": True, "destructiveHint": True}
    )
    honest = ToolInfo("s", "read_file", None, "", {}, None, {"readOnlyHint": True, "openWorldHint": False})
    entries = [make_entry(contradicting), make_entry(honest)]
    assert "⚠" in tool_row(entries[0]).plain
    assert "⚠" not in tool_row(entries[1]).plain
    assert [e.tool.name for e in filter_tools(entries, "lint")] == ["wipe_disk"]

    app = DetailApp()
    async with app.run_test() as pilot:
        app.query_one(ToolDetail).show_tool(contradicting)
        await pilot.pause()
        text = text_of(app, "#detail-hints")
        assert "⚠ The server says this tool is both read-only and destructive" in text
        assert 'The name contains "wipe"' in text


async def test_the_detail_names_the_resolution_dialect() -> None:
    app = DetailApp()
    async with app.run_test(size=(100, 60)) as pilot:
        detail = app.query_one(ToolDetail)
        detail.show_tool(make_tool({"readOnlyHint": False}, resolve_method=EXTENSION_ID))
        await pilot.pause()
        extension = text_of(app, "#detail-resolve")
        detail.show_tool(make_tool({"readOnlyHint": False}, resolve_method="tools/resolve"))
        await pilot.pause()
        sep_1862 = text_of(app, "#detail-resolve")
    assert "tool-resolution extension" in extension
    assert "asked about again right before it is sent" in extension
    assert "tools/resolve" in sep_1862
    assert "tool-resolution" not in sep_1862
