"""``--save-dir DIR``: write a result's image, audio and binary resource blocks to files."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from tui.model.formatting import extension_for, safe_stem
from tui.model.results import ContentBlock
from tui.session.saving import LinkRefused, save_bytes


def cannot_save(directory: Path, error: OSError | ValueError) -> str:
    if isinstance(error, LinkRefused):
        return str(error.strerror)
    return f"cannot write to {directory}: {error}"


def save_blocks(blocks: Sequence[ContentBlock], directory: Path, tool: str) -> dict[int, Path]:
    """Each binary block's file, by block index; names come from the tool (made safe); never through a
    link, never over an existing file (``tui.session.saving``).

    A block whose data was not base64 is not written (its line in the output says why)."""
    stem = safe_stem(tool)
    saved: dict[int, Path] = {}
    for index, block in enumerate(blocks):
        mime: str | None
        if block.kind in ("image", "audio"):
            data, mime = block.data, block.mime_type
        elif block.kind == "resource" and block.blob is not None:
            data, mime = block.blob, block.mime_type
        else:
            continue
        if block.decode_error:
            continue
        try:
            path = save_bytes(directory, f"{stem}-{index + 1}{extension_for(mime)}", data)
        except (OSError, ValueError) as error:  # the call has run: say so, and still print its result
            print(f"mcp-tui: --save-dir: {cannot_save(directory, error)}", file=sys.stderr)
            break
        saved[index] = path
    return saved
