"""An image or audio result: its kind, MIME type and size, and a way to save the bytes."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.widgets import Static

from tui.model.formatting import human_size, suggested_file_name
from tui.model.results import BinaryBlock
from tui.safety.visible_text import visible_line
from tui.ui.safe_text import literal
from tui.ui.widgets.results.saveable import SaveableBlock


class BinaryBlockView(SaveableBlock):
    def __init__(
        self, block: BinaryBlock, *, save_stem: str = "result", save_dir: Path | None = None
    ) -> None:
        super().__init__(save_dir=save_dir, classes=f"result-block binary-block {block.kind}-block")
        self.block = block
        self.data = block.data
        self.file_name = suggested_file_name(save_stem, block.mime_type)
        mime = visible_line(block.mime_type)  # a line break in it would split the header
        self.what = f"{block.kind.capitalize()} · {mime} · {human_size(len(block.data))}"

    def compose(self) -> ComposeResult:
        yield Static(literal(self.what), classes="block-title")
        if self.block.decode_error:
            yield Static(
                literal(f"The data could not be decoded: {self.block.decode_error}"),
                classes="block-note block-problem",
            )
        if self.data:
            yield self.save_button()
