"""Wire data -> the app's plain models (ToolInfo, content blocks, CallOutcome).

Works on wire dicts (camelCase), so it never depends on which SDK model a field came from and an
unknown content type becomes an ``UnknownBlock`` instead of an error.
"""

from __future__ import annotations

import base64
import binascii
from dataclasses import replace
from typing import Any

from tui.client.ext_types import tool_resolve_method
from tui.model.display_templates import result_display_text
from tui.model.results import (
    BinaryBlock,
    CallOutcome,
    CallStatus,
    ContentAnnotations,
    ContentBlock,
    EmbeddedResourceBlock,
    ResourceLinkBlock,
    TextBlock,
    UnknownBlock,
)
from tui.model.servers import ToolInfo


def tool_info(
    server: str,
    raw: dict[str, Any],
    capabilities: dict[str, Any] | None,
    *,
    listing_marks_tools: bool = False,
) -> ToolInfo:
    annotations = raw.get("annotations")
    output_schema = raw.get("outputSchema")
    input_schema = raw.get("inputSchema")
    title = raw.get("title")
    description = raw.get("description")
    return ToolInfo(
        server=server,
        name=str(raw.get("name", "")),
        title=title if isinstance(title, str) else None,
        description=description if isinstance(description, str) else "",
        input_schema=input_schema if isinstance(input_schema, dict) else {"type": "object"},
        output_schema=output_schema if isinstance(output_schema, dict) else None,
        annotations=annotations if isinstance(annotations, dict) else None,
        resolve_method=tool_resolve_method(raw, capabilities, listing_marks_tools=listing_marks_tools),
        raw=raw,
    )


def wire_dict(model: Any) -> dict[str, Any]:
    """An SDK model as the wire JSON the server sent (camelCase, unset optional fields left out).

    What ``call --json`` prints as the result and ``prompt --json`` as each message's content block.
    """
    return dict(model.model_dump(by_alias=True, mode="json", exclude_none=True))


def _decode(data: Any) -> tuple[bytes, str | None]:
    if not isinstance(data, str):
        return b"", "the data is not a base64 string"
    try:
        return base64.b64decode(data, validate=True), None
    except (binascii.Error, ValueError) as exc:
        return b"", f"the data is not valid base64 ({exc})"


def _opt_str(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def content_annotations(raw: Any) -> ContentAnnotations | None:
    """A block's ``annotations`` object, keeping only well-formed fields; None when there are none."""
    if not isinstance(raw, dict):
        return None
    audience = raw.get("audience")
    roles = tuple(r for r in audience if isinstance(r, str)) if isinstance(audience, list) else ()
    value = raw.get("priority")
    priority = float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None
    notes = ContentAnnotations(roles, priority, _opt_str(raw.get("lastModified")))
    return notes if notes != ContentAnnotations() else None


def content_block(raw: dict[str, Any]) -> ContentBlock:
    """One wire content block as the app's model, with its annotations and the server's display text
    (Display Templates) when it has them."""
    block = _block_without_annotations(raw)
    notes = content_annotations(raw.get("annotations"))
    if notes is not None:
        block = replace(block, annotations=notes)
    display_text = result_display_text(raw.get("_meta"))
    return replace(block, display_text=display_text) if display_text is not None else block


def _block_without_annotations(raw: dict[str, Any]) -> ContentBlock:
    kind = raw.get("type")
    if kind == "text" and isinstance(raw.get("text"), str):
        return TextBlock(text=raw["text"])
    if kind in ("image", "audio"):
        data, error = _decode(raw.get("data"))
        mime = _opt_str(raw.get("mimeType")) or "application/octet-stream"
        return BinaryBlock(kind=kind, mime_type=mime, data=data, decode_error=error)
    if kind == "resource_link" and isinstance(raw.get("uri"), str):
        size = raw.get("size")
        return ResourceLinkBlock(
            uri=raw["uri"],
            name=_opt_str(raw.get("name")) or raw["uri"],
            title=_opt_str(raw.get("title")),
            description=_opt_str(raw.get("description")),
            mime_type=_opt_str(raw.get("mimeType")),
            size=size if isinstance(size, int) else None,
        )
    resource = raw.get("resource")
    if kind == "resource" and isinstance(resource, dict) and isinstance(resource.get("uri"), str):
        blob: bytes | None = None
        blob_error: str | None = None
        if "blob" in resource:
            blob, blob_error = _decode(resource.get("blob"))
        return EmbeddedResourceBlock(
            uri=resource["uri"],
            mime_type=_opt_str(resource.get("mimeType")),
            text=_opt_str(resource.get("text")),
            blob=blob,
            decode_error=blob_error,
        )
    return UnknownBlock(type=str(kind), raw=raw)


def call_outcome(raw: dict[str, Any], *, duration_s: float, note: str | None = None) -> CallOutcome:
    """Turn a CallToolResult wire dict into a CallOutcome (status OK; ``note`` goes to ``error``).

    Everything the server sent is kept, however large: the display caps what it shows, while saving a
    block (and the CLI) use all of it.
    """
    blocks = [
        content_block(b) if isinstance(b, dict) else UnknownBlock("?", {"value": b})
        for b in raw.get("content") or []
    ]
    return CallOutcome(
        status=CallStatus.OK,
        content=tuple(blocks),
        structured=raw.get("structuredContent"),
        is_error=raw.get("isError") is True,
        error=note or None,
        duration_s=duration_s,
        raw=raw,
    )
