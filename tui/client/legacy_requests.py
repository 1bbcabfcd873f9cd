"""Requests that only initialize-era (legacy) connections have: resources/subscribe and unsubscribe,
logging/setLevel, and the roots/list_changed notification.

The SDK marks its methods for these deprecated (SEP-2577 removed them from 2026-07-28), so each call
of ``Client.subscribe_resource`` and the like warns with an ``MCPDeprecationWarning``, even on the
legacy connections that still need them. Silencing that around an ``await`` with
``warnings.catch_warnings()`` is not safe: it swaps the process-wide filters, so other tasks running
meanwhile lose their warnings or get the wrong filters back. So these send the same typed messages
the SDK's methods send, through the session, and nothing warns.
"""

from __future__ import annotations

from typing import Any, cast

import mcp_types as types
from mcp import Client


async def subscribe_resource(client: Client, uri: str, *, on: bool) -> None:
    """resources/subscribe (``on``) or resources/unsubscribe ``uri``."""
    request: types.SubscribeRequest | types.UnsubscribeRequest
    if on:
        request = types.SubscribeRequest(params=types.SubscribeRequestParams(uri=uri))
    else:
        request = types.UnsubscribeRequest(params=types.UnsubscribeRequestParams(uri=uri))
    await client.session.send_request(request, types.EmptyResult)


async def set_logging_level(client: Client, level: str) -> None:
    """logging/setLevel: log messages at ``level`` and above."""
    params = types.SetLevelRequestParams(level=cast(Any, level))
    await client.session.send_request(types.SetLevelRequest(params=params), types.EmptyResult)


async def roots_list_changed(client: Client) -> None:
    """notifications/roots/list_changed: the server should ask for the roots again."""
    await client.session.send_notification(types.RootsListChangedNotification())
