"""Keeping up with a connected server: its tool list, listed again when it changes (a burst of
``list_changed`` notices makes one listing), and, on 2026 connections, the ``subscriptions/listen``
stream that delivers the list changes of tools, resources and prompts and the updates of the resources
the person follows (earlier connections get them as notifications)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Collection

import anyio
from anyio import TASK_STATUS_IGNORED
from anyio.abc import TaskStatus
from mcp import Client
from mcp.client.subscriptions import (
    PromptsListChanged,
    ResourcesListChanged,
    ResourceUpdated,
    ServerEvent,
    ToolsListChanged,
)

from tui.client.listen_streams import ListenStreams
from tui.client.stderr_pipe import LineLog


class NotListening(Exception):
    """Resource updates were asked of a connection that has no listen stream (not 2026, or not connected)."""


class ChangeFollower:
    def __init__(
        self,
        refresh: Callable[[Client], Awaitable[None]],
        log: LineLog,
        list_changed: Callable[[str], None],
        resource_updated: Callable[[str], None],
        request_timeout: Callable[[], float],
    ) -> None:
        """``list_changed("resources" | "prompts")``: tell the front ends to list those again;
        ``resource_updated(uri)``: a followed resource changed (2026; earlier ones are told by the hooks);
        ``request_timeout``: the request limit in force now."""
        self._refresh = refresh
        self._request_timeout = request_timeout
        self._log = log
        self._list_changed = list_changed
        self._resource_updated = resource_updated
        self._wanted: anyio.Event | None = None
        self._missed = False  # asked while not running, after the connection's first listing began
        self._streams: ListenStreams | None = None

    def request(self) -> None:
        """List the tools again soon; asked before ``run`` starts, once it starts (a change announced
        while the connection's first listing is answered may not be in it)."""
        if self._wanted is not None:
            self._wanted.set()
        else:
            self._missed = True

    def first_listing_starts(self) -> None:
        """A connection lists its tools now, before ``run``: what was asked until now is in that list."""
        self._missed = False

    async def run(
        self,
        client: Client,
        *,
        listen: bool,
        offers: Collection[str] = (),
        resources: frozenset[str] = frozenset(),
        honored: Callable[[frozenset[str]], None] = lambda _: None,
        task_status: TaskStatus[None] = TASK_STATUS_IGNORED,
    ) -> None:
        """Until cancelled; reports started once a ``list_changed`` is followed. ``listen``: a 2026
        connection, where changes come only to a subscription; ``offers``: the server's capabilities
        (resources and prompts are followed when it has them); ``resources``: the updates the first
        stream asks for, and ``honored`` hears those the server agreed to."""
        self._wanted = anyio.Event()
        if self._missed:
            self._missed = False
            self._wanted.set()
        try:
            async with anyio.create_task_group() as tg:
                tg.start_soon(self._refresh_loop, client)
                if listen:
                    self._streams = ListenStreams(
                        client,
                        tg,
                        resources_list="resources" in offers,
                        prompts_list="prompts" in offers,
                        on_event=self._on_event,
                        on_first=lambda: self._followed("resources" in offers, "prompts" in offers),
                        log=self._log,
                        request_timeout=self._request_timeout,
                    )
                    self._streams.start(resources, honored)
                task_status.started()
                await anyio.sleep_forever()
        finally:
            self._wanted = None
            self._streams = None

    async def follow_resources(self, resources: frozenset[str]) -> frozenset[str]:
        """2026: follow the updates of exactly ``resources`` (the listen stream is opened anew); returns
        those the server agreed to. Raises ``NotListening`` without a 2026 connection, and what
        ``Client.listen`` raises when the new stream fails."""
        if self._streams is None:
            raise NotListening("no subscriptions/listen stream on this connection")
        return await self._streams.follow(resources)

    def _followed(self, resources: bool, prompts: bool) -> None:
        # The stream has no replay: a change between the first listing and the subscription's
        # acknowledgement would be lost, so list once more now that changes are followed (the
        # tools here; resources and prompts by whoever shows them).
        self.request()
        if resources:
            self._list_changed("resources")
        if prompts:
            self._list_changed("prompts")

    def _on_event(self, event: ServerEvent) -> None:
        if isinstance(event, ToolsListChanged):
            self.request()
        elif isinstance(event, ResourcesListChanged):
            self._list_changed("resources")
        elif isinstance(event, PromptsListChanged):
            self._list_changed("prompts")
        elif isinstance(event, ResourceUpdated):
            # Only from the live stream: the SDK drops those of a closed one here, not at the hooks.
            self._resource_updated(event.uri)

    async def _refresh_loop(self, client: Client) -> None:
        while True:
            assert self._wanted is not None
            await self._wanted.wait()
            # Coalesce a burst of list_changed notifications into one listing.
            self._wanted = anyio.Event()
            await self._refresh(client)
