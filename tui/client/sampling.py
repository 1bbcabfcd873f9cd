"""Sampling answered by a person: the server's request becomes a question, the person's text the reply.

mcp-tui has no model of its own. It declares sampling so that servers show their sampling features, then
puts each request to the person (the ``SamplingRequested`` event carries a future the front end
resolves). Nothing is ever answered automatically: no answer, or no one to ask, is a refusal.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import mcp_types as types

from tui.client.convert import content_block
from tui.model.events import ClientEvent, SamplingRequested
from tui.model.features import SamplingMessage, SamplingReply, SamplingRequest

USER_REJECTED = -1
"""The error code the spec gives for "the user rejected the sampling request"."""


def sampling_request(params: types.CreateMessageRequestParams) -> SamplingRequest:
    raw = params.model_dump(by_alias=True, mode="json", exclude_none=True)
    messages = []
    for message in raw.get("messages", []):
        content = message.get("content")
        blocks = content if isinstance(content, list) else [content]
        messages.append(
            SamplingMessage(
                role=str(message.get("role", "")),
                content=tuple(content_block(b) for b in blocks if isinstance(b, dict)),
            )
        )
    preferences = raw.get("modelPreferences")
    return SamplingRequest(
        messages=tuple(messages),
        max_tokens=int(raw.get("maxTokens", 0)),
        system_prompt=raw.get("systemPrompt"),
        model_preferences=preferences if isinstance(preferences, dict) else {},
        temperature=raw.get("temperature"),
        stop_sequences=tuple(raw.get("stopSequences") or ()),
        include_context=raw.get("includeContext"),
        tools=tuple(str(t.get("name", "")) for t in raw.get("tools") or () if isinstance(t, dict)),
    )


async def ask_person_to_sample(
    emit: Callable[[ClientEvent], None], server: str, params: types.CreateMessageRequestParams
) -> types.CreateMessageResult | types.ErrorData:
    event = SamplingRequested(server, sampling_request(params))
    emit(event)
    try:
        reply: SamplingReply | None = await event.answer
    finally:
        if not event.answer.done():
            # The request went away (cancelled, connection closed): let the front end close its dialog.
            event.answer.cancel()
    if reply is None:
        reason = event.declined_reason or "The person declined the sampling request."
        return types.ErrorData(code=USER_REJECTED, message=reason)
    content: Any = types.TextContent(type="text", text=reply.text)
    return types.CreateMessageResult(
        role="assistant", content=content, model=reply.model, stop_reason="endTurn"
    )
