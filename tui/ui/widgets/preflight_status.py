"""Where the hints of *this call* come from, always truthfully, in four fixed lines.

The height never changes, so typing never makes the layout jump; while a resolve is in flight the last
result stays on screen with a quiet "resolving…" mark instead of flickering to an empty state.
"""

from __future__ import annotations

from textual.content import Content
from textual.widgets import Static

from tui.client.preflight import PreflightResult, PreflightStatus
from tui.safety.hints import SHORT_LABELS
from tui.ui.safe_text import clean

DRAFT = "draft extension"


def _hint_label(name: str) -> str:
    return SHORT_LABELS.get(name, name)


def status_lines(result: PreflightResult | None, pending: bool) -> Content:
    """Four lines for ``result`` (None before the first one): what, detail, fallback note, warnings.

    Warnings (a non-deterministic server, a resolution riskier than the static definition) always
    have the last line to themselves, so nothing else can push them out of view.
    """
    busy = Content.styled("  resolving…", "italic $text-muted") if pending else Content("")
    if result is None:
        return Content.assemble(Content.styled("Preflight", "bold"), busy, "\n\n\n")
    head, detail, note = _describe(result)
    warnings = Content.styled("⚠ " + " · ".join(clean(w) for w in result.warnings), "bold $warning")
    last = warnings if result.warnings else Content("")
    return Content("\n").join([Content.assemble(head, busy), detail, note, last])


def _describe(result: PreflightResult) -> tuple[Content, Content, Content]:
    method = result.method or result.tool.resolve_method
    draft = Content.styled(f"  {method} ({DRAFT})", "$text-muted") if method else Content("")
    status = result.status
    if status is PreflightStatus.NOT_RESOLVABLE:
        source = "stated by the server" if not result.static.unannotated else "spec defaults: no annotations"
        return (
            Content.assemble(Content.styled("Static hints", "bold"), f" ({source})"),
            Content.styled("This tool does not declare per-call resolution.", "$text-muted"),
            Content(""),
        )
    if status is PreflightStatus.INVALID:
        first = result.errors[0] if result.errors else None
        where = f"{first.field}: " if first and first.field else ""
        more = f"  (+{len(result.errors) - 1} more)" if len(result.errors) > 1 else ""
        text = f"{where}{first.message}{more}" if first else "the arguments do not parse"
        return (
            Content.assemble(Content.styled("Waiting for valid arguments", "bold $warning"), draft),
            Content.styled(clean(text), "$warning"),
            Content.styled(
                "Showing the static (worst-case) hints meanwhile; nothing is sent.", "$text-muted"
            ),
        )
    if status is PreflightStatus.RESOLVED:
        reused = " (answer reused: same arguments, same connection)" if result.reused else ""
        return (
            Content.assemble(Content.styled("Resolved for these arguments", "bold $success"), draft),
            _changes(result)
            if result.changes
            else Content.styled(f"Same as the static hints{reused}.", "$text-muted"),
            Content(""),
        )
    fallback = (
        "No static annotations to fall back on: treated as destructive and open-world."
        if result.static.unannotated
        else "Showing the static (worst-case) hints."
    )
    return (
        Content.assemble(Content.styled("Resolve failed", "bold $error"), draft, "  ctrl+y retries"),
        Content.styled(clean(result.error or "unknown error"), "$error"),
        Content.styled(fallback, "$text-muted"),
    )


def _changes(result: PreflightResult) -> Content:
    parts = [Content.styled("Changed: ", "$text-muted")]
    for index, change in enumerate(result.changes):
        if index:
            parts.append(Content(", "))
        before = "yes" if change.before.value else "no"
        after = "yes" if change.after.value else "no"
        parts.append(Content.styled(f"{_hint_label(change.name)} {before} → {after}", "bold $accent"))
    return Content.assemble(*parts)


class PreflightStatusBar(Static):
    """Shows one PreflightResult; ``set_pending`` marks a request in flight without clearing it."""

    DEFAULT_CSS = """
    PreflightStatusBar {
        height: 4; padding: 0 1; background: $boost; text-wrap: nowrap; text-overflow: ellipsis;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(status_lines(None, False), id=id, markup=False)
        self.result: PreflightResult | None = None
        self.pending = False

    def show_result(self, result: PreflightResult | None) -> None:
        self.result, self.pending = result, False
        self.update(status_lines(result, False))

    def set_pending(self) -> None:
        self.pending = True
        self.update(status_lines(self.result, True))
