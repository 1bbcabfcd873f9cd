"""How a resource's contents or a prompt's message reads on screen: literal text, pretty JSON, binary
described by type and size (saved, never shown)."""

from __future__ import annotations

import json

from tui.client.feature_models import ResourceContent
from tui.client.models import ContentBlock, TextBlock
from tui.ui.screens.sampling import block_text


def size_text(size: int) -> str:
    return f"{size} bytes" if size < 1024 else f"{size / 1024:.1f} KB"


def pretty(text: str, mime_type: str | None) -> str:
    """JSON (by type, or text that parses as an object or array) indented; anything else unchanged."""
    looks_json = (mime_type or "").endswith("json") or text.lstrip()[:1] in ("{", "[")
    if not looks_json:
        return text
    try:
        return json.dumps(json.loads(text), indent=2, ensure_ascii=False)
    except ValueError:
        return text


def resource_text(content: ResourceContent) -> str:
    header = f"{content.uri} ({content.mime_type or 'no type given'})"
    if content.blob is not None or content.decode_error:
        if content.decode_error:
            return f"{header}\nbinary that could not be decoded: {content.decode_error}"
        return f"{header}\nbinary, {size_text(len(content.blob or b''))}: press Save to write it to a file"
    return f"{header}\n{pretty(content.text or '', content.mime_type)}"


def message_text(role: str, block: ContentBlock) -> str:
    body = pretty(block.text, None) if isinstance(block, TextBlock) else block_text(block)
    return f"── {role} ──\n{body}"
