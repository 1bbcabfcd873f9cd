"""Each server's trust: untrusted (hints may add friction, never remove it) or trusted."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.content import Content
from textual.widgets import Label, Switch

from tui.session.settings_types import ServerConfig, Trust
from tui.ui.safe_text import literal
from tui.ui.widgets.prefs.context import PrefsSection


def trust_words(trust: Trust) -> str:
    if trust is Trust.TRUSTED:
        return "trusted: your category preferences apply"
    return "untrusted: hints can add friction, never remove it"


class ServerTrust(PrefsSection):
    DEFAULT_CSS = """
    ServerTrust Label.trust-name { padding: 1 1 0 1; width: 30; }
    ServerTrust Label.trust-state { padding: 1 1 0 0; width: 1fr; color: $text-muted; }
    """

    def compose(self) -> ComposeResult:
        yield Label(Content("Server trust"), classes="prefs-heading")
        if not self.settings.servers:
            yield Label(Content("No servers are configured."), classes="prefs-note")
        for index, server in enumerate(self.settings.servers):
            with Horizontal():
                yield Switch(server.trust is Trust.TRUSTED, id=f"trust-{index}", name=str(index))
                yield Label(literal(server.name), classes="trust-name")
                yield Label(literal(self._words(server)), id=f"trust-state-{index}", classes="trust-state")

    def _words(self, server: ServerConfig) -> str:
        # Trust is saved in config.toml, so only servers defined there keep it after mcp-tui exits.
        in_file = self.settings.in_config_file(server.name)
        return trust_words(server.trust) + ("" if in_file else f"; {_session_only(server)}")

    @on(Switch.Changed)
    def _toggled(self, event: Switch.Changed) -> None:
        event.stop()
        index = int(event.switch.name or 0)
        name = self.settings.servers[index].name
        trust = Trust.TRUSTED if event.value else Trust.UNTRUSTED
        if not self.report(self.settings.set_trust(name, trust)):
            with event.switch.prevent(Switch.Changed):
                event.switch.value = not event.value
            return
        self.query_one(f"#trust-state-{index}", Label).update(
            literal(self._words(self.settings.servers[index]))
        )


def _session_only(server: ServerConfig) -> str:
    """Why trust for ``server`` lasts only this session: it is not defined in config.toml."""
    if server.builtin:
        return "for this session only (the bundled demo server starts untrusted)"
    return "for this session only (started from the command line; add it to config.toml to keep it)"
