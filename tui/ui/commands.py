"""Command palette entries (ctrl+p) for the things that also have keys."""

from __future__ import annotations

from functools import partial

from textual.command import Hit, Hits, Provider


class AppCommands(Provider):
    COMMANDS: tuple[tuple[str, str, str], ...] = (
        (
            "Preferences",
            "app.open_preferences",
            "Auto-approve, server trust, per-tool rules, overrides, approvals",
        ),
        ("Audit log", "app.open_audit", "Recent call decisions with their reasons"),
        ("Call history", "screen.show_tab('history')", "Calls made in this session"),
        ("Server logs", "screen.show_tab('logs')", "stderr and log messages of the selected server"),
        ("Reconnect server", "screen.reconnect", "Reconnect the server highlighted in the list"),
        ("Sort tools by risk", "screen.toggle_sort", "Highest risk first, or back to server and name"),
        ("Retry resolve", "screen.retry_preflight", "Ask the server again for this call's hints"),
        ("Resources", "screen.show_tab('resources')", "List, read and subscribe to the server's resources"),
        ("Prompts", "screen.show_tab('prompts')", "Get the server's prompts with arguments"),
        ("Traffic", "screen.show_tab('traffic')", "Every JSON-RPC message in and out, redacted"),
        (
            "Server info",
            "screen.show_tab('server-info')",
            "Version, protocol, capabilities, log level, roots",
        ),
    )

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, action, help_text in self.COMMANDS:
            score = matcher.match(name)
            if score > 0:
                yield Hit(score, matcher.highlight(name), partial(self._run, action), help=help_text)

    async def _run(self, action: str) -> None:
        await self.app.run_action(action, self.screen)
