"""A server asks the client's model to write a message; the person writes it (or declines).

Everything the server sent is shown literally: the messages, the system prompt, the model preferences,
the token limit. Send (ctrl+s) returns the person's text as a ``SamplingReply``; Decline (Esc) returns
None. Nothing is sent without the person pressing Send.
"""

from __future__ import annotations

import json

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Static, TextArea

from tui.client.feature_models import SamplingReply, SamplingRequest
from tui.client.results import ContentBlock, TextBlock
from tui.ui.safe_text import literal
from tui.ui.widgets.key_footer import KeyFooter


def block_text(block: ContentBlock) -> str:
    """A content block as plain text: text as is, anything else described by its type and size."""
    if isinstance(block, TextBlock):
        return block.text
    data = getattr(block, "data", None) or getattr(block, "blob", None)
    mime = getattr(block, "mime_type", None) or ""
    size = f", {len(data)} bytes" if isinstance(data, bytes) else ""
    return f"<{block.kind} {mime}{size}>"


class SamplingScreen(ModalScreen[SamplingReply | None]):
    BINDINGS = [
        Binding("escape", "decline", "Decline", id="sampling.decline"),
        Binding("ctrl+s", "send", "Send reply", id="sampling.send", priority=True),
    ]

    DEFAULT_CSS = """
    SamplingScreen { align: center middle; }
    SamplingScreen > #sampling-box {
        width: 95%; max-width: 120; height: auto; max-height: 95%; scrollbar-size-vertical: 1;
        padding: 1 2; border: thick $warning; background: $surface;
    }
    SamplingScreen #sampling-from { text-style: bold; }
    SamplingScreen #sampling-request { height: auto; max-height: 20; margin: 1 0; }
    SamplingScreen .sampling-role { color: $text-muted; margin-top: 1; }
    SamplingScreen #sampling-meta { color: $text-muted; }
    SamplingScreen #sampling-reply { height: 8; }
    SamplingScreen #sampling-footer { dock: bottom; height: auto; background: $surface; }
    SamplingScreen #sampling-problem { color: $error; height: auto; }
    SamplingScreen #sampling-buttons { height: auto; margin-top: 1; align-horizontal: right; }
    SamplingScreen #sampling-buttons Button { margin-left: 1; }
    """

    def __init__(self, server: str, request: SamplingRequest) -> None:
        super().__init__()
        self.server = server
        self.request = request
        self._withdrawn = False
        self._closing_withdrawn = False

    def withdraw(self) -> None:
        """The request went away: close now if on top, else as soon as the dialogs above it close
        (dismiss always pops the top screen, which would close someone else's question)."""
        self._withdrawn = True
        self._close_if_withdrawn()

    def on_screen_resume(self) -> None:
        self._close_if_withdrawn()

    def _close_if_withdrawn(self) -> None:
        # Once only, and only from the top: a resume that was already queued when the request went
        # away must not pop a second screen (the main screen under this one).
        if self._withdrawn and not self._closing_withdrawn and self.app.screen is self:
            self._closing_withdrawn = True
            self.dismiss(None)

    def compose(self) -> ComposeResult:
        request = self.request
        # The whole dialog scrolls on a short terminal; the reply's buttons stay docked in sight.
        with VerticalScroll(id="sampling-box"):
            yield Static(
                literal(
                    f"{self.server} asks for a model's reply. You write it; nothing is sent until you do."
                ),
                id="sampling-from",
            )
            with VerticalScroll(id="sampling-request"):
                if request.system_prompt:
                    yield Static(literal("system prompt"), classes="sampling-role")
                    yield Static(literal(request.system_prompt), id="sampling-system")
                for index, message in enumerate(request.messages):
                    yield Static(literal(message.role), classes="sampling-role")
                    text = "\n".join(block_text(block) for block in message.content)
                    yield Static(literal(text), id=f"sampling-message-{index}")
            yield Static(literal(self._meta_text()), id="sampling-meta")
            yield TextArea("", id="sampling-reply", soft_wrap=True, tab_behavior="focus")
            with Vertical(id="sampling-footer"):
                yield Static("", id="sampling-problem")
                with Horizontal(id="sampling-buttons"):
                    yield Button(Content("Send reply (ctrl+s)"), id="sampling-send", variant="primary")
                    yield Button(Content("Decline (Esc)"), id="sampling-decline")
        yield KeyFooter()

    def _meta_text(self) -> str:
        request = self.request
        parts = [f"max tokens: {request.max_tokens}"]
        if request.model_preferences:
            parts.append("model preferences: " + json.dumps(request.model_preferences, ensure_ascii=False))
        if request.temperature is not None:
            parts.append(f"temperature: {request.temperature:g}")
        if request.stop_sequences:
            parts.append("stop sequences: " + json.dumps(list(request.stop_sequences), ensure_ascii=False))
        if request.include_context and request.include_context != "none":
            parts.append(f"asks to include context: {request.include_context} (not included)")
        if request.tools:
            parts.append(f"offers tools: {', '.join(request.tools)} (a written reply cannot call them)")
        return "\n".join(parts)

    def on_mount(self) -> None:
        self.query_one("#sampling-reply", TextArea).focus()

    @on(Button.Pressed, "#sampling-send")
    def _send_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_send()

    @on(Button.Pressed, "#sampling-decline")
    def _decline_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_decline()

    def action_send(self) -> None:
        text = self.query_one("#sampling-reply", TextArea).text
        if not text.strip():
            self.query_one("#sampling-problem", Static).update(
                literal("Write the reply first, or decline (Esc).")
            )
            return
        self.dismiss(SamplingReply(text))

    def action_decline(self) -> None:
        self.dismiss(None)
