"""``--save-dir DIR``: write a result's image, audio and binary resource blocks to files."""

from __future__ import annotations

import mimetypes
import re
import sys
from collections.abc import Sequence
from pathlib import Path

from tui.client.models import ContentBlock

_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


def _extension(mime_type: str | None) -> str:
    base = (mime_type or "").split(";", 1)[0].strip().lower()
    return (mimetypes.guess_extension(base) if base else None) or ".bin"


def save_blocks(blocks: Sequence[ContentBlock], directory: Path, tool: str) -> dict[int, Path]:
    """Each binary block's file, by block index; names come from the tool (made safe), never overwrite."""
    stem = _UNSAFE.sub("_", tool).strip("._-") or "result"
    saved: dict[int, Path] = {}
    for index, block in enumerate(blocks):
        mime: str | None
        if block.kind in ("image", "audio"):
            data, mime = block.data, block.mime_type
        elif block.kind == "resource" and block.blob is not None:
            data, mime = block.blob, block.mime_type
        else:
            continue
        try:
            directory.mkdir(parents=True, exist_ok=True)
            path = directory / f"{stem}-{index + 1}{_extension(mime)}"
            number = 1
            while path.exists():
                number += 1
                path = directory / f"{stem}-{index + 1}-{number}{_extension(mime)}"
            path.write_bytes(data)
        except OSError as error:  # the call has run: say so, and still print its result
            print(f"mcp-tui: --save-dir: cannot write to {directory}: {error}", file=sys.stderr)
            break
        saved[index] = path
    return saved
