"""Just enough of RFC 6570 URI templates to fill a resource template's variables from a form.

Expressions like ``{name}``, ``{+path}``, ``{/seg}``, ``{?q,page}`` are handled with string values (one
value per variable; an empty value leaves the variable out, as the RFC says for undefined ones).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from urllib.parse import quote

_EXPRESSION = re.compile(r"\{([+#./;?&]?)([^}]*)\}")
# operator -> (first, separator, named, allow reserved characters)
_OPERATORS: dict[str, tuple[str, str, bool, bool]] = {
    "": ("", ",", False, False),
    "+": ("", ",", False, True),
    "#": ("#", ",", False, True),
    ".": (".", ".", False, False),
    "/": ("/", "/", False, False),
    ";": (";", ";", True, False),
    "?": ("?", "&", True, False),
    "&": ("&", "&", True, False),
}


def _names(body: str) -> list[str]:
    # "var:3" (prefix) and "var*" (explode) modifiers do not change which variable it is.
    return [part.split(":", 1)[0].rstrip("*").strip() for part in body.split(",") if part.strip()]


def template_variables(template: str) -> tuple[str, ...]:
    """The variable names in order of first appearance."""
    seen: dict[str, None] = {}
    for match in _EXPRESSION.finditer(template):
        for name in _names(match.group(2)):
            seen.setdefault(name, None)
    return tuple(seen)


def expand(template: str, values: Mapping[str, str]) -> str:
    def replace(match: re.Match[str]) -> str:
        first, separator, named, reserved = _OPERATORS[match.group(1)]
        safe = ":/?#[]@!$&'()*+,;=" if reserved else ""
        parts = []
        for name in _names(match.group(2)):
            value = values.get(name)
            if value is None or (value == "" and not named):
                continue
            encoded = quote(value, safe=safe)
            parts.append(f"{name}={encoded}" if named else encoded)
        return first + separator.join(parts) if parts else ""

    return _EXPRESSION.sub(replace, template)


def variables_schema(variables: tuple[str, ...] | list[str]) -> dict[str, object]:
    """A JSON Schema for a form with one required text field per variable."""
    return {
        "type": "object",
        "properties": {name: {"type": "string", "title": name} for name in variables},
        "required": list(variables),
    }
