"""A saved call opened in the Call tab from the Collections tab: what its next call is judged by."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from tui.model.collections import SavedCall

if TYPE_CHECKING:
    from tui.ui.widgets.form.argument_form import ArgumentForm


@dataclass
class Replay:
    """Judged when the call of that very form ends (another tool opened since means another form)."""

    call: SavedCall
    form: ArgumentForm | None
    collection: str
