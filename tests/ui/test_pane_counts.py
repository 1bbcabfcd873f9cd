"""The Resources and Prompts tabs count in plain English: one resource, not 1 resources."""

from __future__ import annotations

from test_form_support import rendered_text
from test_hidden_session_support import Host, HostileSession
from textual.widgets import Static

from tui.ui.widgets.resources_view import ResourcesView


async def test_one_resource_and_one_template_are_counted_in_the_singular() -> None:
    pane = ResourcesView(HostileSession())  # type: ignore[arg-type]
    app = Host(pane)
    async with app.run_test(size=(120, 40)) as pilot:
        pane.show_server("s")
        for _ in range(3):
            await pilot.pause()
        assert rendered_text(pane.query_one(".pane-status", Static)) == "1 resource, 1 template."
