"""tools/call and the resolve preflight over a live connection; both never raise for server problems.

Cancellation: cancel the task awaiting ``call_tool``. The SDK then sends ``notifications/cancelled``
to the server and ``asyncio.CancelledError`` propagates to the caller (it is not turned into an
outcome, so task cancellation keeps working); record it as ``CallStatus.CANCELLED`` yourself.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import mcp_types as types
from mcp.shared.exceptions import MCPError
from pydantic import ValidationError

from tui.client import errors, invalid_response
from tui.client.connection import Connection
from tui.client.convert import call_outcome, wire_dict
from tui.client.sdk_errors import sdk_connection_closed, sdk_timed_out
from tui.model.formatting import as_sentence
from tui.model.results import CallOutcome, CallStatus, Progress, ResolveOutcome
from tui.model.servers import ConnectionStatus, ResolveMethod, ToolInfo

CLOSED_GRACE_S = 1.5
"""How long a call that lost its connection waits for the connection to learn why (exit code, stderr)."""


def output_schema_problem(tool: ToolInfo | None, raw: dict[str, Any]) -> str | None:
    """Why a successful result does not match the tool's output schema, or None.

    The SDK would raise and lose the result; here the result is kept and the mismatch is reported.
    """
    if tool is None or tool.output_schema is None or raw.get("isError") is True:
        return None
    if "structuredContent" not in raw:
        return "The tool declares an output schema but returned no structured content."
    # jsonschema costs about 90 ms to import: loaded by the first result that needs it, not at start-up.
    from jsonschema import SchemaError
    from jsonschema import exceptions as schema_exceptions
    from jsonschema.validators import validator_for

    try:
        cls = validator_for(tool.output_schema)
        cls.check_schema(tool.output_schema)
        error = schema_exceptions.best_match(cls(tool.output_schema).iter_errors(raw["structuredContent"]))
    except SchemaError as exc:
        return f"The tool's output schema is not valid JSON Schema ({exc.message})."
    except Exception as exc:  # an unresolvable $ref and friends: the schema is the server's problem
        return f"The tool's output schema could not be used ({exc})."
    if error is None:
        return None
    where = "/".join(str(p) for p in error.absolute_path) or "the top level"
    return f"The structured content does not match the tool's output schema at {where}: {error.message}"


async def _skip_sdk_validation(_name: str, _result: types.CallToolResult) -> None:
    """Stands in for ``ClientSession.validate_tool_result``: see ``output_schema_problem``."""


def disable_sdk_output_validation(connection: Connection) -> None:
    if connection.client is not None:
        setattr(connection.client.session, "validate_tool_result", _skip_sdk_validation)  # noqa: B010


def _find_tool(connection: Connection, name: str) -> ToolInfo | None:
    return next((t for t in connection.tools if t.name == name), None)


async def call_tool(
    connection: Connection,
    tool: str,
    arguments: dict[str, Any],
    on_progress: Callable[[Progress], None] | None = None,
) -> CallOutcome:
    client = connection.client
    if client is None or connection.state.status is not ConnectionStatus.CONNECTED:
        status = connection.state.status.value
        return CallOutcome(
            CallStatus.ERROR, error=f"{connection.name} is not connected ({status}); nothing was sent."
        )
    disable_sdk_output_validation(connection)

    async def report(progress: float, total: float | None, message: str | None) -> None:
        if on_progress is not None:
            on_progress(Progress(progress, total, message))

    limit = connection.timeouts.call
    started = time.monotonic()
    try:
        result = await client.call_tool(
            tool,
            arguments,
            read_timeout_seconds=limit,
            progress_callback=report if on_progress is not None else None,
        )
    except MCPError as exc:
        elapsed = time.monotonic() - started
        if sdk_timed_out(exc):
            text = f"No answer within {limit:g} s; the server was told to stop the call."
            return CallOutcome(CallStatus.TIMEOUT, error=text, duration_s=elapsed)
        if sdk_connection_closed(exc, connection.ending):
            await connection.wait_finished(CLOSED_GRACE_S)
            reason = connection.ended_reason or "the server closed the connection"
            text = as_sentence(f"The connection ended during the call: {reason}")
            return CallOutcome(CallStatus.ERROR, error=text, connection_lost=True, duration_s=elapsed)
        if (problem := invalid_response.problem_of(exc)) is not None:
            text = f"The server sent {problem}."
            return CallOutcome(CallStatus.ERROR, error=text, duration_s=elapsed)
        text = f"The server refused the call: {exc.message}"
        return CallOutcome(CallStatus.ERROR, error=text, error_code=exc.code, duration_s=elapsed)
    except ValidationError as exc:
        count = exc.error_count()
        problems = f"{count} problem{'' if count == 1 else 's'}"
        text = f"The server's result does not follow the MCP schema ({problems})."
        return CallOutcome(CallStatus.ERROR, error=text, duration_s=time.monotonic() - started)
    except Exception as exc:
        text = f"The call failed: {errors.describe(exc)}"
        return CallOutcome(CallStatus.ERROR, error=text, duration_s=time.monotonic() - started)
    elapsed = time.monotonic() - started
    raw = wire_dict(result)
    if result.structured_content is None and "structured_content" in result.model_fields_set:
        raw["structuredContent"] = None
    note = output_schema_problem(_find_tool(connection, tool), raw)
    return call_outcome(raw, duration_s=elapsed, note=note)


async def resolve(
    connection: Connection,
    tool: str,
    arguments: dict[str, Any],
    timeout: float,
) -> ResolveOutcome:
    info = _find_tool(connection, tool)
    method: ResolveMethod = (info.resolve_method if info else None) or "tools/resolve"
    client = connection.client
    if client is None or connection.state.status is not ConnectionStatus.CONNECTED:
        return ResolveOutcome(None, method, error=f"{connection.name} is not connected")
    if info is None or info.resolve_method is None:
        return ResolveOutcome(None, method, error=f"{tool} does not declare per-call resolution")
    from tui.client.resolve import send_resolve

    return await send_resolve(
        client.session,
        method,
        tool,
        arguments,
        timeout,
        lambda: connection.ending,
        listed_schema=info.input_schema,
    )
