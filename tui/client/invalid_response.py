"""A server's answer to a request that is not valid JSON-RPC, turned into an error the request can end on.

The SDK matches answers to requests only after a message has passed its JSON-RPC model, so an answer with
an invalid error object (``{"message": "x"}`` without a code, a string code) or with neither result nor
error would be dropped, and the request would wait for its full timeout although the server has answered.
The stdio transport hands such an answer on as a JSON-RPC error with the same id instead: a stand-in,
marked with a token no server can know, that says what was wrong and carries what was received (the
traffic log shows that, not the stand-in). :func:`problem_of` reads the mark back. The SDK's legacy SSE
client hands on only the validation error; :func:`stand_in_for` finds the message in it. A message
nested too deeply to parse at all is read just at its top level (``shallow_json``), where its id is.
"""

from __future__ import annotations

import json
import secrets
from typing import Any

from mcp.shared.exceptions import MCPError
from mcp_types import PARSE_ERROR, ErrorData, JSONRPCError
from pydantic import ValidationError
from pydantic_core import ErrorDetails

from tui.client import shallow_json
from tui.client.json_words import json_type

_MARK_KEY = "mcp-tui/invalid-response"
_MARK = secrets.token_hex(16)
"""Per process: a server can copy the key, never the value."""


def _error_problem(error: Any) -> str:
    if not isinstance(error, dict):
        return f"the error is {json_type(error)}, not an object"
    code, message = error.get("code"), error.get("message")
    if "code" not in error:
        return "the error has no code"
    if not isinstance(code, int) or isinstance(code, bool):
        return f"the error code is {json_type(code)}, not an integer"
    if "message" not in error:
        return "the error has no message"
    if not isinstance(message, str):
        return f"the error message is {json_type(message)}, not a string"
    return "the message is not JSON-RPC 2.0"


def _problem(message: dict[str, Any]) -> str:
    if "error" in message:
        return _error_problem(message["error"])
    if "result" not in message:
        return "it has neither a result nor an error"
    if not isinstance(message["result"], dict):
        return f"the result is {json_type(message['result'])}, not an object"
    return "the message is not JSON-RPC 2.0"


TOO_DEEP = "it is nested more deeply than mcp-tui reads (200 levels)"


def too_deep(error: Exception) -> bool:
    """Whether ``error`` is the SDK's JSON parser refusing a message nested more than 200 levels deep
    (valid JSON, and possibly valid JSON-RPC, that Python's own parser reads)."""
    if not isinstance(error, ValidationError):
        return False
    return any(_too_deep(detail) for detail in error.errors(include_url=False))


def _too_deep(detail: ErrorDetails) -> bool:
    return detail["type"] == "json_invalid" and "recursion limit" in detail["msg"]


def stand_in(message: Any, problem: str | None = None) -> JSONRPCError | None:
    """For a decoded JSON value that failed JSON-RPC validation: the stand-in error when it answers a
    request (an id, no method), else None (it matches no request; the caller files it as a stray line).
    ``problem`` says what was wrong when the caller knows better than the message's shape does."""
    if not isinstance(message, dict) or "method" in message:
        return None
    request_id = message.get("id")
    if isinstance(request_id, bool) or not isinstance(request_id, str | int):
        return None
    problem = problem or _problem(message)
    kind = "an invalid error response" if "error" in message else "an invalid response"
    data = {_MARK_KEY: _MARK, "problem": f"{kind}: {problem}", "received": message}
    error = ErrorData(code=PARSE_ERROR, message=kind, data=data)
    return JSONRPCError(jsonrpc="2.0", id=request_id, error=error)


def decoded(raw: str | bytes) -> Any:
    """The JSON value in ``raw``; for an object nested too deeply for Python's parser too, its top level
    (``shallow_json``), where the id is; None when ``raw`` is not JSON."""
    try:
        return json.loads(raw)
    except RecursionError:
        return shallow_json.top_level(raw.encode() if isinstance(raw, str) else raw)
    except ValueError:
        return None


def stand_in_for(error: Exception) -> JSONRPCError | None:
    """The stand-in for the message behind a transport's validation error, when it answers a request.

    The JSON-RPC message is a union: each member's complaint about a field of the whole message (a
    request's missing ``method``, say) holds the whole message as its input. A message nested too deeply
    to parse fails as a whole, with its text as the input.
    """
    if not isinstance(error, ValidationError):
        return None
    for detail in error.errors(include_url=False):
        if _too_deep(detail) and isinstance(detail.get("input"), str | bytes):
            return stand_in(decoded(detail["input"]), TOO_DEEP)
        if len(detail["loc"]) == 2 and isinstance(detail.get("input"), dict):
            return stand_in(detail["input"])
    return None


_SDK_PARSE_FAILURES = ("Failed to parse JSON response: ", "Failed to parse SSE message: ")
"""How the SDK's streamable HTTP client words its own error for an answer it could not parse."""


def too_deep_over_http(message: Any) -> JSONRPCError | None:
    """The stand-in for the SDK's own error about a streamable HTTP answer nested too deeply to parse.

    That client already ends the request at once, but with the parser's multi-line report under "the
    server refused"; the answer's text is gone, so the stand-in carries the SDK's error as "received"
    (the traffic log shows what it showed before). A server that words its own error the same way only
    gets it called an invalid response."""
    if not isinstance(message, JSONRPCError):
        return None
    error = message.error
    if (
        error.code != PARSE_ERROR
        or error.data is not None
        or not error.message.startswith(_SDK_PARSE_FAILURES)
        or "recursion limit exceeded" not in error.message
    ):
        return None
    received = message.model_dump(by_alias=True, mode="json", exclude_unset=True)
    data = {_MARK_KEY: _MARK, "problem": f"an invalid response: {TOO_DEEP}", "received": received}
    stand_in_error = ErrorData(code=PARSE_ERROR, message="an invalid response", data=data)
    return JSONRPCError(jsonrpc="2.0", id=message.id, error=stand_in_error)


def _marked(data: Any) -> bool:
    return isinstance(data, dict) and data.get(_MARK_KEY) == _MARK


def problem_of(error: MCPError) -> str | None:
    """What was invalid, when ``error`` is a stand-in ("an invalid error response: the error has no
    code"); None for a real error."""
    data = error.error.data
    return str(data["problem"]) if _marked(data) else None


def received(error_data: Any) -> dict[str, Any] | None:
    """The message the server really sent, when ``error_data`` (an ``ErrorData.data``) is a stand-in's."""
    return error_data["received"] if _marked(error_data) else None
