"""How results are described in words and named on disk, for the TUI and the CLI alike (no Textual)."""

from __future__ import annotations

import json
import mimetypes
import re
from typing import Any

# mimetypes misses a few MIME types servers commonly send; these are the usual extensions.
_EXTRA_EXTENSIONS = {
    "audio/wav": ".wav",
    "audio/wave": ".wav",
    "audio/mp3": ".mp3",
    "audio/ogg": ".ogg",
    "audio/webm": ".weba",
    "audio/aac": ".aac",
    "audio/mp4": ".m4a",
    "image/jpg": ".jpg",
}

# Above this, parsing text as JSON just to pretty-print it costs more than it helps.
PRETTY_JSON_LIMIT = 2_000_000

_UNSAFE_NAME = re.compile(r"[^A-Za-z0-9._-]+")


def human_size(size: int) -> str:
    """``size`` bytes as a short figure: 512 B, 12.3 KB, 4.8 MB (powers of 1024)."""
    if size < 1024:
        return f"{size} B"
    value = float(size)
    for unit in ("KB", "MB", "GB", "TB"):
        value /= 1024
        if value < 1024 or unit == "TB":
            return f"{value:.1f} {unit}"
    raise AssertionError("unreachable")


def human_duration(seconds: float) -> str:
    """A call's duration: 42 ms, 1.23 s, 2 min 05 s (History's column says the same below a second)."""
    if seconds < 1:
        return f"{seconds * 1000:.0f} ms"
    if seconds < 60:
        return f"{seconds:.2f} s"
    minutes, rest = divmod(round(seconds), 60)
    return f"{minutes} min {rest:02d} s"


def pretty_json(text: str) -> str | None:
    """``text`` re-indented when it is a JSON object or array; None when it is anything else, or nested
    too deeply for Python to parse or print (a server's ``[[[[...]]]]`` is then shown as it came)."""
    stripped = text.strip()
    if len(stripped) > PRETTY_JSON_LIMIT or not stripped.startswith(("{", "[")):
        return None
    try:
        value: Any = json.loads(stripped)
        return json.dumps(value, indent=2, ensure_ascii=False)
    except (ValueError, RecursionError):
        return None


def extension_for(mime_type: str | None) -> str:
    """The usual file extension for ``mime_type``, or ``.bin`` when there is none."""
    if not mime_type:
        return ".bin"
    base = mime_type.split(";", 1)[0].strip().lower()
    return _EXTRA_EXTENSIONS.get(base) or mimetypes.guess_extension(base) or ".bin"


def safe_stem(text: str, fallback: str = "result") -> str:
    """A file-name stem made from server text: only letters, digits, dot, dash, underscore; never hidden."""
    stem = _UNSAFE_NAME.sub("_", text).strip("._-")[:60]
    return stem or fallback


def suggested_file_name(stem: str, mime_type: str | None) -> str:
    """``stem`` (made safe) plus the extension for ``mime_type``, unless it already ends with it."""
    safe = safe_stem(stem)
    ext = extension_for(mime_type)
    return safe if safe.lower().endswith(ext) else safe + ext


def uri_stem(uri: str) -> str:
    """The last path segment of ``uri`` (without query), for naming a saved resource."""
    path = uri.split("?", 1)[0].split("#", 1)[0]
    path = path.split("://", 1)[-1].rstrip("/")
    return path.rsplit("/", 1)[-1] or "resource"


def as_sentence(text: str) -> str:
    """``text`` ending in one full stop: a reason that ends in its own (a server's stderr line such as
    "stopping the server...") gets no second one ("server...." read as a typo)."""
    return text if text.rstrip().endswith((".", "…", "!", "?")) else f"{text}."
