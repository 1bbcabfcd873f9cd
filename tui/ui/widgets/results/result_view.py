"""The result of one tool call: how it ended, every content block, and structuredContent as a tree."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from textual.await_complete import AwaitComplete
from textual.containers import VerticalScroll
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Static

from tui.model.formatting import human_duration
from tui.model.results import (
    BinaryBlock,
    CallOutcome,
    CallStatus,
    ContentBlock,
    EmbeddedResourceBlock,
    ResourceLinkBlock,
    TextBlock,
    UnknownBlock,
)
from tui.ui.safe_text import literal
from tui.ui.widgets.results.annotations import with_annotations
from tui.ui.widgets.results.binary_block import BinaryBlockView
from tui.ui.widgets.results.display_text import with_display_text
from tui.ui.widgets.results.resource_blocks import EmbeddedResourceView, ResourceLinkView, UnknownBlockView
from tui.ui.widgets.results.saveable import SaveableBlock
from tui.ui.widgets.results.status_text import status_label, status_sentence
from tui.ui.widgets.results.structured_tree import StructuredTree
from tui.ui.widgets.results.text_block import TextBlockView

DISPLAY_LIMIT_CHARS = 2_000_000
"""Text put on screen for one result, shared by its blocks, so a multi-MB result cannot freeze the UI.
Only the display is capped: each block says how much it shows, and saving it writes all of it."""

# One class per way a call can end, so styles (and tests) need not read the text.
_STATUS_CLASSES = ("-is-error", "-failed", "-timeout", "-cancelled", "-denied", "-ok")
_STATUS_CLASS = {
    CallStatus.ERROR: "-failed",
    CallStatus.TIMEOUT: "-timeout",
    CallStatus.CANCELLED: "-cancelled",
    CallStatus.DENIED: "-denied",
}


class ResultView(VerticalScroll):
    """Call ``show(outcome, title=...)`` to (re)fill it; await the return value to wait for the mount."""

    DEFAULT_CSS = """
    ResultView { height: 1fr; padding: 0 1; }
    ResultView #result-header { text-style: bold; }
    ResultView #result-status { margin-top: 1; text-style: bold; }
    ResultView .result-note { color: $text-warning; margin-top: 1; }
    ResultView .result-block { height: auto; margin-top: 1; padding-left: 1; border-left: wide $primary 40%; }
    ResultView .result-block .result-block { margin-top: 0; border-left: none; padding-left: 0; }
    ResultView .block-title { color: $text-muted; }
    ResultView .block-annotations { color: $text-muted; text-style: italic; }
    ResultView .block-summary { text-style: italic; }
    ResultView .block-note { color: $text-warning; }
    ResultView .block-problem { color: $text-error; }
    ResultView .text-body { height: auto; }
    ResultView TextArea.text-body { height: 24; }
    ResultView .save-button { margin-top: 1; }
    ResultView #result-structured-title { margin-top: 1; color: $text-muted; }
    ResultView.-is-error #result-status, ResultView.-failed #result-status,
    ResultView.-timeout #result-status { color: $text-error; }
    ResultView.-is-error .result-block { border-left: wide $error; }
    ResultView.-is-error .text-body { color: $text-error; }
    ResultView.-cancelled #result-status, ResultView.-denied #result-status { color: $text-warning; }
    """

    def __init__(
        self, *, save_dir: Path | None = None, id: str | None = None, classes: str | None = None
    ) -> None:
        """``save_dir`` is where save dialogs start (the working directory when None)."""
        super().__init__(id=id, classes=classes)
        self.save_dir = save_dir
        self.outcome: CallOutcome | None = None
        self._generation = 0
        self._replacing = asyncio.Lock()

    def show(self, outcome: CallOutcome, *, title: str) -> AwaitComplete:
        """Replace what is shown with ``outcome``; ``title`` names the call (server text is fine)."""
        self.outcome = outcome
        for name in _STATUS_CLASSES:
            self.remove_class(name)
        self.add_class(self._status_class(outcome))
        widgets = self._build(outcome, title)
        self._generation += 1
        generation = self._generation

        async def replace() -> None:
            # Two quick show() calls must not interleave remove/mount (duplicate ids): the older yields.
            async with self._replacing:
                if generation != self._generation:
                    return
                await self.remove_children()
                await self.mount_all(widgets)
                self.scroll_home(animate=False)

        return AwaitComplete(replace())

    @property
    def first_saveable(self) -> SaveableBlock | None:
        """The first block shown with bytes to save (and a "Save to file" button), if any."""
        return next((block for block in self.query(SaveableBlock) if block.data), None)

    @staticmethod
    def _status_class(outcome: CallOutcome) -> str:
        if outcome.status is CallStatus.OK:
            return "-is-error" if outcome.is_error else "-ok"
        return _STATUS_CLASS[outcome.status]

    def _build(self, outcome: CallOutcome, title: str) -> list[Widget]:
        # A call never sent has no duration to show ("not sent · 0 ms" read as if it ran).
        took = "" if outcome.status is CallStatus.DENIED else f" · {human_duration(outcome.duration_s)}"
        header = Content.assemble(literal(title), f" · {status_label(outcome)}{took}")
        widgets: list[Widget] = [Static(header, id="result-header")]
        sentence = status_sentence(outcome)
        if sentence is not None:
            widgets.append(Static(literal(sentence), id="result-status"))
        stem = title
        budget = DISPLAY_LIMIT_CHARS
        for index, block in enumerate(outcome.content, start=1):
            name = f"{stem}-{index}" if len(outcome.content) > 1 else stem
            view = with_annotations(self._block(block, name, budget), block.annotations)
            widgets.append(with_display_text(view, block.display_text))
            budget = max(0, budget - _text_length(block))
        if outcome.structured is not None:
            widgets.extend(self._structured(outcome.structured, f"{stem}-structured", budget))
        if outcome.status is CallStatus.OK and not outcome.content and outcome.structured is None:
            widgets.append(Static("The result has no content.", id="result-empty", classes="result-note"))
        return widgets

    def _structured(self, structured: Any, stem: str, display_limit: int) -> list[Widget]:
        title = Static("Structured content", id="result-structured-title")
        text = json.dumps(structured, ensure_ascii=False, default=str)
        if len(text) <= DISPLAY_LIMIT_CHARS:
            return [title, StructuredTree(structured, id="result-structured")]
        # Too large for a tree: its JSON as indented text, capped on screen and saved whole.
        indented = json.dumps(structured, indent=2, ensure_ascii=False, default=str)
        view = TextBlockView(
            indented,
            label="Structured content",
            save_stem=stem,
            save_dir=self.save_dir,
            display_limit=display_limit,
        )
        view.id = "result-structured"
        return [title, view]

    def _block(self, block: ContentBlock, stem: str, display_limit: int) -> Widget:
        if isinstance(block, TextBlock):
            return TextBlockView(
                block.text, save_stem=stem, save_dir=self.save_dir, display_limit=display_limit
            )
        if isinstance(block, BinaryBlock):
            return BinaryBlockView(block, save_stem=stem, save_dir=self.save_dir)
        if isinstance(block, ResourceLinkBlock):
            return ResourceLinkView(block)
        if isinstance(block, EmbeddedResourceBlock):
            return EmbeddedResourceView(block, save_dir=self.save_dir, display_limit=display_limit)
        if isinstance(block, UnknownBlock):
            return UnknownBlockView(block, save_dir=self.save_dir)
        raise TypeError(f"unknown content block {block!r}")


def _text_length(block: ContentBlock) -> int:
    """Characters of text ``block`` may put on screen (an upper bound: each view caps its own)."""
    if isinstance(block, TextBlock):
        return len(block.text)
    if isinstance(block, EmbeddedResourceBlock) and block.text is not None:
        return len(block.text)
    return 0
