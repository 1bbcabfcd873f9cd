"""The preflight status always says truthfully where this call's hints come from: three lines, then
every warning on a line of its own."""

from __future__ import annotations

import pytest
from textual.content import Content

from tui.model.arguments import ArgumentError
from tui.model.hints import Hint, Hints, Provenance
from tui.model.servers import EXTENSION_ID, ToolInfo
from tui.safety.effective import HintChange
from tui.session.live_preflight import warnings_for
from tui.session.preflight import PreflightResult, PreflightStatus
from tui.ui.widgets.preflight_status import status_lines

TOOL = ToolInfo("demo", "manage_files", None, "", {}, None, {"readOnlyHint": False}, "tools/resolve")
STATIC = Hints.from_annotations(TOOL.annotations)


def lines(result: PreflightResult | None, pending: bool = False) -> list[str]:
    text = status_lines(result, pending).plain.split("\n")
    assert len(text) == 4, "one warning or none: the bar keeps its four lines"
    return text


def test_not_resolvable_says_static_hints() -> None:
    tool = ToolInfo("demo", "t", None, "", {}, None, None, None)
    static = Hints.from_annotations(None)
    result = PreflightResult(PreflightStatus.NOT_RESOLVABLE, tool, "{}", static, static)
    assert lines(result)[:2] == [
        "Static hints (spec defaults: no annotations)",
        "This tool does not declare per-call resolution.",
    ]


def test_invalid_shows_the_first_error_and_that_nothing_is_sent() -> None:
    errors = (ArgumentError(("path",), "too short"), ArgumentError(("action",), "required"))
    result = PreflightResult(
        PreflightStatus.INVALID, TOOL, "{}", STATIC, STATIC, errors=errors, method="tools/resolve"
    )
    head, detail, note, _ = lines(result)
    assert head.startswith("Waiting for valid arguments")
    # tools/resolve is SEP-1862, a proposal for the spec, not an extension (issue 28, item 13).
    assert "tools/resolve (SEP-1862, a draft proposal)" in head
    assert detail == "path: too short  (+1 more)"
    assert "nothing is sent" in note


def test_resolved_shows_before_and_after_and_pending_keeps_it_on_screen() -> None:
    after = Hint(False, Provenance.RESOLVED)
    change = HintChange("destructiveHint", STATIC.destructive, after)
    result = PreflightResult(
        PreflightStatus.RESOLVED, TOOL, "{}", STATIC, STATIC, changes=(change,), method="tools/resolve"
    )
    assert lines(result)[1] == "Changed: destructive yes → no"
    pending = lines(result, pending=True)
    assert pending[0].endswith("resolving…")
    assert pending[1] == "Changed: destructive yes → no"


def test_failed_shows_the_error_the_fallback_and_the_retry_key() -> None:
    result = PreflightResult(
        PreflightStatus.FAILED,
        TOOL,
        "{}",
        STATIC,
        STATIC,
        error="no answer within 3 s",
        method="tools/resolve",
    )
    head, detail, note, _ = lines(result)
    # The key and its word come before the dialect, the part that may wrap: never split over two lines.
    assert head.startswith("Resolve failed  ctrl+y retries  tools/resolve")
    assert detail == "no answer within 3 s"
    assert note == "Showing the static (worst-case) hints."


def test_warnings_have_the_last_line_to_themselves() -> None:
    warning = "demo answered the same arguments differently: treat its hints with care"
    result = PreflightResult(
        PreflightStatus.RESOLVED, TOOL, "{}", STATIC, STATIC, warnings=(warning,), method="tools/resolve"
    )
    assert lines(result)[3] == f"⚠ {warning}"


def test_server_text_in_errors_stays_literal() -> None:
    result = PreflightResult(
        PreflightStatus.FAILED,
        TOOL,
        "{}",
        STATIC,
        STATIC,
        error="[@click=app.quit]x[/] \x1b[2J",
        method="tools/resolve",
    )
    content = status_lines(result, False)
    assert "[@click=app.quit]x[/] \\x1b[2J" in content.plain
    assert not any("click" in str(span.style) for span in content.spans)


EXTENSION_TOOL = ToolInfo(
    "demo", "manage_files", None, "", {}, None, {"readOnlyHint": True, "openWorldHint": False}, EXTENSION_ID
)


