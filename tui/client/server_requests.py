"""What a server sends the person: log messages, and elicitation questions answered through a future."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, cast

import mcp_types as types

from tui.model.events import ClientEvent, ElicitationRequested


def log_text(params: types.LoggingMessageNotificationParams) -> str:
    data = params.data
    text = data if isinstance(data, str) else _json(data)
    return f"{params.logger}: {text}" if params.logger else text


async def ask_person(
    emit: Callable[[ClientEvent], None], server: str, params: types.ElicitRequestParams
) -> types.ElicitResult:
    """Put the server's question to the person (the UI resolves the event's future) and relay the answer."""
    if isinstance(params, types.ElicitRequestURLParams):
        message = f"{params.message}\n\nThe server asks you to open: {params.url}"
        schema: dict[str, Any] = {}
    else:
        message = params.message
        schema = dict(params.requested_schema)
    event = ElicitationRequested(server, message, schema)
    emit(event)
    try:
        action, content = await event.answer
    finally:
        if not event.answer.done():
            # The request went away (call cancelled, connection closed): let the UI close its dialog.
            event.answer.cancel()
    if action not in ("accept", "decline", "cancel"):
        action = "cancel"
    return types.ElicitResult(action=cast(Any, action), content=content if action == "accept" else None)


def _json(value: Any) -> str:
    try:
        return json.dumps(value, ensure_ascii=False, default=str)
    except (TypeError, ValueError):
        return repr(value)
