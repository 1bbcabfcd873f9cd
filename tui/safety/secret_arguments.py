"""Secrets never go into a saved call: they are written as ``${ENV_NAME}`` and expanded at run time.

An argument is secret when its schema says so (``format: password`` or ``writeOnly: true``) or when its
name looks like a secret to the one redactor (``tui.model.redact.is_secret_key``). Only a whole string
value of the form ``${NAME}`` is a placeholder; text around it is kept as it is.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from tui.model.redact import is_secret_key

_PLACEHOLDER = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}")


class MissingVariables(Exception):
    """Placeholders whose environment variables are not set: the call cannot be made."""

    def __init__(self, names: list[str]) -> None:
        super().__init__(
            "not set in the environment: " + ", ".join(names) + " (a saved call keeps secrets there)"
        )
        self.names = names


def _schema_marks_secret(schema: Mapping[str, Any] | None) -> bool:
    return isinstance(schema, Mapping) and (
        schema.get("format") == "password" or schema.get("writeOnly") is True
    )


def _property_schema(schema: Mapping[str, Any] | None, key: str) -> Mapping[str, Any] | None:
    properties = schema.get("properties") if isinstance(schema, Mapping) else None
    found = properties.get(key) if isinstance(properties, Mapping) else None
    return found if isinstance(found, Mapping) else None


def variable_name(tool: str, path: list[str]) -> str:
    """``MCP_TUI_<TOOL>_<KEY>``: letters, digits and underscores, upper case."""
    words = [tool, *path]
    return "MCP_TUI_" + "_".join(re.sub(r"[^A-Za-z0-9]+", "_", word).strip("_").upper() for word in words)


def with_placeholders(
    tool: str, schema: Mapping[str, Any] | None, arguments: Mapping[str, Any]
) -> tuple[dict[str, Any], list[str]]:
    """A copy of ``arguments`` with every secret value replaced by ``${NAME}``; and the names used."""
    names: list[str] = []

    def walk(value: Any, schema: Mapping[str, Any] | None, path: list[str]) -> Any:
        if isinstance(value, Mapping):
            out: dict[str, Any] = {}
            for key, item in value.items():
                inner = _property_schema(schema, str(key))
                if item is not None and (is_secret_key(str(key)) or _schema_marks_secret(inner)):
                    name = variable_name(tool, [*path, str(key)])
                    names.append(name)
                    out[key] = "${" + name + "}"
                else:
                    out[key] = walk(item, inner, [*path, str(key)])
            return out
        if isinstance(value, list):
            items = schema.get("items") if isinstance(schema, Mapping) else None
            return [walk(item, items if isinstance(items, Mapping) else None, path) for item in value]
        return value

    return walk(arguments, schema, []), names


def expand_placeholders(arguments: Mapping[str, Any], environ: Mapping[str, str]) -> dict[str, Any]:
    """A copy of ``arguments`` with each ``${NAME}`` value replaced by the variable's value; raises
    ``MissingVariables`` naming every variable that is not set."""
    missing: list[str] = []

    def walk(value: Any) -> Any:
        if isinstance(value, Mapping):
            return {key: walk(item) for key, item in value.items()}
        if isinstance(value, list):
            return [walk(item) for item in value]
        if isinstance(value, str) and (match := _PLACEHOLDER.fullmatch(value)):
            name = match.group(1)
            if name not in environ:
                missing.append(name)
                return value
            return environ[name]
        return value

    expanded = walk(dict(arguments))
    if missing:
        raise MissingVariables(sorted(set(missing)))
    return expanded
