"""Secrets out of anything shown or exported: the one redaction function for traffic and headers.

A value is redacted when its key names a secret (authorization, token, password, api key, cookie...),
and a string that carries a bearer or basic credential keeps only the scheme. Everything else is kept
exactly, so the traffic still shows what was sent.
"""

from __future__ import annotations

import re
from typing import Any

REDACTED = "<redacted>"

_SECRET_KEY = re.compile(
    r"authorization|token|secret|passw(or)?d|api[-_]?key|apikey|cookie|credential|private[-_]?key"
    r"|session[-_]?id|client[-_]?secret|signature|dpop",
    re.IGNORECASE,
)
_CREDENTIAL = re.compile(r"\b(Bearer|Basic|Token|DPoP)\s+[A-Za-z0-9._~+/=-]{8,}", re.IGNORECASE)
# Tokens that announce themselves by their shape: GitHub, Slack, OpenAI/Anthropic-style keys, JWTs.
_SHAPED = re.compile(
    r"\b(gh[pousr]_[A-Za-z0-9]{20,}|xox[abprs]-[A-Za-z0-9-]{10,}|sk-[A-Za-z0-9_-]{16,}"
    r"|eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,})"
)
_KEEP_KEYS = frozenset({"progressToken", "maxTokens", "max_tokens", "tokens"})
"""Keys that contain "token" but are not secrets: the protocol's progress token and token limits."""


def is_secret_key(key: str) -> bool:
    return key not in _KEEP_KEYS and _SECRET_KEY.search(key) is not None


def redact_text(text: str) -> str:
    text = _CREDENTIAL.sub(lambda m: f"{m.group(1)} {REDACTED}", text)
    return _SHAPED.sub(REDACTED, text)


def redact(value: Any) -> Any:
    """A copy of ``value`` (JSON-like data) with secrets replaced by ``"<redacted>"``."""
    if isinstance(value, dict):
        return {
            key: REDACTED if isinstance(key, str) and is_secret_key(key) and value[key] else redact(item)
            for key, item in value.items()
        }
    if isinstance(value, list | tuple):
        return [redact(item) for item in value]
    if isinstance(value, str):
        return redact_text(value)
    return value
