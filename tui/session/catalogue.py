"""The tool catalogue across a start: cached lists first, each confirmed (or corrected) by the live one.

At start-up every server's last tool list comes from the cache (``tool_cache.py``) so it can be shown at
once. A cached tool is a promise, not a fact: until the server's live list holds the same definition it
cannot be resolved, called or approved (``require_confirmed``). When the live list arrives it replaces
the cached one; tools whose definition differs from the cached copy are reported by ``changed``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from dataclasses import dataclass

from tui.config.model import ServerConfig
from tui.model.servers import ToolInfo
from tui.store.tool_cache import ToolCache


class ToolNotConfirmed(RuntimeError):
    """A tool from the cache of an earlier run, not (or not so) listed by the server in this one."""


@dataclass(frozen=True)
class CatalogueEntry:
    tool: ToolInfo
    confirmed: bool
    """False while the tool is only known from the cache of an earlier run."""
    changed: bool = False
    """The live definition differs from the cached one (flag it: what you knew of it is out of date)."""


class CachedCatalogue:
    def __init__(self, cache: ToolCache, servers: Iterable[ServerConfig]) -> None:
        self._cache = cache
        self._configs = {server.name: server for server in servers}
        self._cached: dict[str, tuple[ToolInfo, ...]] = {}
        for name, config in self._configs.items():
            loaded = cache.load(config)
            if loaded is not None and loaded.tools:
                self._cached[name] = loaded.tools
        self._live: dict[str, tuple[ToolInfo, ...]] = {}
        self._reported: dict[str, tuple[str | None, str | None]] = {}
        self._saving: set[asyncio.Future[bool]] = set()

    # ---- what front ends read ---------------------------------------------------------------------

    def cached(self, server: str) -> tuple[ToolInfo, ...]:
        """The cached list of a server whose live list has not arrived yet (else nothing)."""
        return () if server in self._live else self._cached.get(server, ())

    def previous(self, server: str) -> tuple[ToolInfo, ...] | None:
        """The list the last session saved (kept after the live one replaces it), or None."""
        return self._cached.get(server)

    def live(self, server: str) -> tuple[ToolInfo, ...] | None:
        """The list the server gave in this session, or None before it has."""
        return self._live.get(server)

    def confirmed(self, tool: ToolInfo) -> bool:
        """False for a tool known only from the cache: not yet listed live, or listed differently."""
        if tool not in self._cached.get(tool.server, ()):
            return True
        return tool in self._live.get(tool.server, ())

    def require_confirmed(self, tool: ToolInfo) -> None:
        """Raise ``ToolNotConfirmed`` for a cached tool the server has not confirmed."""
        if self.confirmed(tool):
            return
        if tool.server in self._live:
            why = "its definition changed since then, or the server no longer offers it"
        else:
            why = "the server has not listed its tools yet"
        raise ToolNotConfirmed(
            f"{tool.name} on {tool.server} is from the tool list of an earlier run and {why}: "
            "nothing was sent. Wait for the live list, then open the tool again."
        )

    def require_listed_so(self, tool: ToolInfo, listed_now: ToolInfo | None) -> None:
        """Raise ``ToolNotConfirmed`` unless ``tool`` is confirmed and the server lists it now exactly so
        (``listed_now``: the server's live definition of that name, None when it lists none).

        A front end holds the definition it showed: a tool opened before the server's tools/list_changed
        keeps its old hints and hash, and was graded, approved and sent by them (a tool re-listed as
        destructive ran on an "always up to safe" approval of its safe self). Like a cached definition
        the live list changed, it is refused until opened again, so the person sees what it is now."""
        self.require_confirmed(tool)
        if listed_now == tool:
            return
        raise ToolNotConfirmed(
            f"{tool.name} on {tool.server} changed since it was opened, or the server no longer lists it: "
            "nothing was sent. Open it again to see what it is now."
        )

    def changed(self, server: str) -> frozenset[str]:
        """Names whose live definition differs from the cached one (empty before the live list)."""
        live = {tool.name: tool for tool in self._live.get(server, ())}
        return frozenset(
            tool.name
            for tool in self._cached.get(server, ())
            if tool.name in live and live[tool.name] != tool
        )

    def entries(self, server: str) -> list[CatalogueEntry]:
        """The server's live tools (confirmed, flagged when changed), else its cached ones."""
        if server not in self._live:
            return [CatalogueEntry(tool, confirmed=False) for tool in self._cached.get(server, ())]
        changed = self.changed(server)
        return [CatalogueEntry(tool, True, tool.name in changed) for tool in self._live[server]]

    # ---- what the session feeds in ------------------------------------------------------------------

    def reported(self, server: str, name: str | None, version: str | None) -> None:
        """The name and version the server reported at connect (recorded with its cached list)."""
        self._reported[server] = (name, version)

    def listed(self, server: str, tools: tuple[ToolInfo, ...]) -> None:
        """The live list arrived: it replaces the cached one and is saved for the next start."""
        self._live[server] = tools
        config = self._configs.get(server)
        if config is None or not tools:  # an empty list (or a failed listing) is nothing to show next time
            return
        name, version = self._reported.get(server, (None, None))
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self._cache.save(config, name, version, tools)
            return
        # Off the event loop: the write ends in an fsync, and the tools are being painted right now.
        future = loop.run_in_executor(None, self._cache.save, config, name, version, tools)
        self._saving.add(future)
        future.add_done_callback(self._saving.discard)

    async def flush(self) -> None:
        """Wait for the cache writes still running."""
        if self._saving:
            await asyncio.gather(*self._saving, return_exceptions=True)
