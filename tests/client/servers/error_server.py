"""A hand-written legacy stdio server whose answer to tools/call and tools/resolve is the JSON-RPC error
object given as its one argument, sent as is (valid or not): ``error_server.py '{"code": -32000, ...}'``.

Tools: ``fail`` (safe, resolvable: both its call and its resolution get the error), ``echo``
(answers normally, to show the connection is still fine after an error) and ``deep`` (a valid answer
whose structured content is nested ``depth`` objects deep).
"""

from __future__ import annotations

import json
import sys

SAFE = {"readOnlyHint": True, "openWorldHint": False}
TOOLS = [
    {"name": "fail", "inputSchema": {"type": "object"}, "annotations": SAFE, "resolve": True},
    {"name": "echo", "inputSchema": {"type": "object"}, "annotations": SAFE},
    {"name": "deep", "inputSchema": {"type": "object"}, "annotations": SAFE},
]
# Python's own limit (1000) is too low to write the deepest answers; the client must cope with them.
sys.setrecursionlimit(20_000)


def nested(depth: int) -> object:
    value: object = "leaf"
    for _ in range(depth):
        value = {"k": value}
    return value


def send(message: dict) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def answer(message: dict, error: object) -> dict | None:
    """The answer to one message (None for a notification); also used by ``sse_error_server.py``."""
    method, request_id = message.get("method"), message.get("id")
    if request_id is None:
        return None
    if method == "initialize":
        result = {
            "protocolVersion": message["params"]["protocolVersion"],
            "capabilities": {"tools": {}},
            "serverInfo": {"name": "error-server", "version": "0.1"},
        }
    elif method == "tools/list":
        result = {"tools": TOOLS}
    elif method == "tools/call" and message["params"]["name"] == "echo":
        result = {"content": [{"type": "text", "text": "still here"}]}
    elif method == "tools/call" and message["params"]["name"] == "deep":
        depth = int(message["params"].get("arguments", {}).get("depth", 300))
        result = {"content": [{"type": "text", "text": "deep"}], "structuredContent": nested(depth)}
    elif method in ("tools/call", "tools/resolve"):
        return {"jsonrpc": "2.0", "id": request_id, "error": error}
    else:
        return {"jsonrpc": "2.0", "id": request_id, "error": {"code": -32601, "message": "no such method"}}
    return {"jsonrpc": "2.0", "id": request_id, "result": result}


def main() -> None:
    error = json.loads(sys.argv[1])
    for line in sys.stdin:
        if (reply := answer(json.loads(line), error)) is not None:
            send(reply)


if __name__ == "__main__":
    main()
