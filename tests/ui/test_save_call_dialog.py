"""The save dialog on its own: it names the secrets that became placeholders, keeps only the expectations
left ticked, and a refused save says why in the dialog and writes nothing."""

from __future__ import annotations

from pathlib import Path

from textual.app import App
from textual.widgets import Checkbox, Input, Static

from tui.model.results import CallOutcome, CallStatus, TextBlock
from tui.model.servers import ToolInfo
from tui.session.collection_shelf import CollectionShelf
from tui.session.collections import read_collection
from tui.ui.screens.save_call import SaveCallScreen

LOGIN = ToolInfo(
    "auth", "login", None, "Log in.",
    {"type": "object", "properties": {"user": {"type": "string"},
                                      "secret_word": {"type": "string", "format": "password"}}},
    None, {"readOnlyHint": True},
)  # fmt: skip


async def test_the_dialog_names_the_placeholders_and_saves_what_is_ticked(tmp_path: Path) -> None:
    shelf = CollectionShelf(tmp_path)
    answered = CallOutcome(CallStatus.OK, (TextBlock("signed in as ann"),))
    draft = shelf.draft("sign in", LOGIN, {"user": "ann", "secret_word": "hunter2"}, answered, "safe")
    said: list[str | None] = []
    app: App[None] = App()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(SaveCallScreen(shelf, draft, "smoke"), said.append)
        await pilot.pause()
        dialog = app.screen
        placeholders = str(dialog.query_one("#save-call-placeholders", Static).content)
        assert "${MCP_TUI_LOGIN_SECRET_WORD}" in placeholders
        dialog.query_one("#save-expect-text_contains", Checkbox).value = False
        dialog.query_one("#save-call-collection", Input).value = "../outside"
        await pilot.press("ctrl+s")
        await pilot.pause()
        message = str(dialog.query_one("#save-call-message", Static).content)
        assert "not a collection name" in message
        assert shelf.entries() == []  # nothing written
        dialog.query_one("#save-call-collection", Input).value = "smoke"
        await pilot.press("ctrl+s")
        await pilot.pause()
    assert said
    assert said[0] is not None
    assert "smoke.toml" in said[0]
    [call] = read_collection(tmp_path / "smoke.toml").calls
    assert call.args["secret_word"] == "${MCP_TUI_LOGIN_SECRET_WORD}"
    assert (call.expect.is_error, call.expect.text_contains, call.expect.grade) == (False, None, "safe")
    assert "hunter2" not in (tmp_path / "smoke.toml").read_text(encoding="utf-8")
