"""A hand-written legacy stdio MCP server (no SDK, so it starts fast) that fails the way it is told.

Run as ``python scripted_server.py JSON``, JSON an object from a method to what the server does with it:
``"exit"`` (write to stderr and exit with code 1 when the request arrives), ``"error"`` (answer a JSON-RPC
error, -32603 "scripted failure of METHOD") or ``"silent"`` (never answer). ``"start": "exit"`` exits before
reading anything. Every other method answers as a working server: one safe tool ``probe``, one resource
``note://one``, one prompt ``greet``, and their read, get and call.
"""

from __future__ import annotations

import json
import sys

SCRIPT: dict[str, str] = json.loads(sys.argv[1]) if len(sys.argv) > 1 else {}
SAFE = {"readOnlyHint": True, "openWorldHint": False}
TEXT = [{"type": "text", "text": "fine"}]
RESULTS = {
    "tools/list": {"tools": [{"name": "probe", "inputSchema": {"type": "object"}, "annotations": SAFE}]},
    "tools/call": {"content": TEXT},
    "resources/list": {"resources": [{"uri": "note://one", "name": "one"}]},
    "resources/templates/list": {"resourceTemplates": []},
    "resources/read": {"contents": [{"uri": "note://one", "text": "fine"}]},
    "prompts/list": {"prompts": [{"name": "greet"}]},
    "prompts/get": {"messages": [{"role": "user", "content": TEXT[0]}]},
}


def send(message: dict) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def answer(method: str, params: dict) -> dict:
    if method == "initialize":
        capabilities = {"tools": {}, "resources": {}, "prompts": {}}
        info = {"name": "scripted", "version": "1"}
        return {"result": {"protocolVersion": params["protocolVersion"], "capabilities": capabilities,
                           "serverInfo": info}}  # fmt: skip
    if method in RESULTS:
        return {"result": RESULTS[method]}
    return {"error": {"code": -32601, "message": f"no {method}"}}


def main() -> None:
    if SCRIPT.get("start") == "exit":
        sys.stderr.write("fatal: scripted exit at start\n")
        sys.exit(1)
    for line in sys.stdin:
        message = json.loads(line)
        method, request_id = message.get("method"), message.get("id")
        if request_id is None or method is None:
            continue
        what = SCRIPT.get(method)
        if what == "exit":
            sys.stderr.write(f"fatal: scripted exit on {method}\n")
            sys.stderr.flush()
            sys.exit(1)
        if what == "silent":
            continue
        if what == "error":
            error = {"code": -32603, "message": f"scripted failure of {method}"}
            send({"jsonrpc": "2.0", "id": request_id, "error": error})
            continue
        send({"jsonrpc": "2.0", "id": request_id, **answer(method, message.get("params") or {})})


if __name__ == "__main__":
    main()
