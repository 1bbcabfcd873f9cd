"""A server asks the client's model to write a message; the person writes it (or declines).

Everything the server sent is shown literally: the messages, the system prompt, the model preferences,
the token limit. Send (ctrl+s) returns the person's text as a ``SamplingReply``; Decline (Esc) returns
None. Nothing is sent without the person pressing Send. Under a burst of requests from the same server the
dialog says how many more wait, and "Decline all" refuses them in one step.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import Button, Static, TextArea

from tui.model.features import SamplingReply, SamplingRequest
from tui.model.results import ContentBlock, TextBlock
from tui.ui.safe_text import literal
from tui.ui.screens.request_dialog import RequestDialog
from tui.ui.widgets.key_footer import KeyFooter


def block_text(block: ContentBlock) -> str:
    """A content block as plain text: text as is, anything else described by its type and size."""
    if isinstance(block, TextBlock):
        return block.text
    data = getattr(block, "data", None) or getattr(block, "blob", None)
    mime = getattr(block, "mime_type", None) or ""
    size = f", {len(data)} bytes" if isinstance(data, bytes) else ""
    return f"<{block.kind} {mime}{size}>"


class SamplingScreen(RequestDialog[SamplingReply | None]):
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
    SamplingScreen #sampling-head { dock: top; height: auto; background: $surface; }
    SamplingScreen #sampling-request { height: auto; max-height: 30vh; margin: 1 0 0 0; }
    SamplingScreen .sampling-role { color: $text-muted; margin-top: 1; }
    SamplingScreen #sampling-meta { color: $text-muted; margin-top: 1; }
    SamplingScreen #sampling-reply { height: 8; max-height: 20vh; }
    SamplingScreen #sampling-footer { dock: bottom; height: auto; background: $surface; }
    /* Empty until there is a problem: its blank row was the reply's last line at 80x24. */
    SamplingScreen #sampling-problem { color: $error; height: auto; display: none; }
    SamplingScreen #sampling-problem.-shown { display: block; }
    SamplingScreen #sampling-buttons { height: auto; margin-top: 1; align-horizontal: right; }
    SamplingScreen #sampling-buttons Button { margin-left: 1; }
    """

    def __init__(
        self,
        server: str,
        request: SamplingRequest,
        *,
        waiting: int = 0,
        declined: int = 0,
        decline_all: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(server, None, waiting=waiting, declined=declined, decline_all=decline_all)
        self.request = request

    def compose(self) -> ComposeResult:
        request = self.request
        # The whole dialog scrolls on a short terminal; the reply's buttons stay docked in sight.
        with VerticalScroll(id="sampling-box"):
            # Docked: who asks and what stays in sight above the reply (the request scrolls by itself).
            with Vertical(id="sampling-head"):
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
                yield self.queue_note()
                with Horizontal(id="sampling-buttons"):
                    yield Button(Content("Send reply (ctrl+s)"), id="sampling-send", variant="primary")
                    yield Button(Content("Decline (Esc)"), id="sampling-decline")
                    yield self.decline_all_button()
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
            problem = self.query_one("#sampling-problem", Static)
            problem.update(literal("Write the reply first, or decline (Esc)."))
            problem.add_class("-shown")
            return
        self.dismiss(SamplingReply(text))

    def action_decline(self) -> None:
        self.dismiss(None)
