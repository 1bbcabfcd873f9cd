"""One per-call resolution request, in one of three dialects.

The official extension (``io.modelcontextprotocol/tool-resolution``) and SEP-1862 both send
``tools/resolve`` but answer in different shapes (``{resultType, name, annotations}`` vs ``{tool}``); the
earlier draft sends ``tools/annotations`` (``{annotations}``). The dialect chosen for the tool says which
shape to expect, and the other shape is malformed.

Neither method is in a released spec, so the SDK has no types for them: the request models below subclass
``types.Request`` (the session refuses plain models), and results are read as raw dicts because the SDK's
own models would silently drop the fields we need to check. ``send_resolve`` never raises for anything the
server or the transport does: every failure becomes a ``ResolveOutcome`` with a readable ``error``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any, Literal

import anyio
import mcp_types as types
from mcp.client.session import ClientSession
from mcp.shared.exceptions import MCPError
from pydantic import RootModel, ValidationError

from tui.client import invalid_response
from tui.client.json_words import json_type
from tui.client.preflight_result import canonical_json
from tui.client.sdk_errors import sdk_connection_closed, sdk_timed_out
from tui.model.hints import HINT_NAMES
from tui.model.results import ResolveOutcome
from tui.model.servers import EXTENSION_ID, ResolveMethod, wire_method

MISSING_CAPABILITY = -32021
"""The extension's "missing required client capability" error."""

# Extra time the outer guard grants beyond the SDK's own read timeout, so the SDK (which also tells the
# server to stop) normally wins, and a stuck write still cannot hold the preflight forever.
_GUARD_GRACE_S = 0.5


class _RawResult(RootModel[dict[str, Any]]):
    """Every field as sent (``_meta``, ``resultType`` too): the checks below decide what is malformed."""


_CODE_NAMES: Mapping[int, str] = {
    -32700: "parse error",
    -32600: "invalid request",
    -32601: "method not found",
    -32602: "invalid params",
    -32603: "internal error",
    MISSING_CAPABILITY: "missing client capability",
}
_EXTENSION_KEYS = frozenset({"resultType", "name", "annotations", "_meta"})


class ResolveParams(types.RequestParams):
    """Params of both drafts: the tool's name and the arguments of the call being considered."""

    name: str
    arguments: dict[str, Any]


class ResolveToolRequest(types.Request[ResolveParams, Literal["tools/resolve"]]):
    method: Literal["tools/resolve"] = "tools/resolve"


class ToolAnnotationsRequest(types.Request[ResolveParams, Literal["tools/annotations"]]):
    method: Literal["tools/annotations"] = "tools/annotations"


class MalformedResult(ValueError):
    """The server answered, but not in the shape the draft defines."""


class BrokenResolution(MalformedResult):
    """An answer that describes another call than the one asked about: never a basis for a shortcut.

    The extension's spec names these resolution failures; SEP-1862's ``{tool}`` shape is held to the same
    rule, since its answer is only about the listed tool if the name and input schema are the listed ones.
    """


class NameMismatch(BrokenResolution):
    """The answer names another tool than the one asked about."""


class SchemaMismatch(BrokenResolution):
    """A SEP-1862 answer whose tool has another input schema than the listed one."""


async def send_resolve(
    session: ClientSession,
    method: ResolveMethod,
    name: str,
    arguments: dict[str, Any],
    timeout: float,
    transport_ended: Callable[[], bool] = lambda: False,
    listed_schema: Mapping[str, Any] | None = None,
) -> ResolveOutcome:
    """Ask the server how ``name`` would behave for ``arguments``; never raises for server problems.

    ``transport_ended``: whether the connection is over (``Connection.ending``), to tell the SDK's
    "connection closed" from a server's -32000 (``sdk_errors``). ``listed_schema``: the tool's input schema
    from tools/list, which a SEP-1862 answer must repeat unchanged (None: not checked).

    ``method`` is the dialect. For the extension on a 2026 connection, the SDK puts this client's
    capabilities (the extension included) into the request's ``_meta``; on a legacy connection they were
    negotiated at ``initialize`` and the request carries none.
    """
    params = ResolveParams(name=name, arguments=arguments)
    request: ResolveToolRequest | ToolAnnotationsRequest = (
        ResolveToolRequest(params=params)
        if wire_method(method) == "tools/resolve"
        else ToolAnnotationsRequest(params=params)
    )
    started = time.perf_counter()

    def outcome(**fields: Any) -> ResolveOutcome:
        return ResolveOutcome(method=method, elapsed_s=time.perf_counter() - started, **fields)

    def timed_out() -> ResolveOutcome:
        return outcome(annotations=None, timed_out=True, error=f"no answer within {timeout:g} s")

    raw: dict[str, Any] | None = None
    try:
        with anyio.move_on_after(timeout + _GUARD_GRACE_S):
            result = await session.send_request(request, _RawResult, request_read_timeout_seconds=timeout)
            raw = dict(result.root)
    except MCPError as error:
        if sdk_timed_out(error):
            return timed_out()
        if sdk_connection_closed(error, transport_ended()):
            return outcome(annotations=None, error="the connection closed before the server answered")
        if (problem := invalid_response.problem_of(error)) is not None:
            broke = method == EXTENSION_ID
            return outcome(annotations=None, error=f"the server sent {problem}", broke_extension=broke)
        return outcome(annotations=None, error=_describe_error(method, error), error_code=error.code)
    except ValidationError as error:
        problem = f"malformed result: {_first_problem(error)}"
        return outcome(annotations=None, error=problem, broke_extension=method == EXTENSION_ID)
    except (anyio.ClosedResourceError, anyio.BrokenResourceError, anyio.EndOfStream, OSError) as error:
        return outcome(annotations=None, error=f"the connection was lost: {type(error).__name__}")
    except Exception as error:  # a preflight must never take the app down, whatever the SDK raises
        return outcome(annotations=None, error=f"resolution failed: {type(error).__name__}: {error}")
    if raw is None:
        return timed_out()
    try:
        if method == EXTENSION_ID:
            annotations, meta = _read_extension_result(raw, name)
            return outcome(annotations=annotations, meta=meta)
        if method == "tools/resolve":
            tool, annotations = _read_resolve_result(raw, name, listed_schema)
            return outcome(annotations=annotations, tool=tool)
        return outcome(annotations=_read_annotations_result(raw))
    except NameMismatch as error:
        return outcome(annotations=None, error=f"name mismatch: {error}", broke_extension=True)
    except SchemaMismatch as error:
        return outcome(annotations=None, error=f"schema mismatch: {error}", broke_extension=True)
    except MalformedResult as error:
        broke = method == EXTENSION_ID
        return outcome(annotations=None, error=f"malformed result: {error}", broke_extension=broke)


