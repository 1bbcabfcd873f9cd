"""Where the hints of *this call* come from, always truthfully: three fixed lines, then every warning.

The first three lines wrap and never shrink while a tool is open, so typing never makes them jump; every
warning that applies (a non-deterministic server, a riskier or bound-breaking answer, a contradiction or
another lint finding) gets a line of its own below them, so none can push another out of view. While a
resolve is in flight the last result stays on screen with a quiet "resolving…" mark instead of flickering
to an empty state.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content
from textual.events import Resize
from textual.widgets import Static

from tui.model.hints import SHORT_LABELS, Hints
from tui.session.events import ArgumentsEvaluated, PreflightState
from tui.session.preflight import PreflightResult, PreflightStatus
from tui.ui.safe_text import clean
from tui.ui.widgets.hint_text import dialect_words


def _hint_label(name: str) -> str:
    return SHORT_LABELS.get(name, name)


def status_lines(
    result: PreflightResult | None, pending: bool, warnings: Sequence[str] | None = None
) -> Content:
    """At least four lines for ``result`` (None before the first one): what, detail, note, warnings.

    ``warnings``: every warning line of the evaluation (the preflight's own and the lint's, as the
    session worked them out); None shows the preflight's own. Each warning has a line of its own after
    the first three, so none hides another.
    """
    busy = Content.styled("  resolving…", "italic $text-muted") if pending else Content("")
    if result is None:
        return Content.assemble(Content.styled("Preflight", "bold"), busy, "\n\n\n")
    head, detail, note = _describe(result)
    texts = result.warnings if warnings is None else warnings
    lines = [Content.styled(f"⚠ {clean(text)}", "bold $warning") for text in texts]
    return Content("\n").join([Content.assemble(head, busy), detail, note, *(lines or [Content("")])])


def dialect_text(result: PreflightResult) -> str:
    """Which dialect this preflight used, in words ("" when the tool is not resolvable)."""
    method = result.method or result.tool.resolve_method
    if method is None:
        return ""
    return dialect_words(method).removeprefix("the ")


def side_by_side(static: Hints, claimed: Hints) -> str:
    """The static and the claimed hints on one line, for an answer that broke a bound."""

    def short(hints: Hints) -> str:
        return " ".join(
            f"{_hint_label(name)} {'yes' if hint.value else 'no'}" for name, hint in hints.items()
        )

    return f"static: {short(static)}  |  claimed: {short(claimed)}"


def _describe(result: PreflightResult) -> tuple[Content, Content, Content]:
    dialect = dialect_text(result)
    draft = Content.styled(f"  {dialect}", "$text-muted") if dialect else Content("")
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
    if result.claimed is not None:
        fallback = f"Using the riskier of {side_by_side(result.static, result.claimed)}"
    if result.call_blocked_reason is not None:
        fallback = "The call cannot be sent with these arguments: correct them first."
    return (
        # The key right after the status: last, a long dialect pushed it to the wrap and split "ctrl+y"
        # from "retries" (Textual wraps at any space); the dialect is what may wrap now.
        Content.assemble(Content.styled("Resolve failed", "bold $error"), "  ctrl+y retries", draft),
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


class PreflightStatusBar(Vertical):
    """Shows one PreflightResult; ``set_pending`` marks a request in flight without clearing it.

    Every line wraps: cut with an ellipsis, the dialect, the schema error and the note were lost at
    120 columns and most of each at 80. So that typing does not make the form below jump as a message
    changes length, the three fixed lines keep the tallest height they have had for this tool (until the
    next tool, or a resize); the warnings below them wrap too."""

    DEFAULT_CSS = """
    PreflightStatusBar { height: auto; padding: 0 1; background: $boost; }
    PreflightStatusBar > #preflight-lines { height: auto; min-height: 3; }
    PreflightStatusBar > #preflight-warnings { height: auto; min-height: 1; }
    """
    FIXED_LINES = 3

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.result: PreflightResult | None = None
        self.warnings: Sequence[str] | None = None
        self.pending = False
        self._width = 0
        self._lines = Static(id="preflight-lines", markup=False)
        self._warnings = Static(id="preflight-warnings", markup=False)
        self._show(status_lines(None, False))

    def compose(self) -> ComposeResult:
        yield self._lines
        yield self._warnings

    def show_result(self, result: PreflightResult | None, warnings: Sequence[str] | None = None) -> None:
        """Show ``result``; None starts again from "Preflight" (a tool was opened), at the least height."""
        self.result, self.warnings, self.pending = result, warnings, False
        if result is None:
            self._lines.styles.min_height = self.FIXED_LINES
        self._show(status_lines(result, False, warnings))

    def show_evaluation(self, evaluation: ArgumentsEvaluated) -> None:
        """Show what the session evaluated; while it waits for the server, the last answer stays."""
        if evaluation.state is PreflightState.PENDING and evaluation.preflight == self.result:
            self.set_pending()
            return
        self.show_result(evaluation.preflight, evaluation.warnings)
        if evaluation.state is PreflightState.PENDING:
            self.set_pending()

    def on_resize(self, event: Resize) -> None:
        # Wider or narrower, the lines wrap differently: the tallest height so far no longer applies.
        if event.size.width != self._width:
            self._width = event.size.width
            self._lines.styles.min_height = self.FIXED_LINES

    def _hold_height(self) -> None:
        """Keep the height the lines have now as their least, so a shorter message does not shrink them."""
        height = self._lines.size.height
        minimum = self._lines.styles.min_height
        if minimum is None or height > minimum.value:
            self._lines.styles.min_height = height

    def set_pending(self) -> None:
        if self.pending:
            return  # called on every keystroke: the line (lint of the tool's text included) is up already
        self.pending = True
        self._show(status_lines(self.result, True, self.warnings))

    def _show(self, content: Content) -> None:
        lines = content.split("\n")
        self._lines.update(Content("\n").join(lines[: self.FIXED_LINES]))
        self._warnings.update(Content("\n").join(lines[self.FIXED_LINES :]))
        self.call_after_refresh(self._hold_height)
