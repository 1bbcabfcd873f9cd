"""The ``subscriptions/listen`` stream of a 2026-07-28 connection: list changes and resource updates.

A stream's filter is fixed when it opens, so following another set of resources takes a new stream. The
new one is opened beside the old, and the old is closed only once the server has acknowledged the new:
no change falls between the two (the protocol has no replay). An event both deliver in that moment is
passed on twice, which costs one more listing or read at most.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import anyio
from anyio.abc import TaskGroup
from mcp import Client
from mcp.client.subscriptions import ListenNotSupportedError, ServerEvent, SubscriptionLost
from mcp.shared.exceptions import MCPError

from tui.client import errors
from tui.client.stderr_pipe import LineLog

LISTEN_ERRORS = (ListenNotSupportedError, SubscriptionLost, MCPError, TimeoutError)
"""How opening or keeping a stream fails (see ``Client.listen``)."""


@dataclass
class _Opening:
    resources: frozenset[str]
    acknowledged: anyio.Event = field(default_factory=anyio.Event)
    honored: frozenset[str] = frozenset()
    error: Exception | None = None
    scope: anyio.CancelScope = field(default_factory=anyio.CancelScope)
    """The stream's: cancelled when its caller stops waiting for the acknowledgement, so a late one
    does not start following after the caller said it is not followed."""


class ListenStreams:
    """One connection's listen streams; ``on_event`` hears every change they deliver."""

    def __init__(
        self,
        client: Client,
        streams: TaskGroup,
        *,
        resources_list: bool,
        prompts_list: bool,
        on_event: Callable[[ServerEvent], None],
        on_first: Callable[[], None],
        log: LineLog,
        request_timeout: Callable[[], float],
    ) -> None:
        """``streams``: where the streams run (the connection's); ``resources_list`` / ``prompts_list``:
        follow those list changes too (tools' always); ``on_first``: the first stream is acknowledged;
        ``request_timeout``: the request limit in force, which the first stream's acknowledgement gets
        (a later one's caller sets its own)."""
        self._client = client
        self._streams = streams
        self._lists = {"resources_list_changed": resources_list, "prompts_list_changed": prompts_list}
        self._on_event = on_event
        self._on_first = on_first
        self._log = log
        self._request_timeout = request_timeout
        self._lock = anyio.Lock()
        self._opened = 0
        self._current: tuple[int, _Opening] | None = None

    def start(self, resources: frozenset[str], honored: Callable[[frozenset[str]], None]) -> None:
        """Open the first stream, for ``resources``; ``honored`` hears those the server agreed to. A
        failure is logged (the connection goes on without following)."""

        async def first() -> None:
            limit = self._request_timeout()
            try:
                with anyio.fail_after(limit):
                    agreed = await self.follow(resources)
                honored(agreed)
            except TimeoutError:
                self._log.append(f"[mcp-tui] not following list changes: no answer within {limit:g} s")
            except LISTEN_ERRORS as exc:
                self._log.append(f"[mcp-tui] not following list changes: {errors.describe(exc)}")

        self._streams.start_soon(first)

    async def follow(self, resources: frozenset[str]) -> frozenset[str]:
        """A stream for ``resources`` (and the list changes), once acknowledged; the stream before it is
        closed then. Returns the resources the server agreed to send updates of. A caller that stops
        waiting (a timeout) withdraws the new stream, and the one before it stays."""
        async with self._lock:
            self._opened += 1
            opening = _Opening(resources)
            self._streams.start_soon(self._stream, self._opened, opening)
            try:
                await opening.acknowledged.wait()
            finally:
                if not opening.acknowledged.is_set():
                    opening.scope.cancel()  # the caller gave up (a timeout): no late stream
        if opening.error is not None:
            raise opening.error
        return opening.honored

    async def _stream(self, number: int, opening: _Opening) -> None:
        with opening.scope:
            try:
                async with self._client.listen(
                    tools_list_changed=True,
                    resource_subscriptions=sorted(opening.resources),
                    **self._lists,
                ) as subscription:
                    if self._current is not None and self._current[0] > number:
                        return  # a later stream is in place already (its caller gave up waiting for this one)
                    previous, self._current = self._current, (number, opening)
                    opening.honored = frozenset(subscription.honored.resource_subscriptions or ())
                    opening.acknowledged.set()
                    if previous is None:
                        self._on_first()
                    else:
                        previous[1].scope.cancel()
                    async for event in subscription:
                        self._on_event(event)
            except LISTEN_ERRORS as exc:
                if opening.acknowledged.is_set():
                    self._log.append(f"[mcp-tui] not following changes any more: {errors.describe(exc)}")
                else:
                    opening.error = exc
            finally:
                opening.acknowledged.set()
                if self._current is not None and self._current[1] is opening:
                    self._current = None