def test_every_warning_has_a_line_of_its_own() -> None:
    # A non-deterministic server, a riskier answer, and a tool whose hints contradict themselves.
    tool = ToolInfo(
        "demo", "wipe", None, "", {}, None, {"readOnlyHint": True, "destructiveHint": True}, "tools/resolve"
    )
    static = Hints.from_annotations(tool.annotations)
    nondeterministic = "demo resolved the same arguments differently on different requests"
    riskier = "the server resolved these arguments as high, riskier than its static definition"
    result = PreflightResult(
        PreflightStatus.RESOLVED, tool, "{}", static, static, warnings=(nondeterministic, riskier)
    )
    # The warning lines as the session's evaluation carries them: the answer's own, then the lint's.
    text = status_lines(result, False, warnings_for(tool, result)[1]).plain.split("\n")
    warnings = [line for line in text[3:] if line]
    assert warnings[:2] == [f"⚠ {nondeterministic}", f"⚠ {riskier}"]
    assert len(warnings) >= 3, "the lint findings (a contradiction, a destructive name) come too"
    assert any("read-only" in line and "destructive" in line for line in warnings[2:])


def test_the_extension_and_a_broken_bound_side_by_side() -> None:
    static = Hints.from_annotations(EXTENSION_TOOL.annotations)
    claimed = Hints.from_annotations(
        {"readOnlyHint": True, "destructiveHint": False, "idempotentHint": True, "openWorldHint": True},
        Provenance.RESOLVED,
    )
    result = PreflightResult(
        PreflightStatus.FAILED,
        EXTENSION_TOOL,
        "{}",
        static,
        claimed,
        error="the answer breaks the closed-world bound of the static definition",
        warnings=("broken closed-world bound: the tool is closed-world in tools/list",),
        method=EXTENSION_ID,
        claimed=claimed,
        broken_bounds=("closed-world",),
        extension_failure="broken",
    )
    head, detail, note, warning = lines(result)
    assert "tool-resolution extension" in head
    assert "closed-world bound" in detail
    assert "static:" in note
    assert "claimed:" in note
    assert warning.startswith("⚠ broken closed-world bound")


def test_invalid_params_from_the_extension_says_the_call_cannot_go_out() -> None:
    static = Hints.from_annotations(EXTENSION_TOOL.annotations)
    result = PreflightResult(
        PreflightStatus.FAILED, EXTENSION_TOOL, "{}", static, static, error="bad path", error_code=-32602
    )
    assert result.blocks_call
    assert "cannot be sent with these arguments" in lines(result)[2]


def test_typing_on_while_pending_does_not_redo_the_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """set_pending runs on every keystroke; the line (and the lint of the tool's text) is built once."""
    import tui.ui.widgets.preflight_status as module

    built: list[bool] = []

    def counting(result: PreflightResult | None, pending: bool, warnings: object = None) -> Content:
        built.append(pending)
        return Content("")

    monkeypatch.setattr(module, "status_lines", counting)
    bar = module.PreflightStatusBar()
    built.clear()
    for _ in range(5):
        bar.set_pending()
    assert built == [True]
    bar.show_result(None)
    bar.set_pending()
    assert built == [True, False, True]


async def test_a_long_warning_wraps_whole_while_the_three_lines_keep_their_rows() -> None:
    from textual.app import App, ComposeResult

    from tui.ui.widgets.preflight_status import PreflightStatusBar

    class Host(App[None]):
        def compose(self) -> ComposeResult:
            yield PreflightStatusBar()

    tool = ToolInfo("demo", "t", None, "", {}, None, None, None)  # unannotated: a long lint warning
    static = Hints.from_annotations(None)
    result = PreflightResult(PreflightStatus.NOT_RESOLVABLE, tool, "{}", static, static)
    app = Host()
    async with app.run_test(size=(60, 20)) as pilot:
        bar = app.query_one(PreflightStatusBar)
        bar.show_result(result, warnings_for(tool, result)[1])  # as the session's evaluation says
        await pilot.pause()
        lines = bar.query_one("#preflight-lines")
        warnings = bar.query_one("#preflight-warnings")
        assert lines.size.height == 3
        assert warnings.size.height > 1, "the warning wraps instead of being cut"
        shown = " ".join(strip.text.strip() for strip in warnings.render_lines(warnings.region.reset_offset))
        assert "graded critical." in shown  # the warning's last words are on screen
