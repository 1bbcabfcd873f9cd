"""The HTTP client of a streamable HTTP or SSE connection, with network timeouts that follow the settings.

httpx reads a client's ``timeout`` when it builds each request, so this client asks the settings then
(``SettingsService.timeouts``, the one source): a request timeout edited in the preferences holds for the
connection's next HTTP request, as it does for a stdio server's next MCP request, without reconnecting.
The request timeout bounds connecting, writing and waiting for a pooled connection; reading may take up
to ``READ_AT_LEAST`` seconds or the request timeout if longer, because a server may hold a response
stream open (a long call, the SSE event stream).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx2

READ_AT_LEAST = 300.0
"""Seconds a response stream may stay silent, at least (the SDK's own default for the SSE read)."""


def network_timeout(request_seconds: float) -> httpx2.Timeout:
    return httpx2.Timeout(request_seconds, read=max(request_seconds, READ_AT_LEAST))


class LiveTimeoutClient(httpx2.AsyncClient):
    """An ``httpx2.AsyncClient`` whose timeout is ``network_timeout(request_seconds())`` at each request."""

    def __init__(self, request_seconds: Callable[[], float], **kwargs: Any) -> None:
        self._request_seconds = request_seconds
        super().__init__(timeout=network_timeout(request_seconds()), **kwargs)

    @property
    def timeout(self) -> httpx2.Timeout:
        return network_timeout(self._request_seconds())

    @timeout.setter
    def timeout(self, value: object) -> None:
        raise AttributeError("the timeouts come from the settings; change them there")
