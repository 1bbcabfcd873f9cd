"""tools/resolve and tools/annotations: the hints for one exact call, with no side effects.

All are pure functions of (name, arguments): they read no file, no database and no store, so the
same question always gets the same answer and asking never changes anything.

One method name, two shapes: a ``tools/resolve`` request that advertises the tool-resolution extension
(in its ``_meta`` on 2026-07-28, at ``initialize`` on a legacy connection) is answered in the extension's
shape ``{resultType, name, annotations}``; any other gets SEP-1862's ``{tool}``.
"""

from __future__ import annotations

import json
import logging
from typing import Any

import mcp_types as types
from mcp.server.context import ServerRequestContext

from tui.demo.dialects import EXTENSION, client_speaks_extension
from tui.demo.hints import Annotations
from tui.demo.registry import BY_NAME
from tui.demo.spec import DemoTool, JsonObject

logger = logging.getLogger(__name__)


class ResolveParams(types.RequestParams):
    name: str
    arguments: dict[str, Any] | None = None


class ResolveError(Exception):
    def __init__(self, code: int, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def _schema_problem(tool: DemoTool, arguments: JsonObject) -> str | None:
    from jsonschema import Draft202012Validator  # lazy: only the first preflight pays for it

    # A property's own error says more than "not valid under any of the given schemas" of the branches
    # (manage_files has one per action, for its display templates): those come last.
    errors = sorted(
        Draft202012Validator(tool.input_schema).iter_errors(arguments),
        key=lambda e: (e.validator in ("oneOf", "anyOf"), list(e.path)),
    )
    if not errors:
        return None
    first = errors[0]
    where = "/".join(str(p) for p in first.absolute_path) or "arguments"
    return f"{where}: {first.message}"


def refined(name: str, arguments: JsonObject | None) -> tuple[DemoTool, Annotations | None]:
    """The tool and its annotations for exactly these arguments; ResolveError(-32602) if they are invalid."""
    tool = BY_NAME.get(name)
    if tool is None:
        known = ", ".join(sorted(BY_NAME))
        raise ResolveError(types.INVALID_PARAMS, f"Unknown tool {name!r}. This server has: {known}.")
    args = arguments or {}
    problem = _schema_problem(tool, args)
    if problem is not None:
        raise ResolveError(
            types.INVALID_PARAMS, f"Arguments for {name!r} do not match its input schema: {problem}"
        )
    return tool, (tool.refine(args) if tool.refine is not None else tool.annotations)


def _answer(params: ResolveParams, shape: str) -> JsonObject | types.ErrorData:
    try:
        if shape == "extension":
            _check_marked(params.name)
        tool, annotations = refined(params.name, params.arguments)
    except ResolveError as error:
        return types.ErrorData(code=error.code, message=error.message)
    except Exception:
        logger.exception("resolving %s failed", params.name)
        return types.ErrorData(
            code=types.INTERNAL_ERROR, message=f"Internal error while resolving {params.name!r}."
        )
    if shape == "extension":
        hints = annotations or {}
        names = ("readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint")
        return {"resultType": "complete", "name": tool.name, "annotations": {n: hints[n] for n in names}}
    if shape == "tool":
        # Deep copy through JSON, so no caller can alter the shared definition.
        return {"tool": json.loads(json.dumps(tool.wire(annotations)))}
    return {"annotations": tool.wire(annotations).get("annotations", {})}


def _check_marked(name: str) -> None:
    """The extension resolves only the tools it marks: anything else is invalid params."""
    tool = BY_NAME.get(name)
    if tool is not None and (not tool.resolvable or EXTENSION not in tool.dialects):
        raise ResolveError(
            types.INVALID_PARAMS, f"{name!r} is not marked resolvable for the tool-resolution extension."
        )


async def handle_resolve(
    ctx: ServerRequestContext[Any, Any], params: ResolveParams
) -> JsonObject | types.ErrorData:
    """`tools/resolve` {name, arguments}: the extension's answer, or SEP-1862's {tool}, by negotiation."""
    return _answer(params, "extension" if client_speaks_extension(ctx) else "tool")


async def handle_annotations(
    ctx: ServerRequestContext[Any, Any], params: ResolveParams
) -> JsonObject | types.ErrorData:
    """`tools/annotations` {name, arguments} -> {annotations} (the earlier draft)."""
    return _answer(params, "annotations")
