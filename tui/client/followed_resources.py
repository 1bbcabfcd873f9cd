"""The resources the person follows on one server, kept across reconnects as their choice.

A legacy connection subscribes to each one again once connected (resources/subscribe, one URI at a time); a
2026 one opens its first subscriptions/listen stream for them all. One the server refuses then is dropped
and named in the server's log; one it does not answer stays followed (no answer is not a refusal).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from mcp import Client

from tui.client.resources import subscribe
from tui.client.stderr_pipe import LineLog
from tui.model.features import FeatureError
from tui.model.servers import Failure


class FollowedResources:
    def __init__(
        self,
        listen: Callable[[frozenset[str]], Awaitable[frozenset[str]]],
        log: LineLog,
        request_timeout: Callable[[], float],
    ) -> None:
        """``listen(uris)``: 2026, open the listen stream anew for ``uris``; returns those the server agreed
        to. ``request_timeout``: the seconds one request may take, read as each one starts."""
        self._listen = listen
        self._log = log
        self._request_timeout = request_timeout
        self.uris: frozenset[str] = frozenset()
        """The resources followed now (on a 2026 connection: those the server agreed to)."""

    async def follow(self, uris: frozenset[str]) -> frozenset[str]:
        """2026: follow the updates of exactly ``uris``; returns those the server agreed to."""
        honored = await self._listen(uris)
        self.uris = uris & honored  # one the server did not agree to is not followed
        return honored

    async def subscribe(self, client: Client, uri: str, *, on: bool) -> None:
        """Legacy: resources/subscribe (or unsubscribe) ``uri``, remembered for the next connections."""
        await subscribe(client, uri, self._request_timeout(), on=on)
        self.uris = self.uris | {uri} if on else self.uris - {uri}

    async def resubscribe(self, client: Client) -> None:
        """Legacy, once connected: subscribe to each followed resource again."""
        # A server forgets its subscriptions with the connection. Each URI is asked on its own, so one
        # the server now refuses is named in the log and dropped, and the others still follow.
        for uri in sorted(self.uris):
            if uri not in self.uris:
                continue  # unsubscribed meanwhile (the connection is usable while this runs)
            try:
                await subscribe(client, uri, self._request_timeout(), on=True)
            except FeatureError as exc:
                if exc.failure is Failure.CONNECTION:
                    return  # this connection is over: the next one subscribes to them all again
                if exc.failure is Failure.TIMEOUT:
                    # No answer is not a refusal: the person's choice stays, for the next connection.
                    self._log.append(
                        f"[mcp-tui] still subscribed to {uri}, though updates may not come: {exc}"
                    )
                    continue
                self.uris -= {uri}
                self._log.append(f"[mcp-tui] no longer subscribed after reconnecting: {exc}")

    def kept_by_server(self, refused: frozenset[str]) -> None:
        """2026: the first listen stream asked for every resource followed before; drop (and name) those
        the server no longer agrees to, as a refused resubscription is on a legacy connection."""
        for uri in sorted(refused & self.uris):
            why = f"the server did not agree to send updates of {uri}"
            self._log.append(f"[mcp-tui] no longer subscribed after reconnecting: {why}")
        self.uris -= refused
