"""The Server tab's text: a server's instructions are data, and a megabyte of them must not bury the
controls below."""

from __future__ import annotations

from tui.ui.widgets.server_info import INSTRUCTIONS_SHOWN, instructions_text


def test_a_servers_long_instructions_are_cut_with_a_note_so_the_controls_below_stay_near() -> None:
    assert instructions_text(None) == "none"
    assert instructions_text("Read the notes first.") == "Read the notes first."
    shown = instructions_text("x" * 1_000_000)
    assert shown.startswith("x" * INSTRUCTIONS_SHOWN + "\n… and 996,000 more characters")
    assert len(shown) < INSTRUCTIONS_SHOWN + 200
