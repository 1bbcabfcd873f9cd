"""A result block whose bytes can be saved to a file: a button and the ``s`` key open SaveBinaryScreen."""

from __future__ import annotations

from pathlib import Path

from textual import on
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import Button

from tui.model.formatting import human_size
from tui.ui.screens.save_binary import SaveBinaryScreen


class SaveableBlock(Vertical):
    """Base for blocks that carry savable bytes; subclasses fill ``data``, ``file_name`` and ``what``."""

    BINDINGS = [Binding("s", "save", "Save to file", id="result.save")]

    class Saved(Message):
        """Posted after the bytes were written to ``path``."""

        def __init__(self, path: Path, size: int) -> None:
            super().__init__()
            self.path = path
            self.size = size

    def __init__(self, *, save_dir: Path | None = None, classes: str | None = None) -> None:
        super().__init__(classes=classes)
        self.save_dir = save_dir
        self.data: bytes = b""
        self.file_name = "result.bin"
        self.what = ""

    def save_button(self, label: str = "Save to file… (s)") -> Button:
        return Button(label, classes="save-button", compact=True)

    def focus_save_button(self) -> None:
        """Put the focus on this block's button, where ``s`` saves it, and the button in sight."""
        button = self.query_one(".save-button", Button)
        button.focus(scroll_visible=False)
        # A block mounted a moment ago has no place on screen yet to scroll to: after the next refresh.
        self.call_after_refresh(button.scroll_visible, animate=False)

    @on(Button.Pressed, ".save-button")
    def _save_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_save()

    def action_save(self) -> None:
        if not self.data:
            return
        folder = self.save_dir if self.save_dir is not None else Path.cwd()
        screen = SaveBinaryScreen(self.data, folder / self.file_name, what=self.what)
        self.app.push_screen(screen, self._written)

    def _written(self, path: Path | None) -> None:
        if path is None:
            return
        # The path was typed by the person, but notify() parses markup unless told not to.
        self.app.notify(f"Saved {human_size(len(self.data))} to {path}", markup=False)
        self.post_message(self.Saved(path, len(self.data)))
