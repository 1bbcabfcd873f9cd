"""How a resource's contents or a prompt's message reads on screen: literal text, pretty JSON, binary
described by type and size (saved, never shown)."""

from __future__ import annotations

from tui.model.features import ResourceContent
from tui.model.formatting import human_size, pretty_json
from tui.model.results import ContentBlock, TextBlock
from tui.ui.screens.sampling import block_text


def size_text(size: int) -> str:
    """Small contents in exact bytes, larger ones as the result view says them."""
    return f"{size} bytes" if size < 1024 else human_size(size)


def pretty(text: str) -> str:
    """JSON objects and arrays indented, as in a tool's result; anything else unchanged."""
    return pretty_json(text) or text


def resource_text(content: ResourceContent) -> str:
    header = f"{content.uri} ({content.mime_type or 'no type given'})"
    if content.blob is not None or content.decode_error:
        if content.decode_error:
            return f"{header}\nbinary that could not be decoded: {content.decode_error}"
        return f"{header}\nbinary, {size_text(len(content.blob or b''))}: press Save to write it to a file"
    return f"{header}\n{pretty(content.text or '')}"


def message_text(role: str, block: ContentBlock) -> str:
    body = pretty(block.text) if isinstance(block, TextBlock) else block_text(block)
    return f"── {role} ──\n{body}"