def _describe_error(method: ResolveMethod, error: MCPError) -> str:
    label = _CODE_NAMES.get(error.code, "error")
    text = f"the server answered {wire_method(method)} with error {error.code} ({label})"
    if error.code == -32601:
        text += " although it advertised the method"
    if method == EXTENSION_ID and error.code == MISSING_CAPABILITY:
        text = (
            "a negotiation problem, not your arguments: the server says this request did not advertise "
            f"the tool-resolution extension (error {error.code})"
        )
    elif method == EXTENSION_ID and error.code == -32602:
        text += "; the call cannot be sent with these arguments"
    return f"{text}: {error.message}" if error.message else text


def _first_problem(error: ValidationError) -> str:
    problems = error.errors()
    return str(problems[0].get("msg", "unexpected shape")) if problems else "unexpected shape"


def _read_resolve_result(
    raw: Mapping[str, Any], name: str, listed_schema: Mapping[str, Any] | None
) -> tuple[dict[str, Any], dict[str, Any]]:
    if "tool" not in raw:
        raise MalformedResult("the result has no tool")
    tool = raw["tool"]
    if not isinstance(tool, dict):
        raise MalformedResult(f"tool is {json_type(tool)}, not an object")
    returned_name = tool.get("name")
    if not isinstance(returned_name, str):
        raise MalformedResult("the tool has no name")
    if returned_name != name:
        raise NameMismatch(f"asked about {name!r} but the server described {returned_name!r}")
    schema = tool.get("inputSchema", listed_schema)
    if listed_schema is not None and not _same_json(schema, listed_schema):
        raise SchemaMismatch(
            "the server described the tool with another input schema than tools/list gave; the arguments "
            "were checked against the listed one"
        )
    if "annotations" not in tool:
        return tool, {}
    return tool, _check_annotations(tool["annotations"])


def _same_json(first: Any, second: Any) -> bool:
    """Equal as JSON text (so ``true`` is not ``1``, as it would be for Python's ``==``)."""
    try:
        return canonical_json(first) == canonical_json(second)
    except (TypeError, ValueError, RecursionError):
        return False


def _read_extension_result(raw: Mapping[str, Any], name: str) -> tuple[dict[str, Any], dict[str, Any] | None]:
    """``{resultType: "complete", name, annotations, _meta?}`` and nothing more (no replacement tool)."""
    extra = sorted(set(raw) - _EXTENSION_KEYS)
    if extra:
        raise MalformedResult(f"unexpected field {extra[0]!r} (the extension returns no replacement tool)")
    if raw.get("resultType") != "complete":
        raise MalformedResult(f"resultType is {raw.get('resultType')!r}, not 'complete'")
    returned_name = raw.get("name")
    if not isinstance(returned_name, str):
        raise MalformedResult("the result has no name")
    if returned_name != name:
        raise NameMismatch(f"asked about {name!r} but the server answered for {returned_name!r}")
    annotations = raw.get("annotations")
    if not isinstance(annotations, dict):
        raise MalformedResult(f"annotations is {json_type(annotations)}, not an object")
    for hint in HINT_NAMES:
        if not isinstance(annotations.get(hint), bool):
            raise MalformedResult(f"{hint} is {json_type(annotations.get(hint))}, not true or false")
    unknown = sorted(set(annotations) - set(HINT_NAMES))
    if unknown:
        raise MalformedResult(f"annotations carry {unknown[0]!r}, which the extension does not resolve")
    meta = raw.get("_meta")
    if meta is not None and not isinstance(meta, dict):
        raise MalformedResult(f"_meta is {json_type(meta)}, not an object")
    return {hint: annotations[hint] for hint in HINT_NAMES}, meta


def _read_annotations_result(raw: Mapping[str, Any]) -> dict[str, Any]:
    if "annotations" not in raw:
        raise MalformedResult("the result has no annotations")
    return _check_annotations(raw["annotations"])


def _check_annotations(annotations: Any) -> dict[str, Any]:
    if not isinstance(annotations, dict):
        raise MalformedResult(f"annotations is {json_type(annotations)}, not an object")
    for hint in HINT_NAMES:
        if hint in annotations and not isinstance(annotations[hint], bool):
            value = annotations[hint]
            raise MalformedResult(f"{hint} is {json_type(value)}, not true or false")
    title = annotations.get("title")
    if title is not None and not isinstance(title, str):
        raise MalformedResult(f"title is {json_type(title)}, not a string")
    return dict(annotations)
