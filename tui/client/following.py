"""Keeping up with a connected server: its tool list, listed again when it changes (a burst of
``list_changed`` notices makes one listing), and, on 2026 connections, the subscription that delivers
the list changes of tools, resources and prompts (earlier ones get them as notifications)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Collection

import anyio
from mcp import Client
from mcp.client.subscriptions import (
    ListenNotSupportedError,
    PromptsListChanged,
    ResourcesListChanged,
    SubscriptionLost,
    ToolsListChanged,
)
from mcp.shared.exceptions import MCPError

from tui.client import errors
from tui.client.stderr_pipe import LineLog


class ChangeFollower:
    def __init__(
        self,
        refresh: Callable[[Client], Awaitable[None]],
        log: LineLog,
        list_changed: Callable[[str], None],
    ) -> None:
        """``list_changed("resources" | "prompts")``: tell the front ends to list those again."""
        self._refresh = refresh
        self._log = log
        self._list_changed = list_changed
        self._wanted: anyio.Event | None = None

    def request(self) -> None:
        """List the tools again soon (ignored while not connected)."""
        if self._wanted is not None:
            self._wanted.set()

    async def run(self, client: Client, *, listen: bool, offers: Collection[str] = ()) -> None:
        """Until cancelled; ``listen``: a 2026 connection, where changes come only to a subscription;
        ``offers``: the server's capabilities (resources and prompts are followed when it has them)."""
        self._wanted = anyio.Event()
        try:
            async with anyio.create_task_group() as tg:
                tg.start_soon(self._refresh_loop, client)
                if listen:
                    tg.start_soon(self._listen, client, "resources" in offers, "prompts" in offers)
                await anyio.sleep_forever()
        finally:
            self._wanted = None

    async def _refresh_loop(self, client: Client) -> None:
        while True:
            assert self._wanted is not None
            await self._wanted.wait()
            # Coalesce a burst of list_changed notifications into one listing.
            self._wanted = anyio.Event()
            await self._refresh(client)

    async def _listen(self, client: Client, resources: bool, prompts: bool) -> None:
        """2026 connections deliver list changes only to a ``subscriptions/listen`` stream."""
        try:
            async with client.listen(
                tools_list_changed=True, resources_list_changed=resources, prompts_list_changed=prompts
            ) as subscription:
                # The stream has no replay: a change between the first listing and the subscription's
                # acknowledgement would be lost, so list once more now that changes are followed (the
                # tools here; resources and prompts by whoever shows them).
                self.request()
                if resources:
                    self._list_changed("resources")
                if prompts:
                    self._list_changed("prompts")
                async for event in subscription:
                    if isinstance(event, ToolsListChanged):
                        self.request()
                    elif isinstance(event, ResourcesListChanged):
                        self._list_changed("resources")
                    elif isinstance(event, PromptsListChanged):
                        self._list_changed("prompts")
        except (ListenNotSupportedError, SubscriptionLost, MCPError, TimeoutError) as exc:
            self._log.append(f"[mcp-tui] not following list changes: {errors.describe(exc)}")
