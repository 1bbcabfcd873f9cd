"""One text result: JSON pretty-printed when it parses, large text in a virtualised read-only TextArea."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.widgets import Static, TextArea

from tui.model.formatting import human_size, pretty_json, suggested_file_name
from tui.ui.safe_text import clean, literal
from tui.ui.widgets.results.saveable import SaveableBlock

# A Static renders every line up front; past this a TextArea, which draws only what is visible, is faster.
STATIC_LIMIT_CHARS = 8_000
STATIC_LIMIT_LINES = 200
# Loading text into a TextArea still costs time per character and more per line: cap both so a huge
# result stays instant (100k short lines took seconds).
RENDER_LIMIT_CHARS = 400_000
RENDER_LIMIT_LINES = 5_000


def _cut(text: str, limit: int = RENDER_LIMIT_CHARS, max_lines: int = RENDER_LIMIT_LINES) -> str:
    """The start of ``text``: at most ``limit`` characters and ``max_lines`` lines, ending at a line break
    when one is near."""
    head = text[:limit]
    newline = -1
    for _ in range(max_lines):
        newline = head.find("\n", newline + 1)
        if newline < 0:
            break
    else:
        # Exactly max_lines lines and nothing after the last break: that is the whole text.
        return head if head[newline + 1 :] == "" and len(head) == len(text) else head[:newline]
    if len(head) < len(text):
        last = head.rfind("\n")
        return head[:last] if last > limit // 2 else head
    return head


class TextBlockView(SaveableBlock):
    """Shows ``text`` literally; long text can be saved whole even when only its start is shown.

    ``display_limit`` caps the characters put on screen (the result view shares one budget across its
    blocks). Saving always writes ``text`` exactly as the server sent it, however much is shown.
    """

    def __init__(
        self,
        text: str,
        *,
        label: str = "Text",
        save_stem: str = "result",
        save_dir: Path | None = None,
        display_limit: int = RENDER_LIMIT_CHARS,
    ) -> None:
        super().__init__(save_dir=save_dir, classes="result-block text-block")
        limit = max(0, min(display_limit, RENDER_LIMIT_CHARS))
        pretty = pretty_json(text)
        # Re-indented only when all of it fits on screen: a capped view is then a prefix of what was sent.
        if pretty is not None and len(pretty) > limit:
            pretty = None
        self.is_json = pretty is not None
        self.full_text = pretty if pretty is not None else text
        self.title_text = f"{label} · JSON" if self.is_json else label
        self.shown = _cut(self.full_text, limit)
        self.capped = len(self.shown) < len(self.full_text)
        self.large = (
            self.capped or len(self.shown) > STATIC_LIMIT_CHARS or self.shown.count("\n") > STATIC_LIMIT_LINES
        )
        self.data = text.encode("utf-8", errors="replace") if self.large else b""
        self.file_name = suggested_file_name(save_stem, "application/json" if self.is_json else "text/plain")
        self.what = f"{self.title_text}, {human_size(len(self.data))}"

    def compose(self) -> ComposeResult:
        if self.large:
            size = human_size(len(self.data))
            yield Static(literal(f"{self.title_text} · {size}"), classes="block-title")
        elif self.is_json:
            yield Static(literal(self.title_text), classes="block-title")
        if self.capped:
            shown = human_size(len(self.shown.encode("utf-8", errors="replace")))
            note = f"Showing the first {shown} of {human_size(len(self.data))}; save it to read the rest."
            yield Static(note, classes="block-note text-cap-note")
        if self.large:
            yield TextArea(
                clean(self.shown),
                read_only=True,
                soft_wrap=False,
                show_line_numbers=True,
                classes="text-body",
            )
            yield self.save_button("Save full text… (s)")
        else:
            yield Static(literal(self.shown), classes="text-body")
