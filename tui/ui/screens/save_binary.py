"""Ask where to save a result's bytes (an image, audio, a resource blob, long text) and write them.

Dismisses with the written path, or None when the person cancels. An existing file is only replaced
after a second, explicit confirmation; a write that fails says why and leaves the dialog open.
"""

from __future__ import annotations

import errno
from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static

from tui.session.saving import LinkRefused, save_bytes
from tui.ui.safe_text import literal
from tui.ui.widgets.key_footer import KeyFooter


def _describe_error(path: Path, error: OSError) -> str:
    """A plain sentence for a failed write; errno decides, so it reads the same on every platform."""
    if isinstance(error, LinkRefused):
        return f"The folder {path.parent} is a symbolic link; choose the real folder it points to."
    if isinstance(error, PermissionError):
        return f"Permission denied: cannot write {path}."
    if isinstance(error, IsADirectoryError):
        return f"{path} is a folder; add a file name."
    if isinstance(error, FileNotFoundError) or error.errno == errno.ENOENT:
        return f"The folder {path.parent} does not exist."
    if error.errno == errno.ENOSPC:
        return f"No space left on the device to write {path}."
    reason = error.strerror or str(error)
    return f"Could not write {path}: {reason}."


class SaveBinaryScreen(ModalScreen[Path | None]):
    """A file-path prompt that writes ``data`` to the chosen file."""

    BINDINGS = [
        Binding("escape", "cancel", "Cancel", id="save-binary.cancel"),
        # Enter in the path saves too; ctrl+s works wherever the focus is, as in the other dialogs.
        Binding("ctrl+s", "save", "Save", id="save-binary.save", priority=True),
    ]

    DEFAULT_CSS = """
    SaveBinaryScreen {
        align: center middle;
    }
    SaveBinaryScreen > Vertical {
        width: 80%;
        max-width: 100;
        height: auto;
        padding: 1 2;
        border: thick $primary;
        background: $surface;
    }
    SaveBinaryScreen #save-what { color: $text-muted; margin-bottom: 1; }
    SaveBinaryScreen #save-message { height: auto; margin-top: 1; }
    SaveBinaryScreen #save-message.-error { color: $text-error; }
    SaveBinaryScreen #save-message.-warning { color: $text-warning; }
    SaveBinaryScreen Horizontal { height: auto; margin-top: 1; align-horizontal: right; }
    SaveBinaryScreen Button { margin-left: 1; }
    """

    def __init__(self, data: bytes, suggested: Path, *, what: str = "") -> None:
        """``suggested`` prefills the path; ``what`` describes the data (e.g. "image/png image, 12.3 KB")."""
        super().__init__()
        self.data = data
        self.suggested = suggested
        self.what = what
        self._confirmed_overwrite: Path | None = None

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label("Save to file", id="save-title")
            yield Static(literal(self.what or f"{len(self.data)} bytes"), id="save-what")
            yield Input(str(self.suggested), id="save-path", select_on_focus=False)
            yield Static("", id="save-message")
            with Horizontal():
                yield Button("Cancel", id="save-cancel")
                yield Button("Save", variant="primary", id="save-confirm")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#save-path", Input).focus()

    @property
    def target(self) -> Path:
        """The path as typed: ``~`` expanded, relative paths taken from the working directory."""
        typed = self.query_one("#save-path", Input).value.strip()
        return Path(typed).expanduser().absolute()

    def _say(self, text: str, kind: str) -> None:
        message = self.query_one("#save-message", Static)
        message.update(literal(text))
        message.set_class(kind == "error", "-error")
        message.set_class(kind == "warning", "-warning")

    @on(Input.Changed, "#save-path")
    def _path_changed(self) -> None:
        # A confirmation covers one exact path; editing the path withdraws it.
        if self._confirmed_overwrite is not None:
            self._confirmed_overwrite = None
            self.query_one("#save-confirm", Button).label = "Save"
            self._say("", "")

    @on(Input.Submitted, "#save-path")
    @on(Button.Pressed, "#save-confirm")
    def action_save(self) -> None:
        if not self.query_one("#save-path", Input).value.strip():
            self._say("Type a file name.", "error")
            return
        path = self.target
        overwrite = self._confirmed_overwrite == path
        if path.is_dir():
            self._say(f"{path} is a folder; add a file name.", "error")
            return
        if path.exists() and not overwrite:
            self._confirmed_overwrite = path
            self.query_one("#save-confirm", Button).label = "Overwrite"
            self._say(f"{path} already exists. Press Overwrite to replace it, or change the name.", "warning")
            return
        try:
            # Never through a link; an existing file is replaced only after the person confirmed it,
            # and one that appeared since the check is asked about first.
            save_bytes(
                path.parent,
                path.name,
                self.data,
                create_directory=False,
                if_exists="replace" if overwrite else "refuse",
            )
        except FileExistsError:
            self._confirmed_overwrite = path
            self.query_one("#save-confirm", Button).label = "Overwrite"
            self._say(f"{path} already exists. Press Overwrite to replace it, or change the name.", "warning")
            return
        except OSError as error:
            self._say(_describe_error(path, error), "error")
            return
        self.dismiss(path)

    @on(Button.Pressed, "#save-cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
