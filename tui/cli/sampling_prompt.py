"""How a server's sampling request reads on the terminal: every part of it, literally.

``prompt.sample_on_terminal`` shows these lines and reads the reply; only when a terminal is there to ask.
Otherwise the session's unattended answer declines it and tells the server why.
"""

from __future__ import annotations

import json

from tui.model.events import SamplingRequested
from tui.model.results import ContentBlock, TextBlock
from tui.safety.visible_text import visible, visible_indented, visible_line

DECLINED_AT_PROMPT = "The person declined the sampling request at the terminal."


def block_line(block: ContentBlock) -> str:
    if isinstance(block, TextBlock):
        return block.text
    data = getattr(block, "data", None) or getattr(block, "blob", None)
    size = f", {len(data)} bytes" if isinstance(data, bytes) else ""
    return f"<{block.kind} {getattr(block, 'mime_type', None) or ''}{size}>"


def describe(question: SamplingRequested) -> list[str]:
    request = question.request
    lines = [
        f"{visible_line(question.server)} asks for a model's reply: you write it; "
        "nothing is sent until you do"
    ]
    if request.system_prompt:
        lines.append(f"system prompt: {visible_indented(request.system_prompt)}")
    for message in request.messages:
        text = "\n".join(block_line(block) for block in message.content)
        lines.append(f"{visible_line(message.role)}: {visible_indented(text)}")
    lines.append(f"max tokens: {request.max_tokens}")
    if request.model_preferences:
        lines.append(
            f"model preferences: {visible(json.dumps(request.model_preferences, ensure_ascii=False))}"
        )
    return lines
