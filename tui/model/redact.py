"""Secrets out of anything shown or exported: the one redactor for the traffic view and its export, the
audit log, the log files, and every later export.

Values are redacted, never names:

- the value of a key that names a secret (authorization, token, password, api key, cookie...), when it is
  a string or a number; a table or list under such a key has each of its values redacted, except a JSON
  Schema's ``properties``, where a key is the *name* of a field (a field named ``password`` keeps its
  schema, and its name);
- inside any text: a bearer or basic credential keeps only its scheme; ``key=value`` pairs and
  ``"key": "value"`` pairs (JSON text inside a string, however deeply quoted) whose key names a secret;
  tokens that announce themselves by their shape (JWTs, GitHub, Slack, OpenAI-style keys).

Everything else is kept exactly, so the traffic still shows what was sent.
"""

from __future__ import annotations

import json
import re
from typing import Any

REDACTED = "<redacted>"

_SECRET_WORDS = (
    r"authorization|token|secret|passw(?:or)?d|api[-_]?key|apikey|cookie|credential|private[-_]?key"
    r"|session[-_]?id|client[-_]?secret|signature|dpop"
)
_SECRET_KEY = re.compile(_SECRET_WORDS, re.IGNORECASE)
_CREDENTIAL = re.compile(r"\b(Bearer|Basic|Token|DPoP)\s+[A-Za-z0-9._~+/=-]{8,}", re.IGNORECASE)
# Tokens that announce themselves by their shape: GitHub, Slack, OpenAI/Anthropic-style keys, and JWTs
# (header.payload.signature, base64url; an unsigned one ends with its dot).
_SHAPED = re.compile(
    r"\b(gh[pousr]_[A-Za-z0-9]{20,}|xox[abprs]-[A-Za-z0-9-]{10,}|sk-[A-Za-z0-9_-]{16,}"
    r"|eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*)"
)
_KEY_NAME = rf"[A-Za-z0-9_.-]*(?:{_SECRET_WORDS})[A-Za-z0-9_.-]*"
_QUOTE = r"(?:\\*[\"'])"
"""A quote, with however many backslashes JSON text inside JSON text puts before it."""
# "key": "value" and 'key': 'value', as JSON or a repr writes them, inside any text.
_QUOTED_PAIR = re.compile(
    rf"(?P<key>{_QUOTE}(?P<name>{_KEY_NAME}){_QUOTE}\s*[:=]\s*)"
    r"(?P<value>\"(?:\\.|[^\"\\])*\"|'(?:\\.|[^'\\])*'|(?P<q>\\+[\"']).*?(?<!\\)(?P=q)|-?\d[\d.eE+-]*)",
    re.IGNORECASE,
)
# key=value as in a query string, an environment or a command line; and "key: value" at the start of a
# line (headers, YAML). Not "key: value" in the middle of prose: "the password: ..." stays readable.
_BARE_PAIR = re.compile(
    rf"(?P<key>(?<![A-Za-z0-9_.-])(?P<name>{_KEY_NAME})\s*=\s*"
    rf"|^[ \t]*(?P<line_name>{_KEY_NAME})[ \t]*:[ \t]*)"
    rf"(?P<value>(?!{re.escape(REDACTED)})(?!(?:Bearer|Basic|Token|DPoP)\s)[^\s&;,\"'<>}}\]]+)",
    re.IGNORECASE | re.MULTILINE,
)
_KEEP_KEYS = frozenset({"progressToken", "maxTokens", "max_tokens", "tokens"})
"""Keys that contain "token" but are not secrets: the protocol's progress token and token limits."""
_NAMES_OF_FIELDS = "properties"
"""A JSON Schema's table of fields: its keys are the fields' names, never secrets themselves."""


def is_secret_key(key: str) -> bool:
    return key not in _KEEP_KEYS and _SECRET_KEY.search(key) is not None


def _pair(match: re.Match[str]) -> str:
    name = match.group("name") or match.group("line_name") or ""
    if not is_secret_key(name):
        return match.group(0)
    value = match.group("value")
    if value[:1] in "\"'\\":  # keep the quotes (and their backslashes) so the text stays well-formed
        opening = value[: len(value) - len(value.lstrip("\\")) + 1]
        return f"{match.group('key')}{opening}{REDACTED}{opening}"
    return f"{match.group('key')}{REDACTED}"


def _inside_json_text(text: str) -> str | None:
    """``text`` redacted as the JSON it is (a string that holds a whole JSON object or array), laid out as
    it was when nothing changed; None when it is not JSON."""
    stripped = text.strip()
    if not stripped or stripped[0] not in "{[":
        return None
    try:
        data = json.loads(stripped)
    except (ValueError, RecursionError):
        return None
    try:
        clean = redact(data)
    except RecursionError:
        return None
    if clean == data:
        return text
    indent = 2 if "\n" in stripped else None
    return json.dumps(clean, ensure_ascii=False, indent=indent)


def redact_text(text: str) -> str:
    """``text`` with every credential, secret pair and shaped token in it replaced by ``<redacted>``."""
    if (as_json := _inside_json_text(text)) is not None and as_json != text:
        return as_json
    text = _CREDENTIAL.sub(lambda m: f"{m.group(1)} {REDACTED}", text)
    text = _QUOTED_PAIR.sub(_pair, text)
    text = _BARE_PAIR.sub(_pair, text)
    return _SHAPED.sub(REDACTED, text)


def _secret_value(value: Any) -> Any:
    """Everything under a key that names a secret: strings and numbers redacted, tables and lists
    walked (their keys kept), empty values and booleans kept (they say only that there is none)."""
    if isinstance(value, dict):
        return {key: _secret_value(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_secret_value(item) for item in value]
    if isinstance(value, bool) or value is None or value == "":
        return value
    if isinstance(value, str | int | float):
        return REDACTED
    return value


def redact(value: Any, *, _fields: bool = False) -> Any:
    """A copy of ``value`` (JSON-like data) with secrets replaced by ``"<redacted>"``."""
    if isinstance(value, dict):
        clean: dict[Any, Any] = {}
        for key, item in value.items():
            if isinstance(key, str) and is_secret_key(key) and not (_fields and isinstance(item, dict)):
                clean[key] = _secret_value(item)
            else:
                clean[key] = redact(item, _fields=key == _NAMES_OF_FIELDS)
        return clean
    if isinstance(value, list | tuple):
        return [redact(item) for item in value]
    if isinstance(value, str):
        return redact_text(value)
    return value
