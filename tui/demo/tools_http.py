"""http_api: a REST-style API over an in-memory store; open world, hints follow the HTTP method."""

from __future__ import annotations

import json

from tui.demo.dialects import DYNAMIC
from tui.demo.hints import Annotations, hints
from tui.demo.spec import DemoTool, JsonObject, ToolEnv, ToolResult, schema, text

_BY_METHOD: dict[str, Annotations] = {
    "GET": hints(read_only=True, destructive=False, idempotent=True, open_world=True),
    "HEAD": hints(read_only=True, destructive=False, idempotent=True, open_world=True),
    "POST": hints(read_only=False, destructive=False, idempotent=False, open_world=True),
    "PUT": hints(read_only=False, destructive=True, idempotent=True, open_world=True),
    "PATCH": hints(read_only=False, destructive=True, idempotent=False, open_world=True),
    "DELETE": hints(read_only=False, destructive=True, idempotent=True, open_world=True),
}
WORST = hints(read_only=False, destructive=True, idempotent=False, open_world=True)


def refine(arguments: JsonObject) -> Annotations:
    return _BY_METHOD[arguments["method"]]


async def run(env: ToolEnv, arguments: JsonObject) -> ToolResult:
    method, path = arguments["method"], arguments["path"]
    response = env.state.store.handle(method, path, arguments.get("body"))
    lines = [f"HTTP {response.status} for {method} {path}"]
    if response.body is not None:
        lines.append(json.dumps(response.body, indent=2, ensure_ascii=False))
    return text("\n".join(lines), error=response.status >= 400)


TOOL = DemoTool(
    name="http_api",
    title="Call the demo REST API",
    description=(
        "Send a request to a small REST API (collections /notes and /users, items like /notes/1). "
        "It stands in for a remote service, so it counts as open world. GET and HEAD only read, POST "
        "creates, PUT creates or replaces, PATCH changes fields, DELETE removes. The data lives in memory "
        "and resets when the demo server restarts."
    ),
    input_schema=schema(
        {
            "method": {
                "type": "string",
                "enum": ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
                "description": "The HTTP method.",
            },
            "path": {
                "type": "string",
                "pattern": "^/",
                "description": "Resource path, e.g. /notes or /notes/1.",
            },
            "body": {"type": "object", "description": "JSON object to send with POST, PUT or PATCH."},
        },
        ["method", "path"],
    ),
    annotations=WORST,
    run=run,
    refine=refine,
    dialects=frozenset({DYNAMIC}),
    display_template="send {method} {path} to the demo REST API (body: {body})",
)
