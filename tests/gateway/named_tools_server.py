"""A hand-written legacy stdio MCP server (no SDK, so it starts fast) with the tool names it is given.

``python named_tools_server.py LOG NAME...``: each NAME is a tool that claims to be read-only and closed
world (the most trusting hints there are); every tools/call it receives is appended to LOG as one JSON
line before it answers, so a test can see exactly what reached the server. The tool ``die`` exits the
process instead of answering (a server that crashes mid-call); the tool ``grow`` adds a tool ``grown`` and
sends ``notifications/tools/list_changed`` before it answers.
"""

from __future__ import annotations

import json
import sys

LOG = sys.argv[1]
NAMES = list(sys.argv[2:])
SAFE = {"readOnlyHint": True, "openWorldHint": False}


def send(message: dict) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def answer(method: str, params: dict) -> dict:
    if method == "initialize":
        info = {"name": "named-tools", "version": "1"}
        capabilities = {"tools": {"listChanged": True}}
        version = params["protocolVersion"]
        return {"result": {"protocolVersion": version, "capabilities": capabilities, "serverInfo": info}}
    if method == "tools/list":
        tools = [{"name": n, "inputSchema": {"type": "object"}, "annotations": SAFE} for n in NAMES]
        return {"result": {"tools": tools}}
    if method == "tools/call":
        with open(LOG, "a", encoding="utf-8") as log:
            log.write(json.dumps(params) + "\n")
        if params.get("name") == "die":
            sys.exit(3)
        if params.get("name") == "grow":
            NAMES.append("grown")
            send({"jsonrpc": "2.0", "method": "notifications/tools/list_changed"})
        return {"result": {"content": [{"type": "text", "text": f"ran {params.get('name')}"}]}}
    return {"error": {"code": -32601, "message": f"no {method}"}}


def main() -> None:
    for line in sys.stdin:
        message = json.loads(line)
        method, request_id = message.get("method"), message.get("id")
        if request_id is None or method is None:
            continue
        send({"jsonrpc": "2.0", "id": request_id, **answer(method, message.get("params") or {})})


if __name__ == "__main__":
    main()
