"""The preflight status always says truthfully where this call's hints come from, in four lines."""

from __future__ import annotations

from tui.client.arguments import ArgumentError
from tui.client.models import ToolInfo
from tui.client.preflight import PreflightResult, PreflightStatus
from tui.safety.effective import HintChange
from tui.safety.hints import Hint, Hints, Provenance
from tui.ui.widgets.preflight_status import status_lines

TOOL = ToolInfo("demo", "manage_files", None, "", {}, None, {"readOnlyHint": False}, "tools/resolve")
STATIC = Hints.from_annotations(TOOL.annotations)


def lines(result: PreflightResult | None, pending: bool = False) -> list[str]:
    text = status_lines(result, pending).plain.split("\n")
    assert len(text) == 4, "the bar never changes height"
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
    assert "draft extension" in head
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
    assert "Resolve failed" in head
    assert "ctrl+y retries" in head
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
