"""The confirmation dialog before a tool call, graded by the call's risk (product.md "Confirmation dialogs").

safe / low / medium: compact (as tall as its content, no blank lines between parts, one-line buttons, a
small scrolling arguments box), Allow focused. high: warning colours, Cancel focused, the reasons first.
critical: error colours, Cancel focused, Allow disabled until the tool's exact name is typed, no "always".
Dismisses with a ``ConfirmChoice``; Escape is ``CANCEL``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static

from tui.safety.confirm import REMEMBERED, ConfirmChoice, ConfirmRequest
from tui.safety.grade import Grade
from tui.safety.visible_text import visible_line
from tui.ui.safe_text import literal, one_line
from tui.ui.screens import confirm_text as text
from tui.ui.widgets import confirm_remember as remember
from tui.ui.widgets.confirm_agent import AgentLine
from tui.ui.widgets.confirm_sections import ArgumentsSection
from tui.ui.widgets.key_footer import KeyFooter
from tui.ui.widgets.more_below import MoreBelow
from tui.ui.widgets.preview_line import PreviewLine


def _block(lines: list[str], *, id: str, heading: str, inline: bool = False) -> Static | None:
    """``heading`` over one line per item; ``inline``: heading and items as one wrapped paragraph."""
    if not lines:
        return None
    if inline:
        body = heading + " " + "; ".join(line.removeprefix("• ") for line in lines)
    else:
        body = "\n".join([heading, *lines])
    return Static(literal(body), id=id, classes="confirm-block")


NARROW_BELOW = 100
"""Terminal width (cells) below which four buttons are laid out two by two."""
NARROW_BELOW_THREE = 76
"""The same for three buttons (no "always", as for critical calls): they fit in a row at 80 columns."""
SHORT_BELOW = 32
"""Terminal height (rows) below which a high or critical dialog drops its frames and blank lines, so who
asks, the reasons and the start of the arguments are on screen above the (docked) gate and buttons."""


class NameBox(Input):
    """The critical gate's box. Once it holds the tool's name, o and s are the dialog's keys again (the
    screen's priority bindings take them): Textual keeps the keys a text box types away from bindings."""

    def __init__(self, confirmed: Callable[[], bool], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._confirmed = confirmed

    def check_consume_key(self, key: str, character: str | None) -> bool:
        if key in ("o", "s") and self._confirmed():
            return False
        return super().check_consume_key(key, character)


class ConfirmCallScreen(ModalScreen[ConfirmChoice]):
    """Ask whether to run one call; ``request`` says what, why, and with which exact arguments."""

    BINDINGS = [
        Binding("escape", "choose('cancel')", "Cancel", id="confirm.cancel"),
        Binding("c", "choose('cancel')", "Cancel", show=False, id="confirm.cancel-key"),
        Binding("o", "choose('once')", "Allow once", id="confirm.once"),
        Binding("s", "choose('session')", "Allow for this session", id="confirm.session"),
        Binding("a", "choose('always')", "Always allow", id="confirm.always"),
        *remember.BINDINGS,
        # Once the name box holds the name, the o and s the footer shows work from it too: they typed into
        # it (roll_diceo) and disabled Allow again. Before that they are letters of the name.
        Binding("o", "typed_choice('once')", show=False, priority=True, id="confirm.typed-once"),
        Binding("s", "typed_choice('session')", show=False, priority=True, id="confirm.typed-session"),
        Binding("left", "app.focus_previous", "Previous", show=False, id="confirm.left"),
        Binding("right", "app.focus_next", "Next", show=False, id="confirm.right"),
    ]

    DEFAULT_CSS = """
    ConfirmCallScreen { align: center middle; }
    ConfirmCallScreen > #confirm-box {
        width: 90%; max-width: 110; height: auto; max-height: 95%; scrollbar-size-vertical: 1;
        padding: 1 2; border: thick $primary; background: $surface;
    }
    ConfirmCallScreen.-grade-high > #confirm-box { border: thick $warning; }
    ConfirmCallScreen.-grade-critical > #confirm-box { border: thick $error; }
    ConfirmCallScreen #confirm-title { text-style: bold; }
    ConfirmCallScreen #confirm-grade { text-style: bold; color: $success; }
    ConfirmCallScreen.-grade-medium #confirm-grade { color: $accent; }
    ConfirmCallScreen.-grade-high #confirm-grade { color: $warning; }
    ConfirmCallScreen.-grade-critical #confirm-grade { color: $error; }
    ConfirmCallScreen #confirm-details { height: auto; }
    ConfirmCallScreen #confirm-footer { dock: bottom; height: auto; background: $surface; }
    ConfirmCallScreen .confirm-block { margin-top: 1; height: auto; }
    ConfirmCallScreen #confirm-lint { color: $warning; }
    ConfirmCallScreen #confirm-trust, ConfirmCallScreen #confirm-decision { color: $text-muted; }
    ConfirmCallScreen #confirm-rule { text-style: bold; }
    ConfirmCallScreen #confirm-always-meaning { color: $text-muted; }
    ConfirmCallScreen #confirm-gate-label { margin-top: 1; color: $error; }
    ConfirmCallScreen #confirm-buttons { height: auto; margin-top: 1; align-horizontal: right; }
    ConfirmCallScreen #confirm-buttons Button { margin-left: 1; }
    ConfirmCallScreen.-narrow #confirm-buttons {
        layout: grid; grid-size: 2; grid-gutter: 0 1; grid-columns: auto auto; align-horizontal: left;
    }
    ConfirmCallScreen.-narrow #confirm-buttons Button { margin-left: 0; }
    ConfirmCallScreen.-compact > #confirm-box { padding: 0 1; }
    ConfirmCallScreen.-compact .confirm-block, ConfirmCallScreen.-compact ArgumentsSection { margin-top: 0; }
    ConfirmCallScreen.-compact #confirm-buttons { margin-top: 1; }
    /* The whole terminal, and the grade's colour on the sides only: two rows and eight columns more, so
       the first lines of the arguments are in view above the gate at 80x24 too. */
    ConfirmCallScreen.-short > #confirm-box {
        padding: 0 1; width: 100%; max-height: 100%; border-top: none; border-bottom: none;
    }
    ConfirmCallScreen.-short .confirm-block, ConfirmCallScreen.-short ArgumentsSection { margin-top: 0; }
    ConfirmCallScreen.-short #confirm-gate-label { margin-top: 0; }
    ConfirmCallScreen.-short #confirm-buttons { margin-top: 0; }
    """
    CSS = remember.CSS  # the remembered choices' row and lines, kept with them

    def __init__(self, request: ConfirmRequest) -> None:
        super().__init__()
        self.request = request
        self.grade = request.grade.grade
        self.add_class(f"-grade-{self.grade.label}")
        self.set_class(not self.severe, "-compact")
        self._withdrawn = False
        self._withdrawn_closing = False

    @property
    def severe(self) -> bool:
        """high and critical: Cancel is focused and the reasons come first."""
        return self.grade >= Grade.HIGH

    def compose(self) -> ComposeResult:
        request = self.request
        # Compact: the reasons run on as one wrapped paragraph instead of a line each.
        reasons = _block(
            text.reason_lines(request),
            id="confirm-reasons",
            heading="Why this grade:",
            inline=not self.severe,
        )
        with VerticalScroll(id="confirm-box") as box:
            yield Static(literal(text.title_text(request)), id="confirm-title")
            if request.agent is not None:  # a call an agent made through the gateway: say whose it is
                yield AgentLine(request.agent, id="confirm-agent")
            yield Static(literal(text.grade_text(request)), id="confirm-grade")
            # Right under what the call is: the arguments are what a person checks before allowing it.
            yield ArgumentsSection(request.arguments_json, id="confirm-arguments-section")
            yield Static(literal(text.TRUST_TEXT[request.trust]), id="confirm-trust")
            yield Static(literal(request.decision.reason), id="confirm-decision")
            if (rule := text.rule_line(request)) is not None:
                yield Static(literal(rule), id="confirm-rule")
            # Right under the reason it may override ("you always confirm destructive calls").
            meaning = text.always_meaning(request)
            if meaning is not None:
                yield Static(literal(meaning), id="confirm-always-meaning")
            yield from remember.limit_lines(request)
            with Vertical(id="confirm-details"):
                if self.severe and reasons is not None:
                    yield reasons
                yield from self._details()
                if not self.severe and reasons is not None:
                    yield reasons
            # The server's own wording (Display Templates) comes after the grade, the reasons and the
            # arguments as sent, never instead of them: this is a permission prompt.
            yield PreviewLine(request.preview, id="confirm-preview")
            # Docked: the gate and the choices stay on screen however long the details are.
            with Vertical(id="confirm-footer"):
                yield MoreBelow(box, "↓ PgDn scroll", id="confirm-more")
                if request.needs_typed_name:
                    yield Label(literal(text.gate_text(request)), id="confirm-gate-label")
                    name = one_line(request.tool_name)
                    # Not the name itself: a dim copy of it looked as if the box were filled in already.
                    yield NameBox(
                        lambda: self.name_confirmed,
                        placeholder=f"type {name} here",
                        id="confirm-typed-name",
                        select_on_focus=False,
                    )
                with Horizontal(id="confirm-buttons"):
                    yield from self._buttons()
                yield from remember.remember_row(request, compact=not self.severe)
        yield KeyFooter()

    def _details(self) -> ComposeResult:
        request = self.request
        for block in (
            _block(
                text.definition_lines(request),
                id="confirm-definition-changes",
                heading="The tool changed since you approved it:",
            ),
            _block(
                text.change_lines(request),
                id="confirm-resolution",
                heading="Changed from the tool's definition:",
            ),
            _block(
                text.claimed_lines(request),
                id="confirm-claimed",
                heading="The server's answer broke the tool's static bounds:",
            ),
            _block(text.lint_lines(request), id="confirm-lint", heading="Warnings:"),
        ):
            if block is not None:
                yield block

    def _buttons(self) -> ComposeResult:
        allow_variant = {Grade.HIGH: "warning", Grade.CRITICAL: "error"}.get(self.grade, "primary")
        compact = not self.severe  # one-line buttons; high and critical keep the full, framed ones
        yield Button(
            Content("Allow once (o)"),
            id="confirm-once",
            variant=allow_variant,  # type: ignore[arg-type]
            disabled=self.request.needs_typed_name,
            compact=compact,
        )
        yield Button(
            Content("Allow for this session (s)"),
            id="confirm-session",
            disabled=self.request.needs_typed_name,
            compact=compact,
        )
        if self.request.offers_always:
            yield Button(literal(text.always_label(self.request)), id="confirm-always", compact=compact)
        yield Button(Content("Cancel (Esc)"), id="confirm-cancel", compact=compact)

    def on_resize(self) -> None:
        # Four buttons need about 100 columns in a row; below that they go two by two, none cut off.
        narrow_below = NARROW_BELOW if self.request.offers_always else NARROW_BELOW_THREE
        self.set_class(self.size.width < narrow_below, "-narrow")
        # Framed buttons and a framed name box take ten rows of a 24-row terminal: short of about 32 rows
        # they go one-line, as in the compact grades, so what the call is stays in view.
        short = self.severe and self.size.height < SHORT_BELOW
        self.set_class(short, "-short")
        for button in self.query(Button).results(Button):
            button.compact = short or not self.severe
        for box in self.query(Input).results(Input):
            box.compact = short

    def on_mount(self) -> None:
        # The gate's box first: its label asks for the name, so typed letters must go there and not to the
        # one-letter keys (the "c" of a name would cancel). Enter there only moves on to Allow.
        if self.request.needs_typed_name:
            self.query_one("#confirm-typed-name", Input).focus()
        else:
            self.query_one("#confirm-cancel" if self.severe else "#confirm-once", Button).focus()

    @property
    def name_confirmed(self) -> bool:
        """True unless the grade needs the tool's name typed and it is not (exactly) there yet."""
        if not self.request.needs_typed_name:
            return True
        typed = self.query_one("#confirm-typed-name", Input).value.strip()
        # A name with hidden characters is shown as e.g. del<U+200B>ete (a line break as \x0a); typing what
        # is shown counts.
        name = self.request.tool_name
        return typed in (name, visible_line(name))

    @on(Input.Changed, "#confirm-typed-name")
    def _typed(self) -> None:
        confirmed = self.name_confirmed
        for button in self.query("#confirm-once, #confirm-session").results(Button):
            button.disabled = not confirmed
        self.query_one("#confirm-gate-label", Label).update(literal(text.gate_text(self.request)))
        self.refresh_bindings()  # the footer shows the Allow keys once they work

    @on(Input.Submitted, "#confirm-typed-name")
    def _submitted(self) -> None:
        # Enter in the name box is not consent by itself: it moves to the (now enabled) Allow button. A
        # name that is not the tool's says so.
        if self.name_confirmed:
            self.query_one("#confirm-once", Button).focus()
        else:
            self.query_one("#confirm-gate-label", Label).update(literal(text.wrong_name_text(self.request)))
            self.app.bell()

    def withdraw(self) -> None:
        """The question went away (a gateway withdrew it): close now if on top, else once back on top
        (dismiss pops the top screen, which could be another question's)."""
        self._withdrawn = True
        self._close_if_withdrawn()

    def on_screen_resume(self) -> None:
        self._close_if_withdrawn()

    def _close_if_withdrawn(self) -> None:
        if self._withdrawn and not self._withdrawn_closing and self.app.screen is self:
            self._withdrawn_closing = True
            self.dismiss(ConfirmChoice.CANCEL)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        event.stop()
        choice = (event.button.id or "").removeprefix("confirm-")
        self.action_choose(choice)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "typed_choice":
            box = self.query("#confirm-typed-name")
            return bool(box) and box.first().has_focus and self.name_confirmed
        if action != "choose" or not parameters:
            return True
        return self._allowed(ConfirmChoice(str(parameters[0])))

    def _allowed(self, choice: ConfirmChoice) -> bool:
        if choice is ConfirmChoice.CANCEL:
            return True
        if choice in REMEMBERED and choice not in self.request.remembered.choices:
            return False
        return self.name_confirmed

    def action_typed_choice(self, choice: str) -> None:
        self.action_choose(choice)

    def action_choose(self, choice: str) -> None:
        try:
            picked = ConfirmChoice(choice)
        except ValueError:
            return
        if self._allowed(picked):
            self.dismiss(picked)
        else:
            self.app.bell()
