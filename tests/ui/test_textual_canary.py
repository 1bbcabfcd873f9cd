"""The canary of Textual's private names: an upgrade of Textual that moves one fails here first.

Every private name of Textual that ``tui`` reaches lives in ``tui.ui.textual_internals``, which says what
to check on upgrade; each test here exercises one of its names against the installed Textual
(``tests/test_private_access.py`` checks that every one is exercised here, and that no other module of
``tui`` reaches a private name).
"""

from __future__ import annotations

from app_harness import wait_for
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Footer

from tui.ui.textual_internals import FooterKey


class _Keys(App[None]):
    BINDINGS = [Binding("f5", "reload", "Reload"), Binding("q", "quit", "Quit")]

    def compose(self) -> ComposeResult:
        yield Footer()


async def test_footer_key_is_the_widget_the_footer_shows_for_each_key() -> None:
    async with _Keys().run_test() as pilot:
        footer = pilot.app.query_one(Footer)
        await wait_for(pilot, lambda: len(footer.query(FooterKey)) >= 2)
        keys = list(footer.query(FooterKey))
        assert {key.action for key in keys} >= {"reload", "quit"}
        assert all(isinstance(key, FooterKey) for key in footer.children)
