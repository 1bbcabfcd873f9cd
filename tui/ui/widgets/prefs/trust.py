"""Each server's trust: untrusted (hints may add friction, never remove it) or trusted."""

from __future__ import annotations

import dataclasses

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.content import Content
from textual.widgets import Label, Switch

from tui.config.edit import set_server_trust
from tui.config.model import ServerConfig, Trust
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
        if not self.context.servers:
            yield Label(Content("No servers are configured."), classes="prefs-note")
        in_file = {server.name for server in self.context.config.servers}
        for index, server in enumerate(self.context.servers):
            # Trust is saved in config.toml, so only servers defined there can change it.
            session_only = _session_only(server) if server.name not in in_file else None
            with Horizontal():
                yield Switch(server.trust is Trust.TRUSTED, id=f"trust-{index}", name=str(index))
                yield Label(literal(server.name), classes="trust-name")
                yield Label(
                    literal(_words(server.trust, session_only)),
                    id=f"trust-state-{index}",
                    classes="trust-state",
                )

    def _in_file(self) -> set[str]:
        return {server.name for server in self.context.config.servers}

    @on(Switch.Changed)
    def _toggled(self, event: Switch.Changed) -> None:
        event.stop()
        index = int(event.switch.name or 0)
        server = self.context.servers[index]
        trust = Trust.TRUSTED if event.value else Trust.UNTRUSTED
        if trust is server.trust:
            return
        session_only = _session_only(server) if server.name not in self._in_file() else None
        if session_only is not None:
            # Not in config.toml, so nothing to save: the choice holds until mcp-tui exits.
            self.context.servers[index] = dataclasses.replace(server, trust=trust)
            self.query_one(f"#trust-state-{index}", Label).update(literal(_words(trust, session_only)))
            self.announce("trust")
            return
        if not self.write_config(
            lambda path: set_server_trust(path, server.name, trust), f"{server.name}'s trust"
        ):
            with event.switch.prevent(Switch.Changed):
                event.switch.value = not event.value
            return
        updated = dataclasses.replace(server, trust=trust)
        self.context.servers[index] = updated
        configured = self.context.config.servers
        for position, entry in enumerate(configured):
            if entry.name == server.name:
                configured[position] = updated
        self.query_one(f"#trust-state-{index}", Label).update(literal(trust_words(trust)))
        self.announce("trust")


def _session_only(server: ServerConfig) -> str:
    """Why trust for ``server`` lasts only this session: it is not defined in config.toml."""
    if server.builtin:
        return "for this session only (the bundled demo server starts untrusted)"
    return "for this session only (started from the command line; add it to config.toml to keep it)"


def _words(trust: Trust, session_only: str | None) -> str:
    return trust_words(trust) + (f"; {session_only}" if session_only else "")
