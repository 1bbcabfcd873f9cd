"""Everything a hand-driven client does beside tools: resources, prompts, completions, the log level,
roots and the traffic. The session owns one of these; front ends call it and show what it returns.

Every method that talks to a server raises ``FeatureError`` with a readable sentence, never an SDK error.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from tui.config.model import LOG_LEVELS
from tui.config.toml_servers import absolute_roots
from tui.model.features import (
    CompletionRef,
    FeatureError,
    PromptInfo,
    PromptResult,
    ResourceContent,
    ResourceListing,
    TrafficRecord,
)
from tui.model.servers import LeftOut, Note
from tui.session.settings import Saved, SettingsService

"""Hears about each entry of a listing that was left out, and why."""

if TYPE_CHECKING:
    from tui.client.connection import Connection
    from tui.client.manager import ConnectionManager


class ServerFeatures:
    def __init__(
        self,
        manager: Callable[[], ConnectionManager],
        settings: SettingsService,
    ) -> None:
        self._manager = manager
        self._settings = settings

    def _connection(self, server: str) -> Connection:
        return self._manager().connection(server)

    # ---- resources ---------------------------------------------------------------------------------

    async def resources(self, server: str, note: Note | None = None) -> ResourceListing:
        """Every resource and template; a malformed entry is left out, said in the server's log and to
        ``note``."""
        from tui.client.resources import list_resources

        connection = self._connection(server)
        if "resources" not in connection.capabilities:
            raise FeatureError(f"{server} offers no resources (its capabilities do not include them).")
        client = connection.live_client()
        return await list_resources(client, self._settings.timeouts.request, self._noting(connection, note))

    @staticmethod
    def _noting(connection: Connection, note: Note | None) -> Note:
        def noted(problem: LeftOut) -> None:
            connection.log.append(f"[mcp-tui] {problem.text}")
            if note is not None:
                note(problem)

        return noted

    async def read_resource(self, server: str, uri: str) -> tuple[ResourceContent, ...]:
        from tui.client.resources import read_resource

        client = self._connection(server).live_client()
        return await read_resource(client, uri, self._settings.timeouts.request)

    def subscribed(self, server: str) -> frozenset[str]:
        """The resources the person subscribed to (the connection keeps them across reconnects); none
        for a server not (or no longer) configured."""
        try:
            return self._connection(server).subscriptions
        except KeyError:
            return frozenset()

    def can_subscribe(self, server: str) -> str | None:
        """Why subscribing to this server's resources is not possible, or None when it is."""
        from tui.client.resources import subscribable

        if not subscribable(self._connection(server).capabilities):
            return f"{server} does not offer resource subscriptions."
        return None

    async def subscribe(self, server: str, uri: str, *, on: bool = True) -> str:
        """resources/subscribe (or unsubscribe); on 2026-07-28, where that request is gone, the
        subscriptions/listen stream is opened anew for the resources followed from now on."""
        from tui.client.resources import follow_by_listening

        problem = self.can_subscribe(server)
        if problem is not None:
            raise FeatureError(problem)
        connection = self._connection(server)
        if connection.is_legacy:
            await connection.subscribe(uri, on=on)
        else:
            mine = connection.subscriptions
            uris = mine | {uri} if on else mine - {uri}
            timeout = self._settings.timeouts.request
            await follow_by_listening(connection.follow_resources, uri, uris, timeout, on=on)
        if on:
            return f"Subscribed to {uri}: an update from {server} shows here."
        return f"Unsubscribed from {uri}."

    # ---- completions -------------------------------------------------------------------------------

    def offers_completions(self, server: str) -> bool:
        return "completions" in self._connection(server).capabilities

    async def complete(
        self, server: str, ref: CompletionRef, argument: str, value: str, context: dict[str, str]
    ) -> list[str]:
        """Suggestions from the server; empty when it does not offer completions."""
        from tui.client.resources import complete

        if not self.offers_completions(server):
            return []
        client = self._connection(server).live_client()
        return await complete(client, ref, argument, value, context, self._settings.timeouts.request)

    # ---- prompts -----------------------------------------------------------------------------------

    async def prompts(self, server: str, note: Note | None = None) -> tuple[PromptInfo, ...]:
        """Every prompt; a malformed entry is left out, said in the server's log and to ``note``."""
        from tui.client.prompts import list_prompts

        connection = self._connection(server)
        if "prompts" not in connection.capabilities:
            raise FeatureError(f"{server} offers no prompts (its capabilities do not include them).")
        client = connection.live_client()
        return await list_prompts(client, self._settings.timeouts.request, self._noting(connection, note))

    async def get_prompt(self, server: str, name: str, arguments: dict[str, str]) -> PromptResult:
        from tui.client.prompts import get_prompt

        client = self._connection(server).live_client()
        return await get_prompt(client, name, arguments, self._settings.timeouts.request)

    # ---- logs and roots ----------------------------------------------------------------------------

    def log_level(self, server: str) -> str | None:
        return self._connection(server).log_level

    async def set_log_level(self, server: str, level: str) -> str:
        """Ask ``server`` for log messages at ``level`` and above, and save it as its ``log_level``."""
        if level not in LOG_LEVELS:
            raise FeatureError(f"unknown log level {level!r}; one of: {', '.join(LOG_LEVELS)}")
        message = await self._connection(server).set_log_level(level)
        saved = self._settings.set_server_setting(server, "log_level", level)
        return message if saved.ok else f"{message} {saved.message}"

    def roots(self, server: str) -> tuple[str, ...]:
        return self._connection(server).config.roots

    async def set_roots(self, server: str, roots: tuple[str, ...]) -> Saved:
        """Save ``server``'s roots (config.toml, through the settings) and tell the server."""
        roots = absolute_roots(roots)
        saved = self._settings.set_server_setting(server, "roots", roots)
        if not saved.ok:
            return saved
        told = await self._connection(server).update_roots(roots)
        return Saved(True, " ".join(part for part in (saved.message, told) if part))

    # ---- traffic -----------------------------------------------------------------------------------

    def traffic(self, server: str, method_filter: str = "") -> list[TrafficRecord]:
        """``server``'s messages, oldest first: those whose method contains ``method_filter`` (all when it
        is empty; ``tui.session.traffic.matching``)."""
        from tui.session.traffic import matching

        return matching(self._connection(server).traffic.records, method_filter)

    def export_traffic(self, server: str, path: Path, method_filter: str = "") -> int:
        """Write ``server``'s traffic (redacted, filtered by method) as JSON Lines; returns the count."""
        from tui.client.traffic import export_jsonl

        return export_jsonl(self.traffic(server, method_filter), path)
