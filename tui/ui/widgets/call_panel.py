"""The Call tab: one tool's badges for *this call*, the preflight status, the argument form and the result.

Each edit of the form goes to the session's live evaluation, and each ``ArgumentsEvaluated`` it publishes
comes back here (the panel subscribes to the session): the badges, the status lines and the form's errors
show it as it is. The panel computes none of it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Button, Static

from tui.model.arguments import ArgumentError
from tui.model.hints import Hints
from tui.model.results import CallOutcome, Progress
from tui.model.servers import ToolInfo
from tui.safety.grade import Grade
from tui.session.events import ArgumentsEvaluated
from tui.ui.safe_text import literal
from tui.ui.widgets.badges import HintBadges
from tui.ui.widgets.decision_line import DecisionLine
from tui.ui.widgets.form.argument_form import ArgumentForm
from tui.ui.widgets.more_below import ZOOM_KEY, MoreBelow
from tui.ui.widgets.preflight_status import PreflightStatusBar
from tui.ui.widgets.preview_line import PreviewLine
from tui.ui.widgets.results.call_progress import CallProgress
from tui.ui.widgets.results.result_view import ResultView
from tui.ui.widgets.results.saveable import SaveableBlock

if TYPE_CHECKING:
    from tui.session.events import SessionEvent
    from tui.session.live_preflight import LiveEvaluation
    from tui.session.session import Session


class CallPanel(Vertical):
    DEFAULT_CSS = """
    CallPanel { height: 1fr; }
    CallPanel #call-empty { color: $text-muted; padding: 1 2; }
    CallPanel #call-head { height: auto; padding: 0 1; }
    CallPanel #call-title { text-style: bold; }
    /* No margin below: the decision line is that row now. */
    CallPanel #call-badges { margin: 0; }
    CallPanel #call-editor { height: 1fr; min-height: 4; padding: 0 1; }
    CallPanel #call-bar { height: auto; padding: 0 1; }
    /* Narrower than a Button's usual 16 cells: at 80 columns the keys beside it fit whole. */
    CallPanel #call-button { min-width: 10; }
    /* One line: the footer names the same keys, and wrapped they took the result's room at 80x24. */
    CallPanel #call-bar Static {
        width: 1fr; height: 1; color: $text-muted; padding: 0 1; text-wrap: nowrap; text-overflow: ellipsis;
    }
    CallPanel.-has-preview #call-keys { display: none; }
    CallPanel #call-output { display: none; border-top: solid $panel-lighten-2; }
    /* Once there is a result, the form and the result share the room by fractions alone: with minimum
       heights that did not fit (80x24 with a notice), Textual placed the result below the screen. */
    CallPanel.-has-output #call-editor { height: 2fr; min-height: 0; }
    CallPanel.-has-output #call-output { display: block; height: 3fr; }
    CallPanel.-empty #call-head, CallPanel.-empty #call-editor, CallPanel.-empty #call-bar,
    CallPanel.-empty #call-output, CallPanel.-empty MoreBelow { display: none; }
    CallPanel MoreBelow { padding: 0 1; }
    CallPanel #call-empty { display: none; }
    CallPanel.-empty #call-empty { display: block; }
    """

    class CallRequested(Message):
        """The person asked to call the shown tool with the form's arguments."""

        def __init__(self, tool: ToolInfo) -> None:
            super().__init__()
            self.tool = tool

    def __init__(
        self, session: Callable[[], Session] | None = None, *, save_dir: Any = None, id: str | None = None
    ) -> None:
        """``session`` returns the app's session; without one (tests of the panel alone) nothing is
        evaluated."""
        super().__init__(id=id, classes="-empty")
        self.tool: ToolInfo | None = None
        self.form: ArgumentForm | None = None
        self.progress: CallProgress | None = None
        self._save_dir = save_dir
        self._session = session
        self._evaluation: LiveEvaluation | None = None
        self._unsubscribe: Callable[[], None] | None = None

    def on_mount(self) -> None:
        if self._session is not None:
            self._unsubscribe = self._session().subscribe(self._session_event)

    def on_unmount(self) -> None:
        self.close_evaluation()
        if self._unsubscribe is not None:
            self._unsubscribe()

    @property
    def evaluation(self) -> LiveEvaluation | None:
        """The session's evaluation of this panel's form; None until the session has started."""
        if self._evaluation is None and self._session is not None and self._session().engine is not None:
            self._evaluation = self._session().live_evaluation()
        return self._evaluation

    def close_evaluation(self) -> None:
        if self._evaluation is not None:
            self._evaluation.close()

    def retry_preflight(self) -> None:
        if self.evaluation is not None:
            self.evaluation.retry()

    def on_argument_form_changed(self, event: ArgumentForm.Changed) -> None:
        # Only this panel's form: the form being replaced may still post one.
        if event.form is not self.form or self.tool is None:
            return
        self._evaluate(self.form, self.tool)

    def _evaluate(self, form: ArgumentForm, tool: ToolInfo) -> ArgumentsEvaluated | None:
        if (evaluation := self.evaluation) is None:
            return None  # the session is still starting; the first edit after it starts is evaluated
        value, problems = form.collect()
        return evaluation.change(tool, value, problems, form.field_schema)

    def _session_event(self, event: SessionEvent) -> None:
        from tui.session.events import ArgumentsEvaluated

        if (
            isinstance(event, ArgumentsEvaluated)
            and self.tool is not None
            and event.tool.key == self.tool.key
        ):
            self.show_evaluation(event)

    def show_evaluation(self, evaluation: ArgumentsEvaluated) -> None:
        self.status_bar.show_evaluation(evaluation)
        self.badges.update(evaluation.assessment.hints, evaluation.assessment.grade.grade)
        self._show_preview(evaluation)
        self.query_one(DecisionLine).show(evaluation.decision)
        if self.form is not None:
            self.form.show_errors(evaluation.errors)

    def _show_preview(self, evaluation: ArgumentsEvaluated | None) -> None:
        preview = evaluation.preview if evaluation is not None else None
        self.query_one("#call-preview", PreviewLine).show(preview)
        # The keys are in the footer too: the bar's room goes to the wording when there is one.
        self.set_class(preview is not None, "-has-preview")

    def compose(self) -> ComposeResult:
        yield Static("Pick a tool on the left to call it.", id="call-empty")
        with Vertical(id="call-head"):
            yield Static("", id="call-title")
            yield HintBadges(id="call-badges")
            yield DecisionLine(id="call-decision")
            yield PreflightStatusBar(id="call-preflight")
        editor = VerticalScroll(id="call-editor")
        yield editor
        yield MoreBelow(editor, f"PgDn scrolls · {ZOOM_KEY} zooms", id="call-editor-more")
        with Horizontal(id="call-bar"):
            yield Button(
                "Call", id="call-button", variant="primary", compact=True, tooltip="Call the tool (ctrl+r)"
            )
            # Beside Call, what it will do in the server's words: no row of its own, which 80x24 has not.
            yield PreviewLine(one_row=True, id="call-preview")
            # Short enough for 80 columns; the form's ctrl+j is in the footer while the form has the focus.
            yield Static("ctrl+r call · Esc cancel", id="call-keys")
        result = ResultView(id="call-output", save_dir=self._save_dir)
        yield result
        yield MoreBelow(result, f"PgDn scrolls · {ZOOM_KEY} zooms", id="call-output-more")

    @property
    def status_bar(self) -> PreflightStatusBar:
        return self.query_one(PreflightStatusBar)

    @property
    def saveable_result(self) -> SaveableBlock | None:
        """The shown result's first block with bytes to save (an image, audio, long text), if any."""
        return self.query_one(ResultView).first_saveable

    @property
    def badges(self) -> HintBadges:
        return self.query_one("#call-badges", HintBadges)

    async def show_tool(
        self, tool: ToolInfo, hints: Hints, grade: Grade, initial: dict[str, Any] | None
    ) -> None:
        """Open ``tool`` with a fresh form (prefilled with ``initial`` or the schema defaults)."""
        # The old form is going: while it is removed below, a key (ctrl+r) must not pair it with this tool.
        self.form = None
        self.tool = tool
        self.remove_class("-empty")
        title = Content.assemble(
            literal(tool.display_title, "bold"),
            Content.styled("  ", ""),
            literal(f"{tool.name} on {tool.server}", "$text-muted"),
        )
        self.query_one("#call-title", Static).update(title)
        self.badges.update(hints, grade, tool.resolve_method is not None)
        self.status_bar.show_result(None)
        self._show_preview(None)  # until the new form is evaluated
        self.query_one(DecisionLine).show(None)
        if self.evaluation is not None:
            # The new form's first edit is evaluated even when it repeats the last arguments (reopening a
            # call from History does): the status starts again from "Preflight".
            self.evaluation.restart()
        editor = self.query_one("#call-editor", VerticalScroll)
        await editor.remove_children()
        self.form = ArgumentForm(tool.input_schema, initial, id="call-form")
        await editor.mount(self.form)
        await self.query_one(ResultView).remove_children()
        self.remove_class("-has-output")

    def show_hints(self, hints: Hints, grade: Grade) -> None:
        self.badges.update(hints, grade)

    def current_arguments(self) -> tuple[dict[str, Any] | None, list[ArgumentError]]:
        """What the form holds now and its errors, as the session evaluates them."""
        if self.form is None or self.tool is None:
            return None, [ArgumentError((), "no tool is open")]
        evaluation = self._evaluate(self.form, self.tool)
        if evaluation is None:
            return self.form.current()  # parse problems only: the session validates once it runs
        return evaluation.arguments, list(evaluation.errors)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "call-button" and self.tool is not None:
            event.stop()
            self.post_message(self.CallRequested(self.tool))

    async def show_running(self, title: str) -> None:
        output = self.query_one(ResultView)
        await output.remove_children()
        self.progress = CallProgress(title, id="call-progress")
        self.add_class("-has-output")
        await output.mount(self.progress)
        self.query_one("#call-button", Button).disabled = True

    def update_progress(self, progress: Progress) -> None:
        if self.progress is not None:
            self.progress.update_progress(progress)

    def mark_cancelling(self) -> None:
        if self.progress is not None:
            self.progress.mark_cancelling()

    async def show_outcome(self, outcome: CallOutcome, title: str) -> None:
        if self.progress is not None:
            self.progress.stop()
            self.progress = None
        self.query_one("#call-button", Button).disabled = False
        self.add_class("-has-output")
        await self.query_one(ResultView).show(outcome, title=title)

    def pane_to_zoom(self, focused: Widget | None) -> Widget | None:
        """The form's pane when the focus is in it, else the result's when there is one, else the form's."""
        if self.tool is None:
            return None
        editor = self.query_one("#call-editor")
        result = self.query_one(ResultView)
        if focused is not None and editor in focused.ancestors_with_self:
            return editor
        return result if self.has_class("-has-output") else editor
